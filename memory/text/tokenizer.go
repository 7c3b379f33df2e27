package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxWordBytes caps one indexed word; longer runs (hashes, base64, URLs
// without separators) are cut so hostile text cannot bloat the index.
const maxWordBytes = 48

// Tokenizer turns English, Chinese and mixed text into index terms.
//
// English words are lower-cased runs of Unicode letters and digits (an
// inner apostrophe is dropped and a possessive 's removed); numbers are kept
// as words. Chinese, Japanese and Korean runs, which have no spaces, become
// single characters plus overlapping character pairs, so that no dictionary
// is needed and a question matches a statement sharing any two-character
// word. Full-width ASCII is folded to ASCII first, and traditional Chinese
// characters to simplified ones (Simplified).
type Tokenizer struct {
	// Stem maps irregular forms to their base ("ran" → "run") and reduces
	// English words to Snowball English stems ("painting" → "paint").
	Stem bool
	// Stopwords drops English function words and chat filler, and common
	// Chinese particles when they stand alone.
	Stopwords bool
}

// NewTokenizer returns the tokenizer recall uses: stemming and stopwords on.
func NewTokenizer() Tokenizer { return Tokenizer{Stem: true, Stopwords: true} }

// PlainTokenizer returns a tokenizer that only lower-cases and splits, the
// baseline a smarter analysis is measured against.
func PlainTokenizer() Tokenizer { return Tokenizer{} }

// Tokens returns the index terms of s, in order, with repeats.
func (t Tokenizer) Tokens(s string) []string {
	return t.AppendTokens(nil, s)
}

// AppendTokens appends the index terms of s to dst and returns it.
func (t Tokenizer) AppendTokens(dst []string, s string) []string {
	scanSegments(s, func(seg string, cjk bool) {
		if cjk {
			dst = t.appendCJK(dst, seg)
			return
		}
		if w, ok := t.word(seg); ok {
			dst = append(dst, w)
		}
	})
	return dst
}

// word normalises one scanned word, reporting false when it is dropped.
func (t Tokenizer) word(w string) (string, bool) {
	if t.Stem {
		if b, ok := chatSpelling(w); ok {
			w = b
		}
	}
	if t.Stopwords && IsStopword(w) {
		return "", false
	}
	if !t.Stem {
		return w, true
	}
	if b, ok := irregularBase(w); ok {
		w = b
		if t.Stopwords && IsStopword(w) {
			return "", false
		}
	}
	return Stem(w), true
}

// appendCJK appends the characters and character pairs of a CJK run.
func (t Tokenizer) appendCJK(dst []string, run string) []string {
	prev, prevSize := rune(-1), 0
	for i, r := range run {
		size := utf8.RuneLen(r)
		if !t.Stopwords || !isChineseStopChar(r) {
			dst = append(dst, run[i:i+size])
		}
		if prev >= 0 && (!t.Stopwords || !isChineseStopChar(prev) || !isChineseStopChar(r)) {
			dst = append(dst, run[i-prevSize:i+size])
		}
		prev, prevSize = r, size
	}
	return dst
}

// Words returns the lower-cased words of s without stemming or stopword
// removal (CJK runs are returned whole); query analysis uses it to spot
// names, question words and dates.
func Words(s string) []string {
	var out []string
	scanSegments(s, func(seg string, _ bool) { out = append(out, seg) })
	return out
}

// IsCJK reports whether r belongs to a script written without spaces.
func IsCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) ||
		unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// isApostrophe reports whether r joins the two halves of "don't".
func isApostrophe(r rune) bool {
	return r == '\'' || r == '’' || r == 'ʼ'
}

// foldWidth maps full-width ASCII forms to ASCII.
func foldWidth(r rune) rune {
	if r >= 0xFF01 && r <= 0xFF5E {
		return r - 0xFEE0
	}
	if r == 0x3000 {
		return ' '
	}
	return r
}

// scanSegments splits s into lower-cased words and CJK runs, calling emit
// for each. Invalid UTF-8 and every other rune separate segments.
func scanSegments(s string, emit func(seg string, cjk bool)) {
	var word, run []byte
	pendingApos := false
	flushWord := func() {
		if len(word) > 0 {
			emit(cleanWord(string(word)), false)
			word = word[:0]
		}
		pendingApos = false
	}
	flushRun := func() {
		if len(run) > 0 {
			emit(string(run), true)
			run = run[:0]
		}
	}
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		if r == utf8.RuneError && size <= 1 {
			flushWord()
			flushRun()
			continue
		}
		r = foldWidth(r)
		switch {
		case r < utf8.RuneSelf && r >= '0' && r <= '9':
			flushRun()
			word = appendWordRune(word, r, &pendingApos)
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			flushRun()
			if unitAfterNumber(word, s[i:]) {
				flushWord() // "4mg" is "4 mg", as "4 mg" is
			}
			word = appendWordRune(word, unicode.ToLower(r), &pendingApos)
		case r < utf8.RuneSelf:
			if isApostrophe(r) && len(word) > 0 && !pendingApos {
				pendingApos = true
				continue
			}
			flushWord()
			flushRun()
		case IsCJK(r):
			flushWord()
			run = utf8.AppendRune(run, SimplifiedRune(r))
		case unicode.IsLetter(r) || unicode.IsDigit(r) || (unicode.Is(unicode.Mn, r) && len(word) > 0):
			flushRun()
			word = appendWordRune(word, unicode.ToLower(r), &pendingApos)
		case isApostrophe(r) && len(word) > 0 && !pendingApos:
			pendingApos = true
		default:
			flushWord()
			flushRun()
		}
	}
	flushWord()
	flushRun()
}

// appendWordRune adds a lower-case rune to a word, first adding the
// apostrophe it follows, and ignores runes past maxWordBytes.
func appendWordRune(word []byte, r rune, pendingApos *bool) []byte {
	if *pendingApos {
		word = append(word, '\'')
		*pendingApos = false
	}
	if len(word) < maxWordBytes {
		word = utf8.AppendRune(word, r)
	}
	return word
}

// cleanWord removes a possessive 's and any inner apostrophe.
func cleanWord(w string) string {
	if !strings.Contains(w, "'") {
		return w
	}
	w = strings.TrimSuffix(w, "'s")
	return strings.ReplaceAll(w, "'", "")
}

// numberUnits are the units written joined to a number ("4mg", "5km"),
// which a tokenizer reads as the number and the unit. Times of day
// ("7am") stay one word: "am" is a stopword, and 7am is not 7pm.
var numberUnits = map[string]bool{
	"mg": true, "mcg": true, "ml": true, "g": true, "kg": true, "km": true, "mi": true, "lb": true, "lbs": true,
	"h": true, "hr": true, "hrs": true, "min": true, "mins": true, "k": true,
}

// unitAfterNumber reports whether word is all digits and rest opens on a
// unit of numberUnits followed by no other letter or digit.
func unitAfterNumber(word []byte, rest string) bool {
	if len(word) == 0 {
		return false
	}
	for _, c := range word {
		if c < '0' || c > '9' {
			return false
		}
	}
	n := 0
	for n < len(rest) && n <= 4 && (rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z') {
		n++
	}
	if r, _ := utf8.DecodeRuneInString(rest[n:]); n < len(rest) && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return false
	}
	return numberUnits[strings.ToLower(rest[:n])]
}
