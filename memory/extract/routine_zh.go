package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// What people keep doing, said in Chinese: routines with how often
// ("每周上三次普拉提", "周末一般去打羽毛球"), pastimes kept up for years, the
// day off, standing rules for one kind of writing, and the checks that let
// a sentence without 我 be the author's.

// zhYears is a span of years ("二十多年", "好几年").
const zhYears = `(?:[一二三四五六七八九十两几\d]+多?|好几|好多|很多)年多?`

// zhLongHabit is a clause that says how many years the author has kept
// something up, with the activity in an earlier clause ("今早冬泳去了，
// 我游了二十多年了").
var zhLongHabit = regexp.MustCompile(`我(?:都)?(\p{Han})?了?(` + zhYears + `)了`)

// zhHabit builds a pastime kept up for years.
func zhHabit(what, years string) (found, bool) {
	if zhNotHabit.MatchString(what) || strings.HasSuffix(what, "了") || !validObject(what) {
		return found{}, false
	}
	return found{text: what + years + "了", subject: firstNonEmpty(activityKind(what), kindOf(what), zhHead(what)), typ: memory.TypePreference,
		lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: what, terms: append([]string{what, "习惯", "habit"}, zhSportOf(what)...)}, true
}

// zhNotHabit rejects what is counted in years but is no pastime: being
// married, at work, somewhere.
var zhNotHabit = regexp.MustCompile(`结婚|离婚|工作|上班|毕业|退休|来|住|在|到|干|做|开|认识|没|不|是`)

// zhYearsHabit reads a sentence that names a pastime in one clause and,
// in a later one of the author's, how many years they have kept it up.
func zhYearsHabit(m []string, sentence string, _ time.Time) (found, bool) {
	head := sentence[:strings.Index(sentence, m[0])]
	for _, w := range exerciseWords {
		if strings.Contains(head, w) {
			return zhHabit(w, m[2])
		}
	}
	return found{}, false
}

// zhErrand marks a recurring errand, not a pastime ("每周去一次超市").
var zhErrand = regexp.MustCompile(`超市|菜市场|医院|银行|商场|加油|买菜|复查|体检|开会|接孩子|送孩子`)

// zhOften is how often a routine recurs.
const zhOften = `每周[一二三四五六日天]?|每个?星期[一二三四五六日天]?|每天|天天|每晚|每个?周末|周末|平时|一周|每个?月|经常|一有空就|有空就|一有时间就`

// zhOftenRe finds a word of recurrence anywhere in a sentence.
var zhOftenRe = regexp.MustCompile(zhOften + `|一有空|有空就`)

// zhWeekdayLead opens a clause on a weekday, the next day of a routine
// ("…，周六去游泳").
var zhWeekdayLead = regexp.MustCompile(`^(?:周|星期)[一二三四五六日天末]`)

// zhRoutineOf builds a routine, with the next clause when it recurs too
// ("我平时玩大疆无人机，周末去海边航拍").
func zhRoutineOf(t, what, sentence string) (found, bool) {
	if i := strings.Index(sentence, what); i >= 0 {
		rest := strings.TrimLeft(sentence[i+len(what):], "，, ")
		if next, _, _ := strings.Cut(rest, "，"); next != "" && (zhOftenRe.MatchString(next) || zhWeekdayLead.MatchString(next)) && !strings.ContainsAny(next, "他她") {
			t += "，" + trimObject(next)
		}
	}
	if !validObject(what) {
		return found{}, false
	}
	return found{text: trimObject(t), subject: firstNonEmpty(activityKind(t), zhHead(what)), typ: memory.TypePreference,
		lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "习惯", "habit"}, keyed: activityKind(t) != ""}, true
}

// zhShiftNext is a work pattern said right after a job ("四班三运转", "常白班").
var zhShiftNext = regexp.MustCompile(`^(?:上)?(?:常|长)?(?:白班|夜班|倒班|早班|晚班)|^[一二三四两]班[一二三四两]?(?:运转|倒)|^(?:三班倒|两班倒|朝九晚五|九九六|996|双休|单休|大小周)`)

// withShift appends to a job the work pattern that follows it in its
// sentence.
func withShift(f found, ok bool) func(sentence string) (found, bool) {
	return func(sentence string) (found, bool) {
		if !ok {
			return f, false
		}
		obj := f.object
		i := strings.Index(sentence, obj)
		if i < 0 {
			return f, ok
		}
		rest := strings.TrimLeft(sentence[i+len(obj):], "了，, ")
		next, _, _ := strings.Cut(rest, "，")
		if zhShiftNext.MatchString(next) {
			f.text += "，" + trimObject(next)
		}
		return f, ok
	}
}

// zhWritingRule is a standing rule for one kind of writing: "写文案的时候
// 别用太多感叹号", "写邮件时不要太正式".
var zhWritingRule = regexp.MustCompile(`^(?:你)?(?:帮我)?(写|做|发)(\p{Han}{1,6}?)(?:的时候|时)[，,]?\s*((?:别|不要|少|多|尽量)\p{Han}{1,12}?)(?:[，,。！!]|$)`)

// zhWriting builds a writing rule.
func zhWriting(m []string, _ string, _ time.Time) (found, bool) {
	rule := trimObject(m[3])
	if !validObject(rule) {
		return found{}, false
	}
	t := m[1] + m[2] + "时" + rule
	return found{text: t, subject: m[1] + m[2], typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.7, confidence: 0.85, object: t, terms: []string{m[2], "写作", "风格", "style"}}, true
}

// zhRestDay is the author's day off: "周一是我唯一休息的日子", "我每周三休息".
var zhRestDay = regexp.MustCompile(`^((?:每)?(?:周|星期)[一二三四五六日天](?:[和、跟](?:周|星期)?[一二三四五六日天])*)是我(?:唯一)?(?:的)?(?:唯一)?休息(?:的)?(?:日子|日|天)|我` + zhAdverbs + `((?:每)?(?:周|星期)[一二三四五六日天](?:[和、跟](?:周|星期)?[一二三四五六日天])*)(?:休息|休)`)

// zhRestDayOf builds the day off, with the rest of the week when the next
// clause says how it is spent ("其他时间都在跑场").
func zhRestDayOf(m []string, sentence string, _ time.Time) (found, bool) {
	t := strings.TrimPrefix(m[1]+m[3], "每") + "休息"
	rest := strings.TrimLeft(sentence[strings.Index(sentence, m[0])+len(m[0]):], "，, ")
	if next, _, _ := strings.Cut(rest, "，"); zhOtherDays.MatchString(next) {
		t += "，" + trimObject(next)
	}
	f, ok := zhFact(t, subject.WorkSchedule, m[1]+m[3])
	f.terms = append(f.terms, "休息", "上班", "有空", "哪天", "schedule")
	return f, ok
}

// zhOtherDays opens a clause about the rest of the week.
var zhOtherDays = regexp.MustCompile(`^(?:其他|其余|别的|剩下的?)(?:时间|日子|几天)`)

// zhSports maps a kind of a sport to the sport, so a question about the
// sport finds the habit ("冬泳" → "游泳", "夜跑" → "跑步").
var zhSports = [][2]string{{"泳", "游泳"}, {"跑", "跑步"}, {"骑", "骑车"}, {"球", "打球"}}

// zhSportOf returns the sport words of an activity.
func zhSportOf(what string) []string {
	var out []string
	for _, s := range zhSports {
		if strings.Contains(what, s[0]) && s[1] != what {
			out = append(out, s[1])
		}
	}
	return out
}

// zhOwnSentence reports whether a match said without 我 is the author's:
// it has 我 itself, or its sentence names nobody else.
func zhOwnSentence(match, sentence string) bool {
	return strings.HasPrefix(match, "我") || !zhOther.MatchString(zhCompany.ReplaceAllString(sentence, ""))
}

// zhCompany is someone the author takes along ("带女儿去学游泳"): naming
// them does not make the sentence theirs.
var zhCompany = regexp.MustCompile(`(?:带|陪|跟|和|送|接)(?:着)?(?:我的?)?` + zhFamily + `|(?:带|陪|跟|和|送|接)(?:着)?\p{Han}{1,3}?(?:去|来|一起)`)

// zhNextClause is the clause after the one that ends with s.
func zhNextClause(sentence, s string) string {
	i := strings.Index(sentence, s)
	if i < 0 || s == "" {
		return ""
	}
	rest := strings.TrimLeft(sentence[i+len(s):], "，, ")
	next, _, _ := strings.Cut(rest, "，")
	return trimObject(next)
}

// zhHabitDetail is a clause that adds to a habit ("不加糖", "少冰").
var zhHabitDetail = regexp.MustCompile(`^(?:不加|少|多|加|去|要|常温|热的|冰的)\p{Han}{0,4}$`)

// zhNotTopic rejects what opens "X只喝Y" without naming a kind of thing: a
// time ("现在只喝白开水") or an action ("去成都").
var zhNotTopic = regexp.MustCompile(`^(?:现在|最近|平时|一般|以后|如今|目前|其实|后来|今天|明天|昨天|早上|晚上|中午|下午)|[去在到看想要会]|^我$`)

// zhAspectOnly is an "object" that only marks an action as done.
var zhAspectOnly = regexp.MustCompile(`^(?:过|了|完|光|遍)+$`)
