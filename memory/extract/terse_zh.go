package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// Terse lines leave out 我 and the verb people can guess: "痛风三年了",
// "尿酸480", "周末在做家教", "我是动漫社的". These clause patterns run
// first; said without 我, a clause is the author's only when nobody else
// is named in it.

// zhTersePatterns are the patterns of terse self-descriptions.
var zhTersePatterns = []pattern{
	// A condition and how long one has had it: "痛风三年了", "我糖尿病十几年了".
	{regexp.MustCompile(`^我?` + zhAdverbs + `(?:有|得了|查出)?(` + zhCondition + `)(?:都)?(` + zhYears + `)` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnClause(m[0], sentence) {
			return found{}, false
		}
		f, ok := zhFact(m[2]+m[3]+"了", subject.HealthPrefix+m[2], m[2])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	// A reading: "尿酸480", "我血压150/95", "血糖有8点多".
	{regexp.MustCompile(`^我?(?:的)?(血糖|血压|血脂|尿酸|胆固醇|眼压|空腹血糖)(?:有|是|到了|都|一直)?(\d{1,3}(?:\.\d)?(?:/\d{2,3})?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnClause(m[0], sentence) {
			return found{}, false
		}
		f, ok := zhFact(m[1]+m[2], subject.HealthPrefix+m[1], m[1])
		f.terms = append(f.terms, "健康", "health", m[1]+"高")
		return f, ok
	}},
	// A club one belongs to: "我是动漫社的", "参加了学校合唱团".
	{regexp.MustCompile(`^我?` + zhAdverbs + `(?:是|在|参加了?|加入了?|进了)(\p{Han}{1,8}?(?:社|社团|协会|俱乐部|乐团|合唱团|乐队|球队|战队))(?:的)?(?:成员|社员|一员|会员)?` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnClause(m[0], sentence) {
			return found{}, false
		}
		t := "参加" + m[2]
		if next := zhNextClause(sentence, m[0]); zhOftenRe.MatchString(next) || zhWeekdayLead.MatchString(next) {
			t += "，" + next
		}
		return found{text: t, subject: m[2], typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: m[2], terms: []string{m[2], "社团", "活动", "爱好", "hobby"}}, true
	}},
	// The one thing taken of a kind: "我只喝美式", "平时只用铅笔".
	{regexp.MustCompile(`^我` + zhAdverbs + `只(喝|吃|点|用)(\p{Han}{1,8}?)` + zhEnd), func(m []string, _ string, _ time.Time) (found, bool) {
		return found{text: "只" + m[2] + m[3], subject: firstNonEmpty(kindOf(m[3]), zhHead(m[3])), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: m[3], terms: []string{m[3], "习惯"}}, true
	}},
	// The year of study alone, with where and what in the next clause:
	// "我大三 在师大读中文".
	{regexp.MustCompile(`^我(?:今年|现在)?(大[一二三四]|研[一二三]|高[一二三])` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		t := "读" + m[1]
		if next := zhNextClause(sentence, m[1]); strings.HasPrefix(next, "在") || strings.HasPrefix(next, "读") || strings.HasPrefix(next, "学") {
			t = next + "，" + t
		}
		f, ok := zhFact(t, subject.School, m[1])
		f.terms = append(f.terms, "学校", "学习", "专业", "school")
		return f, ok
	}},
	// Work at a named company, often in English: "在一家 SaaS 公司做产品".
	{regexp.MustCompile(`^我` + zhAdverbs + `在((?:\p{Han}{1,6}?)?(?:一家|一个)?\s*[\p{Han}A-Za-z0-9 &.-]{1,20}?\s*(?:公司|企业|银行|集团|工作室|事务所))(?:里)?(?:做|当|干|搞)\s*([\p{Han}A-Za-z ]{1,16}?)` + zhEnd), func(m []string, _ string, _ time.Time) (found, bool) {
		place, role := strings.TrimSpace(m[2]), strings.TrimSpace(m[3])
		if zhNotRole.MatchString(role) {
			return found{}, false
		}
		f, ok := zhFact("在"+place+"做"+role, subject.Employer, place)
		f.terms = append(f.terms, role, "工作", "公司", "job")
		return f, ok
	}},
	// A condition named in English inside Chinese: "我有 type 1 diabetes".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:有|得了|查出)\s*((?i:(?:type\s*[12]\s*)?diabetes|asthma|adhd|ibs|eczema|migraines?|coeliac|celiac|epilepsy|hypertension|gout|pcos|gerd))\s*` + zhEnd), func(m []string, _ string, _ time.Time) (found, bool) {
		cond := strings.ToLower(m[2])
		f, ok := zhFact("有 "+m[2], subject.HealthPrefix+cond, cond)
		f.terms = append(f.terms, "健康", "health")
		for en, zh := range zhConditionNames {
			if strings.Contains(cond, en) {
				f.terms = append(f.terms, zh)
			}
		}
		return f, ok
	}},
	// A retiree's former job: "我以前在纺织厂当会计，退休好几年了".
	{regexp.MustCompile(`^我(?:以前|之前|原来|退休前)(?:是)?在(\p{Han}{2,12}?)(当|做|干)(\p{Han}{1,6}?)` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !strings.Contains(sentence, "退休") || zhNotRole.MatchString(m[3]) {
			return found{}, false // a past job of someone still working says nothing of the job now
		}
		f, ok := zhFact("退休前在"+m[1]+m[2]+m[3], subject.Occupation, m[3])
		f.terms = append(f.terms, "退休", "工作", "job")
		return f, ok
	}},
	// Work on the side: "周末在做家教", "我晚上在奶茶店兼职".
	{regexp.MustCompile(`^我?` + zhAdverbs + `((?:` + zhOften + `|晚上|课余|业余|放假|寒假|暑假|假期)?)(?:在(\p{Han}{0,8}?))?(做家教|兼职|打零工|打工|代课)` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnClause(m[0], sentence) || (m[3] != "" && zhNotJobPlace.MatchString(m[3])) {
			return found{}, false
		}
		t := m[2]
		if m[3] != "" {
			t += "在" + m[3]
		}
		t += m[4]
		if next := zhNextClause(sentence, m[0]); strings.HasPrefix(next, "教") || zhShiftNext.MatchString(next) {
			t += "，" + next
		}
		return found{text: t, subject: zhSideJob, typ: memory.TypeFact, lifecycle: memory.LifecycleFact,
			importance: 0.7, confidence: 0.85, object: m[4], terms: []string{m[4], zhSideJob, "打工", "工作", "job"}}, true
	}},
	// Starting at a new place of work: "这周开始去便利店上班", "下个月起到总部上班".
	{regexp.MustCompile(`^我?` + zhAdverbs + `((?:(?:这|下|上)(?:周|星期|礼拜|个月)[一二三四五六日天]?|今天|明天|昨天|月初|月底|\d{1,2}号)?(?:起|开始))(?:去|到|在)\s*([\p{Han}A-Za-z0-9][\p{Han}A-Za-z0-9 &.-]{1,14}?)\s*(上班|打工|兼职|工作)` + zhEnd), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnClause(m[0], sentence) || zhNotJobPlace.MatchString(m[3]) {
			return found{}, false
		}
		t := "在" + m[3] + m[4]
		if next := zhNextClause(sentence, m[0]); zhOftenRe.MatchString(next) || zhWeekdayLead.MatchString(next) {
			t += "，" + next
		}
		key := subject.Employer
		if m[4] == "打工" || m[4] == "兼职" || strings.Contains(sentence, "家教") {
			key = zhSideJob
		}
		f, ok := zhFact(t, key, m[3])
		f.terms = append(f.terms, "上班", "打工", "工作", "job")
		return changed(f, ok)
	}},
}

// zhEnd closes a terse clause: an aspect or mood particle, then the
// sentence's own marks.
const zhEnd = `了?(?:啊|呀|哦|呢|吧|啦)?[。！!~～…]*$`

// zhConditionNames are the Chinese names of conditions named in English,
// so a Chinese question finds them.
var zhConditionNames = map[string]string{
	"diabetes": "糖尿病", "asthma": "哮喘", "eczema": "湿疹", "migraine": "偏头痛", "epilepsy": "癫痫",
	"hypertension": "高血压", "gout": "痛风", "celiac": "乳糜泻", "coeliac": "乳糜泻",
}

// zhSideJob is the subject of work done beside study or a main job.
const zhSideJob = "兼职"

// zhOwnClause reports whether a match said without 我 is the author's:
// it has 我, or its clause names nobody else.
func zhOwnClause(match, sentence string) bool {
	if strings.HasPrefix(match, "我") {
		return true
	}
	return !zhOther.MatchString(zhCompany.ReplaceAllString(match, ""))
}
