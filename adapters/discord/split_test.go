package discord

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSplitMessage(t *testing.T) {
	code := "```go\n" + strings.Repeat("fmt.Println(\"line\")\n", 150) + "```"
	tests := []struct {
		name      string
		text      string
		limit     int
		wantParts int
	}{
		{"empty", "", 2000, 0},
		{"blank", " \n\t ", 2000, 0},
		{"short", "hello", 2000, 1},
		{"exactly the limit", strings.Repeat("a", 2000), 2000, 1},
		{"one over", strings.Repeat("a", 2001), 2000, 2},
		{"paragraphs", strings.Repeat("word ", 300) + "\n\n" + strings.Repeat("more ", 300), 2000, 2},
		{"code block across a cut", "Intro text.\n\n" + code + "\n\nAfter.", 2000, 2},
		{"multibyte", strings.Repeat("记忆", 1500), 2000, 2},
		{"tiny limit", "abcdef", 5, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parts := splitMessage(tc.text, tc.limit)
			if len(parts) != tc.wantParts {
				t.Fatalf("got %d parts, want %d", len(parts), tc.wantParts)
			}
			for i, p := range parts {
				if n := utf8.RuneCountInString(p); n > tc.limit {
					t.Errorf("part %d has %d characters, over %d", i, n, tc.limit)
				}
				if !utf8.ValidString(p) {
					t.Errorf("part %d is not valid UTF-8", i)
				}
				if open, _ := fenceState(p); open {
					t.Errorf("part %d leaves a code block open:\n%s", i, p)
				}
			}
		})
	}
}

func TestSplitMessageReopensFenceWithLanguage(t *testing.T) {
	code := "```python\n" + strings.Repeat("print('x')\n", 400) + "```\nDone."
	parts := splitMessage(code, 2000)
	if len(parts) < 3 {
		t.Fatalf("got %d parts, want at least 3", len(parts))
	}
	for i, p := range parts[1:] {
		if !strings.HasPrefix(p, "```python\n") {
			t.Errorf("part %d does not reopen the python fence: %.30q", i+1, p)
		}
	}
	// Removing the added fences gives back the original lines.
	var lines []string
	for i, p := range parts {
		ls := strings.Split(p, "\n")
		if i > 0 {
			ls = ls[1:]
		}
		if i < len(parts)-1 {
			ls = ls[:len(ls)-1]
		}
		lines = append(lines, ls...)
	}
	if got := strings.Join(lines, "\n"); got != code {
		t.Errorf("rejoined text differs from the original (%d vs %d bytes)", len(got), len(code))
	}
}

func TestSplitMessageIsStableWhileGrowing(t *testing.T) {
	full := strings.Repeat("Some sentence here. ", 250)
	var first string
	for n := 2100; n <= len(full); n += 137 {
		parts := splitMessage(full[:n], 2000)
		if first == "" {
			first = parts[0]
			continue
		}
		if parts[0] != first {
			t.Fatalf("first part changed when the text grew to %d bytes", n)
		}
	}
}

func TestFenceState(t *testing.T) {
	tests := []struct {
		text   string
		open   bool
		opener string
	}{
		{"plain", false, ""},
		{"```go\nx", true, "```go"},
		{"```go\nx\n```", false, ""},
		{"```\n```python\nstill code", true, "```"},
		{"```inline```\nafter", false, ""},
	}
	for _, tc := range tests {
		open, opener := fenceState(tc.text)
		if open != tc.open || opener != tc.opener {
			t.Errorf("fenceState(%q) = %v, %q; want %v, %q", tc.text, open, opener, tc.open, tc.opener)
		}
	}
}
