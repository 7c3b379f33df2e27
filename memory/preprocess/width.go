package preprocess

import (
	"strings"
	"unicode/utf8"
)

// foldWidth rewrites the fullwidth digits and letters typed by Chinese and
// Japanese input methods ("１３８", "ｂｏｂ"), the fullwidth symbols that occur
// inside contact data and keys (＠＋－．＿＃（）), and the ideographic space as
// their ASCII counterparts, so one set of detectors
// sees "１３８ ００１３ ８０００" and "138 0013 8000" alike. It returns the folded
// text and, when anything was folded, the byte offset in text of every byte
// offset in the result (len(result)+1 entries); nil means the offsets are
// unchanged.
func foldWidth(text string) (string, []int) {
	if !strings.Contains(text, "\u3000") && !hasFullwidth(text) {
		return text, nil
	}
	var b strings.Builder
	b.Grow(len(text))
	idx := make([]int, 0, len(text)+1)
	for i, r := range text {
		switch {
		case foldable(r):
			idx = append(idx, i)
			b.WriteByte(byte(r - 0xFF01 + '!'))
		case r == 0x3000:
			idx = append(idx, i)
			b.WriteByte(' ')
		default:
			n := b.Len()
			b.WriteRune(r)
			for k := n; k < b.Len(); k++ {
				idx = append(idx, i+(k-n))
			}
		}
	}
	idx = append(idx, len(text))
	return b.String(), idx
}

// hasFullwidth reports whether s contains a rune foldWidth rewrites; their
// UTF-8 encodings start with 0xEF.
func hasFullwidth(s string) bool {
	for from := 0; ; {
		i := strings.IndexByte(s[from:], 0xEF)
		if i < 0 {
			return false
		}
		j := from + i
		if r, _ := utf8.DecodeRuneInString(s[j:]); foldable(r) {
			return true
		}
		from = j + 1
	}
}

// foldable reports whether foldWidth rewrites the fullwidth form r. Other
// fullwidth punctuation (，：！) is left alone: it ends values as it is.
func foldable(r rune) bool {
	switch {
	case r >= 0xFF10 && r <= 0xFF19, r >= 0xFF21 && r <= 0xFF3A, r >= 0xFF41 && r <= 0xFF5A:
		return true
	}
	return strings.ContainsRune("＠＋－．＿＃（）", r)
}
