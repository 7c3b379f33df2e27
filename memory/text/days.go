package text

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// MonthDay is a day a text names without its year: a day of the year
// ("9 August", "4月15日"), or, when Month is 0, a day of every month
// ("rent is due on the 5th", "每月5号"). Birthdays, anniversaries and
// monthly bills come back on it whatever year it is.
type MonthDay struct {
	Month, Day int
}

// In reports whether the day falls on or after start and before end in
// some year (some month when Month is 0).
func (d MonthDay) In(start, end time.Time) bool {
	if d.Day < 1 || d.Day > 31 || !start.Before(end) {
		return false
	}
	for y := start.Year(); y <= end.Year(); y++ {
		if d.Month == 0 {
			for mo := time.January; mo <= time.December; mo++ {
				if dayIn(start.Location(), y, mo, d.Day, start, end) {
					return true
				}
			}
			continue
		}
		if dayIn(start.Location(), y, time.Month(d.Month), d.Day, start, end) {
			return true
		}
	}
	return false
}

// dayIn reports whether y-mo-day exists and its midday lies in [start, end).
func dayIn(loc *time.Location, y int, mo time.Month, day int, start, end time.Time) bool {
	t := time.Date(y, mo, day, 12, 0, 0, 0, loc)
	return t.Day() == day && !t.Before(start) && t.Before(end)
}

var (
	// dayMonthEN is "9 August", "the 9th of Aug"; monthDayEN "August 9th".
	dayMonthEN = regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?` + monthNameEN + `\b`)
	monthDayEN = regexp.MustCompile(`(?i)\b` + monthNameEN + `\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b`)
	isoDay     = regexp.MustCompile(`\b\d{4}-(\d{1,2})-(\d{1,2})\b`)
	monthDayZH = regexp.MustCompile(`(\d{1,2}|[一二三四五六七八九十]{1,3})月(\d{1,2}|[一二三四五六七八九十]{1,3})[日号]?`)
	// ordinalEN is "the 5th"; ordinalZH "5号", "十五日" not after 月.
	ordinalEN = regexp.MustCompile(`(?i)\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b(\s+[a-z]+)?`)
	ordinalZH = regexp.MustCompile(`(\d{1,2}|[一二三四五六七八九十]{1,3})([号日])(.?)`)
)

// countedNouns follow an ordinal that counts rather than dates: "the 3rd
// floor", "the 25th anniversary".
var countedNouns = setOf("year", "years", "grade", "floor", "time", "times", "century", "place", "edition",
	"birthday", "anniversary", "row", "round", "generation", "form", "week", "weeks", "day", "days", "month",
	"months", "lap", "stage", "level", "book", "season", "episode", "chapter", "street", "avenue", "hole", "child",
	"baby", "attempt", "try", "percentile", "wedding", "one", "ones")

// CalendarDays returns the days text names without tying them to a year:
// "9 August", "August 9th", "2024-08-09", "8月9日" as days of the year, and
// "the 9th", "9号" as days of every month. Relative dates ("tomorrow",
// "下周五") are not among them: they name a day only against the time
// they were said.
func CalendarDays(s string) []MonthDay {
	var out []MonthDay
	taken := make([][2]int, 0, 2)
	add := func(mo, d int, at []int) {
		if d < 1 || d > 31 || mo < 0 || mo > 12 {
			return
		}
		out = append(out, MonthDay{Month: mo, Day: d})
		taken = append(taken, [2]int{at[0], at[1]})
	}
	for _, m := range dayMonthEN.FindAllStringSubmatchIndex(s, -1) {
		d, _ := strconv.Atoi(s[m[2]:m[3]])
		add(monthNumber(s[m[4]:m[5]]), d, m)
	}
	for _, m := range monthDayEN.FindAllStringSubmatchIndex(s, -1) {
		if !strings.EqualFold(s[m[2]:m[3]], "may") || s[m[2]] == 'M' {
			d, _ := strconv.Atoi(s[m[4]:m[5]])
			add(monthNumber(s[m[2]:m[3]]), d, m)
		}
	}
	for _, m := range isoDay.FindAllStringSubmatchIndex(s, -1) {
		mo, _ := strconv.Atoi(s[m[2]:m[3]])
		d, _ := strconv.Atoi(s[m[4]:m[5]])
		add(mo, d, m)
	}
	for _, m := range monthDayZH.FindAllStringSubmatchIndex(s, -1) {
		add(cnNumber(s[m[2]:m[3]]), cnNumber(s[m[4]:m[5]]), m)
	}
	inTaken := func(i int) bool {
		for _, t := range taken {
			if i >= t[0] && i < t[1] {
				return true
			}
		}
		return false
	}
	for _, m := range ordinalEN.FindAllStringSubmatchIndex(s, -1) {
		if inTaken(m[2]) || (m[4] >= 0 && inSet(countedNouns, strings.ToLower(strings.TrimSpace(s[m[4]:m[5]])))) {
			continue
		}
		d, _ := strconv.Atoi(s[m[2]:m[3]])
		add(0, d, m)
	}
	for _, m := range ordinalZH.FindAllStringSubmatchIndex(s, -1) {
		if inTaken(m[2]) || !ordinalDayZH(s, m) {
			continue
		}
		add(0, cnNumber(s[m[2]:m[3]]), m)
	}
	return out
}

// ordinalDayZH reports whether an ordinalZH match names a day of the
// month: not a line, building or seat number ("3号线", "5号楼"), not a
// week day or a count ("周日", "十日游"), and 日 only after digits.
func ordinalDayZH(s string, m []int) bool {
	if m[2] > 0 {
		if r := s[:m[2]]; strings.HasSuffix(r, "周") || strings.HasSuffix(r, "星期") || strings.HasSuffix(r, "礼拜") ||
			strings.HasSuffix(r, "第") || r[len(r)-1] >= '0' && r[len(r)-1] <= '9' {
			return false
		}
	}
	if s[m[4]:m[5]] == "日" && (s[m[2]] < '0' || s[m[2]] > '9') {
		return false
	}
	next := s[m[6]:m[7]]
	return !strings.ContainsAny(next, "线楼床门房桌位码车机院室店") && next != "游"
}

// QuerySpan is the period a question names, resolved against ref as
// ResolveDate resolves it, or else the next day of the month an ordinal
// names ("what's on the 5th?", "5号有什么安排"): a question asks about the
// days ahead.
func QuerySpan(s string, ref time.Time) (Span, bool) {
	if sp, ok := ResolveDate(s, ref); ok {
		return sp, true
	}
	if ref.IsZero() {
		return Span{}, false
	}
	day := time.Date(ref.Year(), ref.Month(), ref.Day(), 0, 0, 0, 0, ref.Location())
	for _, d := range CalendarDays(s) {
		if d.Month != 0 {
			continue
		}
		for i := range 62 {
			t := day.AddDate(0, 0, i)
			if t.Day() == d.Day {
				return Span{Start: t, End: t.AddDate(0, 0, 1)}, true
			}
		}
	}
	return Span{}, false
}
