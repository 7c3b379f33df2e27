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

// TestSegmentCountedIgnoresContext checks that parts not counted go along
// in order without making more windows: 40 short user lines, each followed
// by a 650-character reply, make as many windows as the user lines alone.
func TestSegmentCountedIgnoresContext(t *testing.T) {
	var alone, mixed []Merged
	for i := range 40 {
		u := msg(fmt.Sprintf("u%d", i), "ann", fmt.Sprintf("line %d: I like walking in the hills on Sunday", i))
		alone = append(alone, u)
		mixed = append(mixed, u, msg(fmt.Sprintf("b%d", i), "bot", strings.Repeat("A reply that goes on. ", 30)))
	}
	user := func(m Merged) bool { return m.Author != "bot" }
	want := Segment(alone, DefaultMinChars, DefaultMaxChars, DefaultOverlap)
	got := SegmentCounted(mixed, DefaultMinChars, DefaultMaxChars, DefaultOverlap, user)
	withNew := 0
	for i, w := range got {
		counted, users := 0, 0
		for j, p := range w.Parts {
			if user(p) {
				counted += utf8.RuneCountInString(p.Text) + min(counted, 1)
				if j >= w.Overlap {
					users++
				}
			} else if utf8.RuneCountInString(p.Text) != 660 && j >= w.Overlap {
				t.Errorf("window %d: a reply was split: %q", i, p.Text)
			}
		}
		if counted != w.Chars || w.Chars > DefaultMaxChars {
			t.Errorf("window %d: Chars = %d, counted parts hold %d runes (max %d)", i, w.Chars, counted, DefaultMaxChars)
		}
		if users > 0 {
			withNew++
		}
	}
	if withNew != len(want) {
		t.Errorf("%d windows with new user lines, want %d as without replies", withNew, len(want))
	}
	if len(got) > len(want)+1 {
		t.Errorf("%d windows, want at most %d", len(got), len(want)+1)
	}
	var ids []string
	for _, w := range got {
		ids = append(ids, w.IDs...)
	}
	for _, m := range mixed {
		if !strings.Contains(strings.Join(ids, ","), m.IDs[0]) {
			t.Errorf("%s is in no window", m.IDs[0])
		}
	}
	if ws := SegmentCounted(alone, DefaultMinChars, DefaultMaxChars, DefaultOverlap, nil); len(ws) != len(want) {
		t.Errorf("nil counted made %d windows, Segment %d", len(ws), len(want))
	}
}
