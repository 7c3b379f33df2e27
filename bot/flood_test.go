package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
)

// A flood from many people: every message up to the capture bound is
// stored, the answers stay within the limit, each person is told once and
// the rest is counted.
func TestFloodIsCapturedUpToABoundAndAnsweredWithinTheLimit(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	const (
		people    = 20
		each      = 15
		perMinute = 2
		capture   = bot.CaptureFactor * perMinute // 10 stored a minute
	)
	b := bottest.New(t, bottest.Offline(), bottest.WithClock(func() time.Time { return t0 }),
		bottest.WithConfig(func(c *configT) { c.Limits.MessagesPerMinute = perMinute }))
	type tally struct{ answers, notices int }
	got := make([]tally, people)
	var wg sync.WaitGroup
	for p := range people {
		wg.Go(func() {
			for i := range each {
				m := bottest.Group("telegram", "flood", fmt.Sprintf("u%02d", p), fmt.Sprintf("message %d from %d", i, p), true)
				m.Time = t0
				for _, r := range b.Send(t, m).Replies() {
					if strings.Contains(r.Text, "too fast") {
						got[p].notices++
						if !r.Private {
							t.Errorf("person %d: the notice is public", p)
						}
					} else {
						got[p].answers++
					}
				}
			}
		})
	}
	wg.Wait()
	stored := map[string]int{}
	msgs, err := b.Store.RecentMessages(context.Background(), bottest.Group("telegram", "flood", "", "", true).ConversationID(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range msgs {
		stored[m.AuthorName]++
	}
	for p := range people {
		name := fmt.Sprintf("u%02d", p)
		if stored[name] != capture {
			t.Errorf("%s: %d messages stored, want %d (the capture bound)", name, stored[name], capture)
		}
		if got[p].answers != perMinute || got[p].notices != 1 {
			t.Errorf("%s: %d answers and %d notices, want %d and 1", name, got[p].answers, got[p].notices, perMinute)
		}
	}
	if n := b.Engine.FloodDropped(); n != people*(each-capture) {
		t.Fatalf("%d messages counted as dropped, want %d", n, people*(each-capture))
	}
}

// The terminal's own user is not held back: with the default limits a
// hundred fast lines are all stored and answered.
func TestTerminalHasNoPerMinuteLimitByDefault(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	b := bottest.New(t, bottest.Offline(), bottest.WithClock(func() time.Time { return t0 }))
	dm := bottest.DM("console", "me", "")
	for i := range 100 {
		m := dm
		m.ID, m.Text, m.Time = fmt.Sprintf("line-%d", i), fmt.Sprintf("line %d of a piped script", i), t0
		r := b.Send(t, m).Replies()
		if len(r) != 1 || strings.Contains(r[0].Text, "too fast") {
			t.Fatalf("line %d: %+v", i, r)
		}
	}
	if msgs := recent(t, b, dm.ConversationID()); len(msgs) != 100 {
		t.Fatalf("%d lines stored, want 100", len(msgs))
	}
}
