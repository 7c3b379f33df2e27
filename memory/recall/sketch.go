package recall

import (
	"math/bits"
	"slices"
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

// nearest returns the ids of the at most n sketches closest to v's,
// closest first (ties by id, so runs repeat).
func (s *sketches) nearest(v []float32, n int) []string {
	if n <= 0 || len(v) != s.dims || len(s.ids) == 0 {
		return nil
	}
	q := sign(v, s.words)
	type near struct {
		id   string
		dist int
	}
	order := func(a, b near) int {
		if a.dist != b.dist {
			return a.dist - b.dist
		}
		switch {
		case a.id < b.id:
			return -1
		case a.id > b.id:
			return 1
		}
		return 0
	}
	best := make([]near, 0, n+1)
	for i, id := range s.ids {
		row := s.bits[i*s.words : (i+1)*s.words]
		d := 0
		for j, w := range row {
			d += bits.OnesCount64(w ^ q[j])
		}
		if len(best) == n && d > best[n-1].dist {
			continue
		}
		at, _ := slices.BinarySearchFunc(best, near{id, d}, order)
		best = slices.Insert(best, at, near{id, d})
		if len(best) > n {
			best = best[:n]
		}
	}
	ids := make([]string, len(best))
	for i, b := range best {
		ids[i] = b.id
	}
	return ids
}
