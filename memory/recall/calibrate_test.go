package recall

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Two models embed the same forty memories, eight topics of five: one puts
// unrelated sentences near cosine 0, the other (a shared direction in every vector,
// as many models have) near 0.5. Calibrated, both call a paraphrase
// relevant and an unrelated question not; the fixed mapping would find the
// second model's unrelated question relevant.
func TestVectorCalibrationFollowsTheModel(t *testing.T) {
	const dims, n, topics = 256, 40, 8
	r := rand.New(rand.NewPCG(3, 4))
	common := gaussian(r, dims, 1)
	embed := func(v []float32, shift float32) []float32 {
		out := make([]float32, dims)
		for i := range out {
			out[i] = v[i] + shift*common[i]
		}
		return out
	}
	centres := make([][]float32, topics)
	for i := range centres {
		centres[i] = gaussian(r, dims, 1)
	}
	base := make([][]float32, n)
	for i := range base {
		base[i] = gaussian(r, dims, 0.5)
		for j, x := range centres[i%topics] {
			base[i][j] += x
		}
	}
	paraphrase := make([]float32, dims)
	for i, x := range gaussian(r, dims, 0.3) {
		paraphrase[i] = base[0][i] + x
	}
	// A question on a topic no memory is about, built as memories are.
	unrelated := gaussian(r, dims, 1)
	for i, x := range gaussian(r, dims, 0.5) {
		unrelated[i] += x
	}
	best := func(c *Corpus, q []float32) Hit {
		hits := c.Search(Query{Vector: q, Limit: 1})
		if len(hits) == 0 {
			t.Fatal("no hit")
		}
		return hits[0]
	}
	for _, tc := range []struct {
		name  string
		shift float32
	}{{"centred model", 0}, {"offset model", 1}} {
		t.Run(tc.name, func(t *testing.T) {
			build := func(opts Options) *Corpus {
				c := NewCorpus(opts)
				for i, v := range base {
					mustAdd(t, c, Doc{ID: fmt.Sprint("d", i), Text: "x", Vector: embed(v, tc.shift)})
				}
				return c
			}
			c := build(calibratedOptions())
			cal := c.VectorCalibration(dims)
			t.Logf("floor %.2f ceil %.2f over %d pairs", cal.Floor, cal.Ceil, cal.Pairs)
			if cal.Pairs != n*(n-1)/2 || cal.Ceil <= cal.Floor {
				t.Fatalf("calibration = %+v", cal)
			}
			if h := best(c, embed(paraphrase, tc.shift)); h.ID != "d0" || h.VectorRel < 0.9 {
				t.Errorf("paraphrase: best %s with vector relevance %.2f, want d0 ≥ 0.9", h.ID, h.VectorRel)
			}
			if h := best(c, embed(unrelated, tc.shift)); h.VectorRel > 0.35 {
				t.Errorf("unrelated question: %s has vector relevance %.2f", h.ID, h.VectorRel)
			}
			if tc.shift > 0 {
				fixed := MemoryOptions()
				fixed.VectorFloorPercentile, fixed.VectorCeilPercentile = 0, 0
				if h := best(build(fixed), embed(unrelated, tc.shift)); h.VectorRel < 0.5 {
					t.Errorf("fixed mapping gave the unrelated question only %.2f: the test no longer shows a difference", h.VectorRel)
				}
			}
		})
	}
}

// A corpus with a handful of vectors leans on the fixed floor and ceiling.
func TestVectorCalibrationSmallCorpusLeansOnPrior(t *testing.T) {
	c := NewCorpus(calibratedOptions())
	mustAdd(t, c, Doc{ID: "a", Text: "x", Vector: []float32{1, 0, 0}}, Doc{ID: "b", Text: "y", Vector: []float32{0.9, 0.1, 0}})
	cal := c.VectorCalibration(3)
	o := MemoryOptions()
	if cal.Pairs != 1 || cal.Floor > o.VectorFloor+0.05 || cal.Ceil < o.VectorCeil-0.05 {
		t.Errorf("two vectors: calibration %+v, want close to the fixed %.2f–%.2f", cal, o.VectorFloor, o.VectorCeil)
	}
	if got := c.VectorCalibration(7); got.Pairs != 0 || got.Floor != o.VectorFloor {
		t.Errorf("no vectors of that size: %+v", got)
	}
}

// calibratedOptions turns the corpus-calibrated vector mapping on (it is off
// by default).
func calibratedOptions() Options {
	o := MemoryOptions()
	o.VectorFloorPercentile, o.VectorCeilPercentile = 0.5, 0.99
	return o
}
