package recall

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
)

// sketchProbe is how many nearest sketches per wanted neighbour are
// rescored with the exact cosine.
const sketchProbe = 4

// Similar returns about k of owner's active memories (at most 2k) that may
// concern the same thing as text — those about the same subject (compared
// without case), the k best lexical matches and the k nearest vectors —
// followed by at most k of those awaiting review that share a word, the
// subject or a close vector with it.
// Each carries its unit vector as Embedding, when it has one, so that the
// caller can judge closeness itself. It works from the cached index
// (loading it when needed, as Search does) and never lists the owner's
// store; the nearest vectors are found through their sign-bit sketches and
// only a few are compared in full, so its cost barely grows with the
// owner's memories.
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
	add := func(id string) {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if subject = strings.TrimSpace(subject); subject != "" {
		var same []string
		for id, m := range e.mems {
			if strings.EqualFold(strings.TrimSpace(m.Subject), subject) {
				same = append(same, id)
			}
		}
		// Map order and ids are random: the newest come first, and the
		// text then the id break ties, so runs are repeatable.
		slices.SortFunc(same, func(a, b string) int {
			ma, mb := e.mems[a], e.mems[b]
			if c := mb.CreatedAt.Compare(ma.CreatedAt); c != 0 {
				return c
			}
			if c := strings.Compare(ma.Text, mb.Text); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		for _, id := range same[:min(k, len(same))] {
			add(id)
		}
	}
	for _, h := range e.corpus.Search(Query{Text: text, Limit: k}) {
		add(h.ID)
	}
	for _, id := range e.nearest(vector, k) {
		add(id)
	}
	out := make([]memory.Memory, 0, len(ids))
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
		if len(out) == 2*k {
			break
		}
	}
	return append(out, e.relatedPending(text, subject, vector, k)...), nil
}

// nearest returns the ids of the k memories whose vectors are closest to
// vector (positive cosine only), closest first: sketches pick a few
// candidates, the stored vectors order them. e.mu is held.
func (e *ownerIndex) nearest(vector []float32, k int) []string {
	q := unitVector(vector)
	if q == nil {
		return nil
	}
	type scored struct {
		id  string
		cos float64
	}
	var hits []scored
	for _, id := range e.sketches.nearest(q, sketchProbe*k) {
		if v := e.corpus.Vector(id); len(v) == len(q) {
			if c := Cosine(q, v); c > 0 {
				hits = append(hits, scored{id, c})
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int { return cmp.Compare(b.cos, a.cos) })
	ids := make([]string, 0, k)
	for _, h := range hits[:min(k, len(hits))] {
		ids = append(ids, h.id)
	}
	return ids
}

// relatedPending returns, newest first, at most k of the memories awaiting
// review that share a word or the subject with text, or whose vector is
// close to vector (cosine at least pendingCosine). e.mu is held.
func (e *ownerIndex) relatedPending(text, subject string, vector []float32, k int) []memory.Memory {
	if len(e.pending) == 0 {
		return nil
	}
	tok := e.corpus.opts.Tokenizer
	words := make(map[string]bool)
	for _, t := range tok.Tokens(text) {
		words[t] = true
	}
	var out []memory.Memory
	for _, m := range e.pending {
		related := subject != "" && strings.EqualFold(strings.TrimSpace(m.Subject), subject)
		for _, t := range tok.Tokens(m.Text) {
			related = related || words[t]
		}
		if !related && vector != nil && m.Embedding != nil && Cosine(vector, m.Embedding.Vector) >= pendingCosine {
			related = true
		}
		if related {
			out = append(out, *m)
		}
	}
	slices.SortFunc(out, func(a, b memory.Memory) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		if c := strings.Compare(a.Text, b.Text); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out[:min(k, len(out))]
}

// pendingCosine is the vector closeness at which a memory awaiting review
// counts as related to a candidate: loose, since reconciliation applies its
// own threshold.
const pendingCosine = 0.5

// Vector returns document id's unit-length vector (as stored: quantised,
// cosines within a few thousandths of exact), nil when it has none or is
// not in the corpus.
func (c *Corpus) Vector(id string) []float32 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	slot, ok := c.byID[id]
	if !ok {
		return nil
	}
	ref := c.slots[slot].vec
	if ref.dim == 0 {
		return nil
	}
	a := c.vecs.arenas[ref.dim]
	row, scale := a.row(ref.row), a.scale[ref.row]
	out := make([]float32, ref.dim)
	for i := range out {
		out[i] = float32(row[i]) * scale
	}
	return out
}
