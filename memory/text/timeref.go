package text

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// timeWords are English words that place a statement in time; a turn
// holding one is a likely answer to a "when" question.
var timeWords = setOf(
	"yesterday", "today", "tonight", "tomorrow", "ago", "last", "next", "week", "weeks",
	"weekend", "weekends", "month", "months", "year", "years", "monday", "tuesday",
	"wednesday", "thursday", "friday", "saturday", "sunday", "morning", "afternoon",
	"evening", "night", "recently", "lately", "earlier", "soon", "since", "january",
	"february", "april", "june", "july", "august", "september", "october",
	"november", "december", "summer", "winter", "autumn", "weekday", "decade", "days", "day",
	"hours", "upcoming",
)

// chineseTimeMarkers are Chinese words that place a statement in time.
var chineseTimeMarkers = []string{
	"昨天", "今天", "明天", "前天", "后天", "上周", "下周", "这周", "本周", "上个月", "下个月",
	"去年", "今年", "明年", "周末", "星期", "礼拜", "最近", "以前", "之前", "以后", "早上",
	"晚上", "上午", "下午", "年前", "月前", "天前", "小时前", "刚才", "那天",
}

// monthNames maps English month names and abbreviations to 1–12; the
// ambiguous ones ("may", "march") count only beside a date-like word.
var monthNames = map[string]int{
	"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
	"may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
	"sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12,
	"dec": 12,
}

// ambiguousMonths are month names that are also ordinary words.
var ambiguousMonths = setOf("may", "march", "mar", "jan", "sep", "dec", "oct", "nov", "aug", "apr", "jun", "jul", "feb")

// monthLead are words that, before an ambiguous month name, make it a
// month ("in May", "early March").
var monthLead = setOf("in", "on", "of", "since", "during", "early", "late", "mid", "last", "this",
	"next", "until", "till", "before", "after", "by", "from", "through")

// whenPhrases are the English ways to ask for a time.
var whenPhrases = []string{"when", "what time", "what date", "what day", "which day", "what year",
	"which year", "what month", "which month", "how long ago", "how long", "since when"}

// chineseWhenPhrases are the Chinese ways to ask for a time.
var chineseWhenPhrases = []string{"什么时候", "何时", "哪天", "哪一天", "哪年", "哪一年", "几月",
	"几号", "多久", "多长时间", "什么时间", "几点"}

// DateRef is a month and/or year a query names ("in June", "2023年6月");
// a zero field means unnamed. Recall lifts memories dated in it.
type DateRef struct {
	Year, Month int
	// Day is the day of the month when the query names one beside its
	// month ("on 16 June", "June 16th", "6月16日").
	Day int
}

// OnDay reports whether a document time falls within a day and a half of
// the day d names (a statement made that day, in any time zone); false
// when d names no day. A day without a year is taken in the document's
// year.
func (d DateRef) OnDay(t time.Time) bool {
	if d.Month == 0 || d.Day == 0 {
		return false
	}
	year := d.Year
	if year == 0 {
		year = t.UTC().Year() // "on June 16": that day in the document's year
	}
	day := time.Date(year, time.Month(d.Month), d.Day, 12, 0, 0, 0, time.UTC)
	diff := t.UTC().Sub(day)
	return diff > -36*time.Hour && diff < 36*time.Hour
}

// Matches reports whether a document time (year, month) falls in d.
func (d DateRef) Matches(year, month int) bool {
	if d.Year == 0 && d.Month == 0 {
		return false
	}
	return (d.Year == 0 || d.Year == year) && (d.Month == 0 || d.Month == month)
}

// HasTimeExpression reports whether text places something in time
// ("yesterday", "2023", "上周"); such a text is a likely answer to a
// "when" question.
func HasTimeExpression(text string) bool {
	for _, w := range Words(text) {
		if _, ok := timeWords[w]; ok {
			return true
		}
		if isYear(w) {
			return true
		}
	}
	for _, m := range chineseTimeMarkers {
		if strings.Contains(text, m) {
			return true
		}
	}
	return hasChineseClockTime(text)
}

// hasChineseClockTime reports whether text names an hour of the clock
// or a day of the month as people say it, in numerals or digits: 六点半,
// 8点, 十一点关门, 八月二十三号. The shop's hours and the class moved to
// half past six answer "几点", the day of a trip home "什么时候". 一点
// alone is "a little" (快一点) unless 十 comes before it or 钟, 半 or 整
// after. 日 and 月 are left out: with them MemDaily recall@10 fell.
func hasChineseClockTime(text string) bool {
	if !strings.ContainsAny(text, "点号") {
		return false // most texts: no scan, no allocation
	}
	var p2, p rune // the two runes before r
	for i, r := range text {
		if strings.ContainsRune("点号", r) {
			next, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):])
			switch {
			case p >= '0' && p <= '9', strings.ContainsRune("零二三四五六七八九十两", p):
				return true
			case p == '一' && r != '点':
				return true
			case p == '一':
				if p2 == '十' || strings.ContainsRune("钟半整", next) {
					return true
				}
			}
		}
		p2, p = p, r
	}
	return false
}

// IsWhenQuestion reports whether text, whose Words are words, asks for a
// time ("when", "how long ago", "什么时候").
func IsWhenQuestion(words []string, text string) bool {
	joined := " " + strings.Join(words, " ") + " "
	for _, p := range whenPhrases {
		if strings.Contains(joined, " "+p+" ") {
			return true
		}
	}
	for _, p := range chineseWhenPhrases {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// isYear reports whether w is a plausible calendar year.
func isYear(w string) bool {
	if len(w) != 4 || !isNumber(w) {
		return false
	}
	return (w[0] == '1' && w[1] == '9') || (w[0] == '2' && (w[1] == '0' || (w[1] == '1' && w[2] == '0' && w[3] == '0')))
}

// ParseDateRef finds the first month and year a query names, in English
// ("in June", "May 2023") or Chinese ("2023年", "6月", "六月"); words are
// the Words of text. An ambiguous month name ("may", "march") counts only
// beside a number or a word that leads a date ("in May").
func ParseDateRef(words []string, text string) DateRef {
	var d DateRef
	for i, w := range words {
		if d.Year == 0 && isYear(w) {
			d.Year, _ = strconv.Atoi(w)
			continue
		}
		m, ok := monthNames[w]
		if !ok || d.Month != 0 {
			continue
		}
		if _, amb := ambiguousMonths[w]; amb {
			before := i > 0 && (isNumber(words[i-1]) || inSet(monthLead, words[i-1]))
			after := i+1 < len(words) && isNumber(words[i+1])
			if !before && !after {
				continue
			}
		}
		d.Month = m
		d.Day = dayBeside(words, i)
	}
	if d.Year == 0 || d.Month == 0 {
		cy, cm, cd := parseChineseDate(text)
		if d.Year == 0 {
			d.Year = cy
		}
		if d.Month == 0 {
			d.Month, d.Day = cm, cd
		}
	}
	return d
}

// dayBeside is the day of the month written just before or after the
// month name at words[i] ("16 June", "June 16", "16th of June"), or 0.
func dayBeside(words []string, i int) int {
	at := func(j int) int {
		if j < 0 || j >= len(words) {
			return 0
		}
		w := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(words[j], "th"), "st"), "nd"), "rd")
		if len(w) == 0 || len(w) > 2 || !isNumber(w) {
			return 0
		}
		n, _ := strconv.Atoi(w)
		if n < 1 || n > 31 {
			return 0
		}
		return n
	}
	if n := at(i - 1); n != 0 {
		return n
	}
	if i >= 2 && words[i-1] == "of" {
		if n := at(i - 2); n != 0 {
			return n
		}
	}
	return at(i + 1)
}

// parseChineseDate finds "YYYY年" and "M月" (digits or Chinese numerals).
func parseChineseDate(text string) (year, month, day int) {
	runes := []rune(text)
	for i, r := range runes {
		switch r {
		case '日', '号':
			if day == 0 {
				day = dayBeforeChinese(runes[:i])
			}
		case '年':
			if year == 0 && i >= 4 {
				if y, err := strconv.Atoi(string(runes[i-4 : i])); err == nil && y >= 1900 && y <= 2100 {
					year = y
				}
			}
		case '月':
			if month == 0 {
				month = monthBefore(runes[:i])
			}
		}
	}
	return year, month, day
}

// dayBeforeChinese reads the day (1–31) of "6月16日": digits or Chinese
// numerals between 月 and 日/号.
func dayBeforeChinese(rs []rune) int {
	start := len(rs)
	for start > 0 && rs[start-1] != '月' && len(rs)-start < 3 {
		start--
	}
	if start == 0 || rs[start-1] != '月' || start == len(rs) {
		return 0
	}
	part := rs[start:]
	if n, err := strconv.Atoi(string(part)); err == nil {
		if n >= 1 && n <= 31 {
			return n
		}
		return 0
	}
	n := 0
	switch {
	case len(part) == 1:
		n = chineseDigit(part[0])
	case len(part) == 2 && part[0] == '十':
		n = 10 + chineseDigit(part[1])
	case len(part) == 2 && part[1] == '十':
		n = 10 * chineseDigit(part[0])
	case len(part) == 3 && part[1] == '十':
		n = 10*chineseDigit(part[0]) + chineseDigit(part[2])
	}
	if n >= 1 && n <= 31 {
		return n
	}
	return 0
}

// monthBefore reads a month number (1–12) written just before 月.
func monthBefore(rs []rune) int {
	if n := len(rs); n > 0 && rs[n-1] >= '0' && rs[n-1] <= '9' {
		start := n - 1
		if start > 0 && rs[start-1] >= '0' && rs[start-1] <= '9' {
			start--
		}
		m, _ := strconv.Atoi(string(rs[start:]))
		if m >= 1 && m <= 12 {
			return m
		}
		return 0
	}
	n := len(rs)
	if n == 0 {
		return 0
	}
	last := chineseDigit(rs[n-1])
	if last == 0 {
		return 0
	}
	if n >= 2 && rs[n-2] == '十' && last < 10 {
		return 10 + last
	}
	return last
}

// isNumber reports whether w is all ASCII digits.
func isNumber(w string) bool {
	if w == "" || !utf8.ValidString(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// inSet reports whether w is in s.
func inSet(s map[string]struct{}, w string) bool {
	_, ok := s[w]
	return ok
}

// chineseDigit returns the value of a Chinese numeral from 一 to 十, or 0.
func chineseDigit(r rune) int {
	if r == '十' {
		return 10
	}
	return chineseDigits[r]
}
