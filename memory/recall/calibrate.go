package recall

import "math"

// Cosine similarities mean different things to different embedding
// models, and to different kinds of text with one model: unrelated
// sentences score about 0.1 with one model and 0.5 with another, and a
// question sits much further from the memory that answers it than two
// memories on one topic sit from each other. So the cosines that count as
// unrelated (the floor) and as plainly related (the ceiling) are read from
// each query's own cosines with the owner's memories: most memories have
// nothing to do with the question, so their mean and spread are what
// "unrelated" looks like to this model for this question, and a memory
// standing several standard deviations above them is about it. An owner
// with few memories says little about the spread: the measured floor and
// ceiling are then blended with the fixed VectorFloor and VectorCeil,
// weighted by the memories compared (Options.VectorPriorDocs).

// calibMinSpan keeps the ceiling this far above the floor, so that a
// query every memory is equally close to cannot make each fully relevant.
const calibMinSpan = 0.05

// calibration is how one query's cosines map onto 0–1 relevance: floor and
// below is unrelated, ceil and above fully relevant.
type calibration struct {
	floor, ceil float64
}

// relevance maps a cosine onto 0–1.
func (k calibration) relevance(cos float64) float64 {
	return clamp01((cos - k.floor) / (k.ceil - k.floor))
}

// cosStats summarise a query's cosines with the documents of its
// dimension: how many, their sum and their sum of squares.
type cosStats struct {
	n, sum, sumSq float64
}

// add counts one cosine.
func (s *cosStats) add(c float64) {
	s.n++
	s.sum += c
	s.sumSq += c * c
}

// calibrate returns the mapping of a query whose cosines are summarised by
// s: the floor VectorFloorSD standard deviations above their mean, the
// ceiling VectorSpanSD further, blended with the fixed mapping by the
// number of documents compared. With VectorSpanSD unset, or no document to
// compare, it is the fixed mapping; so it is with fewer than
// VectorPriorDocs documents, whose spread is mostly chance.
func (o Options) calibrate(s cosStats) calibration {
	fixed := calibration{floor: o.VectorFloor, ceil: o.VectorCeil}
	if o.VectorSpanSD <= 0 || s.n == 0 || s.n < o.VectorPriorDocs {
		return fixed
	}
	mean := s.sum / s.n
	sd := math.Sqrt(max(0, s.sumSq/s.n-mean*mean))
	floor := mean + o.VectorFloorSD*sd
	ceil := floor + o.VectorSpanSD*sd
	w := s.n / (s.n + o.VectorPriorDocs)
	floor = w*floor + (1-w)*fixed.floor
	ceil = w*ceil + (1-w)*fixed.ceil
	return calibration{floor: floor, ceil: max(ceil, floor+calibMinSpan)}
}
