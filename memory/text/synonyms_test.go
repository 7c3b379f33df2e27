package text

import (
	"slices"
	"testing"
)

func TestSynonyms(t *testing.T) {
	tok := NewTokenizer()
	term := func(w string) string {
		ts := tok.Tokens(w)
		if len(ts) == 0 {
			t.Fatalf("%q has no index term", w)
		}
		return ts[len(ts)-1]
	}
	for _, tc := range []struct{ a, b string }{
		{"grandma", "grandmother"},
		{"Grandmother", "granny"},
		{"films", "movie"},
		{"photos", "pictures"},
		{"妈妈", "母亲"},
		{"老家", "家乡"},
	} {
		if got := tok.Synonyms(term(tc.a)); !slices.Contains(got, term(tc.b)) {
			t.Errorf("Synonyms(%q) = %q, want %q among them", term(tc.a), got, term(tc.b))
		}
	}
	if got := tok.Synonyms(term("grandma")); slices.Contains(got, term("grandma")) {
		t.Errorf("a word is listed as its own synonym: %q", got)
	}
	if got := PlainTokenizer().Synonyms("grandma"); got != nil {
		t.Errorf("plain tokenizer gave synonyms %q", got)
	}
	if got := tok.Synonyms(term("coffee")); got != nil {
		t.Errorf("Synonyms(coffee) = %q, want none", got)
	}
}

// TestSynonymGroupsAreIndexWords: every listed word is one index word (or
// one Chinese pair), so no group silently drops out.
func TestSynonymGroupsAreIndexWords(t *testing.T) {
	tok := NewTokenizer()
	for _, g := range synonymGroups {
		for _, w := range g {
			ts := tok.Tokens(w)
			if len(ts) != 1 && !(len(ts) == 3 && IsCJK([]rune(w)[0]) && len([]rune(w)) == 2) {
				t.Errorf("%q gives index terms %q, want one word or one Chinese pair", w, ts)
			}
		}
	}
}
