package console

import (
	"strings"
	"unicode/utf8"
)

// sanitize makes text safe to print on a terminal: a model reply (or
// anything it quotes) must not retitle the window, clear the screen, move
// the cursor or hide text. It removes escape sequences whole (CSI, OSC,
// DCS, SOS, PM, APC and the short ESC ones, in their 7-bit and C1 forms),
// a sequence cut off at the end of text included, and every other control
// character but newline and tab. A carriage return not followed by a
// newline becomes one, so that nothing is overwritten; a backspace is
// dropped. Bidirectional embeddings, overrides and isolates are dropped
// too: in a terminal they serve only to make text read otherwise than it
// is stored. Invalid UTF-8 becomes U+FFFD.
//
// Because a sequence cut off at the end is dropped, sanitizing a text
// that grows (a streamed reply) yields texts that grow the same way.
func sanitize(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteRune(utf8.RuneError)
			i++
		case r == '\n' || r == '\t':
			b.WriteRune(r)
			i += n
		case r == '\r':
			if !strings.HasPrefix(s[i+1:], "\n") {
				b.WriteByte('\n')
			}
			i++
		case r == 0x1b:
			i = skipEscape(s, i+1)
		case r >= 0x80 && r <= 0x9f:
			i = skipC1(s, r, i+n)
		case r < 0x20 || r == 0x7f || isBidiControl(r):
			i += n
		default:
			b.WriteString(s[i : i+n])
			i += n
		}
	}
	return b.String()
}

// clean reports whether s has nothing sanitize would change.
func clean(s string) bool {
	for _, r := range s {
		if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) || isBidiControl(r) || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// isBidiControl reports the embeddings, overrides and isolates
// (U+202A–U+202E, U+2066–U+2069).
func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// skipEscape returns where the escape sequence whose ESC ends just before
// i ends.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch c := s[i]; {
	case c == '[':
		return skipCSI(s, i+1)
	case c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_':
		return skipString(s, i+1)
	case c >= 0x20 && c <= 0x2f: // intermediates, then a final byte: ESC ( B
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
			i++
		}
		return i
	case c >= 0x30 && c <= 0x7e: // ESC c, ESC 7, ESC M …
		return i + 1
	default: // a lone ESC
		return i
	}
}

// skipC1 returns where the sequence a C1 control r (ending just before i)
// starts ends.
func skipC1(s string, r rune, i int) int {
	switch r {
	case 0x9b: // CSI
		return skipCSI(s, i)
	case 0x9d, 0x90, 0x98, 0x9e, 0x9f: // OSC, DCS, SOS, PM, APC
		return skipString(s, i)
	default:
		return i
	}
}

// skipCSI skips a control sequence's parameter and intermediate bytes and
// its final byte. A sequence broken by any other byte ends there.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipString skips a control string (OSC, DCS, …) up to and including its
// terminator: BEL, ESC \ or ST (U+009C); another ESC ends it too, as it
// does in terminals. Unterminated, it runs to the end.
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b:
			if i+1 < len(s) && s[i+1] == '\\' {
				return i + 2
			}
			return i // any other ESC ends the string and starts a sequence
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		default:
			i++
		}
	}
	return i
}
