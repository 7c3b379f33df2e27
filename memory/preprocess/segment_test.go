package preprocess

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func msg(id, author, text string) Merged {
	return Merged{IDs: []string{id}, Author: author, Text: text, Time: time.Unix(0, 0), End: time.Unix(0, 0)}
}

// checkWindows verifies the invariants every segmentation must keep.
func checkWindows(t *testing.T, items []Merged, ws []Window, minChars, maxChars int) {
	t.Helper()
	covered := map[string]bool{}
	for i, w := range ws {
		if got := utf8.RuneCountInString(w.Text()); got != w.Chars {
			t.Errorf("window %d: Chars = %d but text has %d runes", i, w.Chars, got)
		}
		if w.Chars > maxChars {
			t.Errorf("window %d: %d runes > max %d", i, w.Chars, maxChars)
		}
		if i < len(ws)-1 && w.Chars < minChars && minChars < maxChars {
			t.Errorf("window %d of %d: %d runes < min %d", i, len(ws), w.Chars, minChars)
		}
		if w.Overlap >= len(w.Parts) {
			t.Errorf("window %d has no new content", i)
		}
		for _, id := range w.IDs {
			covered[id] = true
		}
	}
	for _, it := range items {
		for _, id := range it.IDs {
			if !covered[id] {
				t.Errorf("id %q is in no window", id)
			}
		}
	}
}

func TestSegmentConversation(t *testing.T) {
	var items []Merged
	for i := 0; i < 60; i++ {
		items = append(items, msg(fmt.Sprint(i), "a", fmt.Sprintf("Message number %d talks about coffee and tea.", i)))
	}
	ws := Segment(items, 500, 800, 50)
	if len(ws) < 3 {
		t.Fatalf("got %d windows for ~2,700 runes", len(ws))
	}
	checkWindows(t, items, ws, 500, 800)
	for i := 1; i < len(ws); i++ {
		if ws[i].Overlap == 0 {
			t.Errorf("window %d has no overlap", i)
		}
		prev := ws[i-1].Text()
		first := ws[i].Parts[0].Text
		if !strings.HasSuffix(prev, first) {
			t.Errorf("window %d starts with %q, not the end of window %d", i, first, i-1)
		}
		// Cuts fall at message boundaries here: every new part is whole.
		for _, p := range ws[i].Parts[ws[i].Overlap:] {
			if !strings.HasPrefix(p.Text, "Message number") {
				t.Errorf("window %d split a message: %q", i, p.Text)
			}
		}
	}
}

func TestSegmentLongMessage(t *testing.T) {
	long := strings.Repeat("这是一个很长的句子，用来测试分段。", 100) // 1,700 runes
	items := []Merged{msg("1", "a", "开头"), msg("2", "a", long), msg("3", "b", "结尾")}
	ws := Segment(items, 500, 800, 50)
	checkWindows(t, items, ws, 500, 800)
	if len(ws) < 3 {
		t.Fatalf("got %d windows", len(ws))
	}
	for i, w := range ws[:len(ws)-1] {
		if !strings.HasSuffix(w.Text(), "。") {
			t.Errorf("window %d does not end at a sentence: %q", i, w.Text()[len(w.Text())-12:])
		}
	}
}

func TestSegmentNoBoundaries(t *testing.T) {
	items := []Merged{msg("1", "a", strings.Repeat("x", 2000))}
	ws := Segment(items, 500, 800, 50)
	checkWindows(t, items, ws, 500, 800)
	if len(ws) != 3 {
		t.Errorf("got %d windows, want 3", len(ws))
	}
}

func TestSegmentSmallAndEdgeCases(t *testing.T) {
	if ws := Segment(nil, 500, 800, 50); len(ws) != 0 {
		t.Errorf("Segment(nil) = %v", ws)
	}
	items := []Merged{msg("1", "a", "short"), msg("2", "b", "")}
	ws := Segment(items, 500, 800, 50)
	if len(ws) != 1 || len(ws[0].IDs) != 2 || ws[0].Text() != "short" {
		t.Errorf("Segment(short) = %+v", ws)
	}
	// Nonsense parameters fall back instead of looping or panicking.
	items = []Merged{msg("1", "a", strings.Repeat("word ", 100))}
	for _, p := range [][3]int{{0, 0, 0}, {-5, 10, 100}, {50, 10, -1}, {1, 1, 1}, {2, 2, 1}} {
		ws := Segment(items, p[0], p[1], p[2])
		maxChars := p[1]
		if maxChars <= 0 {
			maxChars = DefaultMaxChars
		}
		checkWindows(t, items, ws, min(max(p[0], 1), maxChars), maxChars)
	}
}
