package service

import (
	"context"
	"errors"
	"slices"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/subject"
)

// ReviewAction is the history action of a memory set aside for its
// owner's review because a newer memory states another value of its
// single-valued subject.
const ReviewAction = "review"

// flagSameSubject sets aside for review the active memories of m's owner
// that share m's single-valued subject, all but the newest (recall.Newer):
// "works at Acme" and, stored later without superseding it, "works at
// Globex" cannot both be true, and the owner should say which one stands.
// Recall already injects only the newest; the flag makes the older one
// show as awaiting review in the owner's list and keeps it out of recall
// for good. The memories are found in the recall index, never by listing
// the store. A failure is logged: the memory m stays stored either way.
func (s *Service) flagSameSubject(ctx context.Context, m memory.Memory) {
	if m.Status != memory.StatusActive || m.Owner == "" || !m.HoldsValue() {
		return
	}
	key := subject.Of(m.Subject)
	if !subject.SingleValued(key) {
		return
	}
	same, err := s.index.BySubject(ctx, m.Owner, func(subj string) bool { return subject.Of(subj) == key })
	if err != nil {
		s.log.Warn("find memories on the subject of a new one", "owner", m.Owner, "subject", key, "err", err)
		return
	}
	same = slices.DeleteFunc(same, func(o memory.Memory) bool { return !o.HoldsValue() && o.ID != m.ID })
	if len(same) < 2 {
		return
	}
	newest := &same[0]
	for i := range same {
		if recall.Newer(&same[i], newest) {
			newest = &same[i]
		}
	}
	now := s.now()
	for _, o := range same {
		if o.ID == newest.ID {
			continue
		}
		_, err := s.Modify(ctx, m.Owner, o.ID, func(x *memory.Memory) error {
			if x.Status != memory.StatusActive {
				return errNotChanged
			}
			x.AddVersion(memory.Version{Text: x.Text, Time: now, Action: ReviewAction, LinkedID: newest.ID,
				Reason: "a newer memory states another " + key})
			x.Status = memory.StatusPendingReview
			x.UpdatedAt = now
			return nil
		})
		switch {
		case err == nil:
			s.log.Info("memory set aside for review: a newer one on its subject", "owner", m.Owner, "memory", o.ID, "newer", newest.ID, "subject", key)
		case errors.Is(err, errNotChanged), errors.Is(err, memory.ErrNotFound):
		default:
			s.log.Warn("flag a memory for review", "owner", m.Owner, "memory", o.ID, "err", err)
		}
	}
}
