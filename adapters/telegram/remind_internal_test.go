package telegram

import (
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/faketelegram"
	"github.com/membot/membot/memory"
)

// A reminder reaches the person's private chat through the adapter's
// stored responder, as a new message (replying to nothing), once.
func TestReminderReachesThePrivateChat(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	hs := startHarnessWith(t, faketelegram.New(t, faketelegram.Config{}), b.Engine, func(o *Options) {
		o.EditInterval = 10 * time.Millisecond
	})
	chat := faketelegram.PrivateChat(alice)
	hs.ask(chat, alice, "/memories remind on", alice.ID, func(s string) bool { return strings.Contains(s, "Reminders on") })
	p, err := b.Store.ResolveIdentity(t.Context(), Platform, "501", "alice")
	if err != nil {
		t.Fatal(err)
	}
	task := memory.Memory{Owner: p.ID, Text: "pick up the dry cleaning", Type: memory.TypeTask, Lifecycle: memory.LifecycleTemporary,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, EventTime: time.Now().Add(20 * time.Minute)}
	if err := b.Memory.Insert(t.Context(), &task); err != nil {
		t.Fatal(err)
	}
	before := len(hs.fake.Sent(alice.ID))
	for range 2 {
		if _, err := b.Engine.RemindNow(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	sent := hs.fake.Sent(alice.ID)[before:]
	if len(sent) != 1 || !strings.Contains(sent[0].Text, "Reminder: pick up the dry cleaning") {
		t.Fatalf("sent %+v, want one reminder", sent)
	}
	if sent[0].ReplyTo != 0 {
		t.Errorf("the reminder replies to message %d", sent[0].ReplyTo)
	}
}
