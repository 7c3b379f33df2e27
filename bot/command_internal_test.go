package bot

import (
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	tests := []struct {
		in, name, rest string
		args           int
	}{
		{"/memories", "memories", "", 0},
		{"/Memories@membot_bot list 2", "memories", "list 2", 2},
		{"/memories edit abcd1234\nLikes tea", "memories", "edit abcd1234\nLikes tea", 4},
		{"  /help  ", "help", "", 0},
		{"/link\tK7QX2M9P", "link", "K7QX2M9P", 1},
	}
	for _, tt := range tests {
		c := parseCommand(tt.in)
		if c.name != tt.name || c.rest != tt.rest || len(c.args) != tt.args {
			t.Errorf("parseCommand(%q) = %+v", tt.in, c)
		}
	}
	if got := afterWords("edit abcd1234 \n Likes  tea ", 2); got != "Likes  tea" {
		t.Errorf("afterWords = %q", got)
	}
	if got := afterWords("edit", 2); got != "" {
		t.Errorf("afterWords past the end = %q", got)
	}
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"/memories edit a b", "/x@y", "/", "/\xff\xfe", "/a\u3000b"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, n int) {
		c := parseCommand(s)
		for _, a := range c.args {
			if a == "" || strings.ContainsAny(a, " \t\n") {
				t.Fatalf("bad arg %q from %q", a, s)
			}
		}
		rest := afterWords(c.rest, n%8)
		if len(rest) > len(c.rest) {
			t.Fatalf("afterWords grew the text: %q", rest)
		}
	})
}
