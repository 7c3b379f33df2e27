package bot_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
)

// maxCommandsPerMessage bounds the MongoDB commands one answered chat
// message costs a replica in steady state, background work included: the
// figure behind the database sizing in SCALING.md, guarded so that a
// change that adds round trips shows.
const maxCommandsPerMessage = 30

// TestMongoCommandsPerAnsweredMessage counts, through a TCP proxy, the
// commands a replica sends the database while it answers one person's
// messages with the production defaults (limits and budgets on).
func TestMongoCommandsPerAnsweredMessage(t *testing.T) {
	fs := newFailoverServer(t)
	model := fakeopenai.New(t)
	rep := newReplies()
	b := fs.bot(t, model, "", rep)
	send := func(n int) {
		t.Helper()
		msg := bottest.DM("telegram", "carol", fmt.Sprintf("what should I cook tonight, idea number %d?", n))
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		done, err := b.Engine.Handle(ctx, msg, rep.of(msg.ID))
		if err != nil {
			t.Fatal(err)
		}
		select {
		case <-done:
		case <-ctx.Done():
			t.Fatal("no reply")
		}
	}
	// The person, the conversation and the recall index are known after
	// the first messages.
	for n := range 3 {
		send(n)
	}
	const messages = 20
	before := fs.proxy.Messages()
	for n := range messages {
		send(3 + n)
	}
	b.Stop(t) // the background work the replies left (why record, use counters)
	per := float64(fs.proxy.Messages()-before) / messages
	t.Logf("%.1f MongoDB commands per answered message (%d messages, background work and the driver's heartbeats included)", per, messages)
	if per > maxCommandsPerMessage {
		t.Errorf("%.1f commands per answered message, over %d", per, maxCommandsPerMessage)
	}
}
