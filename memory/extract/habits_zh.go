package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// Habits of drink and smoke are said topic first and tersely: "啤酒每天得
// 来两瓶", "烟一天一包", and so is giving them up: "啤酒现在一口不碰",
// "美式最近停了", "烟早就不抽了" (戒了 is read by zhChanges), often with
// what replaced them later in the sentence ("…喝苏打水"). The topic must be a kind the reconcile rules
// know (kindOf), so the habit and the change that ends it share a subject.

// zhHabitsTopicFirst are the sentence rules of such habits.
var zhHabitsTopicFirst = []lifeRule{
	{regexp.MustCompile(`^(\p{Han}{1,4}?)(?:我)?(每天|天天|每晚|一天|每周|一周)(?:都|得|要|能|会|至少)?(来|喝|抽|吃)?(?:个)?([一两二三四五六七八九十半几\d]+(?:瓶|杯|罐|包|根|听|碗|支))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		kind := kindOf(m[1])
		if kind == "" || !zhOwnTopic(m[1], m[0], sentence) {
			return found{}, false
		}
		verb := m[3]
		if verb == "" || verb == "来" {
			verb = "喝"
			if kind == "烟" {
				verb = "抽"
			}
		}
		return found{text: m[2] + verb + m[4] + m[1], subject: kind, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: m[1], terms: []string{m[1], kind, "习惯", "habit"}, keyed: true}, true
	}},
	{regexp.MustCompile(`^(\p{Han}{1,4}?)(?:我)?(?:最近|现在|已经|早就|这阵子|从上周起|从今天起)*(?:一口|一滴|一根|一点|一杯)?(?:都|也)?(?:不(?:碰|沾|喝|抽|吃)了?|停了|断了)(?:[，,。！!\s]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		kind := kindOf(m[1])
		if kind == "" || !zhOwnTopic(m[1], m[0], sentence) {
			return found{}, false
		}
		verb := "喝"
		if kind == "烟" {
			verb = "抽"
		}
		t := "不再" + verb + m[1]
		if r := zhReplacement.FindStringSubmatch(sentence[len(m[0]):]); r != nil {
			t += "，改" + r[1]
			if r[2] != "" {
				t += "喝" + r[2]
			}
		}
		return found{text: t, subject: kind, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: m[1], negative: true, terms: []string{m[1], kind, "习惯", "habit"}, keyed: true, change: true}, true
	}},
}

// zhMeals are the rules of what a meal usually is ("早餐基本都是豆浆油条")
// and of a meal changed ("把早餐换掉了，现在是燕麦").
var zhMeals = []lifeRule{
	{regexp.MustCompile(`(早餐|早饭|早点|午饭|午餐|晚饭|晚餐|宵夜)[^，,。！!]{0,6}?(?:换掉|换了|改了|改成|换成)[^。！!]*?[，,]\s*(?:现在|如今|改成|换成)(?:是|吃|喝)?\s*([^，,。！!]{2,30})`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return zhMeal(m[1], "改吃", m[2], sentence, true)
	}},
	{regexp.MustCompile(`^(?:我)?(?:的)?(早餐|早饭|早点|午饭|午餐|晚饭|晚餐|宵夜)(?:我)?((?:基本上?|一般|平时|通常|每天|都|常常|经常)*)(是|吃)\s*([^，,。！!]{2,30})`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if m[2] == "" && m[3] == "吃" || zhAspectLead.MatchString(m[4]) {
			return found{}, false // "晚饭吃了火锅": one meal, not a habit
		}
		return zhMeal(m[1], "吃", m[4], sentence, false)
	}},
}

// zhAspectLead opens what was done once ("了火锅", "过饭").
var zhAspectLead = regexp.MustCompile(`^(?:了|过|完)`)

// zhMeal builds what the author has for a meal.
func zhMeal(meal, verb, what, sentence string, change bool) (found, bool) {
	what = trimObject(what)
	if !validObject(what) || !zhOwnSentence("", sentence) {
		return found{}, false
	}
	return found{text: meal + verb + what, subject: meal, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: what, terms: []string{meal, what, "饮食", "吃", "diet"}, change: change}, true
}

// zhReplacement is what a clause after giving something up takes instead:
// "喝苏打水", "改喝绿茶", "每天早上一杯热豆浆".
var zhReplacement = regexp.MustCompile(`(?:^|[，,]\s*)(?:现在|改|换成|就)?((?:喝|吃)\p{Han}{2,6}?)(?:了)?(?:[，,。！!\s]|$)|(?:^|[，,]\s*)(?:每天|早上|晚上|\p{Han}{0,4})*一(?:杯|碗|瓶)(\p{Han}{2,6}?)先?(?:[，,。！!\s]|$)`)

// zhOwnTopic reports whether a topic-first habit is the author's: the
// topic names nobody, and the sentence names nobody else.
func zhOwnTopic(topic, match, sentence string) bool {
	return !strings.Contains(topic, "我") && !zhOther.MatchString(topic) && zhOwnSentence(match, sentence)
}
