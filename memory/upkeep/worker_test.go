package upkeep_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/upkeep"
)

// fakeStore is a Store whose answers the test scripts; unset functions
// answer with nothing to do. Only the methods a pass calls are defined; the
// nil memory.Store answers nothing else.
type fakeStore struct {
	memory.Store
	stale   func(ctx context.Context) ([]memory.Memory, error)
	update  func(m *memory.Memory) error
	missing func(ctx context.Context) ([]memory.Memory, error)
	deleteM func(ctx context.Context) (int64, error)
	listed  []memory.Memory
}

func (f *fakeStore) StaleMemories(ctx context.Context, _ memory.StaleQuery) ([]memory.Memory, error) {
	if f.stale == nil {
		return nil, nil
	}
	ms, err := f.stale(ctx)
	f.listed = ms
	return ms, err
}

// Memory answers with the memory StaleMemories listed last.
func (f *fakeStore) Memory(_ context.Context, owner, id string) (memory.Memory, error) {
	for _, m := range f.listed {
		if m.Owner == owner && m.ID == id {
			return m, nil
		}
	}
	return memory.Memory{}, memory.ErrNotFound
}

func (f *fakeStore) UpdateMemory(_ context.Context, m *memory.Memory) error {
	if f.update == nil {
		return nil
	}
	return f.update(m)
}

// Revision answers 0: the tests keep no index to prove current.
func (f *fakeStore) Revision(context.Context, string) (int64, error) { return 0, nil }

// BumpRevision accepts the bump after a failed write.
func (f *fakeStore) BumpRevision(context.Context, string) error { return nil }

func (f *fakeStore) MissingEmbeddings(ctx context.Context, _ string, _ int) ([]memory.Memory, error) {
	if f.missing == nil {
		return nil, nil
	}
	return f.missing(ctx)
}

func (f *fakeStore) SetEmbedding(context.Context, string, string, int64, *memory.Embedding) error {
	return nil
}

func (f *fakeStore) DeleteMessagesBefore(ctx context.Context, _ time.Time) (int64, error) {
	if f.deleteM == nil {
		return 0, nil
	}
	return f.deleteM(ctx)
}

// blockingStore returns a store whose StaleMemories signals entered and
// then waits for release, or also for its context when honourCtx is set.
func blockingStore(entered chan<- struct{}, release <-chan struct{}, honourCtx bool) *fakeStore {
	return &fakeStore{stale: func(ctx context.Context) ([]memory.Memory, error) {
		entered <- struct{}{}
		if honourCtx {
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return nil, nil
		}
		<-release
		return nil, nil
	}}
}

func TestStartRunsPassesUntilClose(t *testing.T) {
	s := openStore(t)
	expired := fact("alice", "is in Rome this week", now.Add(-day))
	expired.Lifecycle, expired.ExpiresAt = memory.LifecycleTemporary, now.Add(-time.Minute)
	expired = insert(t, s, expired)

	passes := make(chan upkeep.Report, 16)
	idx := memoriesOf(t, s)
	w := upkeep.New(upkeep.Options{Store: s, Memories: idx, Now: clock, Interval: time.Millisecond,
		OnPass: func(r upkeep.Report, err error) {
			if err != nil {
				t.Errorf("scheduled pass failed: %v", err)
			}
			select {
			case passes <- r:
			default:
			}
		}})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if first := <-passes; first.Archived != 1 {
		t.Fatalf("first pass archived %d, want the expired memory at once", first.Archived)
	}
	if second := <-passes; second.Archived != 0 {
		t.Fatalf("second pass archived %d, want nothing left", second.Archived)
	}
	if err := w.Close(t.Context()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if want := []string{"alice/" + expired.ID}; !slices.Equal(idx.removedKeys(), want) {
		t.Fatalf("index removals %v, want %v", idx.removedKeys(), want)
	}
	if err := w.Close(t.Context()); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if err := w.Start(t.Context()); !errors.Is(err, upkeep.ErrClosed) {
		t.Fatalf("Start after Close = %v, want ErrClosed", err)
	}
}

func TestStartMisuse(t *testing.T) {
	w := upkeep.New(upkeep.Options{Store: &fakeStore{}, Memories: memoriesOf(t, &fakeStore{}), Interval: time.Hour})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := w.Start(t.Context()); !errors.Is(err, upkeep.ErrStarted) {
		t.Fatalf("second Start = %v, want ErrStarted", err)
	}
	if err := w.Close(t.Context()); err != nil {
		t.Fatal(err)
	}

	none := upkeep.New(upkeep.Options{})
	if err := none.Start(t.Context()); !errors.Is(err, upkeep.ErrNoStore) {
		t.Fatalf("Start without a store = %v, want ErrNoStore", err)
	}
	if _, err := none.RunOnce(t.Context()); !errors.Is(err, upkeep.ErrNoStore) {
		t.Fatalf("RunOnce without a store = %v, want ErrNoStore", err)
	}
	if err := none.Close(t.Context()); err != nil {
		t.Fatalf("Close of a worker never started = %v", err)
	}
}

func TestCloseCutsRunningPassShort(t *testing.T) {
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	defer close(release)
	passes := 0
	st := blockingStore(entered, release, true)
	w := upkeep.New(upkeep.Options{Store: st, Memories: memoriesOf(t, st), Interval: time.Hour,
		OnPass: func(upkeep.Report, error) { passes++ }})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-entered
	if err := w.Close(t.Context()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	// Close waited for the loop to end, so reading passes is ordered
	// after any write to it.
	if passes != 0 {
		t.Fatalf("OnPass ran %d times for a pass cut short", passes)
	}
}

func TestCloseGivesUpWaitingWithItsContext(t *testing.T) {
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	st := blockingStore(entered, release, false)
	w := upkeep.New(upkeep.Options{Store: st, Memories: memoriesOf(t, st), Interval: time.Hour})
	if err := w.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-entered
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := w.Close(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context while a pass hangs = %v, want context.Canceled", err)
	}
	close(release)
	if err := w.Close(t.Context()); err != nil {
		t.Fatalf("Close once the pass ended = %v", err)
	}
}

func TestRunOnceWaitsForRunningPass(t *testing.T) {
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	st := blockingStore(entered, release, false)
	w := upkeep.New(upkeep.Options{Store: st, Memories: memoriesOf(t, st)})
	first := make(chan error, 1)
	go func() {
		_, err := w.RunOnce(t.Context())
		first <- err
	}()
	<-entered
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := w.RunOnce(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("RunOnce during another pass = %v, want it to wait (and give up with its context)", err)
	}
	select {
	case <-entered:
		t.Fatal("a second pass ran while the first was under way")
	default:
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("first pass: %v", err)
	}
}

func TestPassGoesOnAfterStoreFailures(t *testing.T) {
	boom := errors.New("disk on fire")
	stale := func(id string) memory.Memory {
		m := fact("alice", "stale "+id, now.Add(-200*day))
		m.ID, m.Version = id, 1
		return m
	}
	store := &fakeStore{
		stale: func(context.Context) ([]memory.Memory, error) { return []memory.Memory{stale("m1"), stale("m2")}, nil },
		// The first archives, the second fails.
		update: func(m *memory.Memory) error {
			if m.ID == "m2" {
				return boom
			}
			return nil
		},
		missing: func(context.Context) ([]memory.Memory, error) { return nil, boom },
		deleteM: func(context.Context) (int64, error) { return 3, nil },
	}
	idx := memoriesOf(t, store)
	w := upkeep.New(upkeep.Options{Store: store, Embedder: fixedEmbedder{}, Memories: idx, Now: clock, MessageRetention: day})
	rep, err := w.RunOnce(t.Context())
	if !errors.Is(err, boom) {
		t.Fatalf("RunOnce = %v, want the store failure", err)
	}
	if rep != (upkeep.Report{Archived: 1, MessagesDeleted: 3}) {
		t.Fatalf("report %+v, want the archived ref counted and retention done", rep)
	}
	if want := []string{"alice/m1"}; !slices.Equal(idx.removedKeys(), want) {
		t.Fatalf("index removals %v, want %v (archived despite the error)", idx.removedKeys(), want)
	}
}

func TestRunOnceWithEndedContext(t *testing.T) {
	s := openStore(t)
	insert(t, s, fact("alice", "old fact", now.Add(-200*day)))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock, MessageRetention: day})
	if _, err := w.RunOnce(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("RunOnce with an ended context = %v, want context.Canceled", err)
	}
}
