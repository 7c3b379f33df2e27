package text

import (
	"regexp"
	"strings"
	"time"
)

// A part of a month: its first ten days, the ten after, or the rest, as
// "early/mid/late May", "上旬/中旬/下旬" and "月初/月底" name them.
const (
	earlyPart = iota
	midPart
	latePart
)

// monthNameEN is an English month name, long or short.
const monthNameEN = `(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)`

// periodRules resolve parts of a month or year ("mid-May", "the end of the
// month", "月底", "五月下旬", "年底"). They are tried before dateRules so
// that "下个月底" is the end of next month rather than the whole of it.
var periodRules = []dateRule{
	{regexp.MustCompile(`(?i)\b(early|mid|late)[\s-]+` + monthNameEN + `\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return namedMonthPart(d, monthNumber(m[2]), enPart(m[1]))
	}},
	{regexp.MustCompile(`(?i)\b(?:the\s+)?(start|beginning|middle|end)\s+of\s+` + monthNameEN + `\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return namedMonthPart(d, monthNumber(m[2]), enPart(m[1]))
	}},
	{regexp.MustCompile(`(?i)\b(?:the\s+)?(start|beginning|middle|end)\s+of\s+(the|this|next)\s+month\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return relativeMonthPart(d, strings.EqualFold(m[2], "next"), enPart(m[1]))
	}},
	{regexp.MustCompile(`(?i)\b(?:the\s+)?(end|start|beginning)\s+of\s+(the|this|next)\s+year\b|\b(early|late)\s+next\s+year\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		part, next := m[1]+m[3], strings.EqualFold(m[2], "next") || m[3] != ""
		return yearPart(d, next, enPart(part) == latePart)
	}},
	{regexp.MustCompile(`(\d{1,2}|[一二三四五六七八九十]{1,3})月(?:份)?(上旬|中旬|下旬|初|中|底|末)`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return namedMonthPart(d, cnNumber(m[1]), zhPart(m[2]))
	}},
	{regexp.MustCompile(`(下个?月|这个月|本月|月)(上旬|中旬|下旬|初|底|末)|(上旬|中旬|下旬)`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return relativeMonthPart(d, strings.HasPrefix(m[1], "下"), zhPart(m[2]+m[3]))
	}},
	// 年初 only with 明/今 or opening the text: "那年初中毕业" names no date.
	{regexp.MustCompile(`(明|今)?年(底|末)|(明|今)年(初)|^年(初)`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return yearPart(d, m[1]+m[3] == "明", m[4]+m[5] == "")
	}},
}

// enPart is the part of a month an English word names.
func enPart(w string) int {
	switch strings.ToLower(w) {
	case "early", "start", "beginning":
		return earlyPart
	case "mid", "middle":
		return midPart
	}
	return latePart
}

// zhPart is the part of a month a Chinese word names.
func zhPart(w string) int {
	switch w {
	case "上旬", "初":
		return earlyPart
	case "中旬", "中":
		return midPart
	}
	return latePart
}

// monthNumber reads an English month name, 0 when it is none.
func monthNumber(w string) int {
	w = strings.ToLower(w)
	if n, ok := monthNames[w]; ok {
		return n
	}
	if len(w) >= 3 {
		return monthNames[w[:3]]
	}
	return 0
}

// monthPart is the part of month mo of year y, starting no earlier than d.
func monthPart(d time.Time, y, mo, part int) (time.Time, time.Time) {
	first := time.Date(y, time.Month(mo), 1, 0, 0, 0, 0, d.Location())
	s, e := first.AddDate(0, 0, 10*part), first.AddDate(0, 0, 10*(part+1))
	if part == latePart {
		e = first.AddDate(0, 1, 0)
	}
	if s.Before(d) {
		s = d
	}
	return s, e
}

// namedMonthPart is the part of a named month: this year's, or next
// year's once it is over.
func namedMonthPart(d time.Time, mo, part int) (time.Time, time.Time, bool) {
	if mo < 1 || mo > 12 {
		return time.Time{}, time.Time{}, false
	}
	s, e := monthPart(d, d.Year(), mo, part)
	if !e.After(d) {
		s, e = monthPart(d, d.Year()+1, mo, part)
	}
	return s, e, true
}

// relativeMonthPart is the part of this month (or the next, when said or
// when this month's is over).
func relativeMonthPart(d time.Time, next bool, part int) (time.Time, time.Time, bool) {
	first := time.Date(d.Year(), d.Month(), 1, 0, 0, 0, 0, d.Location())
	if next {
		first = first.AddDate(0, 1, 0)
	}
	s, e := monthPart(d, first.Year(), int(first.Month()), part)
	if !e.After(d) {
		first = first.AddDate(0, 1, 0)
		s, e = monthPart(d, first.Year(), int(first.Month()), part)
	}
	return s, e, true
}

// yearPart is the start (January) or end (December) of this year or the
// next: next when said, or when this year's is over.
func yearPart(d time.Time, next, end bool) (time.Time, time.Time, bool) {
	y := d.Year()
	if next {
		y++
	}
	mo := 1
	if end {
		mo = 12
	}
	s := time.Date(y, time.Month(mo), 1, 0, 0, 0, 0, d.Location())
	e := s.AddDate(0, 1, 0)
	if !e.After(d) {
		s, e = s.AddDate(1, 0, 0), e.AddDate(1, 0, 0)
	}
	if s.Before(d) {
		s = d
	}
	return s, e, true
}
