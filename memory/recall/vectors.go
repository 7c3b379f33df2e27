package recall

import (
	"math"
	"sync"
)

// Document vectors are kept quantised: each unit vector is scaled so that
// its largest component is ±docLevels and rounded to int8, with the scale
// kept beside it. That is a quarter of the memory of float32 and, for
// 1536 dimensions, cosines within about 0.001 of the exact ones (tested
// in vectors_test.go), well inside what the fusion's mapping of cosines
// onto relevance can tell apart.
const (
	// docLevels is the largest magnitude of a quantised document component.
	docLevels = 127
	// vecLane is how many components the dot kernel takes at a time; rows
	// and queries are zero-padded to a multiple of it.
	vecLane = 16
	// blockRows is the number of rows in one arena block: blocks of a few
	// hundred kilobytes grow without copying and scan contiguously.
	blockRows = 256
)

// quantVec is a quantised unit vector: v[i]·scale approximates its i-th
// component. v is padded to a multiple of vecLane.
type quantVec struct {
	v     []int8
	scale float32
	dim   int
}

// quantise returns the quantised form of v scaled to unit length, or a
// zero quantVec (dim 0) when v is empty, zero, or not finite. The
// components are rounded from v itself: scaling to unit length only
// changes the scale.
func quantise(v []float32) quantVec {
	var sum, maxAbs float64
	for _, x := range v {
		sum += float64(x) * float64(x)
		if a := math.Abs(float64(x)); a > maxAbs {
			maxAbs = a
		}
	}
	if len(v) == 0 || sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return quantVec{}
	}
	inv := docLevels / maxAbs
	q := make([]int8, padLen(len(v)))
	for i, x := range v {
		q[i] = int8(round(float64(x) * inv))
	}
	return quantVec{v: q, scale: float32(maxAbs / math.Sqrt(sum) / docLevels), dim: len(v)}
}

// queryVec is a query vector prepared for the dot kernel: int16
// components (padded to a multiple of vecLane) and the scale that turns
// their integer inner product with a document row back into a cosine.
type queryVec struct {
	v     []int16
	scale float64
}

// prepareQuery quantises the unit query vector u to int16. Its largest
// component gets the most levels for which the integer inner product with
// any document row of len(u) components still fits an int32, at most
// 32,767: about 11,000 levels at 1536 dimensions, so the query adds next
// to nothing to the document's quantisation error.
func prepareQuery(u []float32) queryVec {
	levels := min(math.MaxInt16, math.MaxInt32/(docLevels*len(u)))
	maxAbs := 0.0
	for _, x := range u {
		if a := math.Abs(float64(x)); a > maxAbs {
			maxAbs = a
		}
	}
	q := queryVec{v: make([]int16, padLen(len(u)))}
	if maxAbs == 0 || levels < 1 {
		return q
	}
	inv := float64(levels) / maxAbs
	for i, x := range u {
		q.v[i] = int16(round(float64(x) * inv))
	}
	q.scale = maxAbs / float64(levels)
	return q
}

// vecRef locates one document's vector: its row in the arena of its
// dimension. dim 0 means the document has no vector.
type vecRef struct {
	dim int
	row int32
}

// vectorArena holds the quantised vectors of one dimension in blocks of
// contiguous rows: one allocation per blockRows documents rather than one
// per document, and a scan that walks memory in order.
type vectorArena struct {
	dim, stride int
	blocks      [][]int8
	// scale and slot are by row; slot is -1 for a free row.
	scale []float32
	slot  []int32
	free  []int32
}

// row returns the components of row r.
func (a *vectorArena) row(r int32) []int8 {
	b := a.blocks[int(r)/blockRows]
	off := (int(r) % blockRows) * a.stride
	return b[off : off+a.stride : off+a.stride]
}

// put stores q for slot and returns its row.
func (a *vectorArena) put(q quantVec, slot int32) int32 {
	var r int32
	if n := len(a.free); n > 0 {
		r = a.free[n-1]
		a.free = a.free[:n-1]
		a.scale[r], a.slot[r] = q.scale, slot
	} else {
		r = int32(len(a.slot))
		if int(r)%blockRows == 0 {
			a.blocks = append(a.blocks, make([]int8, blockRows*a.stride))
		}
		a.scale = append(a.scale, q.scale)
		a.slot = append(a.slot, slot)
	}
	copy(a.row(r), q.v)
	return r
}

// vectorSet holds a corpus's document vectors, one arena per dimension
// (a change of embedding model leaves vectors of two sizes for a while).
// gen moves on every change to the corpus's documents, so that scores
// computed for one query can be proved current and reused. It is guarded
// by the corpus lock.
type vectorSet struct {
	arenas map[int]*vectorArena
	gen    uint64
	// pool recycles the per-query score arrays.
	pool sync.Pool
}

// put stores q (which may be empty) for slot and returns where it lives.
func (s *vectorSet) put(q quantVec, slot int32) vecRef {
	s.gen++
	if q.dim == 0 {
		return vecRef{}
	}
	a := s.arenas[q.dim]
	if a == nil {
		if s.arenas == nil {
			s.arenas = make(map[int]*vectorArena)
		}
		a = &vectorArena{dim: q.dim, stride: padLen(q.dim)}
		s.arenas[q.dim] = a
	}
	return vecRef{dim: q.dim, row: a.put(q, slot)}
}

// drop frees the vector at ref, if any.
func (s *vectorSet) drop(ref vecRef) {
	s.gen++
	if ref.dim == 0 {
		return
	}
	a := s.arenas[ref.dim]
	clear(a.row(ref.row))
	a.slot[ref.row] = -1
	a.free = append(a.free, ref.row)
}

// cosine returns the cosine similarity of two stored vectors; ok is false
// unless both exist and have one dimension.
func (s *vectorSet) cosine(x, y vecRef) (float64, bool) {
	if x.dim == 0 || x.dim != y.dim {
		return 0, false
	}
	a := s.arenas[x.dim]
	return float64(dotInt8(a.row(x.row), a.row(y.row))) * float64(a.scale[x.row]) * float64(a.scale[y.row]), true
}

// bytes is the heap the vectors hold.
func (s *vectorSet) bytes() int {
	n := 0
	for _, a := range s.arenas {
		for _, b := range a.blocks {
			n += cap(b)
		}
		n += cap(a.scale)*4 + cap(a.slot)*4 + cap(a.free)*4 + 64
	}
	return n
}

// vectorScores are the cosine similarities of one query vector (src,
// as the caller gave it) with the documents of a corpus, by slot, as of
// the corpus generation gen.
type vectorScores struct {
	gen uint64
	set *vectorSet
	src []float32
	// unit is src scaled to unit length.
	unit []float32
	cos  []float64
	has  []bool
	// stats summarise cos over the documents that have a vector, for
	// calibrating the query's mapping onto relevance.
	stats cosStats
}

// scanVectors returns the cosines of v with the corpus's document vectors,
// for searches with the same vector to share through search: the scan is
// most of a search's time. Nil when v is not a usable vector. The caller
// releases the result after its last search and does not change v
// meanwhile; a search after the corpus changed scans again.
func (c *Corpus) scanVectors(v []float32) *vectorScores {
	u := unitVector(v)
	if u == nil {
		return nil
	}
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.vecs.scan(u, len(c.slots), v)
}

// unitOf returns v scaled to unit length (see unitVector), reusing the
// one vs holds when vs was computed from v.
func (vs *vectorScores) unitOf(v []float32) []float32 {
	if vs != nil && vs.set != nil && sameVector(v, vs.src) {
		return vs.unit
	}
	return unitVector(v)
}

// currentFor reports whether vs holds the scores of the query vector v
// for corpus generation gen.
func (vs *vectorScores) currentFor(v []float32, gen uint64) bool {
	return vs != nil && vs.set != nil && vs.gen == gen && sameVector(v, vs.src)
}

// sameVector reports whether a and b are one slice.
func sameVector(a, b []float32) bool {
	return len(a) == len(b) && len(a) > 0 && &a[0] == &b[0]
}

// scan computes the cosine of the unit vector u, made from src, with every
// document vector of its dimension. The corpus lock is held.
func (s *vectorSet) scan(u []float32, slots int, src []float32) *vectorScores {
	vs, _ := s.pool.Get().(*vectorScores)
	if vs == nil {
		vs = &vectorScores{}
	}
	vs.gen, vs.set, vs.src, vs.unit = s.gen, s, src, u
	vs.cos = resize(vs.cos, slots)
	vs.has = resize(vs.has, slots)
	vs.stats = cosStats{}
	a := s.arenas[len(u)]
	if a == nil {
		return vs
	}
	q := prepareQuery(u)
	for r, slot := range a.slot {
		if slot < 0 {
			continue
		}
		d := dotInt8Int16(a.row(int32(r)), q.v)
		c := float64(d) * float64(a.scale[r]) * q.scale
		vs.cos[slot] = c
		vs.has[slot] = true
		vs.stats.add(c)
	}
	return vs
}

// release returns vs to its pool; vs must not be used after.
func (vs *vectorScores) release() {
	if vs == nil || vs.set == nil {
		return
	}
	set := vs.set
	vs.set, vs.src, vs.unit = nil, nil, nil
	set.pool.Put(vs)
}

// resize returns a zeroed slice of length n, reusing xs when it is large
// enough.
func resize[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

// dotInt8Int16Go is the portable form of the dot kernel: eight
// components a step, spread over four sums, on slices the compiler can
// see are long enough.
func dotInt8Int16Go(a []int8, b []int16) int32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 int32
	for len(a) >= 8 {
		x, y := a[:8:8], b[:8:8]
		s0 += int32(x[0])*int32(y[0]) + int32(x[4])*int32(y[4])
		s1 += int32(x[1])*int32(y[1]) + int32(x[5])*int32(y[5])
		s2 += int32(x[2])*int32(y[2]) + int32(x[6])*int32(y[6])
		s3 += int32(x[3])*int32(y[3]) + int32(x[7])*int32(y[7])
		a, b = a[8:], b[8:]
	}
	for i := range a {
		s0 += int32(a[i]) * int32(b[i])
	}
	return s0 + s1 + s2 + s3
}

// dotInt8 is the inner product of two document rows of equal length.
func dotInt8(a, b []int8) int32 {
	b = b[:len(a)]
	var s int32
	for i := range a {
		s += int32(a[i]) * int32(b[i])
	}
	return s
}

// padLen rounds n up to a multiple of vecLane.
func padLen(n int) int {
	return (n + vecLane - 1) / vecLane * vecLane
}

// round rounds x to the nearest integer, halves away from zero, as
// math.Round does, but without branches: the signs of embedding
// components are random, and mispredicted branches made quantising a
// vector cost more than building the rest of its document.
func round(x float64) float64 {
	return math.Trunc(x + math.Copysign(0.5, x))
}
