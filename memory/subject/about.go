package subject

import (
	"strings"
	"unicode/utf8"
)

// animals are the kinds of pet a free subject may lead with ("budgie
// Captain", "鹦鹉来福"), in both languages.
var animals = map[string]bool{
	"dog": true, "dogs": true, "puppy": true, "cat": true, "cats": true, "kitten": true, "budgie": true, "parrot": true,
	"bird": true, "rabbit": true, "bunny": true, "hamster": true, "guinea pig": true, "tortoise": true, "turtle": true,
	"goldfish": true, "fish": true, "horse": true, "pony": true, "lizard": true, "snake": true, "ferret": true,
	"狗": true, "小狗": true, "狗狗": true, "猫": true, "小猫": true, "猫咪": true, "鹦鹉": true, "鸟": true, "兔子": true,
	"仓鼠": true, "乌龟": true, "金鱼": true, "鱼": true, "马": true, "柯基": true, "金毛": true, "泰迪": true, "柴犬": true,
}

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

// IsPet reports whether a subject is about a pet: the pet key ("pet",
// "pet:pip"), or a kind of animal with or without its name ("budgie
// Captain", "dog", "鹦鹉来福").
func IsPet(s string) bool {
	k := Of(s)
	if k == Pet || strings.HasPrefix(k, PetPrefix) {
		return true
	}
	if animals[leadWord(k)] || animals[k] {
		return true
	}
	_, ok := cjkLead(k, animals)
	return ok
}

// leadWord is the first word of a folded subject, without a possessive
// "'s": "brother chidi" → "brother", "wife's job" → "wife".
func leadWord(k string) string {
	w, _, _ := strings.Cut(k, " ")
	w, _, _ = strings.Cut(w, "'")
	return strings.TrimSuffix(w, "’s")
}

// cjkLead finds the longest word of vocab, two characters or more, that
// k begins with and that is all Chinese, and returns its value. One
// character leads too many unrelated words ("马路", "鱼香肉丝") to count,
// except for a subject that is that character alone (handled by the
// callers' exact look-ups).
func cjkLead[V any](k string, vocab map[string]V) (V, bool) {
	var zero V
	best, bestLen := zero, 0
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
