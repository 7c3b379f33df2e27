package subject

import (
	"strings"
	"unicode/utf8"
)

// RelationIn returns the family relation a subject is about when it leads
// with one, as free subjects written for a relative often do: a relation
// and a name ("brother Chidi", "老公阿凯"), a relation's attribute
// ("wife's job", "女儿学的乐器", "大女儿的学校"), or the family key itself
// ("family:son"). It reports false for subjects about anyone else.
func RelationIn(s string) (string, bool) {
	k := Of(s)
	if r, ok := strings.CutPrefix(k, FamilyPrefix); ok {
		return r, r != ""
	}
	lead := leadWord(k)
	if r, ok := relations[lead]; ok {
		return r, true
	}
	// "小儿子", "大女儿": an elder or younger one.
	for _, p := range []string{"大", "小", "二", "老"} {
		if rest, ok := strings.CutPrefix(k, p); ok {
			if r, ok := cjkLead(rest, relations); ok {
				return r, true
			}
		}
	}
	return cjkLead(k, relations)
}

// leadWord is the first word of a folded subject, without a possessive
// "'s": "brother chidi" → "brother", "wife's job" → "wife".
func leadWord(k string) string {
	w, _, _ := strings.Cut(k, " ")
	w, _, _ = strings.Cut(w, "'")
	return strings.TrimSuffix(w, "’s")
}

// cjkLead finds the longest Chinese word of vocab, two characters or
// more, that k begins with, and returns its value. One character leads
// too many unrelated words to count.
func cjkLead(k string, vocab map[string]string) (string, bool) {
	best, bestLen := "", 0
	for w, v := range vocab {
		n := utf8.RuneCountInString(w)
		if n < 2 || n <= bestLen || !strings.HasPrefix(k, w) {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		if r < 0x2E80 {
			continue
		}
		best, bestLen = v, n
	}
	return best, bestLen > 0
}
