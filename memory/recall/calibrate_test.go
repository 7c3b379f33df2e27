package recall

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Two models embed the same forty memories, twenty topics of two: one puts
// unrelated sentences near cosine 0, the other (a shared direction in every
// vector, as many models have) near 0.5. Calibrated on each query's own
// cosines, both call a paraphrase relevant and an unrelated question not;
// the fixed mapping would find the second model's unrelated question
// relevant.
func TestVectorCalibrationFollowsTheModel(t *testing.T) {
	const dims, n, topics = 256, 40, 20
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
			c := build(MemoryOptions())
			if h := best(c, embed(paraphrase, tc.shift)); h.ID != "d0" || h.VectorRel < 0.9 {
				t.Errorf("paraphrase: best %s with vector relevance %.2f, want d0 ≥ 0.9", h.ID, h.VectorRel)
			}
			if h := best(c, embed(unrelated, tc.shift)); h.VectorRel > 0.45 {
				t.Errorf("unrelated question: %s has vector relevance %.2f cos %.2f", h.ID, h.VectorRel, h.Cosine)
			}
			if tc.shift > 0 {
				fixed := MemoryOptions()
				fixed.VectorSpanSD = 0
				if h := best(build(fixed), embed(unrelated, tc.shift)); h.VectorRel < 0.7 {
					t.Errorf("fixed mapping gave the unrelated question only %.2f: the test no longer shows a difference (cos %.2f)", h.VectorRel, h.Cosine)
				}
			}
		})
	}
}

// A question sits far from the memory that answers it, much further than
// memories on one topic sit from each other: with a sentence encoder the
// answer's cosine may be 0.3 while the question's other cosines are near
// 0.05. Read against the question's own cosines it is plainly relevant,
// and above a memory the words match as well; the fixed mapping, and one
// read from memory-to-memory cosines, called it barely related.
func TestVectorCalibrationReadsTheQuestionsOwnCosines(t *testing.T) {
	const dims, n = 64, 60
	r := rand.New(rand.NewPCG(5, 6))
	q := gaussian(r, dims, 1)
	c := NewCorpus(MemoryOptions())
	at := func(cos float64) []float32 {
		// cos·q̂ plus an orthogonal part of the right length.
		u := unitVector(q)
		noise := gaussian(r, dims, 1)
		var d float64
		for i := range noise {
			d += float64(noise[i] * u[i])
		}
		var norm float64
		for i := range noise {
			noise[i] -= float32(d) * u[i]
			norm += float64(noise[i] * noise[i])
		}
		s := math.Sqrt(1-cos*cos) / math.Sqrt(norm)
		v := make([]float32, dims)
		for i := range v {
			v[i] = float32(cos)*u[i] + float32(s)*noise[i]
		}
		return v
	}
	for i := range n {
		mustAdd(t, c, Doc{ID: fmt.Sprint("m", i), Text: "unrelated words", Vector: at(0.02 + 0.06*r.Float64())})
	}
	mustAdd(t, c,
		Doc{ID: "answer", Text: "is allergic to aspirin", Vector: at(0.3)},
		Doc{ID: "words", Text: "painkillers at the pharmacy", Vector: at(0.06)},
	)
	hits := c.Search(Query{Text: "which painkillers are safe for me", Vector: q, Limit: 2})
	if len(hits) == 0 || hits[0].ID != "answer" || hits[0].VectorRel < 0.9 {
		t.Fatalf("hits = %+v, want the answer first with vector relevance ≥ 0.9", hits)
	}
}

// An owner with a handful of memories is judged by the fixed floor and
// ceiling: a few cosines say little about their spread.
func TestVectorCalibrationSmallCorpusLeansOnPrior(t *testing.T) {
	o := MemoryOptions()
	few := cosStats{}
	for _, c := range []float64{0.9, 0.1} {
		few.add(c)
	}
	fixed := calibration{floor: o.VectorFloor, ceil: o.VectorCeil}
	if got := o.calibrate(few); got != fixed {
		t.Errorf("two cosines: calibration %+v, want the fixed %+v", got, fixed)
	}
	if got := o.calibrate(cosStats{}); got != fixed {
		t.Errorf("no cosines: %+v, want the fixed mapping", got)
	}
	// From VectorPriorDocs on, the measured spread counts half, then more.
	var enough cosStats
	for i := range int(o.VectorPriorDocs) {
		enough.add(0.05 + 0.01*float64(i%3))
	}
	if got := o.calibrate(enough); got.floor >= fixed.floor || got.ceil >= fixed.ceil {
		t.Errorf("%v low cosines: calibration %+v, want below the fixed %+v", enough.n, got, fixed)
	}
	same := cosStats{}
	for range 100 {
		same.add(0.4)
	}
	if got := o.calibrate(same); got.ceil-got.floor < calibMinSpan-1e-9 {
		t.Errorf("equal cosines: %+v, span below %.2f", got, calibMinSpan)
	}
}
