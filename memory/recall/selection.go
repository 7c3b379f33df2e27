package recall

import (
	"unicode"
)

// ApproxTokens estimates the model tokens of text: one per CJK character,
// one per four other runes (rounded up), which is close for common
// tokenizers and errs on the generous side.
func ApproxTokens(text string) int {
	cjk, other := 0, 0
	for _, r := range text {
		switch {
		case isCJK(r):
			cjk++
		case unicode.IsSpace(r) && other == 0:
		default:
			other++
		}
	}
	return cjk + (other+3)/4
}
