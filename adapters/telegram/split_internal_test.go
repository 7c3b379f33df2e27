package telegram

import (
	"strings"
	"testing"
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
