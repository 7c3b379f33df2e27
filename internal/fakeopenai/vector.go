package fakeopenai

import (
	"hash/fnv"
	"math"
	"strings"
	"unicode"
)

// Vector is the deterministic embedding the server returns for text: a
// normalised hashed bag of words, character trigrams and (for Chinese,
// Japanese and Korean) character unigrams and bigrams. Texts sharing words
// or characters get a high cosine similarity, unrelated texts a low one,
// which is enough for retrieval tests. Empty or symbol-only text maps to a
// fixed unit vector. dims <= 0 means DefaultDims.
func Vector(text string, dims int) []float32 {
	if dims <= 0 {
		dims = DefaultDims
	}
	acc := make([]float64, dims)
	add := func(feature string, weight float64) {
		h := fnv.New64a()
		_, _ = h.Write([]byte(feature))
		sum := h.Sum64()
		sign := 1.0
		if sum>>63 == 1 {
			sign = -1
		}
		acc[int(sum%uint64(dims))] += sign * weight
	}
	for _, tok := range tokens(strings.ToLower(text)) {
		if tok.cjk {
			for i, r := range tok.runes {
				add("c:"+string(r), 1)
				if i > 0 {
					add("b:"+string(tok.runes[i-1:i+1]), 1)
				}
			}
			continue
		}
		word := string(tok.runes)
		add("w:"+word, 1)
		padded := []rune("^" + word + "$")
		for i := 0; i+3 <= len(padded); i++ {
			add("t:"+string(padded[i:i+3]), 0.5)
		}
	}
	var norm float64
	for _, x := range acc {
		norm += x * x
	}
	out := make([]float32, dims)
	if norm == 0 {
		out[0] = 1
		return out
	}
	norm = math.Sqrt(norm)
	for i, x := range acc {
		out[i] = float32(x / norm)
	}
	return out
}

// Cosine is the cosine similarity of two vectors of equal length (0 when
// either is zero or the lengths differ), for tests comparing Vector outputs.
func Cosine(a, b []float32) float64 {
	if len(a) != len(b) {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

type token struct {
	runes []rune
	cjk   bool
}

// tokens splits text into runs of letters and digits, separating runs of
// CJK characters (written without spaces) from other scripts.
func tokens(text string) []token {
	var out []token
	var cur []rune
	curCJK := false
	flush := func() {
		if len(cur) > 0 {
			out = append(out, token{runes: cur, cjk: curCJK})
			cur = nil
		}
	}
	for _, r := range text {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		c := isCJK(r)
		if len(cur) > 0 && c != curCJK {
			flush()
		}
		curCJK = c
		cur = append(cur, r)
	}
	flush()
	return out
}

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
