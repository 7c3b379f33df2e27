package extract

import (
	"context"
	"fmt"
)

// Start runs the scheduler: its extractions live under a context derived
// from ctx. It extracts at once the conversations notified before Start
// and, when Options.Pending is set, those the store says were left
// unextracted by an earlier process (a failure to list them is logged:
// they are picked up by a later Recover or start). It fails with
// ErrStarted when called twice and ErrClosed after Close.
func (s *Scheduler) Start(ctx context.Context) error {
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		return fmt.Errorf("start extraction scheduler: %w", ErrClosed)
	case s.started:
		s.mu.Unlock()
		return fmt.Errorf("start extraction scheduler: %w", ErrStarted)
	}
	if err := s.group.Start(ctx); err != nil {
		s.mu.Unlock()
		return fmt.Errorf("start extraction scheduler: %w", err)
	}
	s.started = true
	for id, st := range s.convs {
		if st.dirty {
			s.startLocked(id, st)
		}
	}
	s.mu.Unlock()
	if s.opts.Pending == nil {
		return nil
	}
	n, err := s.Recover(ctx)
	switch {
	case err != nil:
		s.log.WarnContext(ctx, "recover pending extraction", "err", err)
	case n > 0:
		s.log.InfoContext(ctx, "pending extraction resumed", "conversations", n)
	}
	return nil
}

// Close stops the timers, waits for running extractions and then extracts
// whatever is still pending, all within ctx: when ctx ends first, running
// extractions are cancelled and Close returns ctx's error at once. What it
// cannot finish stays pending in the store (watermarks are only advanced
// after writes) and is picked up at the next start. Close may be called
// more than once (a later call waits for what an earlier one left
// running) and before Start, when it runs nothing.
func (s *Scheduler) Close(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		select {
		case <-s.closeDone:
		case <-ctx.Done():
			return fmt.Errorf("close extraction scheduler: %w", ctx.Err())
		}
		if err := s.group.Stop(ctx); err != nil {
			return fmt.Errorf("close extraction scheduler: %w", err)
		}
		return nil
	}
	s.closed = true
	for _, st := range s.convs {
		s.stopTimer(st)
	}
	s.mu.Unlock()
	defer close(s.closeDone)

	if err := s.group.Drain(ctx); err != nil {
		return fmt.Errorf("close extraction scheduler: running extractions cancelled: %w", err)
	}
	s.mu.Lock()
	var pending []string
	if s.started {
		for id, st := range s.convs {
			if st.dirty {
				pending = append(pending, id)
			}
		}
	}
	s.mu.Unlock()
	for i, id := range pending {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("close extraction scheduler: %d conversations left pending: %w", len(pending)-i, err)
		}
		if _, err := s.runner.Run(ctx, id, RunOptions{}); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("close extraction scheduler: %d conversations left pending: %w", len(pending)-i, ctx.Err())
			}
			s.log.WarnContext(ctx, "extraction at shutdown failed; left pending", "conversation", id, "err", err)
		}
	}
	return nil
}
