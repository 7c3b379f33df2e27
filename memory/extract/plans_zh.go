package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// zhPlanLead is a Chinese clause that opens on a plan verb after a short
// lead; zhDatedPlan checks that the lead is a date.
var zhPlanLead = regexp.MustCompile(`^(.{1,10}?)(要|打算|准备|计划|得|(?:跟|和|带|陪)\p{Han}{1,5}?去|去|回|飞|考)(.+)`)

// zhNotOwnPlan is what follows a plan verb in a clause that is no plan of
// the author's: the weather, a holiday or an outage ("明天要下雨").
var zhNotOwnPlan = regexp.MustCompile(`^(?:不|没|下雨|下雪|降温|升温|刮风|变天|放假|停电|停水|涨价)`)

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
	today := dayStart(ref)
	if m := zhMonthDay.FindStringSubmatchIndex(s); m != nil {
		// "下个月十五号": text.ResolveDate reads the month only.
		day := zhNumber(s[m[4]:m[5]])
		months := 1
		if s[m[2]:m[3]] == "这" || s[m[2]:m[3]] == "本" {
			months = 0
		}
		first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, today.Location()).AddDate(0, months, 0)
		if d := first.AddDate(0, 0, day-1); day >= 1 && d.Month() == first.Month() {
			return text.Span{Start: d, End: d.AddDate(0, 0, 1), Phrase: s[m[0]:m[1]]}, true
		}
	}
	if sp, ok := text.ResolveDate(s, ref); ok {
		return sp, true
	}
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

// zhExamDateFirst is an exam said by its month alone, without 我 and
// often with its name in Latin letters: "十二月要考日语N2".
var zhExamDateFirst = regexp.MustCompile(`^(?:我)?([^，,。！!\s]{2,8}?)(?:我)?(?:要|得|准备|就要|就)?(?:考|参加)((?:\p{Han}{1,6}?[A-Za-z0-9]{0,4}|[A-Za-z]{2,8}\d?))(?:考试)?(?:了)?(?:[，,。！!\s]|$)`)

// zhExamDateFirstOf builds an exam dated by its month.
func zhExamDateFirstOf(m []string, sentence string, ref time.Time) (found, bool) {
	if !zhOwnSentence(m[0], sentence) || zhNotExam.MatchString(m[2]) {
		return found{}, false
	}
	if mo := zhMonthOnly.FindStringSubmatch(m[1]); mo != nil {
		// "十二月要考N2": the month is all that is known.
		month := zhNumber(mo[1])
		if month < 1 || month > 12 {
			return found{}, false
		}
		start := time.Date(ref.Year(), time.Month(month), 1, 0, 0, 0, 0, ref.Location())
		if start.AddDate(0, 1, 0).Before(dayStart(ref)) {
			start = start.AddDate(1, 0, 0)
		}
		when := text.Span{Start: start, End: start.AddDate(0, 1, 0), Phrase: m[1]}
		return found{text: start.Format("2006年1月") + "考" + m[2], subject: m[2], typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
			importance: 0.7, confidence: 0.85, event: when, object: m[2], terms: []string{m[2], "考试", "复习", "备考", "exam"}}, true
	}
	return found{}, false // a day is read by zhGoPlan and the plan rules
}

// zhMonthOnly is a month said alone ("十二月", "12月份").
var zhMonthOnly = regexp.MustCompile(`^([一二三四五六七八九十]{1,3}|\d{1,2})月份?$`)

// zhNotExam rejects what follows 考 without naming an exam ("考虑", "考得").
var zhNotExam = regexp.MustCompile(`^(?:虑|察|得|完|砸|过|好|上)`)

// zhBareWeekday is a weekday said without 这/下/本: in a sentence about
// what recurs it names every such day, not one.
var zhBareWeekday = regexp.MustCompile(`^(?:周|星期|礼拜)[一二三四五六日天末]$`)

// weeklyNotDated reports whether when is a bare weekday in a sentence
// about a routine ("我每周三去打篮球，周六去游泳").
func weeklyNotDated(when text.Span, sentence string) bool {
	return zhBareWeekday.MatchString(when.Phrase) && zhRecurring.MatchString(sentence)
}

// zhMonthDay is a day of this or next month ("下个月十五号", "这个月20号").
var zhMonthDay = regexp.MustCompile(`(下|这|本)个?月([一二三四五六七八九十\d]{1,3})(?:号|日)`)

// zhNumber reads a day number written in digits or Chinese (1–31), or 0.
func zhNumber(s string) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	digits := map[rune]int{'一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9}
	n, cur := 0, 0
	for _, r := range s {
		if r == '十' {
			n += max(cur, 1) * 10
			cur = 0
			continue
		}
		d, ok := digits[r]
		if !ok {
			return 0
		}
		cur = d
	}
	return n + cur
}

// zhDatedEvent is something of the author's on a date, named by its noun:
// "这周日有个钓鱼比赛", "下个月十号在大理办个小画展", "两周后期末考试",
// "下个月十八号结婚".
var zhDatedEvent = regexp.MustCompile(`^(?:我们?)?([^，,。！!]{1,10}?)(?:我们?)?(?:全家|一家)?(?:有个?|要|会|在(\p{Han}{2,6}?))?(?:办个?|参加|举行|举办)?([^\P{Han}有在办个周日号月天点午晚早]{0,6}?(?:考试|面试|答辩|婚礼|画展|展览|比赛|体检|手术|演出|演唱会|音乐会|年会|讲座|培训)|结婚|订婚|搬家|出国|毕业|办婚礼|动手术|交房|入职|开学|报到|出院|住院|复查|考(?:科目[一二三四]|驾照|研|公|证))(?:[，,。！!]|$)`)

// zhDatedEventOf builds the dated event.
func zhDatedEventOf(m []string, sentence string, ref time.Time) (found, bool) {
	if i := strings.Index(sentence, m[0]); zhOther.MatchString(sentence[:i]+m[1]) && !strings.Contains(m[0], "我") {
		return found{}, false
	}
	when, ok := zhResolveDate(m[1], ref)
	if !ok || when.Start.Before(dayStart(ref)) || weeklyNotDated(when, sentence) {
		return found{}, false
	}
	if lead := strings.Replace(m[1], when.Phrase, "", 1); !zhTimeWords.MatchString(lead) {
		return found{}, false
	}
	what := m[3]
	if m[2] != "" {
		what = "在" + m[2] + "办" + what
	}
	return found{text: zhWhen(when) + what, subject: zhHead(m[3]), typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
		importance: 0.7, confidence: 0.85, event: when, object: m[3], terms: []string{m[3], "计划", "plan"}}, true
}

// zhFamilyTrip is a dated plan of the household: "月底我们全家去日本玩一周".
var zhFamilyTrip = regexp.MustCompile(`^([^，,。！!]{1,10}?)我们?(?:全家|一家人?|俩|两个|一家三口)?((?:跟|和|带|陪)\p{Han}{1,5}?)?(去|回|飞)(\p{Han}[^，,。！!]{1,20})`)

// zhFamilyTripOf builds it as a trip of the author's.
func zhFamilyTripOf(m []string, sentence string, ref time.Time) (found, bool) {
	f, ok := zhGoPlanOf([]string{m[0], m[1], m[2], m[3], m[4]}, sentence, ref)
	if ok && strings.Contains(m[0], "全家") {
		f.text = strings.Replace(f.text, m[3], "全家"+m[3], 1)
	}
	return f, ok
}

// zhPlanNouns name a plan that can be moved, alone or after what it is
// of ("大阪之行", "小军的婚事", "体检", "去北京的票").
const zhPlanNouns = `之行|婚事|婚礼|喜酒|体检|复查|检查|考试|手术|航班|飞机|旅行|行程|聚会|面试|比赛|演出|演唱会|开工|开学|寿宴|大寿|生日宴|预产期|会议|出差|签约|搬家|抓周|满月酒|百日宴|周岁宴|酒席|门诊|看牙|的票`

// zhPlanMovedRule is a plan moved without 我: "小军哩婚事改到六月一号了",
// "体检推迟到三月二十七号", "大阪改时间了啦，……变成5月20号才去".
var zhPlanMovedRule = lifeRule{regexp.MustCompile(`(\p{Han}{0,6}?(?:` + zhPlanNouns + `)|\p{Han}{2,4}?(?:改时间|改日子|改期))(?:又|也|已经|都)?(?:了啦|了|啦)?[^。！!？?]{0,24}?(?:改到|推迟到|推到|延到|延期到|挪到|提前到|改在|改成|变成)了?(.{1,16})`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(m[1], "改时间"), "改日子"), "改期")
	plan = strings.TrimPrefix(strings.TrimPrefix(plan, "的"), "哩")
	when, ok := zhResolveDate(m[2], ref)
	if !ok {
		when, ok = zhBareDayAhead(m[2], ref) // "我们改成二十五号走": the next 25th
	}
	if !ok || when.Start.Before(dayStart(ref)) || len([]rune(plan)) < 2 || zhOther.MatchString(plan) && !strings.Contains(plan, "的") {
		return found{}, false
	}
	// The plan from its name to the end of the sentence: what else the
	// move says ("先飞佛罗伦萨") goes with it.
	t := strings.ReplaceAll(strings.Join(strings.Fields(sentence[strings.Index(sentence, m[0]):]), "，"), "哩", "的")
	return found{text: t, typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.8,
		event: when, object: plan, terms: []string{plan, "plan", "计划"}, change: true}, true
}}

// zhTicketBought is a journey's ticket bought, its day said beside it:
// "回哈尔滨的火车票买好了，四月十号的，卧铺", "机票订了，下周五飞成都".
var zhTicketBought = lifeRule{regexp.MustCompile(`(?:^|我们?|[，,])((?:回|去|到)?\p{Han}{0,6}?的)?(火车|高铁|动车|飞机|机|船|车|大巴)?票(?:已经|都|也)?(?:买好了|订好了|买了|订了|抢到了|出了)`), func(m []string, sentence string, ref time.Time) (found, bool) {
	whose := sentence[:strings.Index(sentence, m[0])+len(m[0])]
	moved := saysPlanMoved(sentence)
	when, ok := zhResolveDate(sentence, ref)
	if moved {
		// "5月1号的没了，改成4月30号晚上走": the day it moved to.
		when, ok = newDay(memory.Memory{Text: sentence, CreatedAt: ref})
	}
	if !ok || when.Start.Before(dayStart(ref)) || zhOther.MatchString(whose) || zhRecurring.MatchString(sentence) {
		return found{}, false
	}
	what := strings.TrimSuffix(m[1], "的") + m[2] + "票"
	t := strings.Join(strings.Fields(sentence), "，")
	return found{text: t, typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.8,
		event: when, object: what, terms: []string{what, "trip", "行程"}, change: moved}, true
}}

// zhBareDay is a day of the month said alone ("二十五号", "9号").
var zhBareDay = regexp.MustCompile(`^([0-9]{1,2}|[一二三四五六七八九十]{1,3})\s*(?:号|日)`)

// zhBareDayAhead reads a day of the month said alone, as a plan moved to
// it says it: the next such day from ref on, this month or the next.
func zhBareDayAhead(s string, ref time.Time) (text.Span, bool) {
	m := zhBareDay.FindStringSubmatch(s)
	if m == nil {
		return text.Span{}, false
	}
	day := zhNumber(m[1])
	today := dayStart(ref)
	for months := range 2 {
		first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, today.Location()).AddDate(0, months, 0)
		if d := first.AddDate(0, 0, day-1); day >= 1 && d.Month() == first.Month() && !d.Before(today) {
			return text.Span{Start: d, End: d.AddDate(0, 0, 1), Phrase: m[0]}, true
		}
	}
	return text.Span{}, false
}

// zhSaving is money put by for something: "在攒钱买5070", "存钱换车".
var zhSaving = lifeRule{regexp.MustCompile(`(?:^|我|在|正在|一直在)(?:攒钱|存钱|攒)(买|换|去)([\p{Han}A-Za-z0-9]{1,12})`), func(m []string, sentence string, _ time.Time) (found, bool) {
	what := trimObject(m[2])
	// Whose saving: the author's when nothing but 我 and time words come
	// before it ("最近在攒钱…"), not "我妹在攒钱买车".
	before := strings.TrimRight(sentence[:strings.Index(sentence, m[0])], "最近现在也还一直正都目前，, ")
	if !validObject(what) || before != "" && hasHan(before) && !strings.HasSuffix(before, "我") || zhOther.MatchString(before) {
		return found{}, false
	}
	return found{text: "在攒钱" + m[1] + what, subject: "savings", typ: memory.TypeObjective, lifecycle: memory.LifecycleTemporary,
		importance: 0.6, confidence: 0.8, object: what, terms: []string{what, "攒钱", "money"}}, true
}}
