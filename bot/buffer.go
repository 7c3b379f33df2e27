package bot

import (
	"context"
	"errors"
	"log/slog"
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

// captureBuffer holds messages waiting for the store, in arrival order,
// and retries them on a flusher goroutine while it is not empty.
type captureBuffer struct {
	capture func(ctx context.Context, msg Message) (turn, error)
	work    *workers
	log     *slog.Logger

	mu      sync.Mutex
	msgs    []Message
	running bool // a flusher is at work
}

// storeDown reports whether err means the store could not be reached or
// failed, rather than refusing this message as invalid.
func storeDown(err error) bool {
	return err != nil && !errors.Is(err, memory.ErrInvalid) && !errors.Is(err, context.Canceled)
}

// hold keeps msg for later capture, starting the flusher if none runs. It
// reports false when the buffer is full or the engine no longer takes
// work (nothing would write the message).
func (b *captureBuffer) hold(msg Message) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.msgs) >= BufferSize {
		return false
	}
	if !b.running {
		if !b.work.goIntake(b.flushLoop) {
			return false
		}
		b.running = true
	}
	b.msgs = append(b.msgs, msg)
	return true
}

// flushLoop retries the buffered messages until they are all captured or
// the engine's context ends. When Close begins it tries at once rather
// than at its next tick; what is still buffered when the context ends is
// lost, and logged.
func (b *captureBuffer) flushLoop(ctx context.Context) {
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	closing := b.work.closing()
	for {
		if b.flush(ctx) {
			return
		}
		select {
		case <-ctx.Done():
			b.mu.Lock()
			lost := len(b.msgs)
			b.running = false
			b.mu.Unlock()
			b.log.Error("store still unavailable at shutdown; buffered messages lost", "messages", lost)
			return
		case <-closing:
			closing = nil
		case <-t.C:
		}
	}
}

// flush captures buffered messages in order, stopping at the first that
// still fails. It reports whether the buffer is empty (and the flusher
// stopped).
func (b *captureBuffer) flush(ctx context.Context) bool {
	for {
		b.mu.Lock()
		if len(b.msgs) == 0 {
			b.running = false
			b.mu.Unlock()
			return true
		}
		msg := b.msgs[0]
		b.mu.Unlock()
		if ctx.Err() != nil {
			return false
		}
		cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		_, err := b.capture(cctx, msg)
		cancel()
		if storeDown(err) || ctx.Err() != nil {
			return false
		}
		if err != nil {
			b.log.Warn("buffered message refused by the store; dropped", "conversation", msg.ConversationID(), "err", err)
		}
		b.mu.Lock()
		b.msgs = b.msgs[1:]
		b.mu.Unlock()
	}
}
