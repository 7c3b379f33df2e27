package bot_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// faultyRun starts an offline engine named replica over a faulty view of
// the store in dir, delivering to d; stop closes both.
func faultyRun(t *testing.T, dir string, clk *clock, d *deliveries, replica string, sweep time.Duration) (e *bot.Engine, faulty *storetest.Faulty, stop func()) {
	t.Helper()
	store, err := sqlite.Open(t.Context(), dir, sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	faulty = storetest.NewFaulty(store)
	mems, err := service.New(service.Options{Store: faulty})
	if err != nil {
		t.Fatal(err)
	}
	e, err = bot.New(bot.Deps{Messages: faulty, People: faulty, Settings: faulty, Memories: mems, Answers: faulty},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Answers: bot.AnswerOptions{Replica: replica, SweepInterval: sweep}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.Resume(ctx, "console", func(_ context.Context, m bot.Message, _ <-chan struct{}) (bot.Responder, error) {
		return d.responder(m.ID), nil
	}); err != nil {
		t.Fatal(err)
	}
	return e, faulty, func() {
		t.Helper()
		if err := e.Close(t.Context()); err != nil {
			t.Errorf("close replica %s: %v", replica, err)
		}
		_ = store.Close()
	}
}

// TestAnswerMarkedDoneDespiteStoreFaults: the store fails while an answered
// message is marked done, or reports a failure for a queue entry it did
// write (the connection reset mid-write). The replica marks the entry
// done once it can, so that neither it nor the replica taking over after
// it stops answers the message a second time.
func TestAnswerMarkedDoneDespiteStoreFaults(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault func(f *storetest.Faulty)
	}{
		{"FinishAnswerFails", func(f *storetest.Faulty) { f.FailOn("FinishAnswer", 1, memory.ErrUnavailable) }},
		{"FinishAnswerReplyLost", func(f *storetest.Faulty) { f.FailAfter("FinishAnswer", 1, memory.ErrUnavailable) }},
		{"QueueAnswerReplyLost", func(f *storetest.Faulty) { f.FailAfter("QueueAnswer", 1, memory.ErrUnavailable) }},
		// The store applies the entry's write only after the answer is
		// marked, as a server busy when the connection reset may.
		{"QueueAnswerLandsAfterTheMark", func(f *storetest.Faulty) {
			f.LandLate("QueueAnswer", 1, memory.ErrUnavailable, "ReleaseAnswers")
		}},
		{"QueueAnswerReplyLostAndFinishFails", func(f *storetest.Faulty) {
			f.FailAfter("QueueAnswer", 1, memory.ErrUnavailable)
			f.FailOn("FinishAnswer", 1, memory.ErrUnavailable)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
			d := newDeliveries()
			a, faulty, stopA := faultyRun(t, dir, clk, d, "a", time.Hour)
			tc.fault(faulty)
			m := message(0, 0, clk.Now())
			done, err := a.Handle(t.Context(), m, d.responder(m.ID))
			if err != nil {
				t.Fatal(err)
			}
			<-done
			stopA()
			if held := faulty.Landed("QueueAnswer"); tc.name == "QueueAnswerLandsAfterTheMark" && held != 1 {
				t.Fatalf("the late QueueAnswer reached the store %d times, want once", held)
			}
			_, _, stopB := faultyRun(t, dir, clk, d, "b", 5*time.Millisecond)
			// a's lease, had it kept one (or got one late), ran out, and
			// so did the margin for clock skew.
			clk.Add(61 * time.Second)
			time.Sleep(50 * time.Millisecond)
			stopB()
			if kinds := exactlyOnce(t, d, []string{m.ID}); kinds["answer"] != 1 {
				t.Errorf("got %v, want one answer", kinds)
			}
		})
	}
}

// TestOwnUnmarkedAnswerNotTakenOver: while the store cannot mark an
// answered message done nor renew its lease, the lease runs out and the
// replica's own sweep claims the entry back; it marks it done rather than
// answer it again.
func TestOwnUnmarkedAnswerNotTakenOver(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	a, faulty, stopA := faultyRun(t, dir, clk, d, "a", 5*time.Millisecond)
	faulty.FailAlways("FinishAnswer", memory.ErrUnavailable)
	faulty.FailAlways("RenewAnswers", memory.ErrUnavailable)
	m := message(0, 0, clk.Now())
	done, err := a.Handle(t.Context(), m, d.responder(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	<-done
	clk.Add(31 * time.Second)
	// A few sweeps with the lease run out: each claims what is claimable.
	for start := faulty.Calls("ClaimAnswer"); faulty.Calls("ClaimAnswer") < start+4; {
		time.Sleep(5 * time.Millisecond)
	}
	faulty.Heal()
	stopA()
	_, _, stopB := faultyRun(t, dir, clk, d, "b", time.Hour)
	stopB()
	if kinds := exactlyOnce(t, d, []string{m.ID}); kinds["answer"] != 1 {
		t.Errorf("got %v, want one answer", kinds)
	}
}
