package bot_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// TestAnotherReplicaTakesOverWhenTheLeaseRunsOut: a replica dies with an
// answer queued; another one sharing the store answers it once the dead
// one's lease has run out.
func TestAnotherReplicaTakesOverWhenTheLeaseRunsOut(t *testing.T) {
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	store, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	d := newDeliveries()
	replica := func(name string) (*bot.Engine, context.CancelFunc) {
		mems, err := service.New(service.Options{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Answers: store},
			bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
				Answers: bot.AnswerOptions{Replica: name, SweepInterval: 5 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		if err := e.Start(ctx); err != nil {
			t.Fatal(err)
		}
		return e, cancel
	}
	a, killA := replica("a")
	d.holdFrom()
	m := message(0, 0, clk.Now())
	if _, err := a.Handle(t.Context(), m, d.responder(m.ID)); err != nil {
		t.Fatal(err)
	}
	<-d.held
	killA() // replica a dies mid-send
	d.release()

	b, _ := replica("b")
	if err := b.Resume(t.Context(), "console", func(_ context.Context, m bot.Message, _ <-chan struct{}) (bot.Responder, error) {
		return d.responder(m.ID), nil
	}); err != nil {
		t.Fatal(err)
	}
	// a's lease (30 s) has run out by b's clock, but a's clock may be up
	// to lease.SkewMargin behind: b waits that long too.
	clk.Add(31 * time.Second)
	time.Sleep(100 * time.Millisecond) // twenty of b's sweeps
	d.mu.Lock()
	early := len(d.got[m.ID])
	d.mu.Unlock()
	if early != 0 {
		t.Fatal("b took the message over 1 s after a's lease ended by b's clock, within the skew margin")
	}
	clk.Add(lease.SkewMargin) // the message is still fresh
	d.settled(t, []string{m.ID})
	if kinds := exactlyOnce(t, d, []string{m.ID}); kinds["answer"] != 1 {
		t.Errorf("got %v, want one answer", kinds)
	}
}

// TestStaleMessageNoticeOrSilence: a message older than the freshness
// window (a backlog the platform delivers late) gets the missed-message
// notice, or with Silent nothing; either way it is done, and a restart
// does not bring it back.
func TestStaleMessageNoticeOrSilence(t *testing.T) {
	for _, silent := range []bool{false, true} {
		t.Run(fmt.Sprintf("Silent=%v", silent), func(t *testing.T) {
			dir := t.TempDir()
			clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
			d := newDeliveries()
			o := bot.AnswerOptions{Silent: silent}
			first := startRun(t, dir, clk, d, o)
			m := message(0, 0, clk.Now().Add(-5*time.Minute))
			done, err := first.engine.Handle(t.Context(), m, d.responder(m.ID))
			if err != nil {
				t.Fatal(err)
			}
			<-done
			if err := first.engine.Close(t.Context()); err != nil {
				t.Fatal(err)
			}
			first.kill()
			second := startRun(t, dir, clk, d, o)
			if err := second.engine.Close(t.Context()); err != nil {
				t.Fatal(err)
			}
			d.mu.Lock()
			got := d.got[m.ID]
			d.mu.Unlock()
			want := "[notice]"
			if silent {
				want = "[]"
			}
			if fmt.Sprint(got) != want {
				t.Errorf("deliveries %v, want %s", got, want)
			}
		})
	}
}

// TestResumeAnswersWhenTheCaptureFails: a message taken over while the
// store refuses the capture is still answered (without memories), not
// held unanswered by a replica that keeps renewing its lease.
func TestResumeAnswersWhenTheCaptureFails(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.holdFrom()
	m := message(0, 0, clk.Now())
	if _, err := first.engine.Handle(t.Context(), m, d.responder(m.ID)); err != nil {
		t.Fatal(err)
	}
	<-d.held
	first.kill()
	d.release()

	store, err := sqlite.Open(t.Context(), dir, sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	faulty := storetest.NewFaulty(store)
	faulty.FailOn("ResolveIdentity", 1, memory.ErrUnavailable)
	mems, err := service.New(service.Options{Store: faulty})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: faulty, People: faulty, Settings: faulty, Memories: mems, Answers: faulty},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Answers: bot.AnswerOptions{Replica: "embedded"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := e.Resume(t.Context(), "console", func(_ context.Context, m bot.Message, _ <-chan struct{}) (bot.Responder, error) {
		return d.responder(m.ID), nil
	}); err != nil {
		t.Fatal(err)
	}
	d.settled(t, []string{m.ID})
	if err := e.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if kinds := exactlyOnce(t, d, []string{m.ID}); kinds["answer"] != 1 {
		t.Errorf("got %v, want one answer", kinds)
	}
	if n := faulty.Calls("ResolveIdentity"); n < 1 {
		t.Errorf("ResolveIdentity called %d times: the fault was never hit", n)
	}
}
