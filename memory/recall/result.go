package recall

import (
	"cmp"
	"context"
	"slices"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// Result is one recalled memory with the reasons for its rank, for
// injection into a reply and for "/memories why".
type Result struct {
	// Memory is the recalled memory (without its embedding).
	Memory memory.Memory
	// Score is the strength of the match (Relevance before clamping to 1,
	// so strong matches stay apart) × the memory's prior; results are
	// ordered by it.
	Score float64
	// Relevance is how well the memory matches the message, 0–1.
	Relevance float64
	// Parts break the score down: "lexical" and "vector" relevance (and
	// "cosine"), the prior's "importance", "recency", "type",
	// "confidence", "usage" and the "prior" itself; "plan" marks an upcoming
	// plan lifted for a question about plans.
	Parts map[string]float64
}

// Search recalls owner's memories for q, best first: active, unexpired
// memories matching at least MinScore, near-duplicates of better ones
// dropped, at most Limit within TokenBudget tokens. Zero fields of q take
// the Config's defaults; a negative MinScore or TokenBudget disables that
// filter. The only errors come from loading the owner's memories or from
// ctx.
func (x *Index) Search(ctx context.Context, owner string, q Query) ([]Result, error) {
	v, err := x.View(ctx, owner)
	if err != nil {
		return nil, err
	}
	return v.Search(ctx, q)
}

// View is one owner's index as proved current by one revision read: a
// reply that reads several things of the owner (the profile, then recall)
// validates the cache once.
type View struct {
	x *Index
	e *ownerIndex
}

// View loads or validates owner's index once and returns it.
func (x *Index) View(ctx context.Context, owner string) (*View, error) {
	e, err := x.entry(ctx, owner)
	if err != nil {
		return nil, err
	}
	return &View{x: x, e: e}, nil
}

// Search is Index.Search on the view.
func (v *View) Search(ctx context.Context, q Query) ([]Result, error) {
	x, e := v.x, v.e
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	limit := firstPositive(q.Limit, x.cfg.Limit, 5)
	minScore := q.MinScore
	if minScore == 0 {
		minScore = x.cfg.MinRelevance
	}
	budget := q.TokenBudget
	if budget == 0 {
		budget = x.cfg.TokenBudget
	}
	now := x.cfg.now()

	e.mu.RLock()
	defer e.mu.RUnlock()
	cq := q
	cq.Limit = max(firstPositive(x.cfg.Candidates, 50), 4*limit)
	cq.MinScore = 0
	vs := e.corpus.scanVectors(cq.Vector)
	defer vs.release()
	hits := e.corpus.search(cq, vs)
	if e.corpus.asksPlans(q) {
		hits = e.liftPlans(hits, e.corpus.opts.PlanWeight, now)
	}
	if sp, ok := e.corpus.asksPeriod(q, now); ok {
		hits = e.liftDated(hits, e.corpus.opts.PlanWeight, sp, now)
	}
	// With a relevance threshold (replies), context re-ranks what the
	// message itself matches but never brings in a memory the message has
	// nothing to do with. Without one (a ranking asked for its top k, as
	// the eval does) context may surface memories on its own.
	var onTopic map[string]bool
	if len(q.Context) > 0 && minScore > 0 {
		oq := cq
		oq.Context = nil
		onTopic = make(map[string]bool)
		for _, h := range e.corpus.search(oq, vs) {
			if h.Relevance >= minScore {
				onTopic[h.ID] = true
			}
		}
		// A plan lifted for the message's own words is on its topic.
		for _, h := range hits {
			if h.Plan {
				onTopic[h.ID] = true
			}
		}
	}

	cands := make([]candidate, 0, len(hits))
	for _, h := range hits {
		m, ok := e.get(h.ID)
		if !ok || !recallable(m, now) || h.Relevance < minScore || (onTopic != nil && !onTopic[h.ID]) {
			continue
		}
		p := x.cfg.prior(m, now)
		cands = append(cands, candidate{mem: m, hit: h, prior: p, score: h.Score * p.Value})
	}
	if len(q.Context) == 0 && !q.Literal && !slices.ContainsFunc(cands, func(c candidate) bool { return !slices.Contains(q.Carried, c.mem.ID) }) {
		if c, ok := x.soleMatch(e, q, hits, minScore, now); ok {
			cands = append(cands, c)
		}
	}
	cands = e.dropStale(cands, now)
	slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.score, a.score) })
	kept := x.choose(e, cands, limit, budget)
	results := make([]Result, len(kept))
	for i, c := range kept {
		results[i] = c.result()
	}
	return results, nil
}

// candidate is a matching memory being weighed.
type candidate struct {
	mem   *memory.Memory
	hit   Hit
	prior Prior
	score float64
}

// result renders a chosen candidate with the parts of its score.
func (c candidate) result() Result {
	h, p := c.hit, c.prior
	r := Result{
		Memory:    *c.mem,
		Score:     c.score,
		Relevance: h.Relevance,
		Parts: map[string]float64{
			"lexical": clamp01(h.LexicalRel), "vector": h.VectorRel, "cosine": h.Cosine,
			"importance": p.Importance, "recency": p.Recency, "type": p.Type,
			"confidence": p.Confidence, "usage": p.Usage, "prior": p.Value,
		},
	}
	if h.Plan {
		r.Parts["plan"] = 1
	}
	return r
}

// choose keeps the best candidates that are not near-duplicates of a kept
// one, up to limit and within budget tokens (budget < 0: unlimited).
// e.mu is read-locked.
func (x *Index) choose(e *ownerIndex, cands []candidate, limit, budget int) []candidate {
	var kept []candidate
	used := 0
	for _, c := range cands {
		if len(kept) >= limit {
			break
		}
		if x.duplicate(e, c.mem.ID, kept) {
			continue
		}
		cost := text.EstimateTokens(c.mem.Text)
		if budget >= 0 && used+cost > budget {
			continue
		}
		used += cost
		kept = append(kept, c)
	}
	return kept
}

// duplicate reports whether memory id says nearly what a kept one says:
// most of its words, or (with embeddings) nearly its meaning.
func (x *Index) duplicate(e *ownerIndex, id string, kept []candidate) bool {
	th := x.cfg.DuplicateSimilarity
	if th <= 0 {
		return false
	}
	for _, k := range kept {
		jac, cos, hasVec, ok := e.corpus.likeness(id, k.mem.ID)
		if ok && (jac >= th || (hasVec && cos >= max(th, 0.9))) {
			return true
		}
	}
	return false
}

// dropStale leaves out a candidate when a newer recallable memory of the
// owner holds the same single-valued subject (subject.SingleValued): of
// "Works at Acme" and "Works at Globex" only the newer is injected. The
// older stays stored, for review. e.mu is read-locked.
func (e *ownerIndex) dropStale(cands []candidate, now time.Time) []candidate {
	var keys map[string]bool
	for _, c := range cands {
		if k := subject.Of(c.mem.Subject); subject.SingleValued(k) {
			if keys == nil {
				keys = make(map[string]bool)
			}
			keys[k] = true
		}
	}
	if keys == nil {
		return cands
	}
	newest := make(map[string]*memory.Memory, len(keys))
	for id, m := range e.mems {
		k := subject.Of(m.Subject)
		if !keys[k] || e.removed[id] || !recallable(m, now) || !m.HoldsValue() {
			continue
		}
		if n, ok := newest[k]; !ok || Newer(m, n) {
			newest[k] = m
		}
	}
	return slices.DeleteFunc(cands, func(c candidate) bool {
		n, ok := newest[subject.Of(c.mem.Subject)]
		return ok && n.ID != c.mem.ID && c.mem.HoldsValue()
	})
}

// Newer reports whether a was stated after b: created later, else updated
// later, else from a later message (memories stored by one extraction
// share their times), else, for a choice that is the same in every run
// whatever ids the store drew, by text and then id. Of two active memories
// on one single-valued subject recall injects the newer, and the memory
// service flags the other for review by the same order.
func Newer(a, b *memory.Memory) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.After(b.CreatedAt)
	}
	if !a.UpdatedAt.Equal(b.UpdatedAt) {
		return a.UpdatedAt.After(b.UpdatedAt)
	}
	if !a.Source.Time.Equal(b.Source.Time) {
		return a.Source.Time.After(b.Source.Time)
	}
	if a.Text != b.Text {
		return a.Text > b.Text
	}
	return a.ID > b.ID
}

// firstPositive returns the first positive value.
func firstPositive(vs ...int) int {
	for _, v := range vs {
		if v > 0 {
			return v
		}
	}
	return 0
}
