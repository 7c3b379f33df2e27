package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// zhPlanLead is a Chinese clause that opens on a plan verb after a short
// lead; zhDatedPlan checks that the lead is a date.
var zhPlanLead = regexp.MustCompile(`^(.{1,10}?)(要|打算|准备|计划|得|(?:跟|和|带|陪)\p{Han}{1,5}?去|去|回|飞)(.+)`)

// zhNotOwnPlan is what follows a plan verb in a clause that is no plan of
// the author's: the weather, a holiday or an outage ("明天要下雨").
var zhNotOwnPlan = regexp.MustCompile(`^(?:下雨|下雪|降温|升温|刮风|变天|放假|停电|停水|涨价)`)

// zhRecurring marks a clause about something that recurs ("每周六去游泳"):
// its weekday is no one date.
var zhRecurring = regexp.MustCompile(`每周|每个?星期|每天|天天|每晚|每个?月|每年|一般|平时|经常|通常`)

// zhDatedPlan reports whether a clause without a subject is a plan of the
// author's: a date, at most a time word, then a plan verb and what they
// will do ("月底要去西安出差", "下旬要考注册会计师").
func zhDatedPlan(clause string, ref time.Time) bool {
	m := zhPlanLead.FindStringSubmatch(clause)
	if m == nil || zhNotOwnPlan.MatchString(m[3]) || zhRecurring.MatchString(clause) {
		return false
	}
	when, ok := zhResolveDate(m[1], ref)
	return ok && zhTimeWords.MatchString(strings.Replace(m[1], when.Phrase, "", 1))
}

// zhFixedHolidays are the public holidays on fixed solar days that plans
// are dated by ("国庆打算…", "五一回老家"): month, first day and length.
var zhFixedHolidays = []struct {
	re          *regexp.Regexp
	month, days int
	day         int
}{
	{regexp.MustCompile(`国庆`), 10, 7, 1},
	{regexp.MustCompile(`元旦`), 1, 1, 1},
	{regexp.MustCompile(`五一|劳动节`), 5, 5, 1},
	{regexp.MustCompile(`圣诞`), 12, 1, 25},
	{regexp.MustCompile(`六一|儿童节`), 6, 1, 1},
}

// zhLunarDay is a day of the lunar calendar ("腊月初八", "农历七月初七"),
// which has no fixed solar date to resolve to.
var zhLunarDay = regexp.MustCompile(`农历|阴历|(?:正|腊|冬)月|月(?:初[一二三四五六七八九十]|廿)|七夕|中秋|端午|重阳|元宵|除夕|春节`)

// zhResolveDate resolves the date of a Chinese plan: a fixed holiday's
// next occurrence, or what text.ResolveDate reads; a lunar day is not
// read as a solar one ("腊月初八" is no "月初").
func zhResolveDate(s string, ref time.Time) (text.Span, bool) {
	if zhLunarDay.MatchString(s) {
		return text.Span{}, false
	}
	if sp, ok := text.ResolveDate(s, ref); ok {
		return sp, true
	}
	today := dayStart(ref)
	for _, h := range zhFixedHolidays {
		loc := h.re.FindStringIndex(s)
		if loc == nil {
			continue
		}
		start := time.Date(today.Year(), time.Month(h.month), h.day, 0, 0, 0, 0, today.Location())
		if start.AddDate(0, 0, h.days).Before(today) || start.AddDate(0, 0, h.days).Equal(today) {
			start = start.AddDate(1, 0, 0)
		}
		return text.Span{Start: start, End: start.AddDate(0, 0, h.days), Phrase: s[loc[0]:loc[1]]}, true
	}
	return text.Span{}, false
}

// zhGoPlan is a dated trip or exam said without a plan verb: "下个月中旬
// 跟老伴去北海躲几天冷", "十月二十五号考驾照".
var zhGoPlan = regexp.MustCompile(`^我(.{0,12}?)((?:跟|和|带|陪)\p{Han}{1,5}?)?(去|回|飞|考)(\p{Han}.{1,20})$`)

// zhGoPlanOf builds a dated trip or exam of the author's.
func zhGoPlanOf(m []string, sentence string, ref time.Time) (found, bool) {
	when, ok := zhResolveDate(m[1], ref)
	if !ok || when.Start.Before(dayStart(ref)) || weeklyNotDated(when, sentence) || !zhTimeWords.MatchString(strings.Replace(m[1], when.Phrase, "", 1)) {
		return found{}, false
	}
	rest := trimObject(m[4])
	if !validObject(rest) || zhNotOwnPlan.MatchString(rest) {
		return found{}, false
	}
	what := m[2] + m[3] + rest
	return found{text: zhWhen(when) + what, subject: zhHead(rest), typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
		importance: 0.6, confidence: 0.85, event: when, object: rest, terms: append([]string{rest, "计划", "plan"}, zhTripTerms(m[3])...)}, true
}

// zhTripTerms are the words of questions about a trip ("出差那边天气…",
// "要带什么"), kept with a plan to go somewhere.
func zhTripTerms(verb string) []string {
	if verb == "考" {
		return []string{"考试", "复习", "备考", "exam"}
	}
	return []string{"出行", "旅行", "出差", "trip"}
}

// zhExam reads an exam one signed up for and its date: "我报了成人高考，
// 十月二十五号考".
var zhExam = regexp.MustCompile(`报(?:了|名了)(\p{Han}{2,10}?)(?:考试)?[，,]\s*([^，,。！!]{2,12}?)(?:开考|考试|考)(?:[，,。！!]|$)`)

// zhExamOf builds the dated exam.
func zhExamOf(m []string, _ string, ref time.Time) (found, bool) {
	when, ok := zhResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) {
		return found{}, false
	}
	return found{text: zhWhen(when) + "考" + m[1], subject: m[1], typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
		importance: 0.7, confidence: 0.85, event: when, object: m[1], terms: []string{m[1], "考试", "复习", "备考", "exam"}}, true
}

// zhBareWeekday is a weekday said without 这/下/本: in a sentence about
// what recurs it names every such day, not one.
var zhBareWeekday = regexp.MustCompile(`^(?:周|星期|礼拜)[一二三四五六日天末]$`)

// weeklyNotDated reports whether when is a bare weekday in a sentence
// about a routine ("我每周三去打篮球，周六去游泳").
func weeklyNotDated(when text.Span, sentence string) bool {
	return zhBareWeekday.MatchString(when.Phrase) && zhRecurring.MatchString(sentence)
}
