package storetest

import (
	"context"
	"errors"
	"time"

	"github.com/membot/membot/memory"
)

// FinishAnswerWithReply is memory.Store.FinishAnswerWithReply, with
// faults. While AppendMessage, PutSetting (with a setting to write) or
// FinishAnswer has faults armed, it runs as those, one after the other (as
// a backend without transactions does), so that a test failing any of
// them fails this call too.
func (f *Faulty) FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message, also *memory.Setting) error {
	return f.call("FinishAnswerWithReply", func() error {
		if !f.armed("AppendMessage") && !f.armed("FinishAnswer") && (also == nil || !f.armed("PutSetting")) {
			return f.s.FinishAnswerWithReply(ctx, conversationID, platformID, holder, at, keepUntil, reply, also)
		}
		if also != nil {
			if err := memory.CheckSetting(*also); err != nil {
				return err
			}
		}
		if err := f.AppendMessage(ctx, reply); err != nil {
			return err
		}
		if also != nil {
			if err := f.PutSetting(ctx, also.Key, also.Value, also.Expires); err != nil {
				return err
			}
		}
		return f.FinishAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
	})
}

// QueueAnswerWithMessage is memory.Store.QueueAnswerWithMessage, with
// faults. While QueueAnswer or AppendMessage has faults armed, it runs as
// those two, one after the other (as a backend without transactions does),
// so that a test failing either fails this call too.
func (f *Faulty) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (queued bool, err error) {
	err = f.call("QueueAnswerWithMessage", func() error {
		if !f.armed("QueueAnswer") && !f.armed("AppendMessage") {
			var err error
			queued, err = f.s.QueueAnswerWithMessage(ctx, a, m)
			return err
		}
		qerr := f.QueueAnswer(ctx, a)
		if qerr != nil && !errors.Is(qerr, memory.ErrConflict) {
			return qerr
		}
		queued = true
		if err := f.AppendMessage(ctx, m); err != nil {
			return err
		}
		return qerr
	})
	return queued, err
}

// armed reports whether method has faults waiting.
func (f *Faulty) armed(method string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	_, always := f.always[method]
	return always || len(f.faults[method]) > 0
}
