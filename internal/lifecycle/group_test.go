package lifecycle_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/membot/membot/internal/lifecycle"
)

func TestGroupIsIdleUntilStart(t *testing.T) {
	var g lifecycle.Group
	if g.Go(func(context.Context) { t.Error("ran before Start") }) {
		t.Fatal("Go accepted work before Start")
	}
	if g.Running() {
		t.Fatal("Running before Start")
	}
	if err := g.Stop(t.Context()); err != nil {
		t.Fatalf("Stop before Start = %v", err)
	}
	if err := g.Start(t.Context()); !errors.Is(err, lifecycle.ErrStopped) {
		t.Fatalf("Start after Stop = %v, want ErrStopped", err)
	}
}

func TestGroupStartTwice(t *testing.T) {
	var g lifecycle.Group
	if err := g.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := g.Start(t.Context()); !errors.Is(err, lifecycle.ErrStarted) {
		t.Fatalf("second Start = %v, want ErrStarted", err)
	}
	if err := g.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestGroupGoroutinesLiveUnderStartContext(t *testing.T) {
	var g lifecycle.Group
	parent, cancel := context.WithCancel(t.Context())
	if err := g.Start(parent); err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	g.Go(func(ctx context.Context) {
		<-ctx.Done()
		close(ended)
	})
	cancel()
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the goroutine's context did not end with Start's")
	}
	if err := g.Stop(t.Context()); err != nil {
		t.Fatalf("Stop = %v", err)
	}
}

func TestGroupDrainWaitsWithoutCancelling(t *testing.T) {
	var g lifecycle.Group
	if err := g.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	var cancelled bool
	g.Go(func(ctx context.Context) {
		<-release
		cancelled = ctx.Err() != nil
	})
	go func() { time.Sleep(10 * time.Millisecond); close(release) }()
	if err := g.Drain(t.Context()); err != nil {
		t.Fatalf("Drain = %v", err)
	}
	// Drain waited for the goroutine, so reading cancelled is ordered
	// after its write.
	if cancelled {
		t.Error("Drain cancelled a goroutine it could wait for")
	}
	if g.Go(func(context.Context) {}) {
		t.Error("Go accepted work after Drain")
	}
}

func TestGroupStopIsBoundedByItsContext(t *testing.T) {
	for _, drain := range []bool{false, true} {
		var g lifecycle.Group
		if err := g.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		release := make(chan struct{})
		g.Go(func(context.Context) { <-release }) // ignores cancellation
		expired, cancel := context.WithCancel(t.Context())
		cancel()
		stop := g.Stop
		if drain {
			stop = g.Drain
		}
		if err := stop(expired); !errors.Is(err, context.Canceled) {
			t.Fatalf("drain=%v: stop with an ended context = %v, want context.Canceled", drain, err)
		}
		close(release)
		if err := g.Stop(t.Context()); err != nil {
			t.Fatalf("drain=%v: second Stop = %v, want it to wait for the rest", drain, err)
		}
	}
}

func TestGroupDrainCancelsWhenItsContextEnds(t *testing.T) {
	var g lifecycle.Group
	if err := g.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	g.Go(func(ctx context.Context) { <-ctx.Done() })
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if err := g.Drain(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Drain = %v, want the deadline", err)
	}
	if err := g.Stop(t.Context()); err != nil {
		t.Fatalf("Stop after the cancelled drain = %v", err)
	}
}
