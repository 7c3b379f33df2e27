package telegram

import (
	"fmt"
	"strings"
	"testing"

	"github.com/membot/membot/internal/faketelegram"
)

func TestSplitMessage(t *testing.T) {
	para := strings.Repeat("word ", 15) + "end." // 79 chars
	tests := []struct {
		name  string
		text  string
		limit int
		want  []string
	}{
		{"short", "hello", 100, []string{"hello"}},
		{"empty", "  \n ", 100, nil},
		{"paragraphs", para + "\n\n" + para, 100, []string{para, para}},
		{"lines", para + "\n" + para, 100, []string{para, para}},
		{"sentences", "First sentence is here. Second sentence is here. Third one is here.", 60,
			[]string{"First sentence is here. Second sentence is here.", "Third one is here."}},
		{"chinese sentences", strings.Repeat("我喜欢喝茶。", 10), 40,
			[]string{strings.Repeat("我喜欢喝茶。", 6), strings.Repeat("我喜欢喝茶。", 4)}},
		{"words", strings.Repeat("abcdefghi ", 10), 50,
			[]string{strings.TrimSpace(strings.Repeat("abcdefghi ", 4)), strings.TrimSpace(strings.Repeat("abcdefghi ", 4)), strings.TrimSpace(strings.Repeat("abcdefghi ", 2))}},
		{"no spaces", strings.Repeat("x", 70), 40, []string{strings.Repeat("x", 36), strings.Repeat("x", 34)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := splitMessage(tt.text, tt.limit)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
				t.Errorf("splitMessage\n got %q\nwant %q", got, tt.want)
			}
			for _, p := range got {
				if utf16Len(p) > tt.limit {
					t.Errorf("part of %d units > %d", utf16Len(p), tt.limit)
				}
			}
		})
	}
}

func TestSplitMessageReopensCodeBlocks(t *testing.T) {
	code := "```python\n" + strings.Repeat("print('hello world')\n", 10) + "```\nafter"
	parts := splitMessage(code, 120)
	if len(parts) < 2 {
		t.Fatalf("parts = %q", parts)
	}
	for i, p := range parts {
		if utf16Len(p) > 120 {
			t.Errorf("part %d has %d units", i, utf16Len(p))
		}
		if _, open := openFence(p); open {
			t.Errorf("part %d leaves a code block open: %q", i, p)
		}
		if i > 0 && !strings.HasPrefix(p, "```python\n") && strings.Contains(p, "print") {
			t.Errorf("part %d does not reopen the code block: %q", i, p)
		}
	}
}

func TestSplitMessageCountsUTF16(t *testing.T) {
	emoji := strings.Repeat("😀", 30) // 60 UTF-16 units
	parts := splitMessage(emoji, 40)
	for _, p := range parts {
		if utf16Len(p) > 40 {
			t.Errorf("part of %d units", utf16Len(p))
		}
	}
	if strings.Join(parts, "") != emoji {
		t.Errorf("emoji lost: %q", parts)
	}
}

func TestSplitMessageIsStableAsTextGrows(t *testing.T) {
	full := strings.Repeat("Some sentence here. ", 60) + "\n\n" + strings.Repeat("Another paragraph. ", 40)
	final := splitMessage(full, 300)
	for n := 301; n < len(full); n += 37 {
		parts := splitMessage(full[:n], 300)
		for i := 0; i < len(parts)-1; i++ {
			if parts[i] != final[i] {
				t.Fatalf("at %d chars, part %d = %q, later %q", n, i, parts[i], final[i])
			}
		}
	}
}

func FuzzSplitMessage(f *testing.F) {
	f.Add("hello world. again\n\nmore", 16)
	f.Add("```\ncode\ncode\n```", 20)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		if limit < 16 || limit > 5000 {
			return
		}
		for _, p := range splitMessage(text, limit) {
			if utf16Len(p) > limit {
				t.Fatalf("part of %d units > %d", utf16Len(p), limit)
			}
			if strings.TrimSpace(p) == "" {
				t.Fatal("empty part")
			}
		}
	})
}

// ruledText is many short paragraphs separated by "---" rules, whose
// rendering is much longer than its Markdown.
func ruledText(n int) string {
	var paras []string
	for i := range n {
		paras = append(paras, fmt.Sprintf("Point %d.", i+1))
	}
	return strings.Join(paras, "\n\n---\n\n")
}

func TestSplitRenderedFitsAfterRendering(t *testing.T) {
	text := ruledText(1200)
	if n := utf16Len(text); n < 3*maxMessageLen {
		t.Fatalf("test text of %d units is too short", n)
	}
	parts := splitRendered(text, maxMessageLen)
	next := 1
	for i, p := range parts {
		visible, err := faketelegram.VisibleHTML(markdownToHTML(p))
		if err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		if n := utf16Len(visible); n > maxMessageLen {
			t.Errorf("part %d shows %d units, over Telegram's %d", i, n, maxMessageLen)
		}
		if n := utf16Len(p); n > maxMessageLen {
			t.Errorf("part %d has %d units of plain text", i, n)
		}
		for strings.Contains(p, fmt.Sprintf("Point %d.", next)) {
			next++
		}
	}
	if next != 1201 {
		t.Errorf("points up to %d arrived in order, want all 1200", next-1)
	}
}

func TestVisibleLenMatchesTelegram(t *testing.T) {
	for _, md := range []string{
		"plain", "a < b && c > d", "**bold** [link](https://x.y/?a=1&b=2) `co<de>`", "---", "# Title\n- item\n> quote",
		"```go\nif a < b {}\n```", "emoji 😀 and 中文", ruledText(20),
	} {
		html := markdownToHTML(md)
		visible, err := faketelegram.VisibleHTML(html)
		if err != nil {
			t.Fatalf("%q: %v", md, err)
		}
		if got, want := visibleLen(html), utf16Len(visible); got != want {
			t.Errorf("visibleLen(%q) = %d, Telegram shows %d", html, got, want)
		}
	}
}

func FuzzSplitRendered(f *testing.F) {
	f.Add("a\n\n---\n\nb\n\n***\n\nc", 32)
	f.Add("# T\n- x\n---\n```go\ncode\n```", 40)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		if limit < 200 || limit > 5000 {
			return
		}
		for _, p := range splitRendered(text, limit) {
			if n := renderedLen(p); n > limit {
				t.Fatalf("part renders to %d units > %d: %q", n, limit, p)
			}
			if utf16Len(p) > limit {
				t.Fatalf("part of %d units > %d", utf16Len(p), limit)
			}
		}
	})
}
