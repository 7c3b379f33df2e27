package bot

import (
	"context"
	"errors"
	"time"

	"github.com/membot/membot/memory"
)

const (
	// noteReplyTimeout bounds recording an answer's message: the stream
	// waits for it, and a reply not recorded only risks a second message
	// after a crash.
	noteReplyTimeout = 2 * time.Second
	// storedReplyLookback is how many of a conversation's latest messages
	// a resumed answer searches for its captured reply.
	storedReplyLookback = 50
)

// trackReply has a responder that can name its messages report the first
// one it creates for msg's answer, which is then recorded in the answer
// queue: a replica taking the entry over finishes the answer in it. One
// store write per answered message, made while the model streams.
func (q *answerQueue) trackReply(ctx context.Context, msg Message, r Responder) {
	rt, ok := r.(ReplyTracker)
	if q == nil || !ok {
		return
	}
	conv, key := msg.ConversationID(), answerKey(msg)
	rt.OnFirstMessage(func(id string) {
		nctx, cancel := context.WithTimeout(ctx, noteReplyTimeout)
		defer cancel()
		err := q.store.NoteAnswerReply(nctx, conv, key, q.holder, id)
		switch {
		case err == nil:
		case errors.Is(err, memory.ErrNotFound):
			// Not queued durably (or dropped by an erasure): nothing to
			// record it in.
			q.log.Debug("reply message not recorded: no queued answer", "conversation", conv, "message", msg.ID)
		default:
			q.log.Warn("record the reply message of a queued answer", "conversation", conv, "message", msg.ID, "err", err)
		}
	})
}

// resumeAnswer answers a message taken over from the answer queue, whose
// answer the replica that died was writing into message ref ("" when none
// was recorded). An answer kept undelivered from an earlier message goes
// first, in a message of its own; then the answer goes into ref. A reply
// already captured means it was delivered (or kept undelivered, for the
// person's next message): a durable answer's reply is captured only after
// its delivery, with the mark that the entry is done (FinishAnswerWithReply),
// so finding it says only the mark was lost, and nothing is sent again.
func (e *Engine) resumeAnswer(ref string) func(context.Context, turn, Responder) {
	return func(ctx context.Context, t turn, r Responder) {
		if e.answeredBefore(ctx, t) {
			e.base.log.Info("answer delivered before a restart; marking it done", "conversation", t.conv.ID, "message", t.msg.ID)
			return
		}
		e.deliver.offer(ctx, t, r, e.base.say(e.base.language(t), msgUndelivered))
		if rt, ok := r.(ReplyTracker); ok && ref != "" {
			rt.ResumeInto(ref)
		}
		e.answer(ctx, t, r)
	}
}

// answeredBefore reports whether the reply to t's message is captured.
func (e *Engine) answeredBefore(ctx context.Context, t turn) bool {
	if t.msg.ID == "" || t.msg.IsCommand() {
		return false
	}
	msgs, err := e.msgs.RecentMessages(ctx, t.msg.ConversationID(), storedReplyLookback)
	if err != nil {
		e.base.log.Warn("look for a captured reply; answering again", "conversation", t.conv.ID, "err", err)
		return false
	}
	want := memory.ReplyPlatformID(t.msg.ID)
	for _, m := range msgs {
		if m.PlatformID == want && m.Role == memory.RoleAssistant {
			return true
		}
	}
	return false
}
