package bot

import (
	"context"
	"errors"

	"github.com/membot/membot/memory"
)

// intakeAnswer decides, as a message is captured, whether it gets an
// answer, and queues that answer in the store with the message (in the
// same store call), or alone for a message that is not captured.
type intakeAnswer struct {
	e     *Engine
	msg   Message
	admit admission
	ran   bool
	// answer: the message gets an answer (addressed, within the limit,
	// not a redelivery); durable: its entry is in the store; fresh: it is
	// answered rather than noticed.
	answer, durable, fresh bool
}

// queueAnswer prepares the answer decision for msg, admitted as admit.
func (e *Engine) queueAnswer(msg Message, admit admission) *intakeAnswer {
	return &intakeAnswer{e: e, msg: msg, admit: admit}
}

// decide makes the decision the first time it is called, with the person
// and conversation known, and returns the queue entry to write when the
// answer goes through the durable queue.
func (ia *intakeAnswer) decide(t turn) (memory.Answer, bool) {
	if ia.ran {
		return memory.Answer{}, false
	}
	ia.ran = true
	e, msg := ia.e, ia.msg
	if !msg.Addressed || ia.admit == admitCapture {
		return memory.Answer{}, false
	}
	if msg.ID != "" && !e.answered.add(msg.ConversationID()+"\x00"+msg.ID) {
		return memory.Answer{}, false // answered here already
	}
	ia.answer, ia.fresh = true, true
	if e.queue == nil {
		return memory.Answer{}, false
	}
	a, err := e.queue.entry(t)
	if err != nil {
		e.base.log.Warn("answer not queued durably", "conversation", msg.ConversationID(), "err", err)
		return memory.Answer{}, false
	}
	return a, true
}

// queueAlone makes the decision for a message that is not persisted (a
// command, a person with memory off, a store that is down) and queues its
// entry alone. It never fails the capture: an entry that cannot be queued
// leaves the answer to this process alone. A nil intakeAnswer does
// nothing.
func (ia *intakeAnswer) queueAlone(ctx context.Context, t turn) {
	if ia == nil {
		return
	}
	a, ok := ia.decide(t)
	if !ok {
		return
	}
	err := ia.e.queue.store.QueueAnswer(ctx, a)
	switch {
	case err == nil:
		ia.queued()
	case errors.Is(err, memory.ErrConflict):
		ia.redelivered()
	default:
		ia.e.base.log.Warn("answer not queued durably", "conversation", ia.msg.ConversationID(), "err", err)
	}
}

// persist captures m, the message of t, with its queue entry when it gets
// one, in one store call. An entry in the store with the message not
// captured fails the capture but leaves the message to the entry, which
// restores and answers it at the next run; an entry that cannot be queued
// leaves the answer to this process alone, and the message is captured on
// its own. A nil intakeAnswer only captures.
func (ia *intakeAnswer) persist(ctx context.Context, t turn, log MessageLog, m *memory.Message) error {
	if ia == nil {
		return log.AppendMessage(ctx, m)
	}
	a, ok := ia.decide(t)
	if !ok {
		return log.AppendMessage(ctx, m)
	}
	queued, err := ia.e.queue.store.QueueAnswerWithMessage(ctx, a, m)
	switch {
	case err == nil:
		ia.queued()
		return nil
	case errors.Is(err, memory.ErrConflict):
		ia.redelivered() // and captured, as the first delivery was
		return nil
	case queued:
		ia.durable = true
		return err
	}
	ia.e.base.log.Warn("answer not queued durably", "conversation", ia.msg.ConversationID(), "err", err)
	return log.AppendMessage(ctx, m)
}

// queued records that the message's entry is in the store.
func (ia *intakeAnswer) queued() {
	ia.durable, ia.fresh = true, ia.e.queue.isFresh(ia.msg.Time)
}

// redelivered records that the message was queued before, here or
// elsewhere, and is answered there.
func (ia *intakeAnswer) redelivered() { ia.answer = false }
