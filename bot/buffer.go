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
// lose nothing): in the spool when there is one, so that they outlive a
// crash; in process memory without one or when the spool fails, and
// those go to the spool too when the engine closes.
const (
	// BufferSize bounds the messages held in memory while the store is
	// down (the spool has its own bound); past it Handle reports the
	// failure, so the adapter can retry or log it.
	BufferSize = 1000
	// flushEvery is how often held messages are retried.
	flushEvery = 5 * time.Second
	// noticeEvery is how often a conversation is told that its messages
	// cannot be saved, while they cannot.
	noticeEvery = 15 * time.Minute
)

// Unsaved counts the captured messages that are not in the store.
type Unsaved struct {
	// Spooled messages wait in the spool for the store to take them.
	Spooled int
	// Lost messages could be kept nowhere: they are gone.
	Lost int
}

// captureBuffer holds messages waiting for the store, in arrival order,
// and retries them on a flusher goroutine while any is held.
type captureBuffer struct {
	capture func(ctx context.Context, msg Message) (turn, error)
	work    *workers
	log     *slog.Logger
	spool   Spool // nil: memory only
	now     func() time.Time

	mu      sync.Mutex
	msgs    []Message
	running bool // a flusher is at work
	spooled int  // records in the spool
	lost    int
	told    map[string]time.Time // conversation → last "cannot save" notice
}

// storeDown reports whether err means the store could not be reached or
// failed, rather than refusing this message as invalid.
func storeDown(err error) bool {
	return err != nil && !errors.Is(err, memory.ErrInvalid) && !errors.Is(err, context.Canceled)
}

// hold keeps msg, whose capture failed with err, for later capture, and
// starts the flusher if none runs. With a spool, the message goes there
// (synced to disk, so that a crash while the store is down loses
// nothing); in process memory without one, or when the spool fails, and
// then so do the messages after it until memory is empty again, so that
// the spool always holds the older ones and the replay keeps their
// order. A store that refuses writes is logged as an error: it will not
// mend by itself. It reports false when the message could be kept nowhere
// or the engine no longer takes work (nothing would write the message).
func (b *captureBuffer) hold(ctx context.Context, msg Message, err error) bool {
	if msg.IsCommand() {
		return true // a command is not captured: nothing to keep
	}
	conv := msg.ConversationID()
	readOnly := errors.Is(err, memory.ErrReadOnly)
	// Held under the lock, so that concurrent holds reach the spool in
	// the order they are counted.
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case b.spool != nil && len(b.msgs) == 0:
		serr := b.toSpool(ctx, msg)
		if serr == nil {
			if readOnly {
				b.log.Error("store refuses writes; message kept in the spool", "conversation", conv, "err", err)
			} else {
				b.log.Warn("store unavailable; message kept in the spool", "conversation", conv, "err", err)
			}
			b.spooled++
			return b.ensureFlusher()
		}
		b.log.Error("store unavailable and the spool too; message held in memory", "conversation", conv, "err", err, "spool_err", serr)
	case b.spool != nil:
		b.log.Warn("store unavailable; message held in memory behind earlier ones the spool could not take", "conversation", conv, "err", err)
	case readOnly:
		b.log.Error("store refuses writes; message held in memory", "conversation", conv, "err", err)
	default:
		b.log.Warn("store unavailable; message held in memory", "conversation", conv, "err", err)
	}
	if len(b.msgs) >= BufferSize || !b.ensureFlusher() {
		return false
	}
	b.msgs = append(b.msgs, msg)
	return true
}

// ensureFlusher starts the flusher unless one runs; b.mu is held. It
// reports false when the engine no longer takes work.
func (b *captureBuffer) ensureFlusher() bool {
	if b.running {
		return true
	}
	if !b.work.goIntake(b.flushLoop) {
		return false
	}
	b.running = true
	return true
}

// tell reports whether the conversation should hear now that its messages
// cannot be saved: once per noticeEvery.
func (b *captureBuffer) tell(conversationID string) bool {
	now := b.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.told == nil {
		b.told = make(map[string]time.Time)
	}
	if at, ok := b.told[conversationID]; ok && now.Sub(at) < noticeEvery {
		return false
	}
	if len(b.told) >= BufferSize {
		for id, at := range b.told {
			if now.Sub(at) >= noticeEvery {
				delete(b.told, id)
			}
		}
	}
	b.told[conversationID] = now
	return true
}

// unsaved counts what is not in the store now.
func (b *captureBuffer) unsaved() Unsaved {
	b.mu.Lock()
	defer b.mu.Unlock()
	return Unsaved{Spooled: b.spooled, Lost: b.lost + len(b.msgs)}
}

// flushLoop retries the held messages until they are all captured or the
// engine's context ends. When Close begins it tries at once rather than
// at its next tick, and then moves what is still held in memory to the
// spool and stops; what is still in memory when the context ends is lost,
// and logged.
func (b *captureBuffer) flushLoop(ctx context.Context) {
	t := time.NewTicker(flushEvery)
	defer t.Stop()
	closing := b.work.closing()
	stopping := false
	for {
		if b.flush(ctx) {
			return
		}
		if stopping && b.spill(ctx) {
			return
		}
		select {
		case <-ctx.Done():
			b.mu.Lock()
			lost := len(b.msgs)
			b.lost += lost
			b.msgs = nil
			b.running = false
			b.mu.Unlock()
			if lost > 0 {
				b.log.Error("store still unavailable at shutdown; held messages lost", "messages", lost)
			}
			return
		case <-closing:
			closing, stopping = nil, true
		case <-t.C:
		}
	}
}

// flush captures the spooled and then the held messages in order,
// stopping at the first that still fails. It reports whether nothing is
// left (and the flusher stopped).
func (b *captureBuffer) flush(ctx context.Context) bool {
	if !b.replay(ctx) {
		return false
	}
	for {
		b.mu.Lock()
		if len(b.msgs) == 0 {
			done := b.spooled == 0
			b.running = !done
			b.mu.Unlock()
			return done
		}
		msg := b.msgs[0]
		b.mu.Unlock()
		if ctx.Err() != nil {
			return false
		}
		if !b.captureOne(ctx, msg) {
			return false
		}
		b.mu.Lock()
		b.msgs = b.msgs[1:]
		b.mu.Unlock()
	}
}

// captureOne captures a held message and reports whether it is done with
// (captured, or refused as invalid and dropped).
func (b *captureBuffer) captureOne(ctx context.Context, msg Message) bool {
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	_, err := b.capture(cctx, msg)
	cancel()
	if storeDown(err) || ctx.Err() != nil {
		b.log.Debug("held message still not captured", "conversation", msg.ConversationID(), "err", err)
		return false
	}
	if err != nil {
		b.log.Warn("held message refused by the store; dropped", "conversation", msg.ConversationID(), "err", err)
	}
	return true
}
