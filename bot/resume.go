package bot

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
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
// first, in a message of its own; then the answer goes into ref. When the
// replica that died had finished the answer (the reply is captured), that
// reply is delivered without asking the model again; otherwise the message
// is answered anew.
func (e *Engine) resumeAnswer(ref string) func(context.Context, turn, Responder) {
	return func(ctx context.Context, t turn, r Responder) {
		e.deliver.offer(ctx, t, r, e.base.say(e.base.language(t), msgUndelivered))
		if rt, ok := r.(ReplyTracker); ok && ref != "" {
			rt.ResumeInto(ref)
		}
		text, ok := e.storedReply(ctx, t)
		if !ok {
			e.answer(ctx, t, r)
			return
		}
		e.base.log.Info("delivering a reply captured before a restart", "conversation", t.conv.ID, "message", t.msg.ID)
		e.queue.trackReply(ctx, t.msg, r)
		reply := Reply{Text: text}
		if !e.deliver.send(ctx, t, r, reply) {
			e.deliver.keep(ctx, t, reply)
		}
	}
}

// storedReply returns the captured reply to t's message, when it can be
// delivered as it is. The log keeps replies redacted (personal data and
// secrets replaced by placeholders, cut to preprocess.MaxTextRunes): a
// reply that redaction changed is not what the model wrote, and showing
// placeholders in place of what the person was shown streaming would be
// wrong, so such a reply is generated again instead.
func (e *Engine) storedReply(ctx context.Context, t turn) (string, bool) {
	if t.msg.ID == "" || t.msg.IsCommand() {
		return "", false
	}
	msgs, err := e.msgs.RecentMessages(ctx, t.msg.ConversationID(), storedReplyLookback)
	if err != nil {
		e.base.log.Warn("look for a captured reply; answering again", "conversation", t.conv.ID, "err", err)
		return "", false
	}
	want := memory.ReplyPlatformID(t.msg.ID)
	for _, m := range msgs {
		if m.PlatformID != want || m.Role != memory.RoleAssistant {
			continue
		}
		if !verbatim(m.Text) {
			e.base.log.Info("captured reply was redacted; answering again", "conversation", t.conv.ID, "message", t.msg.ID)
			return "", false
		}
		return m.Text, true
	}
	return "", false
}

// verbatim reports whether a captured reply is, as far as can be told,
// what the model wrote: not cut, and holding no redaction placeholder.
func verbatim(stored string) bool {
	if strings.TrimSpace(stored) == "" || utf8.RuneCountInString(stored) >= preprocess.MaxTextRunes {
		return false
	}
	for _, k := range preprocess.Kinds() {
		if strings.Contains(stored, k.Placeholder()) {
			return false
		}
	}
	return true
}
