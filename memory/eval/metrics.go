package eval

import (
	"math"
	"slices"
	"time"
)

// AdversarialCategory is reported apart from the pooled figure: its
// questions are built to have no good answer in the conversation.
const AdversarialCategory = "adversarial"

// Scores are the mean evidence metrics of a set of queries, one entry per
// k of the report (same order as Report.Ks).
type Scores struct {
	// N is the number of queries.
	N int
	// Recall is the mean share of evidence ids covered by the top k.
	Recall []float64
	// All is the share of queries whose evidence the top k fully cover.
	All []float64
	// Covered is the mean number of ids the top k cover, evidence or not,
	// so that broad provenance cannot pass for recall.
	Covered []float64
}

// Latency summarises per-query search time, in milliseconds.
type Latency struct {
	P50, P95 float64
}

// outcome is one query's metrics at each k.
type outcome struct {
	category string
	recall   []float64
	all      []float64
	covered  []float64
}

// scoreQuery computes a query's metrics from the ids each ranked item
// covers, best first.
func scoreQuery(covers [][]string, evidence []string, ks []int) outcome {
	o := outcome{
		recall:  make([]float64, len(ks)),
		all:     make([]float64, len(ks)),
		covered: make([]float64, len(ks)),
	}
	want := make(map[string]bool, len(evidence))
	for _, e := range evidence {
		want[e] = true
	}
	seen := make(map[string]bool)
	found := 0
	item := 0
	for i, k := range ks {
		for ; item < k && item < len(covers); item++ {
			for _, id := range covers[item] {
				if seen[id] {
					continue
				}
				seen[id] = true
				if want[id] {
					found++
				}
			}
		}
		if len(want) > 0 {
			o.recall[i] = float64(found) / float64(len(want))
		}
		if found == len(want) && len(want) > 0 {
			o.all[i] = 1
		}
		o.covered[i] = float64(len(seen))
	}
	return o
}

// tally accumulates outcomes into means.
type tally struct {
	n                    int
	recall, all, covered []float64
}

// add counts one outcome.
func (t *tally) add(o outcome) {
	if t.recall == nil {
		t.recall = make([]float64, len(o.recall))
		t.all = make([]float64, len(o.all))
		t.covered = make([]float64, len(o.covered))
	}
	t.n++
	for i := range o.recall {
		t.recall[i] += o.recall[i]
		t.all[i] += o.all[i]
		t.covered[i] += o.covered[i]
	}
}

// scores returns the means for nk values of k.
func (t *tally) scores(nk int) Scores {
	s := Scores{N: t.n, Recall: make([]float64, nk), All: make([]float64, nk), Covered: make([]float64, nk)}
	if t.n == 0 {
		return s
	}
	for i := 0; i < nk && i < len(t.recall); i++ {
		s.Recall[i] = t.recall[i] / float64(t.n)
		s.All[i] = t.all[i] / float64(t.n)
		s.Covered[i] = t.covered[i] / float64(t.n)
	}
	return s
}

// summarise pools outcomes (adversarial apart) and splits them by
// category.
func summarise(outs []outcome, nk int) (Scores, map[string]Scores) {
	var pooled tally
	by := make(map[string]*tally)
	for _, o := range outs {
		t := by[o.category]
		if t == nil {
			t = &tally{}
			by[o.category] = t
		}
		t.add(o)
		if o.category != AdversarialCategory {
			pooled.add(o)
		}
	}
	cats := make(map[string]Scores, len(by))
	for c, t := range by {
		cats[c] = t.scores(nk)
	}
	return pooled.scores(nk), cats
}

// latencyOf returns the 50th and 95th percentiles of ds, in ms.
func latencyOf(ds []time.Duration) Latency {
	if len(ds) == 0 {
		return Latency{}
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	pick := func(p float64) float64 {
		i := int(math.Ceil(p*float64(len(s)))) - 1
		i = max(0, min(i, len(s)-1))
		return float64(s[i].Microseconds()) / 1000
	}
	return Latency{P50: pick(0.50), P95: pick(0.95)}
}
