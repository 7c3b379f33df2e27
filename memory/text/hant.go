package text

import (
	"strings"
	"unicode/utf8"
)

// People write Chinese in either script: a Taiwanese or Hong Kong writer
// types 換工作, 搬到台中, 現在; the rules and the index read 换工作, 搬到台中,
// 现在. Folding traditional characters to simplified, one rune for one, lets
// one set of words serve both, and lets a question in one script find a
// memory kept in the other. Words that differ beyond a character (軟體 and
// 软件) are not folded.

//go:generate ./gen_hant.sh

// hantToHans maps each traditional character of hantPairs to its
// simplified form. It is read-only after package initialisation.
var hantToHans = func() map[rune]rune {
	m := make(map[rune]rune, utf8.RuneCountInString(hantPairs)/2)
	var from rune
	for i, r := range []rune(hantPairs) {
		if i%2 == 0 {
			from = r
			continue
		}
		m[from] = r
	}
	return m
}()

// SimplifiedRune is r's simplified form when r is a traditional character,
// else r.
func SimplifiedRune(r rune) rune {
	if r < 0x4E00 {
		return r
	}
	if s, ok := hantToHans[r]; ok {
		return s
	}
	return r
}

// Simplified folds the traditional characters of s to their simplified
// forms, rune for rune, so the result has as many runes as s. It returns s
// itself when there is nothing to fold.
func Simplified(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return SimplifiedRune(r) != r })
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		b.WriteRune(SimplifiedRune(r))
	}
	return b.String()
}

// Unfolder writes text folded by Simplified back in the characters its
// writer used: each simplified character that stands for one traditional
// character of the source becomes that one again. A simplified character
// the source wrote in two ways (發現 and 頭髮 are both 发; 皇后 and 後來 both
// hold 后) stays simplified, as do characters the source did not hold.
type Unfolder map[rune]rune

// NewUnfolder learns from a source text which characters to write back;
// it is nil when the source holds no traditional character.
func NewUnfolder(source string) Unfolder {
	var u Unfolder
	ambiguous := map[rune]bool{}
	for _, r := range source {
		s := SimplifiedRune(r)
		if s == r {
			if hansTargets[s] {
				ambiguous[s] = true // 后 as itself: it may stand for 后 or 後
			}
			continue
		}
		if u == nil {
			u = Unfolder{}
		}
		if t, ok := u[s]; ok && t != r {
			ambiguous[s] = true
		}
		u[s] = r
	}
	for s := range ambiguous {
		delete(u, s)
	}
	if len(u) == 0 {
		return nil
	}
	return u
}

// hansTargets are the simplified characters traditional ones fold to; one
// written as itself in a traditional text (后 in 皇后) may be its own
// traditional form. It is read-only after package initialisation.
var hansTargets = func() map[rune]bool {
	m := make(map[rune]bool, len(hantToHans))
	for _, s := range hantToHans {
		m[s] = true
	}
	return m
}()

// Unfold writes s back in the source's characters.
func (u Unfolder) Unfold(s string) string {
	if len(u) == 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if t, ok := u[r]; ok {
			return t
		}
		return r
	}, s)
}
