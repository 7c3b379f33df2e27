package recall

import (
	"maps"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// Flags recording which ranking features lifted a document.
const (
	boostDate uint8 = 1 << iota
	boostTemporal
)

// scorer accumulates the scores of one search. The corpus read lock is
// held for its whole life.
type scorer struct {
	c      *Corpus
	scores []float64
	// flat holds, by slot, what the query's terms add to a document's
	// score for the threshold only (see presence).
	flat    []float64
	marked  []bool
	touched []int32
	avgLen  float64
	// cos and hasVec hold vector similarities by slot, cal how this
	// query's cosines map onto relevance.
	cos    []float64
	hasVec []bool
	cal    calibration
	// expanded holds, by slot, the strongest expansion term's match
	// (see addExpansion).
	expanded map[int32]float64
	// scratch backs scores, marked and touched until release.
	scratch *scratch
}

// newScorer prepares a scorer over c.
func newScorer(c *Corpus) *scorer {
	avg := 1.0
	if c.live > 0 && c.totalLen > 0 {
		avg = c.totalLen / float64(c.live)
	}
	sp := c.scratch.get(len(c.slots))
	return &scorer{c: c, scores: sp.scores, flat: sp.flat, marked: sp.marked, touched: sp.touched, avgLen: avg, scratch: sp}
}

// release hands the scorer's arrays back for the next search; the scorer
// and what it returned by slot must not be used after.
func (s *scorer) release() {
	s.c.scratch.put(s.scratch, s.touched)
	s.scratch, s.scores, s.flat, s.marked, s.touched = nil, nil, nil, nil, nil
}

// idf is the BM25 inverse document frequency of a term held by n
// documents; it never goes negative.
func (s *scorer) idf(n int) float64 {
	N := float64(s.c.live)
	return math.Log(1 + (N-float64(n)+0.5)/(float64(n)+0.5))
}

// minIDF is the least weight a query term carries when a match is held
// against the relevance threshold: that of a term held by half the
// documents (ln 2, whatever their number). BM25's weight of a term every
// document holds tends to zero, so in a small corpus (a person whose two
// or three memories all name their dog) the one word a question shares
// with them would count for nothing beside its other words, and the
// threshold would drop every match. Ranking keeps BM25's weights: there a
// term every document holds rightly tells them apart by nothing.
const minIDF = math.Ln2

// presence is what a term held by n documents adds, flat, to each
// document holding it when its relevance is judged: the part of minIDF
// its BM25 weight falls short of.
func (s *scorer) presence(n int) float64 {
	return max(0, minIDF-s.idf(n))
}

// touch records that slot has a score.
func (s *scorer) touch(slot int32) {
	if !s.marked[slot] {
		s.marked[slot] = true
		s.touched = append(s.touched, slot)
	}
}

// df returns how many documents hold term t, and its id if any does.
func (s *scorer) df(t string) (int32, int, bool) {
	id, ok := s.c.termIDs[t]
	if !ok {
		return 0, 0, false
	}
	return id, len(s.c.postings[id]), true
}

// mass is the score of a document holding every term once at average
// length: the yardstick that turns scores into 0–1 relevance. Terms no
// document holds count too, so a question half about unknown things
// matches at most half. floored is the same with every term weighing at
// least minIDF, the yardstick of the threshold (see presence).
func (s *scorer) mass(terms map[string]float64) (m, floored float64) {
	for _, t := range slices.Sorted(maps.Keys(terms)) {
		if w := terms[t]; w > 0 {
			// A word no document has counts as a rare one, not as rarer
			// than any: in a small corpus (a new person's few memories)
			// the IDF of unseen words would otherwise dwarf every match.
			_, n, _ := s.df(t)
			idf := s.idf(max(n, 1))
			m += w * idf
			floored += w * max(idf, minIDF)
		}
	}
	return m, floored
}

// addTerms adds the BM25 contributions of weighted terms.
func (s *scorer) addTerms(terms map[string]float64) {
	// Sorted, so that float sums (and so ties) do not depend on map order.
	for _, t := range slices.Sorted(maps.Keys(terms)) {
		w := terms[t]
		if w <= 0 {
			continue
		}
		id, n, ok := s.df(t)
		if !ok {
			continue
		}
		idf, flat := s.idf(n), w*s.presence(n)
		for _, p := range s.c.postings[id] {
			s.scores[p.slot] += w * s.bm25(p, idf)
			s.flat[p.slot] += flat
			s.touch(p.slot)
		}
	}
}

// weighNouns counts each Chinese character of own that is a noun alone
// (text.IsNounChar) extra times more when relevance is held against the
// threshold: it adds that much of the character's match to the flat part
// of each document holding it and returns what it adds to the threshold's
// yardstick. Ranking keeps BM25's weights, so the order of what passes
// does not change; a question naming the dog in a dozen characters no
// longer drops the one memory about the dog.
func (s *scorer) weighNouns(own map[string]float64, extra float64) float64 {
	if extra <= 0 {
		return 0
	}
	var added float64
	for _, t := range slices.Sorted(maps.Keys(own)) {
		r, size := utf8.DecodeRuneInString(t)
		if size != len(t) || !text.IsNounChar(r) || own[t] <= 0 {
			continue
		}
		w := extra * own[t]
		_, n, _ := s.df(t)
		idf := max(s.idf(max(n, 1)), minIDF)
		added += w * idf
		if n == 0 {
			continue
		}
		id, _, _ := s.df(t)
		for _, p := range s.c.postings[id] {
			s.flat[p.slot] += w * s.bm25(p, idf)
			s.touch(p.slot)
		}
	}
	return added
}

// bm25 is the BM25 weight of one posting of a term with inverse document
// frequency idf.
func (s *scorer) bm25(p posting, idf float64) float64 {
	k1, b := s.c.opts.K1, s.c.opts.B
	tf := float64(p.tf)
	norm := k1 * (1 - b + b*float64(s.c.slots[p.slot].length)/s.avgLen)
	return idf * tf * (k1 + 1) / (tf + norm)
}

// addExpansion records, for each document holding one of the expansion
// terms, its strongest one: BM25 over the largest IDF a term can have in
// this corpus, so that a rare term held once at typical length counts
// about 1 and a common one in a long document little. Only the strongest
// counts: many expansion words in one memory say no more than one.
func (s *scorer) addExpansion(terms []string) {
	if len(terms) == 0 {
		return
	}
	top := s.idf(1)
	for _, t := range terms {
		id, n, ok := s.df(t)
		if !ok {
			continue
		}
		idf := s.idf(n)
		for _, p := range s.c.postings[id] {
			v := s.bm25(p, idf) / top
			if s.expanded == nil {
				s.expanded = make(map[int32]float64)
			}
			if v > s.expanded[p.slot] {
				s.expanded[p.slot] = v
			}
			s.touch(p.slot)
		}
	}
}

// applyBoosts multiplies the scores of documents dated as the query asks,
// or holding a time expression for a "when" question. It returns the
// features applied, by slot.
func (s *scorer) applyBoosts(aq analysedQuery) []uint8 {
	o := s.c.opts
	flags := make([]uint8, len(s.c.slots))
	for _, slot := range s.touched {
		sd := s.c.slots[slot]
		m := 1.0
		var f uint8
		if o.DateBoost > 0 && !sd.time.IsZero() && aq.date.Matches(sd.time.Year(), int(sd.time.Month())) {
			m *= 1 + o.DateBoost
			f |= boostDate
		}
		if o.DayBoost > 0 && !sd.time.IsZero() && aq.date.OnDay(sd.time) {
			m *= 1 + o.DayBoost
			f |= boostDate
		}
		if o.TemporalBoost > 0 && aq.when && sd.temporal {
			m *= 1 + o.TemporalBoost
			f |= boostTemporal
		}
		if f != 0 {
			s.scores[slot] *= m
			flags[slot] = f
		}
	}
	return flags
}

// bestPart rescores a message that asks several things by the part each
// document answers best: every part (with q's context) is scored alone,
// normalised by its own weight and put on the scale of the whole query's
// weight mass, and a document's score mixes the best of those with its
// score for the whole message (Options.SubQuestionWeight). Scored only
// as one, the longer or rarer-worded part pushes the documents the other
// part needs out of the results.
func (s *scorer) bestPart(o Options, q Query, parts []string, mass float64) {
	w := min(1, o.SubQuestionWeight)
	best := make(map[int32]float64, len(s.touched))
	for _, part := range parts {
		pq := q
		pq.Text = part
		aq := o.analyse(pq, nil)
		ps := newScorer(s.c)
		ps.addTerms(aq.terms)
		if pm, _ := ps.mass(aq.own); pm > 0 {
			for _, slot := range ps.touched {
				if v := ps.scores[slot] / pm * mass; v > best[slot] {
					best[slot] = v
				}
			}
		}
		ps.release()
	}
	for _, slot := range slices.Sorted(maps.Keys(best)) {
		s.scores[slot] = (1-w)*s.scores[slot] + w*best[slot]
		s.touch(slot)
	}
}
