package telegram

import (
	"context"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/faketelegram"
)

// The platform refuses while an answer streams: the model's answer is
// still delivered, once, and never replaced by a model apology.

const streamedAnswer = "Canberra is the capital of Australia, not Sydney."

func TestRefusalsNeverCostTheAnswer(t *testing.T) {
	tests := []struct {
		name   string
		inject func(f *faketelegram.Server)
	}{
		{"500 on create", func(f *faketelegram.Server) { f.Fail("sendMessage", faketelegram.ServerError(), 1) }},
		{"create stored, then 500", func(f *faketelegram.Server) { f.FailAfter("sendMessage", faketelegram.ServerError(), 1) }},
		{"500 on an edit", func(f *faketelegram.Server) { f.Fail("editMessageText", faketelegram.ServerError(), 1) }},
		{"every edit refused", func(f *faketelegram.Server) { f.Fail("editMessageText", faketelegram.ServerError(), -1) }},
		{"429 past the retry cap", func(f *faketelegram.Server) {
			f.Fail("sendMessage", faketelegram.TooManyRequests(2), DefaultMaxAttempts)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, hs := startEngine(t)
			b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
				return fakeopenai.Response{Content: streamedAnswer, Chunks: 5}
			})
			tt.inject(hs.fake)
			hs.ask(faketelegram.PrivateChat(alice), alice, "what is the capital of Australia?", alice.ID, func(s string) bool { return s == streamedAnswer })
			hs.waitIdle()
			b.Stop(t)
			got := hs.fake.SentTexts(alice.ID)
			if len(got) != 1 || got[0] != streamedAnswer {
				t.Fatalf("chat shows %q, want the answer once and nothing half-written", got)
			}
		})
	}
}

func TestLongRetryAfterKeepsTheAnswerForTheNextMessage(t *testing.T) {
	b, hs := startEngine(t)
	var n atomic.Int32
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		if n.Add(1) == 1 {
			return fakeopenai.Response{Content: streamedAnswer, Chunks: 3}
		}
		return fakeopenai.Text("You're welcome.")
	})
	hs.fake.Fail("sendMessage", faketelegram.TooManyRequests(300), -1)
	chat := faketelegram.PrivateChat(alice)
	hs.fake.PushMessage(hs.fake.NewMessage(chat, alice, "what is the capital of Australia?"))
	hs.fake.Wait(t, waitTimeout, "the answer to be kept", func() bool {
		return b.AnswerKept(context.Background(), "telegram", strconv.FormatInt(alice.ID, 10))
	})
	if got := hs.fake.SentTexts(alice.ID); len(got) != 0 {
		t.Fatalf("chat shows %q under flood control", got)
	}
	hs.fake.ClearFaults()
	hs.ask(chat, alice, "thanks", alice.ID, func(s string) bool { return s == "You're welcome." })
	got := hs.fake.SentTexts(alice.ID)
	if len(got) != 2 || !strings.Contains(got[0], "did not reach you") || !strings.Contains(got[0], streamedAnswer) {
		t.Fatalf("chat shows %q, want the kept answer with a note, then the new one", got)
	}
	for _, s := range got {
		if strings.Contains(s, "could not reach the model") {
			t.Fatalf("model apology %q although the model answered", s)
		}
	}
}

// When every edit is under a long flood-control wait, the engine gives up
// and keeps the answer; the half-written message does not stay behind.
func TestGivenUpReplyLeavesNothingHalfWritten(t *testing.T) {
	b, hs := startEngine(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: streamedAnswer, Chunks: 5}
	})
	hs.fake.Fail("editMessageText", faketelegram.TooManyRequests(300), -1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "what is the capital of Australia?"))
	hs.fake.Wait(t, waitTimeout, "the partial reply removed", func() bool {
		n, err := b.Store.CountSettings(context.Background(), "undelivered:")
		return err == nil && n == 1 && hs.fake.CallCount("sendMessage") > 0 && len(hs.fake.Sent(alice.ID)) == 0
	})
}

// A retried send never probes a message this process posted: the part
// before it in a split answer keeps its own text.
func TestStoredCopyProbeSparesTheBotsOwnMessages(t *testing.T) {
	hs := startHarness(t, newFakeHandler(sendText("unused")), nil)
	defer hs.stop()
	chat := faketelegram.PrivateChat(alice)
	to := target{chatID: chat.ID}
	if _, err := hs.a.sendText(t.Context(), to, "part one", nil); err != nil {
		t.Fatalf("send part one: %v", err)
	}
	hs.fake.Fail("sendMessage", faketelegram.ServerError(), 1)
	if _, err := hs.a.sendText(t.Context(), to, "part two", nil); err != nil {
		t.Fatalf("send part two: %v", err)
	}
	got := hs.fake.SentTexts(chat.ID)
	if len(got) != 2 || got[0] != "part one" || got[1] != "part two" {
		t.Fatalf("chat shows %q, want both parts, each with its own text", got)
	}
}
