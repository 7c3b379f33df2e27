package upkeep_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/membot/membot/internal/lifecycle/leakcheck"
	"github.com/membot/membot/memory/upkeep"
)

func TestCloseWithEndedContextLeavesNothingRunning(t *testing.T) {
	check := leakcheck.Check(t)
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	defer close(release)
	st := blockingStore(entered, release, true)
	w := upkeep.New(upkeep.Options{Store: st, Memories: memoriesOf(t, st), Interval: time.Hour})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-entered
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	// The cancelled pass may return before Close looks; either way Close
	// does not wait past its context.
	if err := w.Close(ended); err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context = %v", err)
	}
	check()
	if err := w.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v", err)
	}
}

func TestPassesLiveUnderStartContext(t *testing.T) {
	check := leakcheck.Check(t)
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	defer close(release)
	st := blockingStore(entered, release, true)
	w := upkeep.New(upkeep.Options{Store: st, Memories: memoriesOf(t, st), Interval: time.Hour})
	ctx, cancel := context.WithCancel(t.Context())
	if err := w.Start(ctx); err != nil {
		t.Fatal(err)
	}
	<-entered
	cancel()
	check() // the loop ended with Start's context, before any Close
	ended, stop := context.WithCancel(t.Context())
	stop()
	if err := w.Close(ended); err != nil {
		t.Fatalf("Close after the loop ended = %v, want nil at once", err)
	}
}
