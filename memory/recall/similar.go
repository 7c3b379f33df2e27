package recall

import (
	"context"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
)

// Similar returns at most k of owner's active memories that may concern the
// same thing as text: first those about the same subject (compared without
// case), then the corpus's best lexical and vector matches. Each carries
// its unit vector as Embedding, when it has one, so that the caller can
// judge closeness itself. It works from the cached index (loading it when
// needed, as Search does) and never lists the owner's store: its cost does
// not grow with the owner's memories beyond the index scan.
func (x *Index) Similar(ctx context.Context, owner, text, subject string, vector []float32, k int) ([]memory.Memory, error) {
	if k <= 0 {
		return nil, nil
	}
	e, err := x.entry(ctx, owner)
	if err != nil {
		return nil, err
	}
	now := x.cfg.now()
	e.mu.RLock()
	defer e.mu.RUnlock()
	var ids []string
	if subject = strings.TrimSpace(subject); subject != "" {
		for id, m := range e.mems {
			if strings.EqualFold(strings.TrimSpace(m.Subject), subject) {
				ids = append(ids, id)
			}
		}
		slices.Sort(ids) // map order is random; keep runs repeatable
	}
	for _, h := range e.corpus.Search(Query{Text: text, Vector: vector, Limit: k}) {
		if !slices.Contains(ids, h.ID) {
			ids = append(ids, h.ID)
		}
	}
	out := make([]memory.Memory, 0, min(k, len(ids)))
	for _, id := range ids {
		m, ok := e.get(id)
		if !ok || !recallable(m, now) {
			continue
		}
		c := *m
		if v := e.corpus.Vector(id); v != nil {
			c.Embedding = &memory.Embedding{Vector: v}
		}
		out = append(out, c)
		if len(out) == k {
			break
		}
	}
	return out, nil
}

// Vector returns a copy of document id's unit-length vector, nil when it
// has none or is not in the corpus.
func (c *Corpus) Vector(id string) []float32 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	slot, ok := c.byID[id]
	if !ok {
		return nil
	}
	return slices.Clone(c.slots[slot].vec)
}
