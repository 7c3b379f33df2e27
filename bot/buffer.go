package bot

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/membot/membot/memory"
)

// Captured messages the store could not take are kept here and written
// when it answers again (DESIGN §7: store down → reply without memories,
// lose nothing).
const (
	// BufferSize bounds the messages held while the store is down; past it
	// Handle reports the failure, so the adapter can retry or log it.
	BufferSize = 1000
	// flushEvery is how often a non-empty buffer is retried.
	flushEvery = 5 * time.Second
)

// captureBuffer holds messages waiting for the store, in arrival order.
type captureBuffer struct {
	mu      sync.Mutex
	msgs    []Message
	running bool
}

// hold buffers msg; it reports false when the buffer is full.
func (b *captureBuffer) hold(msg Message) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.msgs) >= BufferSize {
		return false
	}
	b.msgs = append(b.msgs, msg)
	return true
}

// storeDown reports whether err means the store could not be reached or
// failed, rather than refusing this message as invalid.
func storeDown(err error) bool {
	return err != nil && !errors.Is(err, memory.ErrInvalid) && !errors.Is(err, context.Canceled)
}

// buffer keeps msg for later capture and starts the flusher. It reports
// false when the buffer is full.
func (e *Engine) buffer(msg Message) bool {
	if !e.pending.hold(msg) {
		return false
	}
	e.pending.mu.Lock()
	start := !e.pending.running
	e.pending.running = true
	e.pending.mu.Unlock()
	if start {
		e.goBackground(e.flushLoop)
	}
	return true
}

// flushLoop retries the buffered messages until they are all captured or
// the engine stops; a last attempt runs at Close.
func (e *Engine) flushLoop(ctx context.Context) {
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	for {
		if e.flush(ctx) {
			return
		}
		select {
		case <-ctx.Done():
			e.flush(context.WithoutCancel(ctx))
			return
		case <-t.C:
		}
	}
}

// flush captures buffered messages in order, stopping at the first that
// still fails. It reports whether the buffer is empty (and the flusher
// stopped).
func (e *Engine) flush(ctx context.Context) bool {
	for {
		e.pending.mu.Lock()
		if len(e.pending.msgs) == 0 {
			e.pending.running = false
			e.pending.mu.Unlock()
			return true
		}
		msg := e.pending.msgs[0]
		e.pending.mu.Unlock()
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		_, err := e.capture(cctx, msg)
		cancel()
		if storeDown(err) {
			return false
		}
		if err != nil {
			e.log.Warn("buffered message refused by the store; dropped", "conversation", msg.ConversationID(), "err", err)
		}
		e.pending.mu.Lock()
		e.pending.msgs = e.pending.msgs[1:]
		e.pending.mu.Unlock()
	}
}
