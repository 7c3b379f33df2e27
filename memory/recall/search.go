package recall

import (
	"math"
	"slices"

	"github.com/membot/membot/memory/text"
)

// defaultCorpusLimit is the number of hits a Corpus search returns when the
// query sets no limit.
const defaultCorpusLimit = 10

// Hit is one document found by a Corpus search.
type Hit struct {
	ID string
	// Score orders hits: fused lexical and vector evidence with the
	// ranking features applied.
	Score float64
	// Relevance is how well the document matches, 0–1, comparable across
	// queries: Score clamped, or more where a query word every document
	// holds was given its least weight (see minIDF).
	Relevance float64
	// Lexical is the BM25 score after ranking features; LexicalRel the
	// same normalised by the query's weight (0–1, may exceed 1 slightly
	// before clamping).
	Lexical    float64
	LexicalRel float64
	// Cosine is the vector similarity, and VectorRel its mapping onto 0–1;
	// both are 0 without vectors.
	Cosine    float64
	VectorRel float64
	// Date reports that the hit is dated in a month or year the query
	// names, and was lifted for it.
	Date bool
	// Plan reports that the hit is an upcoming plan lifted for a question
	// about plans (Options.PlanWeight); only recall sets it.
	Plan bool
}

// Search returns the documents best matching q, best first: at most
// q.Limit (10 when unset), none below q.MinScore relevance (no bar when
// unset). Documents with neither a lexical nor a vector match are never
// returned. Query vectors are compared with document vectors of the same
// dimension; without a query vector the search is lexical. It ranks the
// query's own words: topic expansions and the second hop (feedback) are
// for recall (Index.Search).
func (c *Corpus) Search(q Query) []Hit { return c.searchWith(q, nil, nil, false) }

// search is Search with the corpus's topic expansions and the second hop
// (scorer.feedback), reusing the vector scores vs where they are current
// for q (see scanVectors); vs may be nil. A literal query gets neither.
func (c *Corpus) search(q Query, vs *vectorScores) []Hit {
	if q.Literal {
		return c.searchWith(q, vs, nil, false)
	}
	return c.searchWith(q, vs, c.expand, true)
}

// searchWith searches with the expansions x (nil for none), and with the
// second hop when hop is set and the search is lexical.
func (c *Corpus) searchWith(q Query, vs *vectorScores, x *expander, hop bool) []Hit {
	if c.opts.AsideAsContext {
		if aside, main := text.MainQuestion(q.Text); aside != "" {
			// What the person says before turning to their question counts
			// as the turn before it.
			q.Context = append(slices.Clip(q.Context), aside)
			q.Text = main
		}
	}
	aq := c.opts.analyse(q, x)
	qvec := vs.unitOf(q.Vector)
	limit := q.Limit
	if limit <= 0 {
		limit = defaultCorpusLimit
	}

	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.live == 0 || (len(aq.terms) == 0 && len(aq.expanded) == 0 && qvec == nil) {
		return nil
	}
	sc := newScorer(c)
	defer sc.release()
	sc.addTerms(aq.terms)
	sc.addExpansion(aq.expanded)
	mass, floored := sc.mass(aq.own)
	if mass <= 0 {
		mass, floored = sc.mass(aq.terms)
	}
	floored += sc.weighNouns(aq.own, c.opts.NounCharWeight-1)
	if parts := text.SubQuestions(q.Text); c.opts.SubQuestionWeight > 0 && len(parts) > 1 && mass > 0 {
		sc.bestPart(c.opts, q, parts, mass)
	}
	boosted := sc.applyBoosts(aq)
	if hop && qvec == nil {
		// With vectors the question's meaning is already compared with
		// every memory; the hop there cost MADial-Bench more than it
		// gained LoCoMo (BENCHMARKS.md section 10).
		sc.feedback(c.opts, mass)
	}
	final := sc.scores
	if qvec != nil {
		if !vs.currentFor(q.Vector, c.vecs.gen) {
			vs = c.vecs.scan(qvec, len(c.slots), q.Vector)
			defer vs.release()
		}
		sc.cos, sc.hasVec, sc.cal = vs.cos, vs.has, c.opts.calibrate(vs.stats)
	}
	return c.collect(sc, final, boosted, yardstick{mass, floored}, q.MinScore, limit)
}

// yardstick holds the weights that turn a query's scores into 0–1
// relevance: mass for ranking, floored for the threshold (scorer.mass).
type yardstick struct{ mass, floored float64 }

// collect returns the best limit hits whose relevance is at least
// minScore, best first. c.mu is held.
//
// Ranking uses BM25's own weights; relevance, held against minScore, is
// the larger of that and the match with every query term weighing at
// least minIDF, so a term all of a small corpus holds still counts.
func (c *Corpus) collect(sc *scorer, final []float64, boosted []uint8, y yardstick, minScore float64, limit int) []Hit {
	vw := 0.0
	if sc.hasVec != nil {
		vw = c.opts.VectorWeight
	}
	// A document without a vector (not embedded yet) is judged by its
	// words alone rather than penalised for the missing half.
	fuse := func(slot int32) (lexRel, vecRel, score, rel float64) {
		var floorRel float64
		if y.mass > 0 {
			lexRel = final[slot] / y.mass
			floorRel = lexRel
			if f := sc.flat[slot]; f > 0 && y.floored > 0 {
				floorRel = max(lexRel, (final[slot]+f)/y.floored)
			}
		}
		if e, ok := sc.expanded[slot]; ok {
			x := c.opts.ExpansionWeight * math.Min(1, e)
			lexRel += x * (1 - clamp01(lexRel))
			floorRel += x * (1 - clamp01(floorRel))
		}
		if sc.hasVec == nil || !sc.hasVec[slot] {
			return lexRel, 0, lexRel, clamp01(floorRel)
		}
		vecRel = sc.cal.relevance(sc.cos[slot])
		return lexRel, vecRel, (1-vw)*lexRel + vw*vecRel, clamp01((1-vw)*floorRel + vw*vecRel)
	}
	top := topK{k: limit}
	consider := func(slot int32) {
		if _, _, score, rel := fuse(slot); score > 0 && rel >= minScore {
			top.offer(ranked{slot: slot, score: score, tie: c.slots[slot].tie, id: c.slots[slot].id})
		}
	}
	for _, s := range sc.touched {
		consider(s)
	}
	for s, ok := range sc.hasVec {
		if ok && !sc.marked[s] {
			consider(int32(s))
		}
	}
	best := top.sorted()
	hits := make([]Hit, len(best))
	for i, r := range best {
		lexRel, vecRel, score, rel := fuse(r.slot)
		h := Hit{
			ID: r.id, Score: score, Relevance: rel,
			Lexical: final[r.slot], LexicalRel: lexRel, VectorRel: vecRel,
			Date: boosted[r.slot]&boostDate != 0,
		}
		if sc.hasVec != nil && sc.hasVec[r.slot] {
			h.Cosine = sc.cos[r.slot]
		}
		hits[i] = h
	}
	return hits
}

// clamp01 limits x to 0–1.
func clamp01(x float64) float64 {
	return math.Max(0, math.Min(1, x))
}
