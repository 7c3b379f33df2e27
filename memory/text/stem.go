package text

import "github.com/kljensen/snowball/english"

// Stem reduces an English word (lower-case ASCII letters) to its Snowball
// English (Porter2) stem, so that "painting", "painted" and "paints" meet
// in one index term. Words of two letters or fewer, longer than a token
// may be, or holding anything but a–z are returned unchanged.
func Stem(w string) string {
	if len(w) <= 2 || len(w) > maxWordBytes {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	return english.Stem(w, true)
}
