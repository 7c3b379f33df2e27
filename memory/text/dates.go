package text

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Span is a resolved date expression: the day (or first day) it names and
// the end of the period it covers.
type Span struct {
	Start, End time.Time
	// Phrase is the text that named it ("next Friday", "下周五").
	Phrase string
}

// dateRule resolves one kind of date expression.
type dateRule struct {
	re      *regexp.Regexp
	resolve func(m []string, day time.Time) (time.Time, time.Time, bool)
}

// weekdayIndex maps weekday words to their Monday-based index (Monday 0).
var weekdayIndex = map[string]int{
	"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6,
	"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
	"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6,
}

const weekdayEN = `(monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)`

// dayOnly is one day: start and end of the day.
func dayOnly(d time.Time) (time.Time, time.Time, bool) { return d, d.AddDate(0, 0, 1), true }

// monday returns the Monday of d's week.
func monday(d time.Time) time.Time { return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7)) }

// upcoming returns the next day with weekday idx after d; sameDay allows d
// itself.
func upcoming(d time.Time, idx int, sameDay bool) time.Time {
	cur := (int(d.Weekday()) + 6) % 7
	ahead := (idx - cur + 7) % 7
	if ahead == 0 && !sameDay {
		ahead = 7
	}
	return d.AddDate(0, 0, ahead)
}

// nextWeekDay is weekday idx of the week after d's week ("next Friday",
// "下周五").
func nextWeekDay(d time.Time, idx int) time.Time { return monday(d).AddDate(0, 0, 7+idx) }

// dateRules are tried in order; the earliest match in the text wins.
var dateRules = []dateRule{
	{regexp.MustCompile(`(?i)\b(\d{4})-(\d{1,2})-(\d{1,2})\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		y, _ := strconv.Atoi(m[1])
		mo, _ := strconv.Atoi(m[2])
		dd, _ := strconv.Atoi(m[3])
		return calendarDay(d, y, mo, dd)
	}},
	{regexp.MustCompile(`(?i)\bday after tomorrow\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d.AddDate(0, 0, 2)) }},
	{regexp.MustCompile(`(?i)\btomorrow\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d.AddDate(0, 0, 1)) }},
	{regexp.MustCompile(`(?i)\b(?:today|tonight|this (?:morning|afternoon|evening))\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d) }},
	{regexp.MustCompile(`(?i)\bnext weekend\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := nextWeekDay(d, 5)
		return s, s.AddDate(0, 0, 2), true
	}},
	{regexp.MustCompile(`(?i)\b(?:this|the|on the|over the) weekend\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := upcoming(d, 5, true)
		return s, s.AddDate(0, 0, 2), true
	}},
	{regexp.MustCompile(`(?i)\bnext ` + weekdayEN + `\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return dayOnly(nextWeekDay(d, weekdayIndex[strings.ToLower(m[1])]))
	}},
	{regexp.MustCompile(`(?i)\bthis ` + weekdayEN + `\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return dayOnly(upcoming(d, weekdayIndex[strings.ToLower(m[1])], true))
	}},
	// A weekday before its date ("Saturday 7th March", "Sat, March 14")
	// leaves the day to the date.
	// A weekday before a day alone ("thurs 27th", "Friday the 5th") is
	// that day's next occurrence; an abbreviated weekday alone is a date
	// only after "on" ("on sat"), "sat" and "sun" being words too.
	{regexp.MustCompile(`(?i)\b(?:on )?((?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)\b\.?)(,?\s+(?:the\s+)?(?:(\d{1,2})(?:st|nd|rd|th)?\b(\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d))?`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		switch day := strings.TrimSuffix(strings.ToLower(m[1]), "."); {
		case m[3] != "" && m[4] == "":
			dd, _ := strconv.Atoi(m[3])
			return nextMonthDay(d, dd)
		case m[2] != "":
			return time.Time{}, time.Time{}, false
		case len(day) <= 5 && !strings.HasPrefix(strings.ToLower(m[0]), "on "):
			return time.Time{}, time.Time{}, false
		default:
			return dayOnly(upcoming(d, weekdayIndex[strings.TrimSuffix(day, "s")], false))
		}
	}},
	{regexp.MustCompile(`(?i)\bnext week\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := monday(d).AddDate(0, 0, 7)
		return s, s.AddDate(0, 0, 7), true
	}},
	{regexp.MustCompile(`(?i)\bnext month\b`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, d.Location())
		return s, s.AddDate(0, 1, 0), true
	}},
	{regexp.MustCompile(`(?i)\bin (\d{1,3}|a|an|one|two|three|four|five|six|seven|ten) (day|week|month)s?\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		n := smallNumberEN(m[1])
		switch strings.ToLower(m[2]) {
		case "week":
			return dayOnly(d.AddDate(0, 0, 7*n))
		case "month":
			return dayOnly(d.AddDate(0, n, 0))
		}
		return dayOnly(d.AddDate(0, 0, n))
	}},
	{regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.? (\d{1,2})(?:st|nd|rd|th)?\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		dd, _ := strconv.Atoi(m[2])
		return nextDate(d, monthNames[strings.ToLower(m[1])], dd)
	}},
	{regexp.MustCompile(`(?i)\b(\d{1,2})(?:st|nd|rd|th)? (?:of )?(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		dd, _ := strconv.Atoi(m[1])
		return nextDate(d, monthNames[strings.ToLower(m[2])], dd)
	}},
	// A day spelled out, as voice input writes it: "april fourteenth",
	// "the twenty-first of May".
	{regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.? (?:the )?(` + ordinalWordsEN + `)\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		if m[1] == "may" {
			return time.Time{}, time.Time{}, false // "you may first …"
		}
		return nextDate(d, monthNames[strings.ToLower(m[1])], ordinalWordDay(m[2]))
	}},
	{regexp.MustCompile(`(?i)\b(` + ordinalWordsEN + `) (?:of )?(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return nextDate(d, monthNames[strings.ToLower(m[2])], ordinalWordDay(m[1]))
	}},
	// "moved to the 28th": a day of the month alone is its next
	// occurrence. One followed by its month is the rule above's; one
	// followed by a noun ("the 3rd floor") is no date.
	{regexp.MustCompile(`(?i)\b(?:on|to|for|till|until|by)\s+the\s+(\d{1,2})(?:st|nd|rd|th)\b(\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|floor|time|attempt|go|try|row|place|round|grade|year|week|day|month|generation|edition|anniversary|birthday|child|baby|kid))?`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		dd, _ := strconv.Atoi(m[1])
		if m[2] != "" {
			return time.Time{}, time.Time{}, false // a month's own rule, or no date ("the 3rd floor")
		}
		return nextMonthDay(d, dd)
	}},
	{regexp.MustCompile(`大后天`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d.AddDate(0, 0, 3)) }},
	{regexp.MustCompile(`后天`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d.AddDate(0, 0, 2)) }},
	{regexp.MustCompile(`明[天日早晚]`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d.AddDate(0, 0, 1)) }},
	{regexp.MustCompile(`今[天日晚早]|今儿`), func(_ []string, d time.Time) (time.Time, time.Time, bool) { return dayOnly(d) }},
	{regexp.MustCompile(`下个?(?:周|星期|礼拜)末`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := nextWeekDay(d, 5)
		return s, s.AddDate(0, 0, 2), true
	}},
	{regexp.MustCompile(`下个?(?:周|星期|礼拜)([一二三四五六日天])`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return dayOnly(nextWeekDay(d, weekdayIndex[m[1]]))
	}},
	{regexp.MustCompile(`(?:这|本)?(?:周|星期|礼拜)末`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := upcoming(d, 5, true)
		return s, s.AddDate(0, 0, 2), true
	}},
	{regexp.MustCompile(`(?:这|本)(?:周|星期|礼拜)([一二三四五六日天])`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return dayOnly(monday(d).AddDate(0, 0, weekdayIndex[m[1]]))
	}},
	{regexp.MustCompile(`(?:周|星期|礼拜)([一二三四五六日天])`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return dayOnly(upcoming(d, weekdayIndex[m[1]], true))
	}},
	{regexp.MustCompile(`下个?(?:周|星期|礼拜)`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := monday(d).AddDate(0, 0, 7)
		return s, s.AddDate(0, 0, 7), true
	}},
	{regexp.MustCompile(`下个?月`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		s := time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, d.Location())
		return s, s.AddDate(0, 1, 0), true
	}},
	{regexp.MustCompile(`(\d{1,2}|[一二三四五六七八九十]{1,3})月(\d{1,2}|[一二三四五六七八九十]{1,3})[日号]`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return nextDate(d, cnNumber(m[1]), cnNumber(m[2]))
	}},
	{regexp.MustCompile(`(\d{1,3}|[一二两三四五六七八九十]{1,3})(天|周|个星期|个月)(?:后|以后|之后)`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		n := cnNumber(m[1])
		switch m[2] {
		case "周", "个星期":
			return dayOnly(d.AddDate(0, 0, 7*n))
		case "个月":
			return dayOnly(d.AddDate(0, n, 0))
		}
		return dayOnly(d.AddDate(0, 0, n))
	}},
}

// monthRules resolve whole months; they count only when no rule of
// dateRules matches, since a day anywhere in the text names the time
// better ("in May, on the 20th").
var monthRules = []dateRule{
	{regexp.MustCompile(`(?i)\b(?:(?:for\s+)?the\s+rest\s+of\s+(?:the|this)\s+month|this\s+month)\b|(?:这个|本)月`), func(_ []string, d time.Time) (time.Time, time.Time, bool) {
		return d, time.Date(d.Year(), d.Month()+1, 1, 0, 0, 0, 0, d.Location()), true
	}},
	{regexp.MustCompile(`(?i)\b(?:in|during|until|till|through|for\s+the\s+rest\s+of|(?:at\s+)?the\s+(?:start|beginning|end)\s+of)\s+(january|february|march|april|may|june|july|august|september|october|november|december)\b`), func(m []string, d time.Time) (time.Time, time.Time, bool) {
		return monthSpan(d, monthNames[strings.ToLower(m[1])])
	}},
}

// monthSpan is month mo from d: the rest of it when d is in it, else its
// next occurrence.
func monthSpan(d time.Time, mo int) (time.Time, time.Time, bool) {
	if mo < 1 || mo > 12 {
		return time.Time{}, time.Time{}, false
	}
	y := d.Year()
	if time.Month(mo) < d.Month() {
		y++
	}
	s := time.Date(y, time.Month(mo), 1, 0, 0, 0, 0, d.Location())
	e := s.AddDate(0, 1, 0)
	if s.Before(d) {
		s = d
	}
	return s, e, true
}

// ResolveDate finds the first date expression in text, English or
// Chinese, relative ("tomorrow", "下周五", "in 3 days", "this month", "月底")
// or absolute ("2026-04-01", "May 5th", "5月3日", "in October", "mid-May",
// "五月下旬"), and resolves it against ref (the
// time of the message that says it, in its location). Extraction uses it
// to date events and to expire temporary memories.
func ResolveDate(text string, ref time.Time) (Span, bool) {
	if ref.IsZero() {
		return Span{}, false
	}
	day := time.Date(ref.Year(), ref.Month(), ref.Day(), 0, 0, 0, 0, ref.Location())
	if sp, ok := firstDate(append(periodRules[:len(periodRules):len(periodRules)], dateRules...), text, day); ok {
		return sp, true
	}
	return firstDate(monthRules, text, day)
}

// firstDate resolves the earliest expression in text that one of rules
// matches and resolves. A match that does not resolve ("booked the sat"
// is no weekday named) leaves the rule's later matches to try ("so it's
// sunday 15th now").
func firstDate(rules []dateRule, text string, day time.Time) (Span, bool) {
	best, bestAt := Span{}, -1
	for _, r := range rules {
		for from := 0; from < len(text); {
			loc := r.re.FindStringSubmatchIndex(text[from:])
			if loc == nil || (bestAt >= 0 && from+loc[0] >= bestAt) {
				break
			}
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = text[from+loc[2*i] : from+loc[2*i+1]]
				}
			}
			if start, end, ok := r.resolve(m, day); ok {
				best, bestAt = Span{Start: start, End: end, Phrase: m[0]}, from+loc[0]
				break
			}
			from += max(loc[1], loc[0]+1)
		}
	}
	return best, bestAt >= 0
}

// calendarDay validates an explicit date.
func calendarDay(ref time.Time, y, mo, d int) (time.Time, time.Time, bool) {
	if mo < 1 || mo > 12 || d < 1 || d > 31 || y < 1900 || y > 2200 {
		return time.Time{}, time.Time{}, false
	}
	t := time.Date(y, time.Month(mo), d, 0, 0, 0, 0, ref.Location())
	if t.Day() != d {
		return time.Time{}, time.Time{}, false
	}
	return dayOnly(t)
}

// nextDate is month/day in ref's year, or next year when it has passed.
func nextDate(ref time.Time, mo, d int) (time.Time, time.Time, bool) {
	s, e, ok := calendarDay(ref, ref.Year(), mo, d)
	if ok && s.Before(ref) {
		return calendarDay(ref, ref.Year()+1, mo, d)
	}
	return s, e, ok
}

// nextMonthDay is day d of ref's month, or of the next month when it has
// passed.
func nextMonthDay(ref time.Time, d int) (time.Time, time.Time, bool) {
	s, e, ok := calendarDay(ref, ref.Year(), int(ref.Month()), d)
	if ok && !s.Before(ref) {
		return s, e, ok
	}
	next := time.Date(ref.Year(), ref.Month()+1, 1, 0, 0, 0, 0, ref.Location())
	return calendarDay(ref, next.Year(), int(next.Month()), d)
}

// smallNumberEN reads "3", "a", "two".
func smallNumberEN(s string) int {
	words := map[string]int{"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "ten": 10}
	if n, ok := words[strings.ToLower(s)]; ok {
		return n
	}
	n, _ := strconv.Atoi(s)
	return n
}

// chineseDigits are the values of the Chinese numerals one to nine.
var chineseDigits = map[rune]int{'一': 1, '二': 2, '两': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}

// cnNumber reads digits or a Chinese numeral up to 99 ("十二", "二十三").
func cnNumber(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	total, cur := 0, 0
	for _, r := range s {
		if r == '十' {
			if cur == 0 {
				cur = 1
			}
			total += cur * 10
			cur = 0
			continue
		}
		cur = chineseDigits[r]
	}
	return total + cur
}

// ordinalWordsEN are the days of a month as ordinal words, tens first so
// that "twenty-first" is read whole.
const ordinalWordsEN = `(?:twenty|thirty)[- ]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|` +
	`thirtieth|twentieth|nineteenth|eighteenth|seventeenth|sixteenth|fifteenth|fourteenth|thirteenth|twelfth|eleventh|tenth|` +
	`ninth|eighth|seventh|sixth|fifth|fourth|third|second|first`

// ordinalWordDay is the day an ordinal word of ordinalWordsEN names.
func ordinalWordDay(w string) int {
	units := map[string]int{"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
		"tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
		"seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20, "thirtieth": 30}
	w = strings.ToLower(w)
	tens := 0
	switch {
	case strings.HasPrefix(w, "twenty") && w != "twentieth":
		tens, w = 20, strings.TrimLeft(w[len("twenty"):], "- ")
	case strings.HasPrefix(w, "thirty") && w != "thirtieth":
		tens, w = 30, strings.TrimLeft(w[len("thirty"):], "- ")
	}
	return tens + units[w]
}
