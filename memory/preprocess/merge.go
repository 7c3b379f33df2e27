package preprocess

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Item is one captured message as the preprocessing stage sees it.
type Item struct {
	ID     string
	Author string
	Text   string
	Time   time.Time
}

// Merged is one or more consecutive messages of one author joined into a
// single unit, keeping every source id for provenance.
type Merged struct {
	// IDs are the source message ids, in order.
	IDs    []string
	Author string
	// Text is the messages' texts joined by newlines.
	Text string
	// Time is when the first message was sent, End when the last was.
	Time time.Time
	End  time.Time
}

// Merge joins each author's consecutive messages that follow each other
// within window (measured from the previous message) into one unit, as long
// as the joined text stays within maxLen runes; people often split one
// thought across several quick messages. Messages are never merged across
// authors, and items must be in the order they were sent.
//
// window <= 0 disables merging; maxLen <= 0 means no length limit. A single
// message longer than maxLen is kept whole (Segment splits it). Empty texts
// contribute their id but no text.
func Merge(items []Item, window time.Duration, maxLen int) []Merged {
	out := make([]Merged, 0, len(items))
	var parts []string // non-empty texts of the unit being built
	curLen := 0        // its length in runes, newlines included
	flush := func() {
		if len(out) > 0 {
			out[len(out)-1].Text = strings.Join(parts, "\n")
		}
	}
	for _, it := range items {
		n := utf8.RuneCountInString(it.Text)
		if len(out) > 0 && window > 0 {
			last := &out[len(out)-1]
			gap := it.Time.Sub(last.End)
			joined := curLen + n
			if curLen > 0 && n > 0 {
				joined++ // the newline
			}
			if last.Author == it.Author && gap >= -window && gap <= window && (maxLen <= 0 || joined <= maxLen) {
				last.IDs = append(last.IDs, it.ID)
				if it.Text != "" {
					parts = append(parts, it.Text)
				}
				if it.Time.After(last.End) {
					last.End = it.Time
				}
				curLen = joined
				continue
			}
		}
		flush()
		out = append(out, Merged{IDs: []string{it.ID}, Author: it.Author, Time: it.Time, End: it.Time})
		parts = parts[:0]
		if it.Text != "" {
			parts = append(parts, it.Text)
		}
		curLen = n
	}
	flush()
	return out
}
