package recall

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSketchesPutRemove(t *testing.T) {
	var s sketches
	s.put("a", []float32{1, -1, 1})
	s.put("b", []float32{-1, 1, -1})
	s.put("c", []float32{1, 1, 1})
	s.put("odd", []float32{1, 1}) // another dimension: not sketched
	if got := s.nearest([]float32{1, -1, 1}, 3); !slices.Equal(got, []string{"a", "c", "b"}) {
		t.Fatalf("nearest = %v, want a, c, b", got)
	}
	s.remove("a")
	s.put("c", []float32{-1, 1, -1}) // rewritten
	if got := s.nearest([]float32{1, -1, 1}, 5); len(got) != 2 || slices.Contains(got, "a") || slices.Contains(got, "odd") {
		t.Fatalf("after remove = %v", got)
	}
	if got := s.nearest([]float32{1, 1}, 1); got != nil {
		t.Errorf("query of another dimension = %v", got)
	}
}

// Every vector whose cosine with the query is at least 0.7 (what
// reconciliation calls related) is among the sketch's few nearest, in
// clustered 1536-d data as embeddings are.
func TestSketchesFindCloseVectors(t *testing.T) {
	const dims, n = 1536, 3000
	r := rand.New(rand.NewPCG(1, 2))
	centres := make([][]float32, 30)
	for i := range centres {
		centres[i] = randomVector(r, dims, nil, 0)
	}
	vecs := make(map[string][]float32, n)
	var s sketches
	for i := range n {
		v := randomVector(r, dims, centres[i%len(centres)], 0.5+r.Float64())
		id := fmt.Sprintf("m%d", i)
		vecs[id] = unitVector(v)
		s.put(id, v)
	}
	missed, related := 0, 0
	for q := range 50 {
		query := unitVector(randomVector(r, dims, centres[q%len(centres)], 0.7))
		want := map[string]bool{}
		for id, v := range vecs {
			if Cosine(query, v) >= 0.7 {
				want[id] = true
			}
		}
		related += len(want)
		got := s.nearest(query, max(sketchProbe*5, len(want)+sketchProbe*5))
		for id := range want {
			if !slices.Contains(got, id) {
				missed++
			}
		}
	}
	t.Logf("%d related vectors over 50 queries, %d missed", related, missed)
	if related == 0 {
		t.Fatal("the data holds no related pairs: the test proves nothing")
	}
	if missed > related/100 {
		t.Errorf("the sketches missed %d of %d vectors with cosine ≥ 0.7", missed, related)
	}
}

// randomVector returns a Gaussian vector, around centre with spread when
// centre is given.
func randomVector(r *rand.Rand, dims int, centre []float32, spread float64) []float32 {
	v := make([]float32, dims)
	for i := range v {
		x := r.NormFloat64()
		if centre != nil {
			x = float64(centre[i]) + spread*x
		}
		v[i] = float32(x)
	}
	return v
}

// BenchmarkSketchNearest10k measures finding the 20 nearest of 10,000
// 1536-d sketches, the vector part of reconciling one candidate.
func BenchmarkSketchNearest10k(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	var s sketches
	for i := range 10000 {
		s.put(fmt.Sprintf("m%d", i), randomVector(r, 1536, nil, 0))
	}
	q := randomVector(r, 1536, nil, 0)
	b.ReportAllocs()
	for b.Loop() {
		s.nearest(q, 20)
	}
}
