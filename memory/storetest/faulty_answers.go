package storetest

import (
	"context"
	"time"

	"github.com/membot/membot/memory"
)

// QueueAnswer is memory.Store.QueueAnswer, with faults.
func (f *Faulty) QueueAnswer(ctx context.Context, a memory.Answer) error {
	return f.call("QueueAnswer", func() error { return f.s.QueueAnswer(ctx, a) })
}

// ClaimAnswer is memory.Store.ClaimAnswer, with faults.
func (f *Faulty) ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (a memory.Answer, err error) {
	err = f.call("ClaimAnswer", func() (err error) { a, err = f.s.ClaimAnswer(ctx, q); return })
	return a, err
}

// RenewAnswers is memory.Store.RenewAnswers, with faults.
func (f *Faulty) RenewAnswers(ctx context.Context, holder string, until time.Time) (n int64, err error) {
	err = f.call("RenewAnswers", func() (err error) { n, err = f.s.RenewAnswers(ctx, holder, until); return })
	return n, err
}

// ReleaseAnswers is memory.Store.ReleaseAnswers, with faults.
func (f *Faulty) ReleaseAnswers(ctx context.Context, holder string) (n int64, err error) {
	err = f.call("ReleaseAnswers", func() (err error) { n, err = f.s.ReleaseAnswers(ctx, holder); return })
	return n, err
}

// NoteAnswerReply is memory.Store.NoteAnswerReply, with faults.
func (f *Faulty) NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error {
	return f.call("NoteAnswerReply", func() error {
		return f.s.NoteAnswerReply(ctx, conversationID, platformID, holder, ref)
	})
}

// FinishAnswer is memory.Store.FinishAnswer, with faults.
func (f *Faulty) FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	return f.call("FinishAnswer", func() error {
		return f.s.FinishAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
	})
}

// SettleAnswer is memory.Store.SettleAnswer, with faults.
func (f *Faulty) SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	return f.call("SettleAnswer", func() error {
		return f.s.SettleAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
	})
}

// DropAnswers is memory.Store.DropAnswers, with faults.
func (f *Faulty) DropAnswers(ctx context.Context, personID string) (n int64, err error) {
	err = f.call("DropAnswers", func() (err error) { n, err = f.s.DropAnswers(ctx, personID); return })
	return n, err
}

// PurgeAnswers is memory.Store.PurgeAnswers, with faults.
func (f *Faulty) PurgeAnswers(ctx context.Context, now time.Time) (n int64, err error) {
	err = f.call("PurgeAnswers", func() (err error) { n, err = f.s.PurgeAnswers(ctx, now); return })
	return n, err
}
