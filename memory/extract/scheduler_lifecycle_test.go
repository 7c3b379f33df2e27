package extract_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/membot/membot/internal/lifecycle/leakcheck"
	"github.com/membot/membot/memory/extract"
)

func TestSchedulerIsIdleUntilStart(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Second, Clock: clock})
	s.Notify(userMsg("c1", "remember that I like tea"))
	noRun(t, r)
	if clock.Pending() != 0 {
		t.Fatal("a timer was armed before Start")
	}
	if _, err := s.ExtractNow(t.Context(), "c1", false); !errors.Is(err, extract.ErrNotStarted) {
		t.Fatalf("ExtractNow before Start = %v, want ErrNotStarted", err)
	}
	start(t, s)
	if c := waitRun(t, r); c.conv != "c1" {
		t.Fatalf("run at start %+v, want the conversation notified before", c)
	}
	if err := s.Start(t.Context()); !errors.Is(err, extract.ErrStarted) {
		t.Fatalf("second Start = %v, want ErrStarted", err)
	}
}

func TestSchedulerCloseBeforeStart(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Second, Clock: clock})
	s.Notify(userMsg("c1", "I like tea"))
	for i := range 2 {
		if err := s.Close(t.Context()); err != nil {
			t.Fatalf("Close %d before Start = %v", i+1, err)
		}
	}
	if n := r.count(); n != 0 {
		t.Fatalf("%d runs for a scheduler never started", n)
	}
	if err := s.Start(t.Context()); !errors.Is(err, extract.ErrClosed) {
		t.Fatalf("Start after Close = %v, want ErrClosed", err)
	}
}

func TestSchedulerCloseWithEndedContextLeavesNothingRunning(t *testing.T) {
	check := leakcheck.Check(t)
	r, clock := newFakeRunner(), newFakeClock()
	r.block = make(chan struct{}) // never released: runs end only when cancelled
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Second, Clock: clock})
	if err := s.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	s.Notify(userMsg("c1", "remember that I like tea"))
	s.Notify(userMsg("c2", "I like coffee"))
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.Close(ended); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context = %v, want context.Canceled", err)
	}
	if err := s.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v, want it to wait for the cancelled run", err)
	}
	check()
	if clock.Pending() != 0 {
		t.Error("timers left after Close")
	}
}

func TestSchedulerRunsLiveUnderStartContext(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	r.block = make(chan struct{}) // never released: runs end only when cancelled
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Second, Clock: clock})
	ctx, cancel := context.WithCancel(t.Context())
	if err := s.Start(ctx); err != nil {
		t.Fatal(err)
	}
	s.Notify(userMsg("c1", "remember that I like tea"))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		r.mu.Lock()
		busy := r.running["c1"] == 1
		r.mu.Unlock()
		if busy {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run never started")
		}
	}
	cancel()
	if c := waitRun(t, r); c.conv != "c1" {
		t.Fatalf("run %+v", c)
	}
	// The cancelled run left c1 pending; the flush at Close blocks like
	// the runs do, so Close gives up with its deadline.
	closeCtx, stop := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer stop()
	if err := s.Close(closeCtx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Close = %v, want the deadline (c1 left pending)", err)
	}
}
