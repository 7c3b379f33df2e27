package bot_test

import (
	"context"
	"testing"
	"time"

	"github.com/membot/membot/bot"
)

// blockingResponder holds every reply until its context ends, keeping the
// conversation's queue busy so later messages stay queued; entered
// receives once the first Send began.
type blockingResponder struct{ entered chan struct{} }

func (b blockingResponder) Typing(context.Context) error         { return nil }
func (b blockingResponder) Stream(context.Context, string) error { return nil }
func (b blockingResponder) Send(ctx context.Context, _ bot.Reply) error {
	select {
	case b.entered <- struct{}{}:
	default:
	}
	<-ctx.Done()
	return ctx.Err()
}

// TestForgetAllThenKillDoesNotBringMessagesBack: messages of a person
// still queued for an answer in one conversation when they erase
// everything from another, and the process is then killed, are not
// captured again by the next run.
func TestForgetAllThenKillDoesNotBringMessagesBack(t *testing.T) {
	const marker = "WALRUS-3390"
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	msg := func(chat, id, text string) bot.Message {
		return bot.Message{Platform: "console", ChatID: chat, ID: id, Author: bot.Author{ID: "amy", Username: "amy"},
			Text: text, Time: clk.Now(), IsDM: true, Addressed: true}
	}
	block := blockingResponder{entered: make(chan struct{}, 1)}
	if _, err := first.engine.Handle(t.Context(), msg("room", "r1", "first"), block); err != nil {
		t.Fatal(err)
	}
	<-block.entered
	if _, err := first.engine.Handle(t.Context(), msg("room", "r2", "my secret word is "+marker), block); err != nil {
		t.Fatal(err)
	}
	for i, text := range []string{"/memories forget all", "/memories forget all confirm"} {
		done, err := first.engine.Handle(t.Context(), msg("dm", "d"+string(rune('0'+i)), text), d.responder("dm"))
		if err != nil {
			t.Fatal(err)
		}
		<-done
	}
	if hits := grepDir(t, dir, marker); len(hits) > 0 {
		t.Errorf("after forget all, before the kill, %q is still readable in %v", marker, hits)
	}
	first.kill()

	// Resume claims and captures what was left queued before it returns.
	second := startRun(t, dir, clk, d, bot.AnswerOptions{})
	msgs, err := second.store.RecentMessages(t.Context(), "console:room", 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		if m.PersonID != "" {
			t.Errorf("after forget all and a restart, captured again: %q", m.Text)
		}
	}
	if hits := grepDir(t, dir, marker); len(hits) > 0 {
		t.Errorf("after forget all and a restart, %q is readable in %v", marker, hits)
	}
}
