package observe_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
)

// refusing is a platform that takes no reply.
type refusing struct{ bottest.Recorder }

func (r *refusing) Send(context.Context, bot.Reply) error {
	return &bot.DeliveryError{Permanent: true, Err: errors.New("forbidden")}
}

// A reply the platform refuses is counted as failed, one it takes as
// sent, each under the message's platform; a bot's own message is not
// counted as received.
func TestHandlerCountsMessagesAndReplies(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	send := func(msg bot.Message, r bot.Responder) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		done, err := b.Handler.Handle(ctx, msg, r)
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-ctx.Done():
			t.Fatal("no reply")
		}
	}
	send(bottest.DM("discord", "bob", "hello there"), &refusing{})
	ok := &bottest.Recorder{}
	send(bottest.DM("console", "carol", "hello there"), ok)
	fromBot := bottest.DM("telegram", "otherbot", "beep")
	fromBot.Author.IsBot = true
	send(fromBot, &bottest.Recorder{})
	if len(ok.Replies()) != 1 {
		t.Fatalf("replies %+v", ok.Replies())
	}
	reg := b.Metrics.Registry()
	tests := []struct {
		name   string
		labels []string
		want   float64
	}{
		{"membot_messages_received_total", []string{"discord"}, 1},
		{"membot_messages_received_total", []string{"console"}, 1},
		{"membot_messages_received_total", []string{"telegram"}, 0},
		{"membot_replies_total", []string{"discord", "failed"}, 1},
		{"membot_replies_total", []string{"discord", "sent"}, 0},
		{"membot_replies_total", []string{"console", "sent"}, 1},
	}
	g := scrape(t, reg)
	for _, tt := range tests {
		labels := map[string]string{"platform": tt.labels[0]}
		if len(tt.labels) > 1 {
			labels["outcome"] = tt.labels[1]
		}
		if got := g.value(t, tt.name, labels); got != tt.want {
			t.Errorf("%s%v = %v, want %v", tt.name, labels, got, tt.want)
		}
	}
	if n := len(g.f["membot_messages_received_total"].GetMetric()); n != 3 {
		t.Fatalf("%d platform series, want the 3 known ones", n)
	}
}

// tracker is a platform whose responder records the message an answer is
// written into.
type tracker struct {
	bottest.Recorder
	mu     sync.Mutex
	hooked bool
}

func (r *tracker) OnFirstMessage(func(id string)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hooked = true
}

func (r *tracker) ResumeInto(string) {}

// Counting replies keeps a responder a bot.ReplyTracker: hidden behind the
// counter, the engine could not record the message an answer goes into,
// and an answer taken over after a crash would be sent twice.
func TestHandlerKeepsReplyTracking(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	r := &tracker{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done, err := b.Handler.Handle(ctx, bottest.DM("telegram", "dora", "hello there"), r)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("no reply")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.hooked {
		t.Error("the engine never saw the responder as a bot.ReplyTracker")
	}
}
