package recall

import (
	"cmp"
	"container/heap"
	"slices"
)

// ranked is a slot with its score.
type ranked struct {
	slot  int32
	score float64
	tie   uint64
	id    string
}

// better orders ranked items: higher score first, then by what the
// documents say and by id, so that results depend neither on insertion
// order nor on the ids a store drew at random.
func better(a, b ranked) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	if a.tie != b.tie {
		return a.tie < b.tie
	}
	return a.id < b.id
}

// minHeap keeps the worst of the best k on top.
type minHeap []ranked

// Len, Less, Swap, Push and Pop implement heap.Interface.
func (h minHeap) Len() int           { return len(h) }
func (h minHeap) Less(i, j int) bool { return better(h[j], h[i]) }
func (h minHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *minHeap) Push(x any)        { *h = append(*h, x.(ranked)) }
func (h *minHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// topK keeps the k best of a stream of ranked items, in O(n log k).
type topK struct {
	k int
	h minHeap
}

// offer considers one item.
func (t *topK) offer(r ranked) {
	if t.k <= 0 {
		return
	}
	if len(t.h) < t.k {
		heap.Push(&t.h, r)
		return
	}
	if better(r, t.h[0]) {
		t.h[0] = r
		heap.Fix(&t.h, 0)
	}
}

// sorted returns the kept items, best first.
func (t *topK) sorted() []ranked {
	out := slices.Clone([]ranked(t.h))
	slices.SortFunc(out, func(a, b ranked) int {
		if better(a, b) {
			return -1
		}
		if better(b, a) {
			return 1
		}
		return cmp.Compare(a.slot, b.slot)
	})
	return out
}
