package upkeep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/internal/lifecycle"
)

// Errors of the worker's life cycle, checked with errors.Is.
var (
	// ErrClosed: the worker was closed and cannot start again.
	ErrClosed = errors.New("upkeep worker closed")
	// ErrStarted: Start was called twice.
	ErrStarted = errors.New("upkeep worker already started")
	// ErrNoStore: the worker was built without a Store or Memories.
	ErrNoStore = errors.New("upkeep worker has no store or memory service")
)

// Worker archives stale memories, back-fills embeddings and applies message
// retention, in passes run by its own goroutine (Start) or on demand
// (RunOnce). Passes never overlap. Worker is safe for concurrent use.
type Worker struct {
	opts Options
	log  *slog.Logger
	// sem holds the right to run a pass; it also guards skip.
	sem   chan struct{}
	skip  skipList
	group lifecycle.Group
}

// New returns a worker configured by opts, with defaults for the zero
// fields. It starts nothing; see Start and RunOnce.
func New(opts Options) *Worker {
	opts = opts.withDefaults()
	return &Worker{
		opts: opts,
		log:  opts.Logger.With(slog.String("component", "upkeep")),
		sem:  make(chan struct{}, 1),
	}
}

// Start runs a pass at once and then one every Interval, in a goroutine
// whose context is derived from ctx and that lives until ctx ends or Close
// is called. With Options.Leases only the replica holding the upkeep lease
// runs them; the others look again every Interval and take over once its
// holder lets it go (Close) or lets it lapse (it crashed or hangs). It fails with ErrStarted when called twice, ErrClosed after
// Close and ErrNoStore without a store.
func (w *Worker) Start(ctx context.Context) error {
	if w.opts.Store == nil || w.opts.Memories == nil {
		return fmt.Errorf("start upkeep: %w", ErrNoStore)
	}
	if w.opts.Leases != nil && w.opts.Holder == "" {
		return errors.New("start upkeep: leases need a holder name")
	}
	switch err := w.group.Start(ctx); {
	case errors.Is(err, lifecycle.ErrStopped):
		return fmt.Errorf("start upkeep: %w", ErrClosed)
	case errors.Is(err, lifecycle.ErrStarted):
		return fmt.Errorf("start upkeep: %w", ErrStarted)
	case err != nil:
		return fmt.Errorf("start upkeep: %w", err)
	}
	w.group.Go(w.loop)
	w.log.InfoContext(ctx, "upkeep started",
		slog.Duration("interval", w.opts.Interval),
		slog.Duration("archive_after", w.opts.ArchiveAfter),
		slog.Duration("message_retention", w.opts.MessageRetention))
	return nil
}

// loop runs the scheduled passes until ctx ends.
func (w *Worker) loop(ctx context.Context) {
	tick := time.NewTicker(w.opts.Interval)
	defer tick.Stop()
	u := &upkeepLease{w: w}
	defer u.release(ctx)
	for {
		rep, err := w.scheduled(ctx, u)
		if ctx.Err() != nil {
			// Stopped mid-pass: what was done is in the store, and the
			// error only says the pass was cut short.
			return
		}
		if err != nil {
			w.log.WarnContext(ctx, "upkeep pass failed", slog.Any("err", err))
		}
		if w.opts.OnPass != nil {
			w.opts.OnPass(rep, err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Close stops the scheduled passes and waits for a running one to end,
// which it cuts short; it gives up waiting when ctx ends (a later Close
// waits again). Close may be called more than once, and before or without
// Start.
func (w *Worker) Close(ctx context.Context) error {
	if err := w.group.Stop(ctx); err != nil {
		return fmt.Errorf("stop upkeep: wait for the running pass: %w", err)
	}
	return nil
}

// scheduled runs a scheduled pass when this replica holds the upkeep
// lease; otherwise the report says the pass ran elsewhere.
func (w *Worker) scheduled(ctx context.Context, u *upkeepLease) (Report, error) {
	if !u.mine(ctx) {
		return Report{Elsewhere: true}, nil
	}
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return Report{}, fmt.Errorf("run upkeep: wait for the running pass: %w", ctx.Err())
	}
	defer func() { <-w.sem }()
	return w.pass(ctx, u)
}

// RunOnce runs one pass now and returns what it did; it waits for a pass
// already under way to end first. Steps that fail do not stop the others:
// the error joins their failures, and the report counts what was done all
// the same. An embedding service failure is not an error (it is logged,
// and back-fill resumes on a later pass).
func (w *Worker) RunOnce(ctx context.Context) (Report, error) {
	if w.opts.Store == nil || w.opts.Memories == nil {
		return Report{}, fmt.Errorf("run upkeep: %w", ErrNoStore)
	}
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return Report{}, fmt.Errorf("run upkeep: wait for the running pass: %w", ctx.Err())
	}
	defer func() { <-w.sem }()
	return w.pass(ctx, nil)
}
