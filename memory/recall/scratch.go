package recall

import "sync"

// scratch is the per-search working memory of a scorer: arrays by slot
// that a search over a large corpus would otherwise allocate afresh each
// time (about 100 kB per search at 10,000 documents).
type scratch struct {
	scores  []float64
	flat    []float64
	marked  []bool
	touched []int32
}

// scratchPool recycles scratch between the searches of one corpus.
type scratchPool struct{ pool sync.Pool }

// get returns zeroed scratch for slots slots.
func (p *scratchPool) get(slots int) *scratch {
	sp, _ := p.pool.Get().(*scratch)
	if sp == nil {
		sp = &scratch{}
	}
	sp.scores = resize(sp.scores, slots)
	sp.flat = resize(sp.flat, slots)
	sp.marked = resize(sp.marked, slots)
	sp.touched = sp.touched[:0]
	return sp
}

// put returns sp to the pool, keeping the touched list as it grew.
func (p *scratchPool) put(sp *scratch, touched []int32) {
	sp.touched = touched
	p.pool.Put(sp)
}
