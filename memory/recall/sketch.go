package recall

import (
	"math/bits"
	"slices"
	"strings"
)

// sketches holds the sign bits of vectors, one bit per dimension, packed
// side by side: the Hamming distance of two sketches estimates the angle
// between their vectors (angle ≈ π·distance/dims, to within about a degree
// at 1,536 dimensions), so near neighbours are found by popcount over a few
// words per memory instead of a dot product over every dimension. All
// sketches have the dimension of the first vector added; a vector of
// another dimension (another embedding model) is not sketched.
type sketches struct {
	dims  int
	words int
	ids   []string
	bits  []uint64
	slot  map[string]int
}

// sign returns v's sign bits in words uint64s.
func sign(v []float32, words int) []uint64 {
	out := make([]uint64, words)
	for i, x := range v {
		if x > 0 {
			out[i/64] |= 1 << (i % 64)
		}
	}
	return out
}

// put sketches id's vector (or forgets id when v is empty or of another
// dimension).
func (s *sketches) put(id string, v []float32) {
	if len(v) == 0 || (s.dims != 0 && len(v) != s.dims) {
		s.remove(id)
		return
	}
	if s.dims == 0 {
		s.dims, s.words, s.slot = len(v), (len(v)+63)/64, make(map[string]int)
	}
	b := sign(v, s.words)
	if i, ok := s.slot[id]; ok {
		copy(s.bits[i*s.words:], b)
		return
	}
	s.slot[id] = len(s.ids)
	s.ids = append(s.ids, id)
	s.bits = append(s.bits, b...)
}

// remove forgets id, moving the last sketch into its place.
func (s *sketches) remove(id string) {
	i, ok := s.slot[id]
	if !ok {
		return
	}
	last := len(s.ids) - 1
	if i != last {
		s.ids[i] = s.ids[last]
		s.slot[s.ids[i]] = i
		copy(s.bits[i*s.words:(i+1)*s.words], s.bits[last*s.words:])
	}
	s.ids = s.ids[:last]
	s.bits = s.bits[:last*s.words]
	delete(s.slot, id)
}

// prefixWords is how many leading words of a sketch the first pass of
// nearest compares: 256 sign bits already tell a near vector (cosine 0.7
// flips about a quarter of the bits) from an unrelated one (half) with a
// wide margin, so only a short list is compared in full.
const prefixWords = 4

// shortlist is how many candidates per wanted neighbour the first pass of
// nearest keeps for the full comparison.
const shortlist = 8

// nearest returns the ids of the at most n sketches closest to v's,
// closest first (ties by id, so runs repeat): a first pass over the
// leading prefixWords of every sketch keeps a short list, a second ranks
// it by the whole sketch.
func (s *sketches) nearest(v []float32, n int) []string {
	if n <= 0 || len(v) != s.dims || len(s.ids) == 0 {
		return nil
	}
	q := sign(v, s.words)
	w, p := s.words, min(prefixWords, s.words)
	var rows []int
	if p < w {
		rows = closest(len(s.ids), n*shortlist, func(i int) int { return hamming(s.bits[i*w:i*w+p], q[:p]) })
	} else {
		rows = make([]int, len(s.ids))
		for i := range rows {
			rows[i] = i
		}
	}
	best := closestOf(rows, n, func(i int) int { return hamming(s.bits[i*w:i*w+w], q) }, func(i int) string { return s.ids[i] })
	ids := make([]string, len(best))
	for i, r := range best {
		ids[i] = s.ids[r]
	}
	return ids
}

// hamming is the number of differing bits of two equally long bit sets.
func hamming(a, b []uint64) int {
	b = b[:len(a)]
	d := 0
	for j, x := range a {
		d += bits.OnesCount64(x ^ b[j])
	}
	return d
}

// closest returns the at most n of rows 0…count-1 with the smallest dist,
// in no particular order. It keeps a sorted list of the n best so far, so
// that most rows cost one comparison.
func closest(count, n int, dist func(int) int) []int {
	type scored struct{ row, d int }
	best := make([]scored, 0, n+1)
	for i := range count {
		d := dist(i)
		if len(best) == n && d >= best[n-1].d {
			continue
		}
		at, _ := slices.BinarySearchFunc(best, d, func(s scored, d int) int { return s.d - d })
		best = slices.Insert(best, at, scored{i, d})
		if len(best) > n {
			best = best[:n]
		}
	}
	out := make([]int, len(best))
	for i, b := range best {
		out[i] = b.row
	}
	return out
}

// closestOf orders rows by dist (ties by key) and keeps the first n.
func closestOf(rows []int, n int, dist func(int) int, key func(int) string) []int {
	type scored struct {
		row, d int
		key    string
	}
	all := make([]scored, len(rows))
	for i, r := range rows {
		all[i] = scored{r, dist(r), key(r)}
	}
	slices.SortFunc(all, func(a, b scored) int {
		if a.d != b.d {
			return a.d - b.d
		}
		return strings.Compare(a.key, b.key)
	})
	out := make([]int, 0, n)
	for _, s := range all[:min(n, len(all))] {
		out = append(out, s.row)
	}
	return out
}

// bytes is the heap the sketches hold.
func (s *sketches) bytes() int {
	n := cap(s.bits)*8 + cap(s.ids)*16
	for _, id := range s.ids {
		n += len(id) + 48 // the slot map's entry and key
	}
	return n
}
