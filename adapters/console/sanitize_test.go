package console

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/membot/membot/bot"
)

func TestSanitize(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain", "hello, 世界 🙂", "hello, 世界 🙂"},
		{"newlines and tabs kept", "a\n\tb\n", "a\n\tb\n"},
		{"colour", "\x1b[31mred\x1b[0m text", "red text"},
		{"clear screen and home", "\x1b[2J\x1b[Hgone", "gone"},
		{"cursor up with private parameters", "\x1b[?25l\x1b[10Ax", "x"},
		{"window title with BEL", "\x1b]0;pwned\x07after", "after"},
		{"window title with ST", "\x1b]2;pwned\x1b\\after", "after"},
		{"hyperlink", "\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"},
		{"clipboard write", "\x1b]52;c;ZXZpbA==\x07ok", "ok"},
		{"DCS", "\x1bPq#0;2;0;0;0\x1b\\ok", "ok"},
		{"APC and PM", "\x1b_hidden\x1b\\\x1b^also\x1b\\ok", "ok"},
		{"charset", "\x1b(0lqk\x1b(B", "lqk"},
		{"reset terminal", "\x1bcok", "ok"},
		{"save cursor", "\x1b7ok\x1b8", "ok"},
		{"lone ESC", "a\x1b", "a"},
		{"ESC before a space of text", "a\x1b\x01b", "ab"},
		{"unterminated OSC runs to the end", "ok\x1b]0;title and more", "ok"},
		{"OSC ended by another ESC", "\x1b]0;t\x1b[1mok", "ok"},
		{"cut CSI", "ok\x1b[3", "ok"},
		{"C1 CSI", "\u009b31mred", "red"},
		{"C1 OSC", "\u009d0;title\u009cok", "ok"},
		{"C1 others", "a\u0085b\u0084c", "abc"},
		{"carriage return overwrite", "rm -rf /\rls", "rm -rf /\nls"},
		{"CRLF", "a\r\nb", "a\nb"},
		{"backspace", "abc\b\b\bxyz", "abcxyz"},
		{"bell, NUL, DEL", "a\x07b\x00c\x7fd", "abcd"},
		{"bidi override", "user\u202egnp.exe", "usergnp.exe"},
		{"bidi isolates", "\u2066a\u2069\u2067b\u2068", "ab"},
		{"marks kept", "a\u200fb\u200e", "a\u200fb\u200e"},
		{"invalid UTF-8", "a\xffb", "a\uFFFDb"},
	}
	for _, tt := range tests {
		if got := sanitize(tt.in); got != tt.want {
			t.Errorf("%s: sanitize(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// printable reports whether s holds no control character but newline and
// tab, no C1 control and no bidi control.
func printable(s string) bool {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) || isBidiControl(r) {
			return false
		}
	}
	return utf8.ValidString(s)
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{"\x1b[31mred", "\x1b]0;t\x07x", "a\rb", "\u009b1m", "\x1bP\x1b\\", "é\u202e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := sanitize(s)
		if !printable(got) {
			t.Fatalf("sanitize(%q) = %q still has control characters", s, got)
		}
		if again := sanitize(got); again != got {
			t.Fatalf("not idempotent: %q → %q → %q", s, got, again)
		}
		// A streamed reply grows: its sanitized parts must grow the same way.
		for k := 0; k <= len(s); k++ {
			if k < len(s) && !utf8.RuneStart(s[k]) {
				continue
			}
			if part := sanitize(s[:k]); !strings.HasPrefix(got, part) {
				t.Fatalf("sanitize(%q) = %q does not start with sanitize(%q) = %q", s, got, s[:k], part)
			}
		}
	})
}

// model answers with control sequences, streamed in parts that split them.
type model struct{ parts []string }

func (m model) Handle(ctx context.Context, _ bot.Message, r bot.Responder) (<-chan struct{}, error) {
	text := ""
	for _, p := range m.parts {
		text += p
		_ = r.Stream(ctx, text)
	}
	_ = r.Send(ctx, bot.Reply{Text: text, Buttons: [][]bot.Button{{{Label: "\x1b[2Jnext", Command: "/memories 2\x1b]0;x\x07"}}}})
	done := make(chan struct{})
	close(done)
	return done, nil
}

func TestRepliesArePrintedSanitized(t *testing.T) {
	parts := []string{"Hello \x1b]0;pwn", "ed\x07there\x1b[", "2J, friend\rX"}
	for _, interactive := range []bool{false, true} {
		var out strings.Builder
		if err := New(strings.NewReader("hi\n"), &out, model{parts}, Options{Interactive: interactive}).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !printable(got) {
			t.Errorf("interactive %v: raw control characters printed: %q", interactive, got)
		}
		for _, want := range []string{"Hello there, friend\nX", "[next /memories 2]"} {
			if !strings.Contains(got, want) {
				t.Errorf("interactive %v: output lacks %q: %q", interactive, want, got)
			}
		}
		if strings.Contains(got, "pwned") || strings.Contains(got, "2J") {
			t.Errorf("interactive %v: a sequence's body printed: %q", interactive, got)
		}
	}
}
