package recall

import (
	"slices"
	"sync"
)

// Cosine similarities mean different things to different embedding
// models: unrelated sentences score about 0.1 with one and 0.5 with
// another. So the cosines that count as unrelated (the floor) and as
// plainly related (the ceiling) are read from the corpus's own vectors:
// percentiles of the cosines between pairs of its documents. Most pairs
// of a person's memories are about different things, so the median pair
// is what "unrelated" looks like to this model on this person's way of
// writing, and the closest percent of pairs what "about the same thing"
// looks like. A corpus with few vectors says little: its percentiles are
// blended with the fixed VectorFloor and VectorCeil, weighted by the pairs
// measured.
const (
	// calibPairs bounds the document pairs a calibration compares.
	calibPairs = 4096
	// calibPriorPairs is the weight of the fixed floor and ceiling, in
	// pairs: at this many measured pairs both count the same.
	calibPriorPairs = 45
	// calibRefresh is the share of a dimension's vectors that must have
	// changed before its calibration is measured again.
	calibRefresh = 0.1
	// calibMinSpan keeps the ceiling this far above the floor, so that a
	// corpus of near-identical vectors cannot make every cosine relevant.
	calibMinSpan = 0.05
)

// Calibration is how one corpus maps the cosines of one vector dimension
// onto 0–1 relevance: Floor and below is unrelated, Ceil and above fully
// relevant. Pairs is the number of document pairs it was measured on (0:
// the fixed Options values).
type Calibration struct {
	Floor, Ceil float64
	Pairs       int
}

// relevance maps a cosine onto 0–1.
func (k Calibration) relevance(cos float64) float64 {
	return clamp01((cos - k.Floor) / (k.Ceil - k.Floor))
}

// calibrations caches the measured calibration of each dimension. It has
// its own lock because searches measure under the corpus's read lock.
type calibrations struct {
	mu   sync.Mutex
	byDm map[int]measured
}

// measured is one dimension's calibration and the vectors it saw.
type measured struct {
	cal     Calibration
	vectors int
	changes uint64
}

// VectorCalibration returns how the corpus currently maps cosines of dim
// dimensions onto relevance.
func (c *Corpus) VectorCalibration(dim int) Calibration {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.calibration(dim)
}

// calibration returns the calibration of dim, measuring it again when
// enough vectors changed since the last time. c.mu is held (read or
// write).
func (c *Corpus) calibration(dim int) Calibration {
	o := c.opts
	fixed := Calibration{Floor: o.VectorFloor, Ceil: o.VectorCeil}
	if o.VectorFloorPercentile <= 0 || o.VectorCeilPercentile <= o.VectorFloorPercentile {
		return fixed
	}
	a := c.vecs.arenas[dim]
	if a == nil {
		return fixed
	}
	live := len(a.slot) - len(a.free)
	k := &c.calib
	k.mu.Lock()
	defer k.mu.Unlock()
	m, ok := k.byDm[dim]
	if ok && a.changes-m.changes <= uint64(calibRefresh*float64(m.vectors)) {
		return m.cal
	}
	m = measured{cal: c.measure(a, fixed), vectors: live, changes: a.changes}
	if k.byDm == nil {
		k.byDm = make(map[int]measured)
	}
	k.byDm[dim] = m
	return m.cal
}

// measure compares pairs of a's vectors (every pair of a small arena, an
// even spread of calibPairs over a large one) and blends the percentiles
// of their cosines with the fixed calibration.
func (c *Corpus) measure(a *vectorArena, fixed Calibration) Calibration {
	rows := make([]int32, 0, len(a.slot))
	for r, s := range a.slot {
		if s >= 0 {
			rows = append(rows, int32(r))
		}
	}
	n := len(rows)
	if n < 2 {
		return fixed
	}
	cos := func(i, j int) float64 {
		x, y := rows[i], rows[j]
		return float64(dotInt8(a.row(x), a.row(y))) * float64(a.scale[x]) * float64(a.scale[y])
	}
	var sims []float64
	if all := n * (n - 1) / 2; all <= calibPairs {
		sims = make([]float64, 0, all)
		for i := range n {
			for j := i + 1; j < n; j++ {
				sims = append(sims, cos(i, j))
			}
		}
	} else {
		// A fixed walk over pairs: repeatable, and spread over the whole
		// corpus rather than its oldest rows.
		sims = make([]float64, 0, calibPairs)
		x := uint64(0x9e3779b97f4a7c15)
		for len(sims) < calibPairs {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			i, j := int(x%uint64(n)), int((x>>32)%uint64(n))
			if i != j {
				sims = append(sims, cos(i, j))
			}
		}
	}
	slices.Sort(sims)
	at := func(p float64) float64 { return sims[int(p*float64(len(sims)-1))] }
	o := c.opts
	w := float64(len(sims)) / float64(len(sims)+calibPriorPairs)
	floor := w*at(o.VectorFloorPercentile) + (1-w)*fixed.Floor
	ceil := w*at(o.VectorCeilPercentile) + (1-w)*fixed.Ceil
	return Calibration{Floor: floor, Ceil: max(ceil, floor+calibMinSpan), Pairs: len(sims)}
}
