package observe

import (
	"context"
	"time"

	"github.com/membot/membot/memory"
)

// The methods of memory.Store that replicas share state through (counters,
// leases, the message an answer is written into), counted like the others
// (store_methods.go).

// AddCount is memory.Store.AddCount, counted.
func (s *Store) AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error) {
	o := s.begin("AddCount")
	r, err := s.s.AddCount(ctx, key, delta, now, expires)
	o.end(err)
	return r, err
}

// Count is memory.Store.Count, counted.
func (s *Store) Count(ctx context.Context, key string, now time.Time) (int64, error) {
	o := s.begin("Count")
	r, err := s.s.Count(ctx, key, now)
	o.end(err)
	return r, err
}

// AcquireLease is memory.Store.AcquireLease, counted.
func (s *Store) AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error) {
	o := s.begin("AcquireLease")
	r, err := s.s.AcquireLease(ctx, q)
	o.end(err)
	return r, err
}

// ReleaseLease is memory.Store.ReleaseLease, counted.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	o := s.begin("ReleaseLease")
	err := s.s.ReleaseLease(ctx, name, holder)
	o.end(err)
	return err
}

// Leases is memory.Store.Leases, counted.
func (s *Store) Leases(ctx context.Context, prefix string, now time.Time) ([]memory.Lease, error) {
	o := s.begin("Leases")
	r, err := s.s.Leases(ctx, prefix, now)
	o.end(err)
	return r, err
}

// NoteAnswerReply is memory.Store.NoteAnswerReply, counted.
func (s *Store) NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error {
	o := s.begin("NoteAnswerReply")
	err := s.s.NoteAnswerReply(ctx, conversationID, platformID, holder, ref)
	o.end(err)
	return err
}

// QueueAnswerWithMessage is memory.Store.QueueAnswerWithMessage, counted.
func (s *Store) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (bool, error) {
	o := s.begin("QueueAnswerWithMessage")
	r, err := s.s.QueueAnswerWithMessage(ctx, a, m)
	o.end(err)
	return r, err
}

// FinishAnswerWithReply is memory.Store.FinishAnswerWithReply, counted.
func (s *Store) FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message, also *memory.Setting) error {
	o := s.begin("FinishAnswerWithReply")
	err := s.s.FinishAnswerWithReply(ctx, conversationID, platformID, holder, at, keepUntil, reply, also)
	o.end(err)
	return err
}
