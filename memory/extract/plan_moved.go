package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// A plan put off is the same plan on another day. The change that says
// so is often short ("lan moved to dec 12", "新加坡不去28号了，改7月12号")
// while the plan it ends says what the plan is ("school lan tournament is
// friday dec 5th"): the memory that replaces it is the plan's own words
// with the new day, the way a person would correct a note, and the old
// wording stays in its history.

// planMovedTo reports whether c moves the plan m: a plan put off carries
// other dates than the plan it ends, by definition.
func planMovedTo(c, m memory.Memory) bool {
	return (m.Type == memory.TypeEvent || m.Type == memory.TypeTask) && movesPlan(c.Text+" "+c.Source.Excerpt)
}

// movedPlanText is the text of the plan m moved to the day c names, or
// false when either does not name one day or they name the same day.
func movedPlanText(c, m memory.Memory) (string, bool) {
	old, ok := text.ResolveDate(m.Text, writtenAt(m))
	if !ok || !oneDay(old) {
		return "", false
	}
	after := c.Text
	re := enPlanMoved
	if hasHan(c.Text) {
		re = zhPlanMoved
	}
	if loc := re.FindStringIndex(text.Simplified(c.Text)); loc != nil && !hasHan(c.Text) {
		after = c.Text[loc[0]:]
	} else if loc != nil {
		after = string([]rune(c.Text)[len([]rune(text.Simplified(c.Text)[:loc[0]])):])
	}
	moved, ok := text.ResolveDate(after, writtenAt(c))
	if !ok || !oneDay(moved) || moved.Start.Equal(old.Start) {
		return "", false
	}
	from, to := bareDate(old.Phrase), bareDate(moved.Phrase)
	at := strings.Index(m.Text, from)
	if from == "" || to == "" || at < 0 {
		return "", false
	}
	if w := weekdayBefore.FindStringIndex(m.Text[:at]); w != nil {
		// "tues 25th nov": the old weekday goes with its day.
		at = w[0]
	}
	return m.Text[:at] + to + m.Text[strings.Index(m.Text, from)+len(from):], true
}

// weekdayBefore is a weekday written just before a date.
var weekdayBefore = regexp.MustCompile(`(?i)\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\.?,?\s+(?:the\s+)?$`)

// writtenAt is when m was said: the time its source dates it, else when it
// was stored.
func writtenAt(m memory.Memory) time.Time {
	if !m.Source.Time.IsZero() {
		return m.Source.Time
	}
	return m.CreatedAt
}

// oneDay reports whether sp spans a single day.
func oneDay(sp text.Span) bool { return sp.End.Sub(sp.Start) == 24*time.Hour }

// bareDate is a date phrase without the preposition that led into it
// ("to the 27th" → "the 27th").
func bareDate(phrase string) string {
	p := strings.TrimSpace(phrase)
	for _, lead := range []string{"to ", "on ", "for ", "till ", "until ", "by "} {
		if len(p) > len(lead) && strings.EqualFold(p[:len(lead)], lead) {
			return strings.TrimSpace(p[len(lead):])
		}
	}
	return p
}
