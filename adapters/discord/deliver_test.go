package discord_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakediscord"
	"github.com/membot/membot/internal/fakeopenai"
)

// Discord refuses while an answer streams: the model's answer is still
// delivered, once, and never replaced by a model apology.

const streamedAnswer = "Canberra is the capital of Australia, not Sydney."

func TestRefusalsNeverCostTheAnswer(t *testing.T) {
	const internal = http.StatusInternalServerError
	tests := []struct {
		name   string
		inject func(f *fakediscord.Server)
		// slow spaces the model's deltas, so that the stream edits.
		slow bool
	}{
		{"500 on create", func(f *fakediscord.Server) { f.FailNext("POST", "/messages", 1, internal, 0, "Internal Server Error") }, false},
		{"create stored, then 500", func(f *fakediscord.Server) { f.FailAfterNext("POST", "/messages", 1, internal) }, false},
		{"500 on an edit", func(f *fakediscord.Server) { f.FailNext("PATCH", "/messages", 1, internal, 0, "Internal Server Error") }, false},
		{"500 twice on the 3rd edit", func(f *fakediscord.Server) {
			f.FailNth("PATCH", "/messages", 3, internal)
			f.FailNth("PATCH", "/messages", 3, internal)
		}, true},
		{"every edit refused", func(f *fakediscord.Server) {
			f.FailNext("PATCH", "/messages", 1000, internal, 0, "Internal Server Error")
		}, false},
		{"429 past the retry cap", func(f *fakediscord.Server) {
			for range 4 {
				f.RateLimitNext("POST", "/messages", 10*time.Millisecond, false)
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := bottest.New(t)
			b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
				r := fakeopenai.Response{Content: streamedAnswer, Chunks: 6}
				if tt.slow {
					r.ChunkDelay = 20 * time.Millisecond
				}
				return r
			})
			fake := runBot(t, b)
			u := fake.NewUser("ann")
			dm := fake.DMChannelOf(u.ID)
			tt.inject(fake)
			fake.SendDM(u, "what is the capital of Australia?")
			fake.WaitUntil("the answer", func() bool {
				ms := fake.Messages(dm)
				return len(ms) > 0 && ms[len(ms)-1].Content == streamedAnswer
			})
			b.Stop(t)
			var shown []string
			for _, m := range fake.Messages(dm) {
				shown = append(shown, m.Content)
			}
			if len(shown) != 1 || shown[0] != streamedAnswer {
				t.Fatalf("DM shows %q, want the answer once and nothing half-written", shown)
			}
			if n := len(fake.CallsTo("PATCH", "/messages")); tt.slow && n < 3 {
				t.Fatalf("%d edits: the stream never reached the refused one", n)
			}
		})
	}
}

func TestLongRetryAfterKeepsTheAnswerForTheNextMessage(t *testing.T) {
	b := bottest.New(t)
	var n atomic.Int32
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		if n.Add(1) == 1 {
			return fakeopenai.Response{Content: streamedAnswer, Chunks: 3}
		}
		return fakeopenai.Text("You're welcome.")
	})
	fake := runBot(t, b)
	u := fake.NewUser("bo")
	dm := fake.DMChannelOf(u.ID)
	for range 50 {
		fake.RateLimitNext("POST", "/messages", 5*time.Minute, false)
	}
	fake.SendDM(u, "what is the capital of Australia?")
	fake.WaitUntil("the answer to be kept", func() bool {
		return b.AnswerKept(context.Background(), "discord", u.ID)
	})
	if ms := fake.Messages(dm); len(ms) != 0 {
		t.Fatalf("DM shows %d messages under a rate limit", len(ms))
	}
	fake.ClearFailures()
	fake.SendDM(u, "thanks")
	fake.WaitUntil("the next answer", func() bool {
		ms := fake.Messages(dm)
		return len(ms) > 0 && ms[len(ms)-1].Content == "You're welcome."
	})
	ms := fake.Messages(dm)
	if len(ms) != 2 || !strings.Contains(ms[0].Content, "did not reach you") || !strings.Contains(ms[0].Content, streamedAnswer) {
		t.Fatalf("DM shows %+v, want the kept answer with a note, then the new one", ms)
	}
	for _, m := range ms {
		if strings.Contains(m.Content, "could not reach the model") {
			t.Fatalf("model apology %q although the model answered", m.Content)
		}
	}
}

// An interaction response Discord stored before answering 500 is not
// posted twice: the repeat finds the interaction answered.
func TestInteractionResponseStoredThen500IsShownOnce(t *testing.T) {
	b := bottest.New(t)
	fake := runBot(t, b)
	guild := fake.NewGuild()
	ch := fake.AddChannel(guild)
	u := fake.NewUser("cy")
	fake.FailAfterNext("POST", "/callback", 1, http.StatusInternalServerError)
	id := fake.Slash(ch, fakediscord.Invoker{User: u}, "help")
	fake.WaitUntil("the help", func() bool { return len(fake.InteractionMessages(id)) > 0 })
	b.Stop(t)
	if ms := fake.InteractionMessages(id); len(ms) != 1 {
		t.Fatalf("interaction shows %d messages, want 1: %+v", len(ms), ms)
	}
	cbs := fake.CallsTo("POST", "/callback")
	if len(cbs) != 2 || string(cbs[0].Body) != string(cbs[1].Body) {
		t.Errorf("%d interaction responses, want the one answered 500 repeated once (and found taken), nothing else", len(cbs))
	}
	for _, c := range fake.CallsTo("POST", "/webhooks") {
		t.Errorf("followup posted after the stored response: %s", c.Body)
	}
}

// A 429 whose rate-limit headers make discordgo hold the bucket for
// minutes fails the reply at once: the answer is kept for the person's
// next message rather than making them wait the full delay.
func TestBucketRateLimitDoesNotHoldTheReply(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: streamedAnswer, Chunks: 3}
	})
	fake := runBot(t, b)
	u := fake.NewUser("di")
	fake.RateLimitBucketNext("POST", "/messages", 5*time.Minute)
	fake.SendDM(u, "what is the capital of Australia?")
	fake.WaitUntil("the answer to be kept", func() bool {
		n, err := b.Store.CountSettings(context.Background(), "undelivered:")
		return err == nil && n == 1
	})
	if n := len(fake.CallsTo("POST", "/messages")); n != 1 {
		t.Errorf("%d creates, want 1: the rest are refused before they are sent", n)
	}
}

// When every edit is rate limited for minutes, the engine gives up and
// keeps the answer; the half-written message does not stay behind.
func TestGivenUpReplyLeavesNothingHalfWritten(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: streamedAnswer, Chunks: 5}
	})
	fake := runBot(t, b)
	u := fake.NewUser("ed")
	dm := fake.DMChannelOf(u.ID)
	for range 50 {
		fake.RateLimitNext("PATCH", "/messages", 5*time.Minute, false)
	}
	fake.SendDM(u, "what is the capital of Australia?")
	fake.WaitUntil("the partial reply removed", func() bool {
		n, err := b.Store.CountSettings(context.Background(), "undelivered:")
		return err == nil && n == 1 && len(fake.Messages(dm)) == 0 && len(fake.CallsTo("DELETE", "/messages")) > 0
	})
}
