package recall

import (
	"cmp"
	"maps"
	"math"
	"slices"
)

// Flags recording which ranking features lifted a document.
const (
	boostSpeaker uint8 = 1 << iota
	boostDate
	boostTemporal
)

// scorer accumulates the scores of one search. The corpus read lock is
// held for its whole life.
type scorer struct {
	c       *Corpus
	scores  []float64
	marked  []bool
	touched []int32
	avgLen  float64
	// cos and hasVec hold vector similarities by slot.
	cos    []float64
	hasVec []bool
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
	return &scorer{c: c, scores: sp.scores, marked: sp.marked, touched: sp.touched, avgLen: avg, scratch: sp}
}

// release hands the scorer's arrays back for the next search; the scorer
// and what it returned by slot must not be used after.
func (s *scorer) release() {
	s.c.scratch.put(s.scratch, s.touched)
	s.scratch, s.scores, s.marked, s.touched = nil, nil, nil, nil
}

// idf is the BM25 inverse document frequency of a term held by n
// documents; it never goes negative.
func (s *scorer) idf(n int) float64 {
	N := float64(s.c.live)
	return math.Log(1 + (N-float64(n)+0.5)/(float64(n)+0.5))
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
// matches at most half.
func (s *scorer) mass(terms map[string]float64) float64 {
	m := 0.0
	for _, t := range slices.Sorted(maps.Keys(terms)) {
		if w := terms[t]; w > 0 {
			// A word no document has counts as a rare one, not as rarer
			// than any: in a small corpus (a new person's few memories)
			// the IDF of unseen words would otherwise dwarf every match.
			_, n, _ := s.df(t)
			m += w * s.idf(max(n, 1))
		}
	}
	return m
}

// addTerms adds the BM25 contributions of weighted terms.
func (s *scorer) addTerms(terms map[string]float64) {
	k1, b := s.c.opts.K1, s.c.opts.B
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
		idf := s.idf(n)
		for _, p := range s.c.postings[id] {
			tf := float64(p.tf)
			norm := k1 * (1 - b + b*float64(s.c.slots[p.slot].length)/s.avgLen)
			s.scores[p.slot] += w * idf * tf * (k1 + 1) / (tf + norm)
			s.touch(p.slot)
		}
	}
}

// topSlots returns the n best-scored slots.
func (s *scorer) topSlots(scores []float64, n int) []int32 {
	t := topK{k: n}
	for _, slot := range s.touched {
		t.offer(ranked{slot: slot, score: scores[slot], id: s.c.slots[slot].id})
	}
	top := t.sorted()
	out := make([]int32, len(top))
	for i, r := range top {
		out[i] = r.slot
	}
	return out
}

// feedbackTerms picks expansion terms from the best documents of the
// first pass (pseudo-relevance feedback): terms frequent in them, rare in
// the corpus, and not already asked for, weighted by the documents' scores.
func (s *scorer) feedbackTerms(orig map[string]float64) map[string]float64 {
	o := s.c.opts
	top := s.topSlots(s.scores, o.FeedbackDocs)
	if len(top) == 0 || s.scores[top[0]] <= 0 {
		return nil
	}
	best := s.scores[top[0]]
	weight := make(map[int32]float64)
	docs := make(map[int32]int)
	for _, slot := range top {
		sd := s.c.slots[slot]
		ds := s.scores[slot] / best
		for i, id := range sd.terms {
			if _, asked := orig[s.c.terms[id]]; asked {
				continue
			}
			weight[id] += ds * float64(sd.tfs[i]) / float64(max(sd.length, 1)) * s.idf(len(s.c.postings[id]))
			docs[id]++
		}
	}
	ids := make([]int32, 0, len(weight))
	for id := range weight {
		if docs[id] >= 2 {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b int32) int {
		if r := cmp.Compare(weight[b], weight[a]); r != 0 {
			return r
		}
		return cmp.Compare(s.c.terms[a], s.c.terms[b])
	})
	if len(ids) > o.FeedbackTerms {
		ids = ids[:o.FeedbackTerms]
	}
	if len(ids) == 0 {
		return nil
	}
	top1 := weight[ids[0]]
	out := make(map[string]float64, len(ids))
	for _, id := range ids {
		out[s.c.terms[id]] = o.FeedbackWeight * weight[id] / top1
	}
	return out
}

// applyBoosts multiplies the scores of documents by a named speaker,
// dated as the query asks, or holding a time expression for a "when"
// question. It returns the features applied, by slot.
func (s *scorer) applyBoosts(aq analysedQuery, named map[string]bool) []uint8 {
	o := s.c.opts
	flags := make([]uint8, len(s.c.slots))
	for _, slot := range s.touched {
		sd := s.c.slots[slot]
		m := 1.0
		var f uint8
		if o.SpeakerBoost > 0 && named[sd.speaker] {
			m *= 1 + o.SpeakerBoost
			f |= boostSpeaker
		}
		if o.DateBoost > 0 && !sd.time.IsZero() && aq.date.matches(sd.time.Year(), int(sd.time.Month())) {
			m *= 1 + o.DateBoost
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

// smooth returns the scores with a share of each document's score added
// to its neighbours in the conversation.
func (s *scorer) smooth() []float64 {
	nw := s.c.opts.NeighbourWeight
	if nw <= 0 {
		return s.scores
	}
	final := slices.Clone(s.scores)
	span := max(1, s.c.opts.NeighbourSpan)
	for _, slot := range slices.Clone(s.touched) {
		v := s.scores[slot] * nw
		for _, forward := range [2]bool{true, false} {
			w, cur := v, s.c.slots[slot]
			for d := 0; d < span; d++ {
				nb := cur.prev
				if forward {
					nb = cur.next
				}
				if nb < 0 || s.gap(cur, s.c.slots[nb]) {
					break
				}
				final[nb] += w
				s.touch(nb)
				w /= 2
				cur = s.c.slots[nb]
			}
		}
	}
	return final
}

// gap reports whether a pause longer than NeighbourGap separates two
// documents.
func (s *scorer) gap(a, b *slotDoc) bool {
	g := s.c.opts.NeighbourGap
	if g <= 0 || a.time.IsZero() || b.time.IsZero() {
		return false
	}
	d := b.time.Sub(a.time)
	return d > g || d < -g
}
