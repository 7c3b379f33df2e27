package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/membot/membot/memory"
)

// ArchivePolicy says which active memories leave the active set.
type ArchivePolicy struct {
	// UnusedAfter archives memories neither used, updated nor created for
	// this long; 0 turns the rule off. Temporary memories whose ExpiresAt
	// passed are archived whatever it says.
	UnusedAfter time.Duration
	// KeepLongTerm exempts long-term memories (preferences, traits) from
	// the unused rule: they matter however seldom they come up.
	KeepLongTerm bool
	// BatchSize memories are read and archived at a time (default 200);
	// MaxBatches bounds one call (default 50), the rest waiting for the
	// next.
	BatchSize, MaxBatches int
}

// Archive moves stale memories of every owner out of the active set at
// now: each becomes archived, with its text kept in its history (reason
// memory.ArchiveExpired or memory.ArchiveUnused), through a conditional
// write, so a memory used or edited meanwhile is judged again and kept if
// no longer stale. It returns the memories archived.
func (s *Service) Archive(ctx context.Context, now time.Time, p ArchivePolicy) ([]memory.MemoryRef, error) {
	if p.BatchSize <= 0 {
		p.BatchSize = 200
	}
	if p.MaxBatches <= 0 {
		p.MaxBatches = 50
	}
	q := memory.StaleQuery{ExpiredBefore: now, Expiring: []memory.Lifecycle{memory.LifecycleTemporary}, Limit: p.BatchSize}
	if p.UnusedAfter > 0 {
		q.UnusedBefore = now.Add(-p.UnusedAfter)
		if p.KeepLongTerm {
			q.Exempt = []memory.Lifecycle{memory.LifecycleLongTerm}
		}
	}
	var archived []memory.MemoryRef
	for range p.MaxBatches {
		stale, err := s.store.StaleMemories(ctx, q)
		if err != nil {
			return archived, fmt.Errorf("archive stale memories: %w", err)
		}
		moved := 0
		for _, m := range stale {
			ok, err := s.archiveOne(ctx, m, now, q)
			if err != nil {
				return archived, fmt.Errorf("archive stale memories: %w", err)
			}
			if ok {
				moved++
				archived = append(archived, memory.MemoryRef{Owner: m.Owner, ID: m.ID})
			}
		}
		if len(stale) < p.BatchSize || moved == 0 {
			break
		}
	}
	return archived, nil
}

// archiveOne archives m if it is still stale by q's rules.
func (s *Service) archiveOne(ctx context.Context, m memory.Memory, now time.Time, q memory.StaleQuery) (bool, error) {
	_, err := s.Modify(ctx, m.Owner, m.ID, func(m *memory.Memory) error {
		reason, ok := staleReason(m, q)
		if !ok {
			return errNotChanged
		}
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Reason: reason, Action: memory.ArchiveAction})
		m.Status = memory.StatusArchived
		m.UpdatedAt = now
		return nil
	})
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errNotChanged), errors.Is(err, memory.ErrNotFound):
		return false, nil
	}
	return false, wrap("archive", m.ID, err)
}

// staleReason says why m is stale under q's rules, if it is: the same rules
// the store's StaleMemories selects by.
func staleReason(m *memory.Memory, q memory.StaleQuery) (string, bool) {
	if m.Status != memory.StatusActive {
		return "", false
	}
	if !m.ExpiresAt.IsZero() && m.ExpiresAt.Before(q.ExpiredBefore) && slices.Contains(q.Expiring, m.Lifecycle) {
		return memory.ArchiveExpired, true
	}
	if q.UnusedBefore.IsZero() || slices.Contains(q.Exempt, m.Lifecycle) {
		return "", false
	}
	if m.CreatedAt.Before(q.UnusedBefore) && m.UpdatedAt.Before(q.UnusedBefore) &&
		(m.LastUsedAt.IsZero() || m.LastUsedAt.Before(q.UnusedBefore)) {
		return memory.ArchiveUnused, true
	}
	return "", false
}
