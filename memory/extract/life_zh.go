package extract

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// zhFamily are the relations the Chinese rules know.
// An elder or younger child is named by order ("大女儿", "小儿子"); "妈" and
// "爸" alone follow 我 ("我妈").
const zhFamily = `(孩子他爸|孩子他妈|孩子爸|孩子妈|娃他爸|娃他妈|那口子|老婆|老公|老伴|妻子|丈夫|太太|媳妇|爱人|对象|女朋友|男朋友|女友|男友|(?:大|小|二)?儿子|(?:大|小|二)?女儿|闺女|外孙女|外孙|孙女|孙子|孩子|娃|妈妈|母亲|老妈|爸爸|父亲|老爸|父母|爸妈|姐姐|妹妹|哥哥|弟弟|奶奶|爷爷|外婆|外公|姥姥|姥爷|婆婆|公公|岳母|丈母娘|岳父|老丈人|妈|爸)`

// zhPetKind are the animals (and common breeds) the Chinese rules know.
const zhPetKind = `(狗狗|小狗|狗|猫咪|小猫|猫|柯基|泰迪|金毛|哈士奇|柴犬|拉布拉多|边牧|比格|布偶猫|布偶|英短|橘猫|兔子|仓鼠|鹦鹉|乌龟|画眉|八哥|百灵|鸽子|金鱼|龙猫|荷兰猪|刺猬)`

// zhBody are body parts whose trouble is a lasting health fact ("我腰不好").
const zhBody = `(腰椎|腰|胃|颈椎|膝盖|腿|背|眼睛|视力|肝|心脏|肠胃|睡眠|皮肤|牙齿|牙|嗓子|肩膀|关节|鼻子)`

// zhLife are the Chinese sentence rules, most specific first: changes of
// home and work, then the facts.
var zhLife = slices.Concat(zhChatFacts, zhChanges, zhDoseChanges, zhMedication, zhHabitsTopicFirst, zhMeals, zhLifeFacts, zhSwitches, []lifeRule{{zhLongHabit, zhYearsHabit}, {zhWritingRule, zhWriting}, {zhExam, zhExamOf}, {zhExamDateFirst, zhExamDateFirstOf}, {zhRestDay, zhRestDayOf}, {zhDatedEvent, zhDatedEventOf}, {zhFamilyTrip, zhFamilyTripOf}, zhPlanMovedRule, zhTicketBought, zhSaving})

// zhLifeFacts are the Chinese sentence rules for facts of the author's life.
var zhLifeFacts = []lifeRule{
	// Employer changes.
	{regexp.MustCompile(`(?:换工作|换了工作|换了份工作|换了新工作|跳槽)了?[，,]?\s*(?:现在|目前|如今)?(?:在|去了|到了|到|去)([^，,。！!]{1,15}?)(?:工作|上班|任职)?了?(?:[，,。！!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return changed(zhFact("在"+trimObject(m[1])+"工作", subject.Employer, trimObject(m[1])))
	}},
	{regexp.MustCompile(`(?:从|在)(.{1,12}?)离职了?|离开了(.{1,12}?)(?:公司)?了?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		org := trimObject(m[1] + m[2])
		return changed(zhFact("已从"+org+"离职", subject.Employer, org))
	}},
	{regexp.MustCompile(`我(?:已经|最近|刚)?(换工作|跳槽|辞职|离职)了`), func(m []string, _ string, _ time.Time) (found, bool) {
		if m[1] == "辞职" || m[1] == "离职" {
			return changed(zhFact("已离职", subject.Employer, "离职"))
		}
		return changed(zhFact("换了工作", subject.Employer, "工作"))
	}},
	// Diet.
	{regexp.MustCompile(`我` + zhAdverbs + `(不再|不|戒)吃(肉|荤|猪肉|牛肉|羊肉|海鲜|鱼|红肉|鸡肉|鸡蛋|乳制品)了?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := zhFact("不吃"+m[3], subject.Diet, m[3])
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "饮食", "diet")
		f.change = m[2] != "不" || strings.Contains(m[1], "已经") || strings.Contains(m[1], "现在") || changeCue.MatchString(sentence)
		return f, ok
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(?:最近)?(?:开始)?(吃素|吃全素|是素食主义者|是素食者|吃清真)了?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := zhFact(strings.TrimPrefix(m[2], "是"), subject.Diet, m[2])
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "饮食", "diet", "vegetarian")
		f.change = strings.Contains(m[0], "开始") || strings.HasSuffix(m[0], "了") || changeCue.MatchString(sentence)
		return f, ok
	}},
	// Daily habits and the way to work ("我每天早上喝一杯美式", "我一天抽半包烟",
	// "我平时坐地铁上班").
	{regexp.MustCompile(`我` + zhAdverbs + `((?:每天|天天|每晚|每周|一天|一周|每个?(?:早上|晚上|周末))(?:早上|晚上|中午)?(?:都|必须|一定|总)?(?:要|会|得)?(?:喝|抽|吃)(?:上)?(.{1,10}?))(?:[，,；;。！!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[3])
		if !validObject(obj) {
			return found{}, false
		}
		return found{text: trimObject(m[2]), subject: firstNonEmpty(kindOf(obj), zhHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj, "习惯", "habit"}, keyed: true}, true
	}},
	{regexp.MustCompile(`我?` + zhAdverbs + `(?:每天|平时|一般|通常|天天)?(?:都)?(?:改成|改为|换成)?((?:骑|开|坐|乘|搭|走路|步行)(.{0,6}?)(?:去)?(?:上班|上学|通勤))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !strings.Contains(m[0], "我") && zhOther.MatchString(sentence) {
			return found{}, false // "朋友坐地铁上班", "我老公开车上班": someone else's
		}
		f, ok := zhFact(m[2], zhCommute, m[2])
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "通勤", "commute", m[3])
		f.change = changeCue.MatchString(sentence)
		return f, ok
	}},
	// Quitting a habit ("戒不掉" is the opposite); no longer doing
	// something; switching.
	{regexp.MustCompile(`我?(?:已经|终于|最近|刚)?戒(?:掉)?了?([^，,。！!；;]{1,8}?)了?(?:[，,；;。！!]|$)|(?:^|[，,])(\p{Han}{1,4}?)(?:我)?(?:是真的|是真|真的|真)?(?:已经|早就|早|终于)?戒(?:掉)?了`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := zhMustTail.ReplaceAllString(trimObject(zhDuration.ReplaceAllString(zhLeadFiller.ReplaceAllString(m[1]+m[2], ""), "")), "")
		if i := strings.Index(obj, "第"); i > 0 {
			obj = obj[:i] // "戒酒第十一天": the days counted are no part of it
		}
		if !validObject(obj) || zhCannotQuit.MatchString(obj) || zhQuitWhen.MatchString(obj) {
			return found{}, false
		}
		return found{text: "已戒" + obj, subject: firstNonEmpty(kindOf(obj), zhHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, negative: true, terms: []string{obj}, change: true, keyed: true}, true
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `不再(喝|吃|用|抽|玩|去|看|做)(.{1,10}?)了?(?:[，,；;。！!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(zhDuration.ReplaceAllString(m[3], ""))
		if !validObject(obj) {
			return found{}, false
		}
		return found{text: "不再" + m[2] + obj, subject: firstNonEmpty(subject.ToolOf(obj), zhHead(obj)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, negative: true,
			terms: []string{obj}, change: true, keyed: true}, true
	}},
	// "我早就不抽烟了": a habit given up, said with 不…了.
	{regexp.MustCompile(`我` + zhAdverbs + `(?:早就|早都|好久)?不(喝|抽|吃)(\p{Han}{1,6}?)了(?:[，,；;。！!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(zhDuration.ReplaceAllString(m[3], ""))
		if !validObject(obj) || kindOf(obj) == "" && m[2] != "吃" {
			return found{}, false
		}
		return found{text: "不再" + m[2] + obj, subject: firstNonEmpty(kindOf(obj), zhHead(obj)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, negative: true,
			terms: []string{obj}, change: true, keyed: true}, true
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(?:改用|换用|转用|换成了|换成|改成了|改成)(?:了)?([^，,。！!；;：:]{1,15}?)了?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[2])
		if !validObject(obj) {
			return found{}, false
		}
		return found{text: "改用" + obj, subject: firstNonEmpty(subject.ToolOf(obj), activityKind(obj), zhHead(obj)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj}, change: true, keyed: true}, true
	}},
	// Stopping one activity for another ("我不跑步了，膝盖受不了，改成游泳").
	{regexp.MustCompile(`(?:不再|不)([^，,。！!；;：:]{1,6}?)了[，,].*?(?:改成|改为|换成)了?([^，,。！!；;：:]{1,10}?)了?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		from, to := trimObject(m[1]), trimObject(m[2])
		key := firstNonEmpty(activityKind(to), activityKind(from))
		if key == "" || !validObject(to) {
			return found{}, false // only a pastime is replaced this way
		}
		return found{text: "不" + from + "了，改成" + to, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: to, terms: []string{to, from}, change: true, keyed: true}, true
	}},
	// What is changed is named inside the clause: never across a comma.
	{regexp.MustCompile(`(?:我)?(?:把)?(?:我的)?([^，,。！!；;：:]{1,8}?)(?:改成|改为|换成)了?([^，,。！!；;：:]{1,15}?)了?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		what, to := trimObject(strings.TrimPrefix(m[1], "把")), trimObject(m[2])
		if !validObject(what) || !validObject(to) || zhWhenWord.MatchString(what) {
			return found{}, false
		}
		key := subject.Key(what)
		if key == what {
			key = firstNonEmpty(subject.ToolOf(to), zhHead(what))
		}
		return found{text: what + "改成" + to, subject: key, typ: memory.TypeFact, lifecycle: memory.LifecycleFact,
			importance: 0.6, confidence: 0.85, object: to, terms: []string{what, to}, change: true, keyed: true}, true
	}},
	// Health.
	{regexp.MustCompile(`我(?:的)?` + zhBody + `((?:一直|有点|不太|比较|很|特别|老是|经常|向来)*(?:不好|不太好|不行|有问题|疼|痛|差|敏感|受过伤|有伤|有旧伤))`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact(m[1]+m[2], subject.HealthPrefix+m[1], m[1])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	// A condition, with how it is treated when the next clause says so
	// ("我有糖尿病，在打胰岛素", "体检查出脂肪肝").
	{regexp.MustCompile(`(?:^|我)(?:去年|前年|今年|上个月|最近|前几年|小时候|从小)?(?:体检|检查|去医院)?(?:有|患有|得了|得过|查出|查出来|确诊|确诊了|诊断出)(?:了|有)?(` + zhCondition + `)(?:[，,]\s*((?:一直|现在|每天|天天|平时|也)?(?:在)?(?:吃|打|用|做)\p{Han}{0,6}?(?:药|胰岛素|针|透析|理疗)\p{Han}{0,6}))?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if i := strings.Index(sentence, m[0]); !strings.HasPrefix(m[0], "我") && zhOther.MatchString(sentence[:i]) {
			return found{}, false // "我妈有高血压": the mother's
		}
		t := "有" + m[1]
		if m[2] != "" {
			t += "，" + m[2]
		}
		f, ok := zhFact(t, subject.HealthPrefix+m[1], m[1])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	{regexp.MustCompile(`(?:我` + zhAdverbs + `|(?:^|[，,；;]\s*)(?:就是|而且|也|还|本身)?)(?:有点|有些)?乳糖不耐(?:受)?(的话|的人|者)?`), func(m []string, _ string, _ time.Time) (found, bool) {
		if m[len(m)-1] != "" {
			return found{}, false // "乳糖不耐的话可以喝舒化奶" says what one should do
		}
		f, ok := zhFact("乳糖不耐受", subject.HealthPrefix+"乳糖不耐受", "乳糖不耐受")
		f.terms = append(f.terms, "健康", "health", "饮食")
		return f, ok
	}},
	// Work and place together ("我在杭州做运营").
	{regexp.MustCompile(`我` + zhAdverbs + `在(.{1,10}?)(做|当|干)(.{1,20}?)(?:的)?(?:工作)?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		place, verb, role := trimObject(m[2]), m[3], trimObject(m[4])
		if zhNotWork.MatchString(place) || zhNotRole.MatchString(role) || !validObject(role) {
			return found{}, false
		}
		key := subject.Occupation
		if zhOrg.MatchString(place + role) {
			key = subject.Employer // "我在上海一家外企做财务" says where they work
		}
		f, ok := zhFact("在"+place+verb+role, key, role)
		f.terms = append(f.terms, place, "工作", "job")
		f.keyed = true
		return f, ok
	}},
	// Relationship.
	{regexp.MustCompile(`我(?:们)?` + zhAdverbs + `(?:最近)?(?:是)?(?:(?:和|跟|与)([\p{Han}A-Za-z]{1,4}?))?(结婚|订婚|离婚|分手|单身|谈恋爱|恋爱|脱单|有女朋友|有男朋友|有对象)了?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if i := strings.Index(sentence, m[0]) + len(m[0]); strings.HasPrefix(sentence[i:], "纪念") || strings.HasPrefix(sentence[i:], "典礼") || strings.HasPrefix(sentence[i:], "照") || zhYearsOn.MatchString(sentence[i:]) {
			return found{}, false // "我们结婚纪念日": a date, not a state
		}
		state := map[string]string{"结婚": "已婚", "订婚": "已订婚", "离婚": "已离婚", "分手": "单身", "单身": "单身", "恋爱": "在恋爱中", "谈恋爱": "在恋爱中", "脱单": "在恋爱中", "有女朋友": "在恋爱中", "有男朋友": "在恋爱中", "有对象": "在恋爱中"}[m[3]]
		t := state
		if m[2] != "" {
			t = "和" + m[2] + m[3] + "了，" + state // the name lets the change find what it ends
			if m[3] == "恋爱" {
				t = "和" + m[2] + "在恋爱中"
			}
		}
		f, ok := zhFact(t, subject.Relationship, state)
		f.change = strings.HasSuffix(m[0], "了") || changeCue.MatchString(sentence)
		return f, ok
	}},
	// Pets.
	{regexp.MustCompile(`(?:我|我们|我家|家里|屋里)(?:家)?(?:还|也)?(?:养了|养着|有|养)(一只|一条|一个|只|条|两只|两条|一)?(.{0,4}?)` + zhPetKind + `(?:[，,]?\s*(?:它|他|她)?(?:叫|名叫|名字叫)\s*([\p{Han}A-Za-z]{1,6}))?`), func(m []string, _ string, _ time.Time) (found, bool) {
		if strings.ContainsAny(m[2], "我你不") {
			return found{}, false
		}
		t, key := "养了"+m[1]+m[2]+m[3], subject.PetPrefix+m[3]
		if m[4] != "" {
			name := strings.TrimRight(m[4], "了啊呀的")
			t, key = t+"，叫"+name, subject.PetPrefix+strings.ToLower(name)
		}
		return lifeOf(t, key, m[3], m[4], "宠物", "pet")
	}},
	{regexp.MustCompile(`(?:我|我们)家(?:的)?` + zhPetKind + `(?:叫|名叫|名字叫)\s*([\p{Han}A-Za-z]{1,6})`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := strings.TrimRight(m[2], "了啊呀的")
		return lifeOf("家里的"+m[1]+"叫"+name, subject.PetPrefix+strings.ToLower(name), m[1], name, "宠物", "pet")
	}},
	// Birthdays and anniversaries: lasting facts that keep their date.
	{regexp.MustCompile(`(?:^|我(?:的)?|家里(?:的)?)(?:` + zhFamily + `的?)?生日(?:是|在)(.+)|(?:我们的?)?((?:结婚)?纪念日)是(.+)`), zhDate},
	{regexp.MustCompile(`^(.+?)是我们(?:的)?((?:结婚)?纪念日)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return zhDate([]string{m[0], "", "", m[2], m[1]}, sentence, ref)
	}},
	// The date first, with the partner or in English: "五月二十号是我跟老周
	// 结婚三十周年", "下个月 15 号是我们 anniversary".
	{regexp.MustCompile(`^([^，,。！!]{2,12}?)是(?:我们|我(?:和|跟|与)(\p{Han}{1,4}?))(?:的)?\s*(结婚[一二三四五六七八九十两\d]+周年|(?i:(?:wedding )?anniversary))`), func(m []string, sentence string, ref time.Time) (found, bool) {
		f, ok := zhDate([]string{m[0], "", "", "纪念日", m[1]}, sentence, ref)
		label := m[3]
		if next := zhNextClause(sentence, m[3]); strings.HasPrefix(next, "结婚") {
			label += "，" + next
		}
		if m[2] != "" {
			label = "和" + m[2] + label
		}
		when := trimObject(m[1])
		if d, ok := zhResolveDate(strings.ReplaceAll(when, " ", ""), ref); ok && zhMonthDay.MatchString(strings.ReplaceAll(when, " ", "")) {
			// "下个月 15 号" would not last: the memory keeps the day.
			f.event = text.Span{Start: d.Start}
			when = fmt.Sprintf("%d月%d日", d.Start.Month(), d.Start.Day())
		}
		f.text = when + "是" + label
		f.terms = append(f.terms, "结婚", "周年", m[2])
		return f, ok
	}},
	// The date first: "三月五号是我生日", "腊月初八是我老伴的生日".
	{regexp.MustCompile(`^([^，,。！!]{2,12}?)是我(?:的)?(?:` + zhFamily + `的?)?生日`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return zhDate([]string{m[0], m[2], m[1], "", ""}, sentence, ref)
	}},
	// "我是三月五号出生的", "我1990年5月生的".
	{regexp.MustCompile(`^我(?:是)?([^，,。！!]{2,14}?)(?:出生|生)的`), func(m []string, sentence string, ref time.Time) (found, bool) {
		if !zhDateWords.MatchString(m[1]) {
			return found{}, false
		}
		f, ok := zhDate([]string{m[0], "", m[1], "", ""}, sentence, ref)
		f.text = m[1] + "出生"
		return f, ok
	}},
	// Someone named without a relation ("小宇生日是六月一号").
	{regexp.MustCompile(`^(\p{Han}{2,3}?)的?生日(?:是|在)?((?:是|在)?[\d一二三四五六七八九十]+月.+|是.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		if zhNotPerson.MatchString(m[1]) {
			return found{}, false
		}
		f, ok := zhDate([]string{m[0], "", m[2], "", ""}, sentence, ref)
		f.text, f.subject = m[1]+"的生日是"+trimObject(strings.TrimPrefix(m[2], "是")), subject.BirthdayPrefix+m[1]
		f.terms = append(f.terms, m[1])
		return f, ok
	}},
	// Family members.
	// A sentence may open on the relative alone ("老公是警察").
	{regexp.MustCompile(`(?:^|我(?:的)?)` + zhFamily + `(?:叫|名叫|的名字是|名字叫)([\p{Han}A-Za-z]{1,6})`), func(m []string, _ string, _ time.Time) (found, bool) {
		rel, _ := subject.Relation(m[1])
		return lifeOf(m[1]+"叫"+strings.TrimRight(m[2], "了啊呀的"), subject.FamilyPrefix+rel, m[1], m[2], "家人", "family")
	}},
	{regexp.MustCompile(`(?:^|[，,]\s*|我(?:的)?|我们?家(?:的)?|家里(?:的)?)` + zhFamily + `((?:[\p{Han}]{2,3}?|\s*[A-Za-z][A-Za-z.'-]{1,15}\s*)?(?:很|也|特别|非常|最|比较|一直|不|每天|每周|天天|平时|现在|刚|以前|之前|原来|已经)*(?:是|在|(?:高|初|大)[一二三四]|喜欢|爱|讨厌|不喜欢|不吃|不喝|对|会|做|当|开|吃|喝|住在|今年|有|过来|来|去|退休|正在|学|上|读|考|养|卖|从|辞职|换|改|怀|[一二三四五六七八九十两\d]+岁).+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		rest := trimObject(m[2])
		if when, ok := text.ResolveDate(sentence, ref); ok && !when.Start.Before(dayStart(ref)) && !zhDated.MatchString(sentence) {
			return found{}, false
		}
		if zhReported.MatchString(rest) || strings.HasPrefix(rest, "生日") || strings.HasPrefix(rest, "的") {
			return found{}, false // "妈妈微信上说：…": what she said follows
		}
		if i := strings.Index(sentence, m[0]); i > 0 && strings.ContainsAny(sentence[max(0, i-3):i], "跟和与") {
			return found{}, false // "跟我妈住在…": living with her, said of the author
		}
		rel, _ := subject.Relation(m[1])
		who := firstNonEmpty(zhRelationWord[rel], m[1])
		if m[1] != "妈" && m[1] != "爸" {
			who = m[1]
		}
		return lifeOf(who+rest, subject.FamilyPrefix+rel, m[1], rest, "家人", "family")
	}},
}

// zhYearsOn is the number of years that follows 结婚 in an anniversary
// ("结婚四十周年"): a date, not a change of status.
var zhYearsOn = regexp.MustCompile(`^[一二三四五六七八九十两\d]*周年`)

// zhOrg marks a place of "我在X做Y" that is an organisation, not a city.
var zhOrg = regexp.MustCompile(`公司|企业|外企|国企|央企|银行|医院|集团|工厂|厂里|事务所|券商|一家|机构|单位|研究所|律所|大厂|店里|门店`)

// zhDuration is how long something has lasted, at the end of an object
// ("烟三个月" → "烟").
var zhDuration = regexp.MustCompile(`(?:已经|都)?(?:[一二三四五六七八九十两半几\d]+|好几|好多)(?:个多?|多个?)?(?:天|周|星期|礼拜|月|年)(?:多)?(?:了)?$`)

// zhCommute is the subject of how the author gets to work or school.
const zhCommute = "通勤"

// zhNotWork rejects places of "我在X做Y" that say nothing of a job.
var zhNotWork = regexp.MustCompile(`^(?:家|家里|这|那|这里|那里|外面|厨房|宿舍|学校里|路上|网上|心里)$`)

// zhNotRole rejects "Y" of "我在X做Y" that is an activity, not a job.
var zhNotRole = regexp.MustCompile(`^(?:饭|菜|作业|运动|饭菜|梦|事|什么|功课|家务|实验|题|早饭|午饭|晚饭|准备|计划)`)

// zhDate builds a lasting birthday or anniversary with its next date.
func zhDate(m []string, sentence string, ref time.Time) (found, bool) {
	when, key, t := trimObject(m[2]), subject.Birthday, "生日是"+trimObject(m[2])
	switch {
	case m[3] != "":
		when, key = trimObject(m[4]), subject.Anniversary
		t = m[3] + "是" + when
	case m[1] != "":
		r, _ := subject.Relation(m[1])
		who := m[1]
		if w, ok := zhRelationWord[r]; ok && (who == "妈" || who == "爸") {
			who = w
		}
		key, t = subject.BirthdayPrefix+r, who+"的生日是"+when
	}
	f, ok := zhFact(t, key, when)
	if span, dated := text.ResolveDate(sentence, ref); dated && !zhLunar.MatchString(when) {
		f.event = text.Span{Start: span.Start}
	}
	f.terms = append(f.terms, "生日", "birthday", "纪念日", "anniversary")
	if key == subject.Anniversary {
		f.terms = append(f.terms, "老婆", "老公", "爱人", "结婚")
	}
	return f, ok
}

// zhLunar marks a date of the lunar calendar or a festival ("腊月初八",
// "七夕"): it recurs, but on no fixed solar day, so no event date is set.
var zhLunar = regexp.MustCompile(`农历|阴历|腊月|正月|冬月|初[一二三四五六七八九十]|七夕|中秋|端午|重阳|元宵|除夕|春节|廿`)

// zhWhenWord is a time word that opens "…改成…" without naming what changed.
var zhWhenWord = regexp.MustCompile(`^(?:我)?(?:后来|现在|如今|目前|最近|然后|之后|从此|以后)$`)

// zhDated marks a relative's date that is a lasting fact, not a plan.
var zhDated = regexp.MustCompile(`生日|纪念日|出生`)

// zhDateWords marks a phrase that names a date.
var zhDateWords = regexp.MustCompile(`[年月日号]|初[一二三四五六七八九十]|七夕|中秋|元宵|除夕|春节|国庆|元旦`)

// zhReported is a family clause that only introduces what they said.
var zhReported = regexp.MustCompile(`(?:说|问|讲|讲的|说的|问我|告诉我|发来)$`)

// zhNotPerson rejects what opens "X生日是" without naming someone.
var zhNotPerson = regexp.MustCompile(`^(?:今天|明天|昨天|后天|那天|哪天|我|你|他|她|谁|我的|你的|他的|她的|今年|去年|明年)`)

// zhOther marks a clause about someone or something other than the
// author: its clauses without a subject are theirs, not the author's.
var zhOther = regexp.MustCompile(zhFamily + `|` + zhPetKind + `|同事|朋友|室友|老板|领导|同学|邻居|^(?:他|她|它)`)

// zhCannotQuit is what follows 戒 when the author says they cannot quit
// ("戒不掉", "戒不了"), which the quitting rule would read as the habit.
var zhCannotQuit = regexp.MustCompile(`^(?:不|没)`)

// zhMustTail is a modal between the habit and 戒了 ("奶茶只能戒了"):
// the habit is what comes before it.
var zhMustTail = regexp.MustCompile(`(?:只能|只好|必须|不得不|得|也|都|就|要)$`)
