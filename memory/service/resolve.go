package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// ReviewedAction is the history action of a memory its owner resolved
// after a review.
const ReviewedAction = "reviewed"

// Resolution is the owner's answer about a memory awaiting review.
type Resolution string

// The answers to a review: keep this memory (the other is superseded by
// it), keep the other (this one is superseded by it), keep both (this one
// becomes active again), or merge the two into a text of the owner's.
const (
	KeepThis  Resolution = "keep_this"
	KeepOther Resolution = "keep_other"
	KeepBoth  Resolution = "keep_both"
	MergeBoth Resolution = "merge"
)

// Valid reports whether r is one of the known answers.
func (r Resolution) Valid() bool {
	switch r {
	case KeepThis, KeepOther, KeepBoth, MergeBoth:
		return true
	}
	return false
}

// Counterpart finds the memory m was set aside against: the newer memory
// its review names while that one is active, else the nearest active
// memory on its subject or like it (as reconciliation finds neighbours).
// It is nil when there is none.
func (s *Service) Counterpart(ctx context.Context, m memory.Memory) (*memory.Memory, error) {
	for i := len(m.History) - 1; i >= 0; i-- {
		v := m.History[i]
		if v.Action != ReviewAction || v.LinkedID == "" {
			continue
		}
		o, err := s.store.Memory(ctx, m.Owner, v.LinkedID)
		if err == nil && o.Status == memory.StatusActive {
			return &o, nil
		}
		if err != nil && !errors.Is(err, memory.ErrNotFound) {
			return nil, wrap("read the counterpart of", m.ID, err)
		}
		break
	}
	near, err := s.Similar(ctx, m.Owner, m.Text, m.Subject, nil, 5)
	if err != nil {
		return nil, err
	}
	var best *memory.Memory
	key := subject.Of(m.Subject)
	for i := range near {
		o := near[i]
		if o.ID == m.ID || o.Status != memory.StatusActive {
			continue
		}
		if key != "" && subject.Of(o.Subject) == key {
			return &o, nil
		}
		if best == nil {
			best = &o
		}
	}
	return best, nil
}

// Resolve carries out the owner's answer r about owner's memory id, set
// aside for review against the memory otherID ("" when there is none):
//
//   - KeepThis makes id active and marks otherID superseded by it;
//   - KeepOther marks id superseded by otherID;
//   - KeepBoth makes id active again;
//   - MergeBoth puts text (already redacted by the caller) in otherID and
//     marks id superseded by it, or, without another memory, edits id.
//
// Every change keeps the replaced text in the history. KeepOther without
// another memory, an unknown answer, or a merge without text or with text
// over memory.MaxMemoryText is memory.ErrInvalid; an id or otherID that is
// not owner's is memory.ErrNotFound.
func (s *Service) Resolve(ctx context.Context, owner, id string, r Resolution, otherID, text string) error {
	if !r.Valid() {
		return fmt.Errorf("%w: review answer %q", memory.ErrInvalid, r)
	}
	if otherID == id {
		otherID = ""
	}
	if otherID != "" {
		if _, err := s.store.Memory(ctx, owner, otherID); err != nil {
			return wrap("resolve the review of", id, err)
		}
	}
	switch r {
	case KeepThis:
		if err := s.activate(ctx, owner, id, "kept by its owner on review"); err != nil {
			return err
		}
		if otherID == "" {
			return nil
		}
		return s.retire(ctx, owner, otherID, id, "its owner kept a newer memory on review")
	case KeepOther:
		if otherID == "" {
			return fmt.Errorf("%w: no other memory to keep", memory.ErrInvalid)
		}
		return s.retire(ctx, owner, id, otherID, "its owner kept the other memory on review")
	case KeepBoth:
		return s.activate(ctx, owner, id, "kept by its owner beside the other memory")
	}
	if text == "" || len(text) > memory.MaxMemoryText {
		return fmt.Errorf("%w: a merge needs a text of 1 to %d bytes", memory.ErrInvalid, memory.MaxMemoryText)
	}
	if otherID == "" {
		if _, err := s.Edit(ctx, owner, id, text); err != nil {
			return fmt.Errorf("merge into %s: %w", id, err)
		}
		return s.activate(ctx, owner, id, "merged by its owner on review")
	}
	if _, err := s.Edit(ctx, owner, otherID, text); err != nil {
		return fmt.Errorf("merge into %s: %w", otherID, err)
	}
	return s.retire(ctx, owner, id, otherID, "merged by its owner into the other memory")
}

// activate makes owner's memory id active again, saying why in its
// history.
func (s *Service) activate(ctx context.Context, owner, id, reason string) error {
	now := s.now()
	_, err := s.Modify(ctx, owner, id, func(x *memory.Memory) error {
		x.AddVersion(memory.Version{Text: x.Text, Time: now, Action: ReviewedAction, Reason: reason})
		x.Status = memory.StatusActive
		x.UpdatedAt = now
		return nil
	})
	if err != nil {
		return wrap("keep", id, err)
	}
	return nil
}

// retire marks owner's memory id superseded by the memory by, keeping its
// text in its history as a supersession does, and links by back to it.
func (s *Service) retire(ctx context.Context, owner, id, by, reason string) error {
	now := s.now()
	_, err := s.Modify(ctx, owner, id, func(x *memory.Memory) error {
		x.AddVersion(memory.Version{Text: x.Text, Time: now, Action: "supersede", LinkedID: by, Reason: reason})
		x.Status = memory.StatusSuperseded
		x.SupersededBy = by
		x.UpdatedAt = now
		return nil
	})
	if err != nil {
		return wrap("retire", id, err)
	}
	if _, err := s.Modify(ctx, owner, by, func(x *memory.Memory) error {
		if x.Supersedes != "" {
			return errNotChanged
		}
		x.Supersedes = id
		return nil
	}); err != nil && !errors.Is(err, errNotChanged) {
		return fmt.Errorf("link %s to %s: %w", by, id, err)
	}
	return nil
}
