package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/subject"
)

// Insert stores a new memory (see memory.Store.InsertMemory) and indexes it.
// When it is active on a subject that holds one value at a time (see
// subject.SingleValued) and another active memory has that subject, all
// but the newer of them are flagged for review (see flagSameSubject).
func (s *Service) Insert(ctx context.Context, m *memory.Memory) error {
	if err := s.insert(ctx, m); err != nil {
		return err
	}
	s.flagSameSubject(ctx, *m)
	return nil
}

// insert is Insert without the review of the subject.
func (s *Service) insert(ctx context.Context, m *memory.Memory) error {
	if err := s.store.InsertMemory(ctx, m); err != nil {
		if uncertain(err) {
			s.unsure(ctx, m.Owner, err)
		}
		return fmt.Errorf("insert memory: %w", err)
	}
	s.patch(ctx, m.Owner, 1, recall.Change{Put: []memory.Memory{*m}})
	return nil
}

// Modify reads owner's memory id, applies fn and writes it back, retrying
// when another writer got there first (memory.ModifyMemory), and patches
// the index. fn may run more than once and must only change the memory.
func (s *Service) Modify(ctx context.Context, owner, id string, fn func(*memory.Memory) error) (memory.Memory, error) {
	var fnErr error
	var before string
	m, err := memory.ModifyMemory(ctx, s.store, owner, id, func(m *memory.Memory) error {
		before = subject.Of(m.Subject)
		fnErr = fn(m)
		return fnErr
	})
	if err != nil {
		if fnErr == nil && uncertain(err) {
			s.unsure(ctx, owner, err)
		}
		return memory.Memory{}, err
	}
	s.patch(ctx, owner, 1, recall.Change{Put: []memory.Memory{m}})
	// A change that moves a memory onto a single-valued subject is
	// checked as an insert is; one that keeps its subject is not, so a
	// person's "keep both" after a review stands.
	if subject.Of(m.Subject) != before {
		s.flagSameSubject(ctx, m)
	}
	return m, nil
}

// errReplaced ends the marking of a target that another writer superseded
// first.
var errReplaced = errors.New("superseded memory changed meanwhile")

// Supersede stores replacement as the new version of owner's memory
// targetID and marks the target superseded, linking both ways and keeping
// the target's text in its history with reason. The replacement is
// written first, so a failure never leaves the old memory pointing at
// nothing. When the target was superseded or deleted meanwhile, the
// replacement stays on its own, unlinked, and linked is false.
func (s *Service) Supersede(ctx context.Context, owner, targetID string, replacement *memory.Memory, reason string) (linked bool, err error) {
	replacement.Supersedes = targetID
	// The target is marked below, and a reconciler retires further
	// memories the change ends after: none of them is flagged meanwhile.
	if err := s.insert(ctx, replacement); err != nil {
		return false, err
	}
	now := s.now()
	_, err = s.Modify(ctx, owner, targetID, func(m *memory.Memory) error {
		if m.Status == memory.StatusSuperseded {
			return errReplaced
		}
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Reason: reason, Action: "supersede", LinkedID: replacement.ID})
		m.Status = memory.StatusSuperseded
		m.SupersededBy = replacement.ID
		m.UpdatedAt = now
		return nil
	})
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, errReplaced) && !errors.Is(err, memory.ErrNotFound) {
		return false, wrap("supersede", targetID, err)
	}
	s.log.Info("superseded memory changed meanwhile; keeping the new one unlinked", "target", targetID)
	unlinked, uerr := s.Modify(ctx, owner, replacement.ID, func(m *memory.Memory) error {
		m.Supersedes = ""
		return nil
	})
	if uerr != nil {
		return false, wrap("unlink", replacement.ID, uerr)
	}
	*replacement = unlinked
	return false, nil
}

// SetEmbedding stores the vector of owner's memory id made from its
// version (see memory.Store.SetEmbedding) and indexes it.
func (s *Service) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	if err := s.store.SetEmbedding(ctx, owner, id, version, e); err != nil {
		if uncertain(err) {
			s.unsure(ctx, owner, err)
		}
		return err
	}
	m, err := s.store.Memory(ctx, owner, id)
	if err != nil {
		s.index.Invalidate(owner)
		return nil // stored; the index reloads it
	}
	s.patch(ctx, owner, 1, recall.Change{Put: []memory.Memory{m}})
	return nil
}

// Touch records that memories were used at t (usage counts feed ranking;
// they are bookkeeping, not content, and move no revision).
func (s *Service) Touch(ctx context.Context, owner string, ids []string, t time.Time) error {
	return s.store.TouchMemories(ctx, owner, ids, t)
}

// Edit replaces the text of owner's memory id with text on its owner's
// word: the old text goes into the history, confidence becomes 1, and
// nothing of the old wording stays searchable or shown (keywords and the
// quoted excerpt go; the vector is made again by upkeep). The text is
// redacted as captured messages are, whoever calls: a person's own words
// never put a secret into a memory.
func (s *Service) Edit(ctx context.Context, owner, id, text string) (memory.Memory, error) {
	text, _ = preprocess.Redact(strings.TrimSpace(text))
	if text == "" {
		return memory.Memory{}, fmt.Errorf("%w: memory text is empty", memory.ErrInvalid)
	}
	if len(text) > memory.MaxMemoryText {
		return memory.Memory{}, fmt.Errorf("%w: memory text is %d bytes, over %d", memory.ErrInvalid, len(text), memory.MaxMemoryText)
	}
	now := s.now()
	m, err := s.Modify(ctx, owner, id, func(m *memory.Memory) error {
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Action: "edit", Reason: "edited by its owner"})
		m.Text = text
		m.UpdatedAt = now
		m.Confidence = 1
		m.Keywords = nil
		m.Source.Excerpt = ""
		m.Embedding = nil
		return nil
	})
	if err != nil {
		return memory.Memory{}, wrap("edit", id, err)
	}
	return m, nil
}
