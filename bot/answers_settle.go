package bot

import (
	"context"
	"errors"

	"github.com/membot/membot/memory"
)

// answerRef names one entry of the answer queue.
type answerRef struct{ conversationID, platformID string }

// markDone marks the entry done. When the store cannot say (down, or the
// connection reset mid-write) the entry is remembered and marked again
// before this replica renews, takes over or releases entries: left
// pending, it would be renewed by this replica and answered a second
// time by whoever takes it over after a restart. maybeQueued says the
// entry may not exist (its QueueAnswer failed): it is then settled, which
// writes it done when there is none, since a QueueAnswer that failed
// without saying whether it wrote may still land after this mark. A reply that is not nil is captured with the mark, in one call,
// and so is also (the reply's why record) when not nil; a mark made again
// later does not capture them again. It reports whether the call wrote
// everything.
func (q *answerQueue) markDone(ctx context.Context, ref answerRef, how string, maybeQueued bool, reply *memory.Message, also *memory.Setting) bool {
	now := q.now()
	var err error
	switch {
	case reply != nil:
		err = q.store.FinishAnswerWithReply(ctx, ref.conversationID, ref.platformID, q.holder, now, now.Add(answerKeep), reply, also)
	case maybeQueued:
		err = q.store.SettleAnswer(ctx, ref.conversationID, ref.platformID, q.holder, now, now.Add(answerKeep))
	default:
		err = q.store.FinishAnswer(ctx, ref.conversationID, ref.platformID, q.holder, now, now.Add(answerKeep))
	}
	switch {
	case err == nil:
	case errors.Is(err, memory.ErrNotFound), errors.Is(err, memory.ErrConflict), errors.Is(err, context.Canceled):
		q.log.Warn("mark queued answer done", "conversation", ref.conversationID, "message", ref.platformID, "how", how, "err", err)
	default:
		q.log.Warn("mark queued answer done; will retry", "conversation", ref.conversationID, "message", ref.platformID, "how", how, "err", err)
		q.mu.Lock()
		if q.unfinished == nil {
			q.unfinished = make(map[answerRef]string)
		}
		q.unfinished[ref] = how
		q.mu.Unlock()
	}
	return err == nil
}

// settle marks done again the entries answered here whose marking
// failed, and reports whether none is left.
func (q *answerQueue) settle(ctx context.Context) bool {
	q.mu.Lock()
	left := make(map[answerRef]string, len(q.unfinished))
	for ref, how := range q.unfinished {
		left[ref] = how
	}
	q.unfinished = nil
	q.mu.Unlock()
	for ref, how := range left {
		if ctx.Err() != nil {
			q.markLater(ref, how)
			continue
		}
		q.markDone(ctx, ref, how, true, nil, nil)
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.unfinished) == 0
}

// markLater keeps ref for the next settle.
func (q *answerQueue) markLater(ref answerRef, how string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.unfinished == nil {
		q.unfinished = make(map[answerRef]string)
	}
	q.unfinished[ref] = how
}

// answeredHere reports whether ref was answered here and is waiting to be
// marked done: a claim of it is no reason to answer again.
func (q *answerQueue) answeredHere(ref answerRef) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	_, ok := q.unfinished[ref]
	return ok
}
