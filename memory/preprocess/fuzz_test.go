package preprocess

import (
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

func FuzzRedact(f *testing.F) {
	for _, tc := range redactCases {
		f.Add(tc.in)
	}
	for _, c := range loadCorpus(f) {
		f.Add(c.text)
	}
	f.Add("password: [password]x [email]a@b.co \xff\xfe 密码是[secret]")
	f.Add("pw:x'pw:x'pw:x \xff\xff ＠１２３ bob [at] a [dot] io AKIAIOSFODNN7EXAMPLE " + strings.Repeat("A1/", 20))
	f.Fuzz(func(t *testing.T, in string) {
		out, findings := Redact(in)
		if !utf8.ValidString(out) {
			t.Fatalf("Redact(%q) = %q: invalid UTF-8", in, out)
		}
		if limit := maxRedactedLen(len(in)); len(out) > limit {
			t.Fatalf("Redact(%q) = %q: %d bytes, more than the bound %d", in, out, len(out), limit)
		}
		again, more := Redact(out)
		if again != out || len(more) != 0 {
			t.Fatalf("not idempotent: Redact(%q) = %q, then %q (%v)", in, out, again, more)
		}
		// Placeholders themselves are not leaks ("[passw" is a prefix of
		// "[password]").
		bare := out
		for _, k := range allKinds {
			bare = strings.ReplaceAll(bare, k.Placeholder(), "\x00")
		}
		prevEnd := 0
		for _, fd := range findings {
			if fd.Start < prevEnd || fd.End <= fd.Start || fd.End > len(in) {
				t.Fatalf("bad finding %v (prev end %d) for %q", fd, prevEnd, in)
			}
			prevEnd = fd.End
			value := in[fd.Start:fd.End]
			check := fd.Kind == KindEmail || fd.Kind == KindSecret || (fd.Kind == KindPassword && passwordLike(value))
			if check && len(findings) <= maxPropagated && len(value) >= 6 && strings.Contains(bare, value) {
				t.Fatalf("Redact(%q) = %q still contains %s %q", in, out, fd.Kind, value)
			}
		}
	})
}

// maxRedactedLen bounds the redaction of n bytes: an invalid byte becomes
// a three-byte U+FFFD, and the shortest stated value ("pw:x", one byte)
// grows into a placeholder of at most 11 bytes, so no stretch of input more
// than triples, give or take one placeholder.
func maxRedactedLen(n int) int { return 3*n + len(KindIDNumber.Placeholder()) }

func FuzzIsNoise(f *testing.F) {
	for _, s := range []string{"嗯", "ok thx", "👍", "Alice joined the group", "消息已撤回",
		"panic: x\n\ngoroutine 1 [running]:\nmain.main()", "[自动回复] 不在",
		MemoryBlockStart + "- [偏好 · 2026-03] x" + MemoryBlockEnd, "I like tea", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		noise, reason := IsNoise(in)
		if noise != (reason != ReasonNone) {
			t.Fatalf("IsNoise(%q) = %v with reason %q", in, noise, reason)
		}
		if n2, r2 := IsNoise(in); n2 != noise || r2 != reason {
			t.Fatalf("IsNoise(%q) not deterministic", in)
		}
		stripped := StripMemoryBlock(in)
		if StripMemoryBlock(stripped) != stripped {
			t.Fatalf("StripMemoryBlock not idempotent on %q", in)
		}
		if strings.Contains(stripped, MemoryBlockStart) || strings.Contains(stripped, MemoryBlockEnd) {
			t.Fatalf("StripMemoryBlock(%q) = %q keeps a marker", in, stripped)
		}
		_ = DetectLanguage(in)
	})
}

func FuzzMarkQuotes(f *testing.F) {
	for _, s := range []string{"> a\nb", "```\ncode\n```", "转发：x", "he said: y", `"a long quoted string of text here"`, "https://x.y/z.", "«link: x»", "\xff>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		m := MarkQuotes(in)
		if !utf8.ValidString(m.Text) {
			t.Fatalf("MarkQuotes(%q) = %q: invalid UTF-8", in, m.Text)
		}
		valid := strings.ToValidUTF8(in, "\uFFFD")
		prevEnd := 0
		for _, s := range m.Spans {
			if s.Start < prevEnd || s.End <= s.Start || s.End > len(valid) {
				t.Fatalf("bad span %v for %q", s, in)
			}
			prevEnd = s.End
		}
		if len(m.Spans) == 0 && m.Text != valid {
			t.Fatalf("no spans but text changed: %q -> %q", in, m.Text)
		}
		if again := MarkQuotes(m.Text); again.Text != m.Text {
			t.Fatalf("marking twice changed %q to %q (input %q)", m.Text, again.Text, in)
		}
	})
}

func FuzzSegment(f *testing.F) {
	f.Add("hello world. this is a test!\x00second message\x00第三条消息。很长很长。", 20, 40, 5)
	f.Add(strings.Repeat("x", 300), 50, 80, 10)
	f.Add("\x00\x00a", 1, 1, 0)
	f.Fuzz(func(t *testing.T, data string, minChars, maxChars, overlap int) {
		maxChars = maxChars % 2000
		if maxChars <= 0 {
			maxChars = DefaultMaxChars
		}
		var items []Merged
		for i, text := range strings.Split(data, "\x00") {
			text = strings.ToValidUTF8(text, "\uFFFD")
			items = append(items, Merged{IDs: []string{string(rune('A' + i%26)), "m" + string(rune('0'+i%10))}, Text: text, Time: time.Unix(int64(i), 0)})
		}
		ws := Segment(items, minChars, maxChars, overlap)
		minC := min(max(minChars, 1), maxChars)
		checkWindows(t, items, ws, minC, maxChars)

		// The new (non-overlap) content of all windows is the whole
		// conversation, in order, up to whitespace at cuts.
		squash := func(s string) string {
			return strings.Map(func(r rune) rune {
				if unicode.IsSpace(r) {
					return -1
				}
				return r
			}, s)
		}
		var want, got strings.Builder
		for _, it := range items {
			want.WriteString(squash(it.Text))
		}
		for _, w := range ws {
			for _, p := range w.Parts[w.Overlap:] {
				got.WriteString(squash(p.Text))
			}
		}
		if got.String() != want.String() {
			t.Fatalf("windows lost or duplicated content:\n got %q\nwant %q", got.String(), want.String())
		}
	})
}
