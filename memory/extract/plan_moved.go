package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
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
	return movesPlan(c.Text+" "+c.Source.Excerpt) && movable(m)
}

// movable reports whether m is a plan a move may end: an event or a
// task, or another memory that names a day ("儿子小军要结婚了，定的明年
// 五月十八"), except a birthday or an anniversary, which recur.
func movable(m memory.Memory) bool {
	if m.Type == memory.TypeEvent || m.Type == memory.TypeTask {
		return true
	}
	key := subject.Of(m.Subject)
	if strings.HasPrefix(key, subject.BirthdayPrefix) || key == subject.Birthday || key == subject.Anniversary || m.Lifecycle == memory.LifecycleLongTerm {
		return false
	}
	if !m.EventTime.IsZero() || zhMonthAndDay.MatchString(m.Text) {
		return true
	}
	d, ok := text.ResolveDate(m.Text, writtenAt(m))
	return ok && oneDay(d)
}

// zhMonthAndDay is a Chinese month and day, with or without 号 ("五月十八").
var zhMonthAndDay = regexp.MustCompile(`[0-9一二三四五六七八九十]{1,2}月[0-9一二三四五六七八九十]{1,3}`)

// movedPlanText is the text of the plan m moved to the day c names, or
// false when either does not name one day or they name the same day.
func movedPlanText(c, m memory.Memory) (string, bool) {
	old, ok := text.ResolveDate(m.Text, writtenAt(m))
	if !ok || !oneDay(old) {
		return "", false
	}
	// The new day is the first after the words of the move ("不去28号了，
	// 改7月12号"). Simplification keeps one character for one, so the
	// move's place in the simplified text is its place in the text.
	after := c.Text
	re := enPlanMoved
	if hasHan(c.Text) {
		re = zhPlanMoved
	}
	simple := text.Simplified(c.Text)
	if loc := re.FindStringIndex(simple); loc != nil {
		after = string([]rune(c.Text)[utf8.RuneCountInString(simple[:loc[0]]):])
	}
	moved, ok := text.ResolveDate(after, writtenAt(c))
	if !ok || !oneDay(moved) || moved.Start.Equal(old.Start) {
		return "", false
	}
	from, to := bareDate(old.Phrase), bareDate(moved.Phrase)
	if written := enDay(old.Start); strings.Contains(m.Text, written) {
		// The rules wrote the day as people read it ("June 20, 2026"):
		// the new day is written so too, and the person's own words for
		// it beside ("april fourteenth (April 14, 2026)") move with it.
		t := strings.Replace(m.Text, written, enDay(moved.Start), 1)
		if from != "" && to != "" && !strings.Contains(written, from) {
			if moved, ok := replaceDay(t, from, to); ok {
				t = moved
			}
		}
		return t, true
	}
	if from == "" || to == "" {
		return "", false
	}
	return replaceDay(m.Text, from, to)
}

// replaceDay writes the day to in place of the day from in t, with the
// weekday written before it ("tues 25th nov"), or false when t does not
// say from.
func replaceDay(t, from, to string) (string, bool) {
	at := strings.Index(t, from)
	if at < 0 {
		return "", false
	}
	start := at
	if w := weekdayBefore.FindStringIndex(t[:at]); w != nil {
		start = w[0]
	}
	return t[:start] + to + t[at+len(from):], true
}

// weekdayBefore is a weekday written just before a date.
var weekdayBefore = regexp.MustCompile(`(?i)\b` + enWeekdayWord + `\.?,?\s+(?:the\s+)?$`)

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

// A dose changed is the same medicine with another number: "优甲乐加量了，
// 现在每天75微克" ends "每天早上吃优甲乐50微克", "metformin increased to
// 1000mg" ends "metformin 500mg twice a day".
var (
	doseUnit       = regexp.MustCompile(`(?i)\d\s*(?:mg|mcg|µg|ug|ml|units?|iu)\b|\d\s*(?:毫克|微克|克|毫升|单位)|[0-9一二两三四五六七八九十半]\s*(?:片|粒|颗|针)`)
	doseChangeSaid = regexp.MustCompile(`(?i)\b(?:increased|reduced|raised|lowered|upped|doubled|halved|cut|changed|up\s+to|down\s+to|now)\b|加量|减量|加到|减到|增至|减至|增加到|减少到|改成|改为|换成|调到|调成|现在`)
)

// doseChanged reports whether c changes the dose of a medicine m states.
func doseChanged(c, m memory.Memory) bool {
	return doseUnit.MatchString(c.Text) && doseUnit.MatchString(m.Text) && doseChangeSaid.MatchString(c.Text+" "+c.Source.Excerpt)
}
