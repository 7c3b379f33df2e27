package extract

import (
	"context"
	"fmt"
	"sort"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// Finder finds an owner's existing memories that resemble a candidate, so
// reconciliation only looks at (and only shows the model) what might
// overlap. The production Finder is the recall index (lexical + vector);
// StoreFinder is a simple stand-in.
type Finder interface {
	// Similar returns at most k active or pending memories of owner, most
	// similar to text (and to vector, when it is not nil) first. It may
	// return loosely related memories: the reconciler applies its own
	// threshold.
	Similar(ctx context.Context, owner string, text string, vector []float32, k int) ([]memory.Memory, error)
}

// StoreFinder scans the owner's memories in the store and ranks them by
// term overlap (and cosine similarity when both sides have vectors). It
// reads every memory of the owner per call, which suits tests, offline use
// and small stores; larger deployments use the recall index.
type StoreFinder struct {
	Store memory.Store
	// MinScore drops memories scoring below it (default 0.2).
	MinScore float64
}

var _ Finder = (*StoreFinder)(nil)

// Similar implements Finder.
func (f *StoreFinder) Similar(ctx context.Context, owner, s string, vector []float32, k int) ([]memory.Memory, error) {
	if k <= 0 {
		return nil, nil
	}
	ms, err := f.Store.ListMemories(ctx, memory.MemoryQuery{
		Owner:         owner,
		Statuses:      []memory.Status{memory.StatusActive, memory.StatusPendingReview},
		WithEmbedding: vector != nil,
	})
	if err != nil {
		return nil, fmt.Errorf("find similar memories of %s: %w", owner, err)
	}
	minScore := f.MinScore
	if minScore <= 0 {
		minScore = 0.2
	}
	tok := text.NewTokenizer()
	query := terms(tok, s)
	type scored struct {
		m     memory.Memory
		score float64
	}
	var hits []scored
	for _, m := range ms {
		s := overlap(query, terms(tok, m.Text+" "+m.Subject))
		if m.Embedding != nil {
			s = max(s, cosine(vector, m.Embedding.Vector))
		}
		if s >= minScore {
			hits = append(hits, scored{m, s})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	out := make([]memory.Memory, 0, min(k, len(hits)))
	for i := 0; i < len(hits) && i < k; i++ {
		out = append(out, hits[i].m)
	}
	return out, nil
}
