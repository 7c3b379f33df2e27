package bot_test

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
)

// echoOnce answers the first request with text and the others with "Hello.".
func echoOnce(t *testing.T, text string) *fakeopenai.Server {
	model := fakeopenai.New(t)
	var calls atomic.Int32
	model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		if calls.Add(1) == 1 {
			return fakeopenai.Text(text)
		}
		return fakeopenai.Text("Hello.")
	})
	return model
}

// TestForgetAllLeavesNoReplyQuotingThePerson: the bot's reply repeating
// what the person said is gone from disk after forget all.
func TestForgetAllLeavesNoReplyQuotingThePerson(t *testing.T) {
	const marker = "OKAPI-5120"
	dir := t.TempDir()
	b := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(echoOnce(t, "Noted: your code word is "+marker+".")))
	b.Send(t, bottest.DM("telegram", "eve", "my code word is "+marker))
	b.Send(t, bottest.DM("telegram", "eve", "/memories forget all"))
	b.Send(t, bottest.DM("telegram", "eve", "/memories forget all confirm"))
	b.Stop(t)
	if hits := grepDir(t, dir, marker); len(hits) > 0 {
		t.Fatalf("after forget all, %q is still readable in %v", marker, hits)
	}
}

// TestForgetAllDropsAKeptAnswer: an answer the platform did not take, kept
// for the person's next message in a server channel, is erased by a
// forget all sent in a private chat: not kept, not offered later.
func TestForgetAllDropsAKeptAnswer(t *testing.T) {
	const marker = "ZEBRA-7731"
	b := bottest.New(t, bottest.WithModel(echoOnce(t, "Noted: your locker code word is "+marker+".")))
	handle(t, b, bottest.Group("discord", "g1", "eve", "my locker code word is "+marker, true), &flaky{failSends: -1, permanent: true})
	if n, err := b.Store.CountSettings(t.Context(), "undelivered:"); err != nil || n != 1 {
		t.Fatalf("%d kept answers (%v), want 1", n, err)
	}
	b.Send(t, bottest.DM("discord", "eve", "/memories forget all"))
	b.Send(t, bottest.DM("discord", "eve", "/memories forget all confirm"))
	if n, err := b.Store.CountSettings(t.Context(), "undelivered:"); err != nil || n != 0 {
		t.Errorf("after forget all, %d kept answers (%v), want 0", n, err)
	}
	r := b.Send(t, bottest.Group("discord", "g1", "eve", "hello again", true))
	if got := allText(r); strings.Contains(got, marker) {
		t.Errorf("after forget all, the kept answer was offered: %q", got)
	}
}
