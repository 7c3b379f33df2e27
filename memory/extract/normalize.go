package extract

import (
	"math"
	"strings"
	"unicode"

	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// foldRune maps full-width ASCII and the ideographic space to their
// half-width forms, so "ＴｙｐｅＳｃｒｉｐｔ" and "TypeScript" compare equal.
func foldRune(r rune) rune {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E:
		return r - 0xFEE0
	case r == 0x3000:
		return ' '
	}
	return r
}

// Normalize reduces a memory text to the form in which two texts count as
// duplicates: width-folded, lower-cased, without whitespace and without
// punctuation, except the characters that change meaning ("C++", "C#",
// "3.5").
func Normalize(s string) string {
	rs := []rune(s)
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range rs {
		r = unicode.ToLower(foldRune(r))
		switch {
		case unicode.IsSpace(r):
			continue
		case r == '+' || r == '#':
		case r == '.' && i > 0 && i+1 < len(rs) && unicode.IsDigit(foldRune(rs[i-1])) && unicode.IsDigit(foldRune(rs[i+1])):
		case unicode.IsPunct(r) || unicode.IsSymbol(r):
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// numbers returns the numbers written in s with digits (width-folded),
// e.g. "budget 5,000 for 3.5 days" → ["5000", "3.5"].
func numbers(s string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, strings.TrimRight(cur.String(), "."))
			cur.Reset()
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		r = foldRune(r)
		switch {
		case r >= '0' && r <= '9':
			cur.WriteRune(r)
		case (r == '.' || r == ',') && cur.Len() > 0 && i+1 < len(rs) && unicode.IsDigit(foldRune(rs[i+1])):
			if r == '.' {
				cur.WriteRune(r)
			}
		default:
			flush()
		}
	}
	flush()
	return out
}

// numbersDiffer reports whether both texts carry numbers and the sets
// differ: such texts are different memories ("budget 5000" vs "budget
// 8000") and must never be merged.
func numbersDiffer(a, b string) bool {
	na, nb := numbers(a), numbers(b)
	if len(na) == 0 || len(nb) == 0 {
		return false
	}
	set := make(map[string]bool, len(na))
	for _, n := range na {
		set[n] = true
	}
	other := make(map[string]bool, len(nb))
	for _, n := range nb {
		if !set[n] {
			return true
		}
		other[n] = true
	}
	return len(other) != len(set)
}

// termSet is the bag of index terms of a text, for lexical similarity.
type termSet map[string]struct{}

// terms tokenises s the way recall does (Chinese characters and pairs,
// stemmed English words without stopwords).
func terms(tok text.Tokenizer, s string) termSet {
	set := make(termSet)
	for _, t := range tok.Tokens(s) {
		set[t] = struct{}{}
	}
	return set
}

// shared is |A∩B|, the number of terms two texts have in common.
func shared(a, b termSet) int {
	if len(a) > len(b) {
		a, b = b, a
	}
	n := 0
	for t := range a {
		if _, ok := b[t]; ok {
			n++
		}
	}
	return n
}

// overlap is the overlap coefficient |A∩B| / min(|A|,|B|): 1 when one text's
// terms are contained in the other's, so a shorter restatement of a longer
// memory still counts as overlapping.
func overlap(a, b termSet) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	return float64(shared(a, b)) / float64(min(len(a), len(b)))
}

// jaccard is |A∩B| / |A∪B|: how close two texts are overall.
func jaccard(a, b termSet) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := shared(a, b)
	return float64(n) / float64(len(a)+len(b)-n)
}

// contains reports whether every term of sub is in super.
func contains(super, sub termSet) bool {
	if len(sub) == 0 {
		return false
	}
	for t := range sub {
		if _, ok := super[t]; !ok {
			return false
		}
	}
	return true
}

// cosine is the cosine similarity of two vectors, 0 when they cannot be
// compared.
func cosine(a, b []float32) float64 {
	if len(a) == 0 || len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / (math.Sqrt(na) * math.Sqrt(nb))
}

// sameSubject reports whether two subjects name the same thing: the same
// key of the subject vocabulary ("employer" and "工作单位"), equal once
// normalised, or one ends with the other (Chinese and English noun phrases
// put the head last: "设计风格" and "风格", "web design" and "design").
func sameSubject(a, b string) bool {
	if subject.Same(a, b) {
		return true
	}
	na, nb := Normalize(a), Normalize(b)
	if na == "" || nb == "" {
		return false
	}
	if na == nb {
		return true
	}
	if len([]rune(na)) < 2 || len([]rune(nb)) < 2 {
		return false
	}
	return strings.HasSuffix(na, nb) || strings.HasSuffix(nb, na)
}
