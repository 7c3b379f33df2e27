package preprocess

import (
	"strings"
	"time"
	"unicode"
)

// Defaults for the pipeline, from the design: merge one author's messages
// sent within a minute, and cut conversations into 500-800 character windows
// overlapping by about 50 characters.
const (
	DefaultMergeWindow = 60 * time.Second
	DefaultMergeMaxLen = 500
	DefaultMinChars    = 500
	DefaultMaxChars    = 800
	DefaultOverlap     = 50
)

// Window is one slice of a conversation, sized for one extraction call.
type Window struct {
	// IDs are the ids of every message in the window, in order, each
	// once.
	IDs []string
	// Parts are the messages in the window. A part may be a fragment of a
	// longer message; it then carries that message's ids, author and time.
	Parts []Merged
	// Overlap is how many leading parts repeat the end of the previous
	// window, as context; they were already seen there.
	Overlap int
	// Chars is the length of Text in runes, counting only the parts that
	// count toward the window's size (see SegmentCounted).
	Chars int
}

// Text returns the non-empty parts' texts joined by newlines.
func (w Window) Text() string {
	var b strings.Builder
	for _, p := range w.Parts {
		if p.Text == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.Text)
	}
	return b.String()
}

// Segment cuts a conversation into windows of minChars..maxChars runes, each
// starting with about overlap runes from the end of the previous window so a
// fact spanning the cut is seen whole once. Windows end at message
// boundaries where that keeps them at least minChars long; otherwise a
// message is split at a sentence end (. ! ? 。！？ or a newline), failing
// that at a space, failing that anywhere. A message longer than maxChars is
// always split.
//
// Only the last window may be shorter than minChars. Out-of-range
// parameters fall back to sensible values: maxChars <= 0 means
// DefaultMaxChars, minChars is clamped to 1..maxChars, and overlap to
// 0..maxChars/2.
func Segment(items []Merged, minChars, maxChars, overlap int) []Window {
	return SegmentCounted(items, minChars, maxChars, overlap, nil)
}

// SegmentCounted is Segment where only the items counted reports true for
// count toward a window's size: the others (the assistant's replies, say)
// go along in order as context, are never split, and cost nothing, so a
// window holds minChars..maxChars runes of the counted items however long
// the rest is. A nil counted counts everything, as Segment does. Overlap
// is measured on all parts, counted or not.
func SegmentCounted(items []Merged, minChars, maxChars, overlap int, counted func(Merged) bool) []Window {
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}
	minChars = min(max(minChars, 1), maxChars)
	overlap = min(max(overlap, 0), maxChars/2)

	s := segmenter{minChars: minChars, maxChars: maxChars, overlap: overlap}
	for _, it := range items {
		u := unit{m: it, r: []rune(it.Text), free: counted != nil && !counted(it)}
		for {
			rest, done := s.push(u)
			if done {
				break
			}
			u = rest
		}
	}
	s.close()
	return s.windows
}

// unit is a message or message fragment with its text as runes.
type unit struct {
	m Merged
	r []rune
	// free marks a unit that does not count toward the window's size.
	free bool
}

// size is what u counts toward a window.
func (u unit) size() int {
	if u.free {
		return 0
	}
	return len(u.r)
}

type segmenter struct {
	minChars, maxChars, overlap int

	windows []Window
	cur     []unit
	chars   int // counted runes in cur, separators included
	carried int // leading units of cur that are overlap
}

// sep is the separator cost of appending u to the current window.
func (s *segmenter) sep(u unit) int {
	if s.chars > 0 && u.size() > 0 {
		return 1
	}
	return 0
}

func (s *segmenter) append(u unit) {
	s.chars += s.sep(u) + u.size()
	s.cur = append(s.cur, u)
}

// push adds u to the current window, closing windows as they fill. It
// returns what is left of u to push again, or done when u is consumed.
func (s *segmenter) push(u unit) (rest unit, done bool) {
	if s.chars+s.sep(u)+u.size() <= s.maxChars {
		s.append(u)
		return unit{}, true
	}
	hasNew := len(s.cur) > s.carried
	if hasNew && s.chars >= s.minChars {
		s.close()
		return u, false
	}
	room := s.maxChars - s.chars - s.sep(u)
	if room <= 0 {
		if hasNew {
			// Full but one rune short of minChars (minChars == maxChars).
			s.close()
		} else {
			// Only carried-over context fills the window: drop it.
			s.cur, s.chars, s.carried = s.cur[:0], 0, 0
		}
		return u, false
	}
	cut := chooseCut(u.r, s.minChars-s.chars-s.sep(u), room)
	head := unit{m: u.m, r: u.r[:cut], free: u.free}
	head.m.Text = string(head.r)
	s.append(head)
	s.close()
	tail := trimLeftSpace(u.r[cut:])
	if len(tail) == 0 {
		return unit{}, true
	}
	rest = unit{m: u.m, r: tail, free: u.free}
	rest.m.Text = string(tail)
	return rest, false
}

// close emits the current window if it holds anything new and starts the
// next one with the overlap.
func (s *segmenter) close() {
	if len(s.cur) <= s.carried {
		return
	}
	w := Window{Overlap: s.carried, Chars: s.chars, Parts: make([]Merged, len(s.cur))}
	seen := map[string]bool{}
	for i, u := range s.cur {
		w.Parts[i] = u.m
		for _, id := range u.m.IDs {
			if !seen[id] {
				seen[id] = true
				w.IDs = append(w.IDs, id)
			}
		}
	}
	s.windows = append(s.windows, w)
	tail := s.tail()
	s.cur, s.chars, s.carried = nil, 0, 0
	for _, u := range tail {
		s.append(u)
	}
	s.carried = len(tail)
}

// tail returns the last units of the current window, up to overlap runes,
// the first possibly a fragment starting at a word or sentence boundary.
func (s *segmenter) tail() []unit {
	var out []unit
	got := 0
	for i := len(s.cur) - 1; i >= 0 && got < s.overlap; i-- {
		u := s.cur[i]
		if len(u.r) == 0 {
			continue
		}
		need := s.overlap - got
		if got > 0 {
			need-- // the separator
		}
		if need <= 0 {
			break
		}
		if len(u.r) <= need {
			out = append(out, u)
			got += len(u.r) + min(got, 1)
			continue
		}
		from := len(u.r) - need
		for j := from; j < len(u.r); j++ {
			if j > 0 && (unicode.IsSpace(u.r[j-1]) || isSentenceEnd(u.r, j)) {
				from = j
				break
			}
		}
		frag := unit{m: u.m, r: u.r[from:], free: u.free}
		frag.m.Text = string(frag.r)
		out = append(out, frag)
		break
	}
	// Reverse into reading order.
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// chooseCut returns how many runes of r to keep, between lo (at least 1) and
// hi: the furthest sentence end, else the furthest space, else hi.
func chooseCut(r []rune, lo, hi int) int {
	hi = min(hi, len(r))
	lo = min(max(lo, 1), hi)
	for c := hi; c >= lo; c-- {
		if isSentenceEnd(r, c) {
			return c
		}
	}
	for c := hi; c >= lo; c-- {
		if unicode.IsSpace(r[c-1]) || (c < len(r) && unicode.IsSpace(r[c])) || isClausePunct(r[c-1]) {
			return c
		}
	}
	return hi
}

// isSentenceEnd reports whether a sentence ends right before r[c]: after
// 。！？ or a newline, or after . ! ? followed by a space or the end (so
// "3.14" and "v1.2" are not cut).
func isSentenceEnd(r []rune, c int) bool {
	if c <= 0 || c > len(r) {
		return false
	}
	switch r[c-1] {
	case '。', '！', '？', '\n', '…':
		return true
	case '.', '!', '?':
		return c == len(r) || unicode.IsSpace(r[c])
	}
	return false
}

// isClausePunct reports punctuation that ends a clause, a fair place to cut
// text without spaces.
func isClausePunct(r rune) bool {
	switch r {
	case '，', '；', '：', '、', ',', ';', ':':
		return true
	}
	return false
}

func trimLeftSpace(r []rune) []rune {
	for len(r) > 0 && unicode.IsSpace(r[0]) {
		r = r[1:]
	}
	return r
}
