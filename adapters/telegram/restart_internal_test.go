package telegram

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/faketelegram"
)

// TestRestartAnswersEachMessageOnce stops the bot with an answer in flight
// and starts it again on the same data directory, while Telegram delivers
// an answered message again and a message sent while the bot was down:
// the answer cut off is delivered, the redelivered message is not answered
// twice, and the stale one gets the missed-message notice, each exactly
// once, as a reply to its message.
func TestRestartAnswersEachMessageOnce(t *testing.T) {
	dir := t.TempDir()
	fake := faketelegram.New(t, faketelegram.Config{})
	model := fakeopenai.New(t)
	var slow atomic.Bool
	slow.Store(true)
	model.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		last := req.Messages[len(req.Messages)-1].Content
		if strings.Contains(last, "slow question") && slow.Load() {
			return fakeopenai.Response{Content: "late answer", Delay: time.Hour}
		}
		return fakeopenai.Text("Sure, noted.")
	})
	model.OnSchema("extract_memories", func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Text(`{"memories":[]}`)
	})
	opts := func(o *Options) { o.EditInterval = 10 * time.Millisecond }
	chat := faketelegram.PrivateChat(alice)

	first := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model), bottest.WithConfig(func(c *config.Config) {
		c.Bot.DrainTimeout = config.Duration(100 * time.Millisecond)
	}))
	hs := startHarnessWith(t, fake, first.Engine, opts)
	hello := hs.ask(chat, alice, "hello", alice.ID, func(s string) bool { return s == "Sure, noted." })
	question := fake.NewMessage(chat, alice, "a slow question")
	fake.PushMessage(question)
	fake.Wait(t, waitTimeout, "the slow question to reach the model", func() bool {
		for _, r := range model.ChatRequests() {
			if strings.Contains(r.Messages[len(r.Messages)-1].Content, "slow question") {
				return true
			}
		}
		return false
	})
	stopped := time.Now()
	first.Stop(t) // SIGTERM: the answer is cut off at the drain bound
	hs.stop()
	t.Logf("stopped in %v", time.Since(stopped).Round(time.Millisecond))

	slow.Store(false)
	fake.PushMessage(hello) // Telegram delivers it again
	missed := fake.NewMessage(chat, alice, "did you get this?")
	missed.Date = int(time.Now().Add(-10 * time.Minute).Unix())
	fake.PushMessage(missed)
	second := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model))
	hs = startHarnessWith(t, fake, second.Engine, opts)
	defer hs.stop()
	last := fake.NewMessage(chat, alice, "one more")
	fake.PushMessage(last)
	cases := []struct {
		name string
		id   int
		want string
	}{
		{"answered before the stop, delivered again", hello.ID, "Sure, noted."},
		{"cut off by the stop", question.ID, "Sure, noted."},
		{"sent while down, 10 minutes before", missed.ID, "I was restarting and missed your message"},
		{"sent after the restart", last.ID, "Sure, noted."},
	}
	replies := func() map[int][]string {
		out := map[int][]string{}
		for _, m := range fake.Sent(alice.ID) {
			out[m.ReplyTo] = append(out[m.ReplyTo], m.Text)
		}
		return out
	}
	fake.Wait(t, waitTimeout, "an answer or a notice to every message", func() bool {
		got := replies()
		for _, c := range cases {
			if len(got[c.id]) == 0 || !strings.HasPrefix(got[c.id][len(got[c.id])-1], c.want) {
				return false
			}
		}
		return true
	})
	second.Stop(t) // every reply delivered: nothing more can come
	got := replies()
	for _, c := range cases {
		if r := got[c.id]; len(r) != 1 || !strings.HasPrefix(r[0], c.want) {
			t.Errorf("%s: replies %q, want exactly one %q", c.name, r, c.want)
		}
	}
}
