package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// msgCannotSave tells a conversation that what it says is not saved now.
var msgCannotSave = phrase{"I can't save messages right now, so I may not remember this conversation later. I'll keep trying.", "我现在无法保存消息，之后可能记不住这段对话。我会继续尝试。"}

// toSpool writes msg, with its text redacted as capture would store it,
// to the spool.
func (b *captureBuffer) toSpool(ctx context.Context, msg Message) error {
	msg.Text, _ = clean(msg.Text)
	rec, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode message for the spool: %w", err)
	}
	return b.spool.Append(ctx, rec)
}

// resume counts what an earlier process left in the spool (also one that
// crashed while the store was down) and starts replaying it into the
// store.
func (b *captureBuffer) resume(ctx context.Context) {
	if b.spool == nil {
		return
	}
	// Counted under the lock, so that a message spooled meanwhile is
	// counted once.
	b.mu.Lock()
	defer b.mu.Unlock()
	recs, err := b.spool.Records(ctx)
	if err != nil {
		b.log.Error("read the spool of unsaved messages", "err", err)
		return
	}
	if len(recs) == 0 {
		return
	}
	b.log.Info("replaying messages an earlier run could not save", "messages", len(recs))
	b.spooled = len(recs)
	b.ensureFlusher()
}

// replay captures the spooled messages in order, stopping at the first
// the store still refuses, and drops from the spool those it took. It
// reports whether the spool is empty. A message captured but not yet
// dropped (a crash between the two) is captured again under the same
// platform id, which the store takes once.
func (b *captureBuffer) replay(ctx context.Context) bool {
	b.mu.Lock()
	empty := b.spool == nil || b.spooled == 0
	b.mu.Unlock()
	if empty {
		return true
	}
	recs, err := b.spool.Records(ctx)
	if err != nil {
		b.log.Error("read the spool of unsaved messages", "err", err)
		return false
	}
	done := 0
	for _, rec := range recs {
		var msg Message
		if err := json.Unmarshal(rec, &msg); err != nil {
			b.log.Error("unreadable message in the spool; dropped", "err", err)
			b.mu.Lock()
			b.lost++
			b.mu.Unlock()
		} else if ctx.Err() != nil || !b.captureOne(ctx, msg) {
			break
		}
		done++
	}
	if done > 0 {
		dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := b.spool.Drop(dctx, done); err != nil {
			b.log.Error("drop replayed messages from the spool", "err", err)
			return false
		}
		b.mu.Lock()
		b.spooled -= done
		b.mu.Unlock()
		b.log.Info("messages from the spool saved", "messages", done)
	}
	return done == len(recs)
}

// spill moves the messages held in memory to the spool, at shutdown, so
// that the next start saves them. It reports whether none is left in
// memory (and the flusher stopped).
func (b *captureBuffer) spill(ctx context.Context) bool {
	if b.spool == nil {
		return false
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	b.mu.Lock()
	defer b.mu.Unlock()
	moved := 0
	for len(b.msgs) > 0 {
		if err := b.toSpool(sctx, b.msgs[0]); err != nil {
			b.log.Error("keep held messages in the spool at shutdown", "messages", len(b.msgs), "err", err)
			return false
		}
		b.msgs = b.msgs[1:]
		b.spooled++
		moved++
	}
	if moved > 0 {
		b.log.Warn("store unavailable at shutdown; held messages kept in the spool for the next start", "messages", moved)
	}
	b.running = false
	return true
}
