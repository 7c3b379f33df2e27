package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"
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
	return changeMovesPlan(c) && movable(m)
}

// changeMovesPlan reports whether the memory c, read with the words it
// came from, puts a plan off or gives one another day.
func changeMovesPlan(c memory.Memory) bool {
	return movesPlan(c.Text + " " + c.Source.Excerpt)
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
	moved, ok := newDay(c)
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

// newDay is the day the change c moves a plan to: the first after the
// words of the move ("不去28号了，改7月12号", "老张说四月十号还冷呢，改成
// 四月二十五号"), else the first c names.
func newDay(c memory.Memory) (text.Span, bool) {
	after := c.Text
	re := enPlanMoved
	if hasHan(c.Text) {
		re = zhPlanMoved
	}
	// Simplification keeps one character for one, so the move's place in
	// the simplified text is its place in the text.
	simple := text.Simplified(c.Text)
	if loc := re.FindStringIndex(simple); loc != nil {
		after = string([]rune(c.Text)[utf8.RuneCountInString(simple[:loc[0]]):])
	}
	if d, ok := text.ResolveDate(after, writtenAt(c)); ok {
		return d, true
	}
	return text.ResolveDate(c.Text, writtenAt(c))
}

// rewritesPlan reports whether the plan m, moved by c, is best kept in
// its own words with c's new day: when c names the day alone ("we're
// going Saturday the 28th instead"), or says the plan moved and little
// more ("the tourney got moved cos of the floods, its april 18th now";
// why it moved need not be kept). A change that tells the plan in words
// of its own ("the book club dinner got moved to 19 May, now at the
// Harbour Hotel in Whitby", "Pongal tickets are preponed, we are now
// going to Madurai on 10th January") is kept as said, which holds what it
// adds.
func rewritesPlan(c, m memory.Memory, tok text.Tokenizer) bool {
	ct, mt := contentTerms(tok, c.Text), contentTerms(tok, m.Text)
	for t := range ct {
		if dateTerm(t) {
			delete(ct, t) // a weekday or a month names no plan
		}
	}
	if !sharesPlanWord(ct, mt) {
		return true
	}
	return changeMovesPlan(c) && addedWords(reasonClause.ReplaceAllString(c.Text, " "), m.Text, mt, tok) < minAddedWords
}

// reasonClause is why a plan moved ("because of the rain", "因为女儿要
// 考试"): words a change adds that the plan need not keep.
var reasonClause = regexp.MustCompile(`(?i)\b(?:because|cos|cuz|coz|bc|due\s+to|thanks\s+to)\b[^,;.!]*|(?:因为|由于|说是)[^，。,；;！!]*`)

// dateTerm reports whether the index term t is a word of a date: a
// weekday, a month, a day of the month.
func dateTerm(t string) bool {
	return hasDate(t) || monthTerms[t] || ordinalTerm.MatchString(t)
}

// monthTerms are the months as the index writes them, stemmed.
var monthTerms = map[string]bool{
	"januari": true, "februari": true, "march": true, "april": true, "may": true, "june": true, "juli": true,
	"august": true, "septemb": true, "octob": true, "novemb": true, "decemb": true, "jan": true, "feb": true,
	"mar": true, "apr": true, "jun": true, "jul": true, "aug": true, "sep": true, "sept": true, "oct": true,
	"nov": true, "dec": true,
}

// ordinalTerm is a day of the month written as an ordinal ("27th").
var ordinalTerm = regexp.MustCompile(`^\d{1,2}(?:st|nd|rd|th)$`)

// minAddedWords is how many words of its own a change naming its plan
// says (Chinese characters counting as words) for its words to be kept
// rather than the plan's.
const minAddedWords = 2

// addedWords counts what the change c says that the plan m (of terms mt)
// does not, past a day or a move: "adelphi", "liverpool" in "the reunion
// moved to the Adelphi in Liverpool"; in Chinese the characters new to
// the plan, less those of numbers, days, moves and grammar.
func addedWords(c, m string, mt termSet, tok text.Tokenizer) int {
	n := 0
	if hasHan(c) {
		seen := make(map[rune]bool)
		for _, r := range c {
			if unicode.Is(unicode.Han, r) && !seen[r] && !strings.ContainsRune(m, r) && !strings.ContainsRune(zhDayRunes, r) {
				seen[r] = true
				n++
			}
		}
		return n / 2 // two characters make a word
	}
	for t := range contentTerms(tok, c) {
		if _, ok := mt[t]; !ok && canNamePlan(t) && !moveTerms[t] && !dateTerm(t) {
			n++
		}
	}
	return n
}

// zhDayRunes are the characters of Chinese numbers, days, moves and
// grammar, which a change holds without saying more than its new day.
const zhDayRunes = "零一二两三四五六七八九十百月号日周礼拜星期天点半改成到推延迟提前换挪不的了是在要就也还都又再吧啊呢吗哦呀嘛啦那这个用户"

// moveTerms are the English words of putting a plan off.
var moveTerms = map[string]bool{
	"moved": true, "move": true, "postponed": true, "pushed": true, "push": true, "back": true, "bumped": true,
	"rescheduled": true, "changed": true, "change": true, "instead": true, "now": true, "new": true, "date": true,
	"day": true, "got": true, "put": true, "off": true, "brought": true, "forward": true, "still": true, "same": true,
}

// keepPlanKind makes c, the change that moves the plan m, the kind of
// memory m is, dated by c's text: "we're going Saturday the 28th instead"
// read alone is no plan, the trip it moves is.
func keepPlanKind(c *memory.Memory, m memory.Memory) {
	if c.Type == memory.TypeEvent || c.Type == memory.TypeTask {
		return
	}
	for i, tag := range c.Tags {
		if tag == string(c.Type) {
			c.Tags[i] = string(m.Type)
		}
	}
	c.Type, c.Lifecycle = m.Type, m.Lifecycle
	if d, ok := newDay(*c); ok && oneDay(d) {
		c.EventTime, c.ExpiresAt = d.Start, d.End
	}
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
