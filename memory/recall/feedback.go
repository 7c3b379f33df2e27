package recall

import (
	"cmp"
	"slices"
)

// feedback is pseudo-relevance feedback (RM3): the terms the best
// documents of the first pass hold, weighted by how strongly each of those
// documents matched and how much of it the term is, are searched for in a
// second pass whose scores are added to the first, on the first's scale.
// A question whose answer shares few words with it ("what do they do to
// relax?") reaches the memory through the words of the memories it does
// match. sc.scores are the first pass; mass its yardstick. c.mu is held.
func (s *scorer) feedback(o Options, mass float64) {
	k, m, w := o.FeedbackDocs, o.FeedbackTerms, o.FeedbackWeight
	if k <= 0 || m <= 0 || w <= 0 || mass <= 0 || len(s.touched) == 0 {
		return
	}
	top := topK{k: k}
	for _, slot := range s.touched {
		if v := s.scores[slot]; v > 0 {
			top.offer(ranked{slot: slot, score: v, tie: s.c.slots[slot].tie, id: s.c.slots[slot].id})
		}
	}
	best := top.sorted()
	if len(best) == 0 {
		return
	}
	var sum float64
	for _, r := range best {
		sum += r.score
	}
	// P(t|R) = Σ_d P(d|q) · tf(t,d)/|d|, with P(d|q) the document's share
	// of the first pass's scores; weighed by IDF so that the words every
	// memory holds carry nothing over.
	weights := make(map[int32]float64)
	for _, r := range best {
		sd := s.c.slots[r.slot]
		if sd.length <= 0 {
			continue
		}
		pd := r.score / sum
		for i, id := range sd.terms {
			weights[id] += pd * float64(sd.tfs[i]) / float64(sd.length)
		}
	}
	type cand struct {
		term string
		w    float64
	}
	cands := make([]cand, 0, len(weights))
	for id, pw := range weights {
		t := s.c.terms[id]
		n := len(s.c.postings[id])
		if n < 2 || float64(n) > o.FeedbackMaxShare*float64(s.c.live) {
			// Held by one document only, it can lift nothing but that
			// one; held by many (a name every memory of the person
			// holds), it drifts toward them all.
			continue
		}
		cands = append(cands, cand{t, pw * s.idf(n)})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if c := cmp.Compare(b.w, a.w); c != 0 {
			return c
		}
		return cmp.Compare(a.term, b.term)
	})
	if len(cands) > m {
		cands = cands[:m]
	}
	fq := make(map[string]float64, len(cands))
	var total float64
	for _, c := range cands {
		total += c.w
	}
	if total <= 0 {
		return
	}
	for _, c := range cands {
		fq[c.term] = c.w / total
	}
	fs := newScorer(s.c)
	defer fs.release()
	fs.addTerms(fq)
	fm, _ := fs.mass(fq)
	if fm <= 0 {
		return
	}
	scale := w * mass / fm
	for _, slot := range fs.touched {
		if v := fs.scores[slot]; v > 0 {
			s.scores[slot] += scale * v
			s.touch(slot)
		}
	}
}
