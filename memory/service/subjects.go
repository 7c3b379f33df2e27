package service

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/subject"
)

// subjectScan bounds how many of an owner's newest active memories
// Subjects reads.
const subjectScan = 200

// Subjects returns the newest active memory of each of owner's subjects,
// newest first, at most limit of them (none when limit <= 0), so that
// extraction can show the model the keys already in use and a changed
// fact lands on the same subject. It reads one bounded page of the store.
func (s *Service) Subjects(ctx context.Context, owner string, limit int) ([]memory.Memory, error) {
	if limit <= 0 {
		return nil, nil
	}
	ms, err := s.store.ListMemories(ctx, memory.MemoryQuery{Owner: owner, Statuses: []memory.Status{memory.StatusActive}, Limit: subjectScan})
	if err != nil {
		return nil, fmt.Errorf("list subjects of %s: %w", owner, err)
	}
	// The store lists newest first; memories stored by one extraction are
	// as new as the messages they come from.
	slices.SortStableFunc(ms, func(a, b memory.Memory) int {
		switch {
		case recall.Newer(&a, &b):
			return -1
		case recall.Newer(&b, &a):
			return 1
		}
		return 0
	})
	seen := make(map[string]bool)
	var out []memory.Memory
	for _, m := range ms {
		key := subject.Of(m.Subject)
		if strings.TrimSpace(key) == "" || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, m)
		if len(out) == limit {
			break
		}
	}
	return out, nil
}
