package recall

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// vecData makes n vectors of dims components: plain Gaussian noise, or
// (clustered) a few centres with noise around them, the shape of real
// embeddings of related texts.
func vecData(r *rand.Rand, n, dims int, clustered bool) [][]float32 {
	centres := make([][]float32, 8)
	for i := range centres {
		centres[i] = gaussian(r, dims, 1)
	}
	out := make([][]float32, n)
	for i := range out {
		if !clustered {
			out[i] = gaussian(r, dims, 1)
			continue
		}
		c, noise := centres[r.IntN(len(centres))], gaussian(r, dims, 0.3+r.Float64())
		for j := range noise {
			noise[j] += c[j]
		}
		out[i] = noise
	}
	return out
}

func gaussian(r *rand.Rand, dims int, sd float64) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(r.NormFloat64() * sd)
	}
	return v
}

func TestDotKernelMatchesPortable(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 32, 48, 64, 80, 1536, 3072, 4096} {
		for _, extreme := range []bool{false, true} {
			a := make([]int8, n)
			b := make([]int16, n)
			for i := range a {
				a[i] = int8(r.IntN(255) - 127)
				b[i] = int16(r.IntN(1<<16) - 1<<15)
				if extreme {
					a[i], b[i] = -127, -math.MaxInt16
				}
			}
			want := dotInt8Int16Go(a, b)
			var exact int64
			for i := range a {
				exact += int64(a[i]) * int64(b[i])
			}
			if got := dotInt8Int16(a, b); got != want {
				t.Errorf("n=%d extreme=%v: kernel %d, portable %d", n, extreme, got, want)
			}
			// The portable sum wraps like the kernel; check against the
			// exact sum only where it fits, as quantised queries ensure.
			if exact >= math.MinInt32 && exact <= math.MaxInt32 && int64(want) != exact {
				t.Errorf("n=%d extreme=%v: portable %d, exact %d", n, extreme, want, exact)
			}
		}
	}
}

func TestQueryQuantisationNeverOverflows(t *testing.T) {
	for _, dims := range []int{1, 7, 384, 1536, 3072, 8192, 20000} {
		// The worst case: every component at its extreme on both sides.
		u := make([]float32, dims)
		for i := range u {
			u[i] = float32(1 / math.Sqrt(float64(dims)))
		}
		doc, q := quantise(u), prepareQuery(u)
		got := float64(dotInt8Int16(doc.v, q.v)) * float64(doc.scale) * q.scale
		if math.Abs(got-1) > 0.01 {
			t.Errorf("dims=%d: cosine of a vector with itself = %v, want 1", dims, got)
		}
	}
}

// TestQuantisedCosineIsClose checks the cosine of quantised vectors
// against the exact one, for a query against documents and for two
// documents.
func TestQuantisedCosineIsClose(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, dims := range []int{5, 384, 1536, 3072} {
		for _, clustered := range []bool{false, true} {
			vs := vecData(r, 300, dims, clustered)
			var set vectorSet
			refs := make([]vecRef, len(vs))
			for i, v := range vs {
				refs[i] = set.put(quantise(v), int32(i))
			}
			// Low dimensions quantise coarser relative to their components.
			tol := 0.003
			if dims < 100 {
				tol = 0.02
			}
			worst := 0.0
			for qi := range 20 {
				q := vs[qi]
				sc := set.scan(unitVector(q), len(vs), q)
				for i, v := range vs {
					if !sc.has[i] {
						t.Fatalf("dims=%d: document %d has no score", dims, i)
					}
					worst = max(worst, math.Abs(sc.cos[i]-Cosine(q, v)))
					got, ok := set.cosine(refs[qi], refs[i])
					if !ok {
						t.Fatalf("dims=%d: no cosine between stored vectors", dims)
					}
					worst = max(worst, math.Abs(got-Cosine(q, v)))
				}
				sc.release()
			}
			if worst > tol {
				t.Errorf("dims=%d clustered=%v: quantised cosine off by up to %.4f, want ≤ %v", dims, clustered, worst, tol)
			}
		}
	}
}

// TestQuantisedTopKMatchesExact ranks documents by quantised and by exact
// cosine: the top k agree, except that a document may trade places across
// the cut with one whose exact cosine is within the quantisation error.
func TestQuantisedTopKMatchesExact(t *testing.T) {
	const k, dims, tol = 20, 1536, 0.003
	r := rand.New(rand.NewPCG(5, 6))
	for _, clustered := range []bool{false, true} {
		vs := vecData(r, 2000, dims, clustered)
		c := NewCorpus(MemoryOptions())
		for i, v := range vs {
			mustAdd(t, c, Doc{ID: fmt.Sprintf("d%04d", i), Vector: v})
		}
		for qi := range 10 {
			q := gaussian(r, dims, 1)
			if clustered {
				q = vs[r.IntN(len(vs))]
			}
			exact := make([]float64, len(vs))
			for i, v := range vs {
				exact[i] = Cosine(q, v)
			}
			order := make([]int, len(vs))
			for i := range order {
				order[i] = i
			}
			slices.SortFunc(order, func(a, b int) int { return -cmpFloat(exact[a], exact[b]) })
			kth := exact[order[k-1]]

			sc := c.scanVectors(q)
			got := make([]int, len(vs))
			for i := range got {
				got[i] = i
			}
			slices.SortFunc(got, func(a, b int) int { return -cmpFloat(sc.cos[a], sc.cos[b]) })
			sc.release()
			inExact := make(map[int]bool)
			for _, i := range order[:k] {
				inExact[i] = true
			}
			for _, i := range got[:k] {
				if !inExact[i] && exact[i] < kth-2*tol {
					t.Errorf("clustered=%v query %d: d%04d in quantised top %d with exact cosine %.4f, exact cut at %.4f",
						clustered, qi, i, k, exact[i], kth)
				}
			}
		}
	}
}

// TestVectorSearchRanksAsExact runs vector-only searches over clustered
// documents: hits come in the order of their exact cosines (up to ties
// within the quantisation error) and report cosines close to them.
func TestVectorSearchRanksAsExact(t *testing.T) {
	const dims, tol = 1536, 0.003
	r := rand.New(rand.NewPCG(7, 8))
	vs := vecData(r, 1000, dims, true)
	// The fixed mapping without a ceiling, so that relevance orders hits
	// by cosine alone.
	opts := MemoryOptions()
	opts.VectorCeil = 1
	opts.VectorSpanSD = 0
	c := NewCorpus(opts)
	for i, v := range vs {
		mustAdd(t, c, Doc{ID: fmt.Sprintf("d%04d", i), Text: "some words here", Vector: v})
	}
	for qi := range 10 {
		q := vs[r.IntN(len(vs))]
		hits := c.Search(Query{Vector: q, Limit: 30})
		if len(hits) == 0 {
			t.Fatalf("query %d: no hits", qi)
		}
		prev := math.Inf(1)
		for _, h := range hits {
			var i int
			if _, err := fmt.Sscanf(h.ID, "d%04d", &i); err != nil {
				t.Fatal(err)
			}
			want := Cosine(q, vs[i])
			if math.Abs(h.Cosine-want) > tol {
				t.Errorf("query %d: %s cosine %.4f, exact %.4f", qi, h.ID, h.Cosine, want)
			}
			if want > prev+2*tol {
				t.Errorf("query %d: %s (exact %.4f) ranked below a hit with exact %.4f", qi, h.ID, want, prev)
			}
			prev = min(prev, want)
		}
	}
}

func TestVectorScoresSharedAndRefreshed(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c,
		Doc{ID: "a", Text: "alpha", Vector: []float32{1, 0, 0}},
		Doc{ID: "b", Text: "beta", Vector: []float32{0, 1, 0}},
		Doc{ID: "short", Text: "gamma", Vector: []float32{1, 0}},
	)
	q := []float32{0, 0, 1}
	vs := c.scanVectors(q)
	defer vs.release()
	if hits := c.search(Query{Vector: q}, vs); len(hits) != 0 {
		t.Fatalf("orthogonal query = %v, want no hits", ids(hits))
	}
	// A document added after the scan is still found: the scores are
	// computed again for the changed corpus.
	mustAdd(t, c, Doc{ID: "c", Text: "delta", Vector: []float32{0, 0, 2}})
	if hits := c.search(Query{Vector: q}, vs); len(hits) != 1 || hits[0].ID != "c" {
		t.Fatalf("after Add = %v, want [c]", ids(hits))
	}
	// Scores of another vector are not taken for this one.
	other := []float32{1, 0, 0}
	if hits := c.search(Query{Vector: other}, vs); len(hits) != 1 || hits[0].ID != "a" {
		t.Fatalf("other vector = %v, want [a]", ids(hits))
	}
	// A removed document's row is reused without leaking its vector.
	c.Remove("a")
	mustAdd(t, c, Doc{ID: "e", Text: "epsilon"})
	if hits := c.Search(Query{Vector: other}); len(hits) != 0 {
		t.Fatalf("after Remove = %v, want no hits", ids(hits))
	}
	mustAdd(t, c, Doc{ID: "f", Text: "zeta", Vector: []float32{0, 3, 0}})
	// b and f score alike; which comes first is the tie-break's.
	if hits := c.Search(Query{Vector: []float32{0, 1, 0}}); len(hits) != 2 || !slices.Contains(ids(hits), "b") || !slices.Contains(ids(hits), "f") {
		t.Fatalf("reused row = %v, want b and f", ids(hits))
	}
	// Only vectors of the query's dimension are compared.
	if hits := c.Search(Query{Vector: []float32{1, 0}}); len(hits) != 1 || hits[0].ID != "short" {
		t.Fatalf("2-d query = %v, want [short]", ids(hits))
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
