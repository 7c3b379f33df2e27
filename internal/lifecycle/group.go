// Package lifecycle holds the one piece every long-lived part of membot
// shares: a group of goroutines that live under a context derived from
// the one given to Start, and that Stop cancels and waits for, never
// longer than its own context allows.
package lifecycle

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Errors of a group's life, checked with errors.Is.
var (
	// ErrStarted: Start was called a second time.
	ErrStarted = errors.New("already started")
	// ErrStopped: Start was called after Stop or Drain.
	ErrStopped = errors.New("already stopped")
)

// Group owns a set of goroutines. The zero value is idle: Go refuses work
// until Start. Start derives the goroutines' context from its own; Drain
// and Stop refuse new goroutines and wait for the running ones, bounded by
// the context they are given. A Group is safe for concurrent use and is
// not reusable once stopped.
type Group struct {
	mu      sync.Mutex
	started bool
	stopped bool
	ctx     context.Context
	cancel  context.CancelFunc
	// running counts the goroutines; idle is closed once the group is
	// stopping and running is zero.
	running int
	idle    chan struct{}
}

// Start makes the group run goroutines under a context derived from ctx.
// It fails with ErrStarted when called twice and ErrStopped after Stop.
func (g *Group) Start(ctx context.Context) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.stopped:
		return ErrStopped
	case g.started:
		return ErrStarted
	}
	g.ctx, g.cancel = context.WithCancel(ctx)
	g.started = true
	g.idle = make(chan struct{})
	return nil
}

// Go runs fn in a goroutine the group waits for, with the group's
// context. It reports false, and runs nothing, before Start and once the
// group is draining or stopped.
func (g *Group) Go(fn func(ctx context.Context)) bool {
	g.mu.Lock()
	if !g.started || g.stopped {
		g.mu.Unlock()
		return false
	}
	g.running++
	ctx := g.ctx
	g.mu.Unlock()
	go func() {
		defer g.done()
		fn(ctx)
	}()
	return true
}

// done records the end of one goroutine.
func (g *Group) done() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.running--
	if g.stopped && g.running == 0 {
		close(g.idle)
	}
}

// Running reports whether the group has started and not begun stopping.
func (g *Group) Running() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.started && !g.stopped
}

// Drain refuses new goroutines and waits for the running ones to return
// by themselves. When ctx ends first, it cancels them and returns ctx's
// error at once; a later Drain or Stop waits for them again.
func (g *Group) Drain(ctx context.Context) error {
	return g.stop(ctx, false)
}

// Stop refuses new goroutines, cancels the group's context and waits for
// the goroutines to return, never longer than ctx allows: when ctx ends
// first it returns ctx's error, and a later Stop waits again. Stop may be
// called more than once, and before or without Start.
func (g *Group) Stop(ctx context.Context) error {
	return g.stop(ctx, true)
}

func (g *Group) stop(ctx context.Context, cancelFirst bool) error {
	g.mu.Lock()
	if g.started && !g.stopped && g.running == 0 {
		close(g.idle)
	}
	g.stopped = true
	cancel, idle := g.cancel, g.idle
	g.mu.Unlock()
	if cancel == nil {
		return nil
	}
	if cancelFirst {
		cancel()
	}
	select {
	case <-idle:
		cancel()
		return nil
	default:
	}
	select {
	case <-idle:
		cancel()
		return nil
	case <-ctx.Done():
		cancel()
		return fmt.Errorf("goroutines still running: %w", ctx.Err())
	}
}
