package upkeep_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/upkeep"
)

// movingClock is a clock the test moves; skew offsets one replica's view.
type movingClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *movingClock) at(skew time.Duration) func() time.Time {
	return func() time.Time {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.now.Add(skew)
	}
}

func (c *movingClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// replica starts a worker named holder over s whose scheduled passes
// report, each in turn, on the returned channel; a pass waits until its
// report is read (a worker left unread is closed at the end of the test).
func replica(t *testing.T, s *sqlite.Store, holder string, now func() time.Time) (*upkeep.Worker, <-chan upkeep.Report) {
	t.Helper()
	passes, stop := make(chan upkeep.Report), make(chan struct{})
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: now, Interval: time.Millisecond,
		Leases: s, Holder: holder,
		OnPass: func(r upkeep.Report, err error) {
			if err != nil {
				t.Errorf("%s: scheduled pass failed: %v", holder, err)
			}
			select {
			case passes <- r:
			case <-stop:
			}
		}})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		close(stop)
		// t.Context is already cancelled here, and a cancelled context
		// would not wait for the pass under way to leave the store.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := w.Close(ctx); err != nil {
			t.Errorf("%s: close: %v", holder, err)
		}
	})
	return w, passes
}

// next waits for a scheduled pass that ran here (elsewhere false) or not.
func next(t *testing.T, passes <-chan upkeep.Report, elsewhere bool) upkeep.Report {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case r := <-passes:
			if r.Elsewhere == elsewhere {
				return r
			}
		case <-deadline:
			t.Fatalf("no pass with Elsewhere %v", elsewhere)
		}
	}
}

func expiredMemory(t *testing.T, s *sqlite.Store, text string) {
	t.Helper()
	m := fact("alice", text, now.Add(-day))
	m.Lifecycle, m.ExpiresAt = memory.LifecycleTemporary, now.Add(-time.Minute)
	insert(t, s, m)
}

// TestUpkeepRunsOnOneReplica: of two replicas the one holding the lease
// runs every pass and the other none; when the holder stops, the other
// takes over at its next pass.
func TestUpkeepRunsOnOneReplica(t *testing.T) {
	s := openStore(t)
	expiredMemory(t, s, "is in Rome this week")
	c := &movingClock{now: now}
	a, passesA := replica(t, s, "a", c.at(0))
	if r := next(t, passesA, false); r.Archived != 1 {
		t.Fatalf("the first replica's first pass archived %d, want 1", r.Archived)
	}
	_, passesB := replica(t, s, "b", c.at(0))
	next(t, passesB, true)
	for range 20 {
		if r := <-passesB; !r.Elsewhere {
			t.Fatalf("the second replica ran a pass while the first holds the lease: %+v", r)
		}
	}
	closed := make(chan error, 1)
	go func() { closed <- a.Close(t.Context()) }()
	for done := false; !done; {
		select {
		case <-passesA: // the pass Close waits for
		case err := <-closed:
			if err != nil {
				t.Fatal(err)
			}
			done = true
		}
	}
	next(t, passesB, false)
	expiredMemory(t, s, "is in Oslo this week")
	// The first pass read may have started before the insert; the next
	// did not.
	archived := 0
	for range 2 {
		r := <-passesB
		if r.Elsewhere {
			t.Fatalf("the second replica gave the lease up again: %+v", r)
		}
		if archived += r.Archived; archived > 0 {
			break
		}
	}
	if archived != 1 {
		t.Fatalf("the second replica's passes after it took over archived %d, want 1", archived)
	}
}

// TestUpkeepTakesOverALapsedLease: a holder that stops renewing (crashed,
// or hung) keeps the others off up to the end of its lease less the skew
// margin, and they take over once it ended twice the margin ago, whatever
// their clock's skew.
func TestUpkeepTakesOverALapsedLease(t *testing.T) {
	for _, skew := range []time.Duration{lease.SkewMargin, -lease.SkewMargin} {
		t.Run(fmt.Sprint(skew), func(t *testing.T) {
			s := openStore(t)
			expiredMemory(t, s, "is in Rome this week")
			c := &movingClock{now: now}
			held, err := s.AcquireLease(t.Context(), memory.LeaseQuery{Name: upkeep.LeaseName, Holder: "hung",
				Now: now, Until: now.Add(2 * time.Minute)})
			if err != nil {
				t.Fatal(err)
			}
			_, passes := replica(t, s, "b", c.at(skew))
			next(t, passes, true)
			c.advance(2*time.Minute - lease.SkewMargin)
			for range 2 { // the first may have started before the clock moved
				if r := <-passes; !r.Elsewhere {
					t.Fatalf("a pass ran before the lease ended: %+v", r)
				}
			}
			c.advance(3*lease.SkewMargin + time.Second)
			if r := next(t, passes, false); r.Archived != 1 {
				t.Fatalf("the pass after the takeover archived %d, want 1", r.Archived)
			}
			got, err := s.Leases(t.Context(), upkeep.LeaseName, c.at(0)())
			if err != nil || len(got) != 1 || got[0].Holder != "b" || got[0].Epoch != held.Epoch+1 {
				t.Fatalf("leases after the takeover %+v, %v; want b's, one epoch on", got, err)
			}
		})
	}
}
