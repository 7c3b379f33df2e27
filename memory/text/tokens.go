package text

import (
	"unicode"
	"unicode/utf8"
)

// EstimateTokens estimates the model tokens of s: one per CJK character,
// one per four other runes (rounded up, leading spaces not counted), which
// is close for common tokenizers and errs on the generous side. Recall's
// token budget, the reply's budget for server notes and the spend of a
// model call without a reported usage all count with it.
func EstimateTokens(s string) int {
	cjk, other := 0, 0
	for _, r := range s {
		switch {
		case IsCJK(r):
			cjk++
		case unicode.IsSpace(r) && other == 0:
		default:
			other++
		}
	}
	return cjk + (other+3)/4
}

// Truncate cuts s to at most maxRunes runes, never inside a rune; s is
// returned as is when it is short enough (bytes that are not UTF-8 count
// as one rune each and are kept).
func Truncate(s string, maxRunes int) string {
	if maxRunes <= 0 {
		return ""
	}
	if len(s) <= maxRunes {
		return s
	}
	n := 0
	for i := 0; i < len(s); {
		if n == maxRunes {
			return s[:i]
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return s
}
