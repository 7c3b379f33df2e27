package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// How Chinese chat says what lasts without the sentence a rule expects: a
// diagnosis reported ("去医院查了说是痛风", "上医院一查，痛风"), a pet named as it acts ("我家猫
// Mochi今天又…"), a love said as "yyds", a date something is fixed on
// ("六级定在6月13号"), a daily habit without 我 ("一天抽一盒红塔山"), a new
// job one starts ("下周一入职一家新能源车企做strategy").

// zhChatFacts are those rules.
var zhChatFacts = []lifeRule{
	{regexp.MustCompile(`(?:查出来?|查了(?:一下)?说是|检查说是|(?:医生)?说是|确诊(?:了|为)?|诊断(?:出|为)?|一查[，,]?\s*(?:是|说是)?)(?:了)?(` + zhCondition + `)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		cond := m[1]
		if zhOthersFirst(sentence) || zhOther.MatchString(sentence[:strings.Index(sentence, m[0])]) {
			return found{}, false
		}
		f, ok := zhFact("有"+cond, subject.HealthPrefix+cond, cond)
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	{regexp.MustCompile(`(?:我|我们)家(?:的|那只|那条)?` + zhPetKind + `([A-Za-z][A-Za-z]{1,11}|[\p{Han}]{2,3}?)(?:今天|昨天|最近|又|一直|老是|总是|在|把|被|刚)`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := m[2]
		if zhNotPetName.MatchString(name) {
			return found{}, false
		}
		return lifeOf("家里的"+m[1]+"叫"+name, subject.PetPrefix+strings.ToLower(name), m[1], name, "宠物", "pet")
	}},
	// "我家布丁又把纸巾盒拆了，一只橘猫能有多少心眼子": the name first, its
	// kind later in the sentence.
	{regexp.MustCompile(`(?:我|我们)家([A-Za-z][A-Za-z]{1,11}|\p{Han}{2,3}?)(?:今天|昨天|最近|又|一直|老是|总是|刚)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		kind := zhPetKindWord.FindString(sentence)
		name := m[1]
		if kind == "" || zhNotPetName.MatchString(name) || zhOther.MatchString(name) || strings.Contains(name, kind) {
			return found{}, false
		}
		return lifeOf("家里的"+kind+"叫"+name, subject.PetPrefix+strings.ToLower(name), kind, name, "宠物", "pet")
	}},
	// "我一个产品经理天天给需求加温度": what one is, said in passing.
	{regexp.MustCompile(`我一个(\p{Han}{0,4}?(?:经理|工程师|老师|医生|护士|程序员|设计师|司机|会计|律师|销售|运营|主播|博主|记者|编辑|厨师|学生|研究生|博士|打工人|宝妈))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return zhFact("是"+m[1], subject.Occupation, m[1])
	}},
	{regexp.MustCompile(`(?:^|[，,\s])(\p{Han}{2,6}?|[A-Za-z][A-Za-z ]{1,20}?)\s*(?:真的|绝对|永远)?(?:yyds|YYDS|永远的神)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := strings.TrimSpace(m[1])
		for _, p := range []string{"我家", "我的", "我"} {
			what = strings.TrimPrefix(what, p) // "我家深深yyds"
		}
		if !validObject(what) || zhOther.MatchString(what) || strings.ContainsAny(what, "你他她") {
			return found{}, false
		}
		return zhPreference("", "爱", what, false)
	}},
	{regexp.MustCompile(`^(\p{Han}{2,8}?)(?:定在|定了|安排在|约在|订在|排在)(.{2,12})`), func(m []string, sentence string, ref time.Time) (found, bool) {
		what := m[1]
		if strings.HasSuffix(what, "搞") && strings.HasPrefix(m[0][len(what):], "定了") {
			return found{}, false // "搬家搞定了，上周末……": done, not set for a day
		}
		when, ok := zhResolveDate(m[2], ref)
		if !ok || when.Start.Before(dayStart(ref)) || zhOther.MatchString(what) {
			return found{}, false
		}
		return found{text: what + "定在" + when.Phrase, subject: zhHead(what), typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
			importance: 0.6, confidence: 0.8, event: when, object: what, terms: []string{what, "计划", "plan"}}, true
	}},
	{regexp.MustCompile(`^(?:每天|一天|天天|每晚|每日)(?:都)?(?:要)?(抽|喝|吃)(?:个)?([一两二三四五六七八九十半\d]+(?:盒|包|瓶|杯|根|斤|两|罐|碗))(\p{Han}{0,6}|[A-Za-z]{0,12})`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := m[2] + m[3]
		key := zhHead(firstNonEmpty(m[3], m[1]))
		if k := kindOf(m[1] + what); k != "" {
			key = k // "每天抽一盒红塔山" is how much one smokes, whatever the brand
		}
		return found{text: "每天" + m[1] + what, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.8, object: what, terms: []string{m[3], m[1]}}, true
	}},
	{regexp.MustCompile(`(?:要|就|已经|刚)?入职(?:了)?(?:一家|一个|了一家)?(\p{Han}{2,12}?|[A-Za-z][\p{L} ]{1,20}?)(?:做|当|干)([\p{Han}A-Za-z ]{1,12})`), func(m []string, sentence string, _ time.Time) (found, bool) {
		org, role := trimObject(m[1]), trimObject(m[2])
		if zhOther.MatchString(sentence[:strings.Index(sentence, m[0])]) || !validObject(org) || !validObject(role) {
			return found{}, false
		}
		return changed(zhFact("在"+org+"做"+role, subject.Employer, org))
	}},
}

// zhPetKindWord finds a pet's kind anywhere in a sentence.
var zhPetKindWord = regexp.MustCompile(zhPetKind)

// zhNotPetName are the words after a pet's kind that are no name.
var zhNotPetName = regexp.MustCompile(`^(?:今天|昨天|最近|一直|老是|总是|好像|特别|非常|真的|又|也|都|就|还|很)`)
