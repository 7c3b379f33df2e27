package bot_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// refuseFirst refuses the first send of each message, then delivers.
type refuseFirst struct {
	mu      sync.Mutex
	refused map[string]bool
	inner   func(id string) bot.Responder
}

type refuseFirstResponder struct {
	f  *refuseFirst
	id string
}

func (r refuseFirstResponder) Typing(context.Context) error         { return nil }
func (r refuseFirstResponder) Stream(context.Context, string) error { return nil }
func (r refuseFirstResponder) Send(ctx context.Context, rep bot.Reply) error {
	r.f.mu.Lock()
	first := !r.f.refused[r.id]
	r.f.refused[r.id] = true
	r.f.mu.Unlock()
	if first {
		return &bot.DeliveryError{RetryAfter: time.Millisecond, Err: errors.New("HTTP 502")}
	}
	return r.f.inner(r.id).Send(ctx, rep)
}

// TestResumedAnswersSurviveARefusedFirstSend: messages left queued by a
// killed run are answered after the restart exactly once although the
// platform refuses the first send of each.
func TestResumedAnswersSurviveARefusedFirstSend(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.holdFrom()
	var ids []string
	for c := range 3 {
		for i := range 4 {
			m := message(c, i, clk.Now())
			ids = append(ids, m.ID)
			if _, err := first.engine.Handle(t.Context(), m, d.responder(m.ID)); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 3 {
		<-d.held // one reply per conversation is being sent
	}
	first.kill()
	d.release()

	store, err := sqlite.Open(t.Context(), dir, sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Answers: store},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Answers: bot.AnswerOptions{Replica: "embedded"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	rf := &refuseFirst{refused: map[string]bool{}, inner: d.responder}
	if err := e.Resume(ctx, "console", func(_ context.Context, m bot.Message, _ <-chan struct{}) (bot.Responder, error) {
		return refuseFirstResponder{f: rf, id: m.ID}, nil
	}); err != nil {
		t.Fatal(err)
	}
	d.settled(t, ids)
	if kinds := exactlyOnce(t, d, ids); kinds["answer"] != len(ids) {
		t.Errorf("got %v, want %d answers", kinds, len(ids))
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n, err := store.CountSettings(t.Context(), "undelivered:"); err != nil || n != 0 {
		t.Errorf("%d answers kept undelivered (%v), want 0", n, err)
	}
}
