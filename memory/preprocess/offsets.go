package preprocess

import (
	"sort"
	"unicode/utf8"
)

// piece records how one stretch of a rewritten text relates to the text it
// was produced from, so offsets found in the output can be traced back to
// the input. Pieces cover their output contiguously and in order.
type piece struct {
	outStart, outEnd int // byte range in the rewritten text
	inStart, inEnd   int // byte range in the source text
	kept             bool
}

// offsetMap translates byte offsets of a rewritten text back to its source.
// A nil map is the identity.
type offsetMap []piece

// start maps the start offset of a range: a position inside a replaced piece
// maps to the start of what that piece replaced.
func (m offsetMap) start(pos int) int {
	if m == nil {
		return pos
	}
	i := sort.Search(len(m), func(i int) bool { return m[i].outEnd > pos })
	if i == len(m) {
		return m[len(m)-1].inEnd
	}
	p := m[i]
	if p.kept {
		return p.inStart + (pos - p.outStart)
	}
	return p.inStart
}

// end maps the end offset of a range: a position inside a replaced piece maps
// to the end of what that piece replaced.
func (m offsetMap) end(pos int) int {
	if m == nil {
		return pos
	}
	if pos <= 0 {
		return 0
	}
	i := sort.Search(len(m), func(i int) bool { return m[i].outEnd >= pos })
	if i == len(m) {
		return m[len(m)-1].inEnd
	}
	p := m[i]
	if p.kept {
		return p.inStart + (pos - p.outStart)
	}
	return p.inEnd
}

// sanitizeUTF8 replaces every run of invalid UTF-8 bytes with U+FFFD, like
// strings.ToValidUTF8, and also returns the offset map back to the input
// (nil when the input was already valid).
func sanitizeUTF8(s string) (string, offsetMap) {
	if utf8.ValidString(s) {
		return s, nil
	}
	const repl = "\uFFFD"
	out := make([]byte, 0, len(s)+8)
	var m offsetMap
	keptFrom := 0
	flushKept := func(to int) {
		if to > keptFrom {
			m = append(m, piece{outStart: len(out), outEnd: len(out) + to - keptFrom, inStart: keptFrom, inEnd: to, kept: true})
			out = append(out, s[keptFrom:to]...)
		}
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || size != 1 {
			i += size
			continue
		}
		flushKept(i)
		j := i
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			if r != utf8.RuneError || size != 1 {
				break
			}
			j++
		}
		m = append(m, piece{outStart: len(out), outEnd: len(out) + len(repl), inStart: i, inEnd: j})
		out = append(out, repl...)
		i = j
		keptFrom = j
	}
	flushKept(len(s))
	return string(out), m
}

// interval is a half-open byte range [start, end).
type interval struct{ start, end int }

// covered reports whether [start, end) lies entirely inside the union of the
// sorted, disjoint intervals ivs.
func covered(ivs []interval, start, end int) bool {
	if start >= end {
		return true
	}
	i := sort.Search(len(ivs), func(i int) bool { return ivs[i].end > start })
	pos := start
	for ; i < len(ivs) && pos < end; i++ {
		if ivs[i].start > pos {
			return false
		}
		if ivs[i].end > pos {
			pos = ivs[i].end
		}
	}
	return pos >= end
}

// overlaps reports whether [start, end) intersects any of the sorted,
// disjoint intervals ivs.
func overlaps(ivs []interval, start, end int) bool {
	i := sort.Search(len(ivs), func(i int) bool { return ivs[i].end > start })
	return i < len(ivs) && ivs[i].start < end
}
