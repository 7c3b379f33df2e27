package recall

import (
	"context"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
)

// subjectKey is how the index files a memory's subject: trimmed and
// lower-cased, as stored subjects are compared.
func subjectKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// BySubject returns copies of owner's active memories whose subject (as
// stored, trimmed and lower-cased; never empty) want accepts, newest
// first. It reads the cached index, proved current with one revision read
// as Search is, and asks want once per distinct subject rather than once
// per memory, so a reply can read the few memories of a handful of
// subjects (a person's profile) without listing the store or walking
// every memory. The copies carry no embedding.
func (x *Index) BySubject(ctx context.Context, owner string, want func(subject string) bool) ([]memory.Memory, error) {
	v, err := x.View(ctx, owner)
	if err != nil {
		return nil, err
	}
	return v.BySubject(want), nil
}

// BySubject is Index.BySubject on the view.
func (v *View) BySubject(want func(subject string) bool) []memory.Memory {
	e := v.e
	now := v.x.cfg.now()
	e.mu.RLock()
	defer e.mu.RUnlock()
	var out []memory.Memory
	for subj, ids := range e.subjects {
		if !want(subj) {
			continue
		}
		for id := range ids {
			if m, ok := e.get(id); ok && recallable(m, now) {
				out = append(out, *m)
			}
		}
	}
	slices.SortFunc(out, func(a, b memory.Memory) int {
		switch {
		case Newer(&a, &b):
			return -1
		case Newer(&b, &a):
			return 1
		}
		return 0
	})
	return out
}

// fileSubjectLocked files id under m's subject. e.mu is held.
func (e *ownerIndex) fileSubjectLocked(m *memory.Memory) {
	k := subjectKey(m.Subject)
	if k == "" {
		return
	}
	ids := e.subjects[k]
	if ids == nil {
		ids = make(map[string]struct{})
		e.subjects[k] = ids
	}
	ids[m.ID] = struct{}{}
}

// unfileSubjectLocked takes id out of m's subject. e.mu is held.
func (e *ownerIndex) unfileSubjectLocked(m *memory.Memory) {
	k := subjectKey(m.Subject)
	if ids, ok := e.subjects[k]; ok {
		delete(ids, m.ID)
		if len(ids) == 0 {
			delete(e.subjects, k)
		}
	}
}
