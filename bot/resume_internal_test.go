package bot

import (
	"strings"
	"testing"

	"github.com/membot/membot/memory/preprocess"
)

// TestVerbatim: a captured reply is delivered again only when redaction
// left it as the model wrote it.
func TestVerbatim(t *testing.T) {
	stored := func(raw string) string { s, _ := clean(raw); return s }
	cases := []struct {
		name string
		text string
		want bool
	}{
		{"plain answer", stored("Try a mushroom risotto tonight."), true},
		{"an e-mail address redacted", stored("Write to chef.anna@example.com for the recipe."), false},
		{"a phone number redacted", stored("Call me on +44 20 7946 0958 when you are there."), false},
		{"cut at the length limit", stored(strings.Repeat("word ", preprocess.MaxTextRunes/4)), false},
		{"empty", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := verbatim(c.text); got != c.want {
				t.Errorf("verbatim(%.60q) = %v, want %v", c.text, got, c.want)
			}
		})
	}
}
