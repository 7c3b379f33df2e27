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

func TestCommandSub(t *testing.T) {
	tests := []struct {
		in   string
		path int // how many levels down
		name string
		args int
		rest string
	}{
		{"/memories", 1, "", 0, ""},
		{"/memories Edit abcd1234 \n Likes  tea", 1, "edit", 3, "abcd1234 \n Likes  tea"},
		{"/membot config note add Hello\tworld", 3, "add", 2, "Hello\tworld"},
		{"/memories forget all confirm", 2, "all", 1, "confirm"},
		{"/link", 2, "", 0, ""},
	}
	for _, tt := range tests {
		c := parseCommand(tt.in)
		for range tt.path {
			c = c.sub()
		}
		if c.name != tt.name || len(c.args) != tt.args || c.rest != tt.rest {
			t.Errorf("%q %d levels down = %+v", tt.in, tt.path, c)
		}
	}
}
