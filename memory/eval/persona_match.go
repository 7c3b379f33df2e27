package eval

import (
	"strings"

	"github.com/membot/membot/memory/text"
)

// minGoldOverlap is the share of terms (stemmed, stopwords dropped,
// Chinese as characters and character pairs) a stored memory and a gold
// memory must have in common, on top of every key, to match: of the gold
// memory's terms or of the stored one's, whichever is higher, so that a
// terse memory ("是厨师") matches the fuller gold text it is part of and a
// long one may carry more than the gold says.
const minGoldOverlap = 0.4

// matcher decides which gold memory a stored text stands for.
type matcher struct{ tok text.Tokenizer }

func newMatcher() matcher { return matcher{tok: text.NewTokenizer()} }

// normalised is a text prepared once for matching: its words joined by
// single spaces (lower-cased, full-width folded, CJK runs whole) and its
// index terms.
type normalised struct {
	joined string
	terms  map[string]bool
}

func (m matcher) prepare(s string) normalised {
	n := normalised{joined: " " + strings.Join(text.Words(s), " ") + " ", terms: map[string]bool{}}
	for _, t := range m.tok.Tokens(s) {
		n.terms[t] = true
	}
	return n
}

// has reports whether any alternative of term ("a|b") occurs in n, as a
// substring of its normalised words.
func (n normalised) has(term string) bool {
	for _, alt := range strings.Split(term, "|") {
		w := strings.Join(text.Words(alt), " ")
		if w != "" && strings.Contains(n.joined, w) {
			return true
		}
	}
	return false
}

// hasAll reports whether every term occurs in n.
func (n normalised) hasAll(terms []string) bool {
	for _, t := range terms {
		if !n.has(t) {
			return false
		}
	}
	return true
}

// hasAny reports whether some term occurs in n.
func (n normalised) hasAny(terms []string) bool {
	for _, t := range terms {
		if n.has(t) {
			return true
		}
	}
	return false
}

// matchesGold reports whether a stored memory (prepared) stands for g:
// every key present, no avoid term, and at least minGoldOverlap of g's
// terms.
func (m matcher) matchesGold(mem normalised, g Gold) bool {
	if !mem.hasAll(g.Keys) || mem.hasAny(g.Avoid) {
		return false
	}
	gold := m.prepare(g.Text).terms
	return max(overlap(gold, mem.terms), overlap(mem.terms, gold)) >= minGoldOverlap
}

// fallsInto reports whether a stored memory (prepared) took a trap: it
// holds the other's detail without naming whose it is.
func (m matcher) fallsInto(mem normalised, t Trap) bool {
	return mem.hasAll(t.Keys) && !mem.hasAny(t.Owner)
}

// overlap is the share of want's terms found in got; 1 when want has none.
func overlap(want, got map[string]bool) float64 {
	if len(want) == 0 {
		return 1
	}
	n := 0
	for t := range want {
		if got[t] {
			n++
		}
	}
	return float64(n) / float64(len(want))
}
