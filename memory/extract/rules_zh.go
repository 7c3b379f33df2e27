package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// zhAdverbs are the words allowed between 我 and the verb.
const zhAdverbs = `((?:早就|很|非常|特别|最|也|一直|还是|比较|真的|挺|超级|超|更|现在|其实|已经|还|都|从小就|向来|本来就|蛮|相当|十分|就|如今|目前|平时|平常|一般|通常|从来|向来都)*)`

// zhPatterns are tried in order on each Chinese clause (with 我 implied
// when an earlier clause of the sentence had it).
var zhPatterns = []pattern{
	{regexp.MustCompile(`我最(?:喜欢|爱)的(.{1,10}?)是(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[2])
		if !validObject(obj) {
			return found{}, false
		}
		return found{text: "最喜欢的" + m[1] + "是" + obj, subject: m[1], typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.9, object: obj, terms: []string{m[1], obj}}, true
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(不太喜欢|不喜欢|不再喜欢|讨厌|不爱|受不了|反感|厌恶|不吃|不喝)(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhPreference(m[1], m[2], m[3], true)
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(喜欢|爱|偏好|偏爱|热爱|钟爱|迷上了|爱上了|喜爱)(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhPreference(m[1], m[2], m[3], false)
	}},
	{regexp.MustCompile(`我(?:的名字)?叫([\p{Han}]{1,4}|[A-Za-z][\w .-]{0,30})|我的名字是(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := trimObject(m[1] + m[2])
		if strings.HasPrefix(name, "了") || strings.HasPrefix(name, "过") || strings.HasPrefix(name, "着") {
			return found{}, false
		}
		return zhFact("名字叫"+name, "名字", name)
	}},
	// "我今年35岁", and in an introduction "…，今年四十六了".
	{regexp.MustCompile(`我今年(\d{1,3}|[一二三四五六七八九十]{1,3})岁|(?:^|我|[，,]\s*)今年(\d{1,3}|[一二三四五六七八九十]{1,3})(?:岁)?(?:了|啦)(?:[，,。！!\s]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		age := m[1] + m[2]
		if i := strings.Index(sentence, "今年"+m[2]); m[2] != "" && i > 0 && zhSomeoneNamed.MatchString(sentence[:i]) {
			return found{}, false // "我儿子，今年五岁了": the son's age
		}
		return zhFact("今年"+age+"岁", "年龄", age)
	}},
	// A condition that keeps coming back: "俺这痛风老犯".
	{regexp.MustCompile(`我(?:这|的)?(` + zhCondition + `)(?:又|老|总|经常|常常|时不时)(?:是)?(?:犯|发作|复发)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhFact("有"+m[1], subject.HealthPrefix+m[1], m[1])
	}},
	{regexp.MustCompile(`(?:我|(?:^|[，,\s])自己)(?:自己)?(?:也|都|还|就)?对(.{1,20}?)过敏(?:$|[^原源]|原因)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhFact("对"+m[1]+"过敏", subject.AllergyPrefix+strings.ToLower(m[1]), m[1])
	}},
	{regexp.MustCompile(`我(?:来自|老家在|老家是)(.+)|我是(.{1,8}?)人$`), func(m []string, _ string, _ time.Time) (found, bool) {
		place := trimObject(m[1] + m[2])
		return zhFact("来自"+place, "家乡", place)
	}},
	// The household's home too ("我们全家搬到杭州了").
	{regexp.MustCompile(`我(?:们)?(?:全家|一家|俩|两个|一家人)?` + zhAdverbs + `(?:上个月|上周|去年|前段时间|前阵子|刚刚|刚)?(?:终于|已经|总算)?(?:从(\p{Han}{1,8}?))?(?:住在|定居在|搬到了|搬到|搬去了|搬去)(.+)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		place := trimObject(m[3])
		if len([]rune(place)) < 2 {
			return found{}, false
		}
		if !strings.Contains(m[0], "住") && !strings.Contains(m[0], "我们") {
			if f, ok, shop := zhShopMoved(sentence, place); shop {
				return f, ok
			}
		}
		if m[2] != "" {
			// "从回龙观搬到望京": the move, with where from.
			return changed(zhFact("从"+m[2]+"搬到"+place, "居住地", place))
		}
		return zhFact("住在"+place, "居住地", place)
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `在(.{1,20}?)(工作|上班|实习|任职)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhFact("在"+m[2]+m[3], "工作单位", m[2])
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `在(.{1,20}?)(上学|读书|念书|读研|读博|读大学)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhFact("在"+m[2]+m[3], "学校", m[2])
	}},
	{regexp.MustCompile(`我有(.{0,6}?)(女儿|儿子|孩子|老婆|老公|妻子|丈夫|女朋友|男朋友|妹妹|姐姐|哥哥|弟弟|猫|狗|宠物)`), func(m []string, _ string, _ time.Time) (found, bool) {
		key := subject.PetPrefix + m[2]
		if rel, ok := subject.Relation(m[2]); ok {
			key = subject.FamilyPrefix + rel
		} else if m[2] == "宠物" {
			key = subject.Pet
		}
		return zhFact("有"+m[1]+m[2], key, m[2])
	}},
	{regexp.MustCompile(`我的(生日|专业|职业|工作|爱好|家乡|老家|星座|血型|梦想|目标|母语|邮箱|手机|宠物)是(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact(m[1]+"是"+trimObject(m[2]), m[1], trimObject(m[2]))
		if m[1] == "目标" || m[1] == "梦想" {
			f.typ = memory.TypeObjective
		}
		return f, ok
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(擅长|精通|熟悉|熟练掌握)(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhSkill(m[2]+trimObject(m[3]), trimObject(m[3]))
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `会(说|讲|弹|拉)(.+)|我` + zhAdverbs + `会(游泳|开车|编程|做饭|滑雪|画画|唱歌|跳舞|下棋|骑马)`), func(m []string, _ string, _ time.Time) (found, bool) {
		if m[5] != "" {
			return zhSkill("会"+m[5], m[5])
		}
		return zhSkill("会"+m[2]+trimObject(m[3]), trimObject(m[3]))
	}},
	{regexp.MustCompile(`我(?:正在|在|最近在|最近)学(?:习)?(.+)|我的目标是(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[1] + m[2])
		if !validObject(obj) || m[1] != "" && zhPlaceOfStudy.MatchString(obj) {
			return found{}, false // "我在学校门口的蜜雪冰城兼职" is where, not what, one learns
		}
		text := "正在学习" + obj
		if m[2] != "" {
			text = "目标是" + obj
		}
		return found{text: text, subject: zhHead(obj), typ: memory.TypeObjective, lifecycle: memory.LifecycleFact,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj}}, true
	}},
	{regexp.MustCompile(`我(.{0,12}?)(要|会|打算|准备|计划|得|需要|将要|将|想)(.+)`), zhPlan},
	{zhGoPlan, zhGoPlanOf},
	{regexp.MustCompile(`我(?:的工作|的职业)?是(?:一名|一个|一位|个|名|位)?(.{1,20})$`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[1])
		if zhNotIdentity.MatchString(obj) || strings.HasSuffix(obj, "的") {
			return found{}, false
		}
		return zhFact("是"+obj, "身份", obj)
	}},
}

// zhSomeoneNamed is a relative, a pet or another person named before an
// age said without 我.
var zhSomeoneNamed = regexp.MustCompile(zhFamily + `|` + zhPetKind + `|孩子|宝宝|儿子|女儿|他|她|它`)

// zhPlaceOfStudy is the rest of a place after 在学 ("在学校门口",
// "在学院里", "在学生宿舍").
var zhPlaceOfStudy = regexp.MustCompile(`^(?:校|院|生|堂|区|府)`)

// zhNotIdentity rejects "我是说…", "我是不是…" and other uses of 是 that
// are not a statement of identity.
var zhNotIdentity = regexp.MustCompile(`(?:过敏|突出|炎|病|症|癌|瘤|综合征|结石|骨折|贫血|不耐受|近视|脂肪肝|三高)$|^(?:对|住|说|不是|想|在|要|来|问|觉得|因为|为了|真的|真|认真|开玩笑|故意|刚|第一次|这么|那么|这样|那样|否|吗|不|的)`)

// zhRule applies the Chinese patterns to a clause (findInSentence lends
// it the 我 of its sentence when it has none and is the author's).
func zhRule(clause, sentence string, ref time.Time) (found, bool) {
	if !hasHan(clause) {
		return found{}, false
	}
	return firstMatch(zhClausePatterns, clause, sentence, ref)
}

// zhClausePatterns are the self-descriptions, then the other patterns.
var zhClausePatterns = slices.Concat(zhTersePatterns, zhSelfPatterns, zhPatterns)

// zhPreference builds a like or dislike; 更 ("rather") is kept because it
// marks a comparison.
func zhPreference(adverbs, verb, object string, negative bool) (found, bool) {
	obj := trimObject(object)
	if !validObject(obj) || strings.HasPrefix(obj, "你") || strings.HasPrefix(obj, "您") {
		return found{}, false
	}
	if strings.Contains(adverbs, "更") && !negative {
		verb = "更" + verb
	}
	key := subject.ToolOf(obj)
	return found{text: verb + obj, subject: firstNonEmpty(key, zhHead(obj)), typ: memory.TypePreference,
		lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.9,
		object: obj, negative: negative, terms: []string{obj}, keyed: key != ""}, true
}

// zhFact builds a fact about the author.
func zhFact(text, subject, object string) (found, bool) {
	if !validObject(object) {
		return found{}, false
	}
	return found{text: text, subject: subject, typ: memory.TypeFact, lifecycle: memory.LifecycleFact,
		importance: 0.7, confidence: 0.9, object: object, terms: []string{object}, keyed: true}, true
}

// zhSkill builds a skill.
func zhSkill(text, object string) (found, bool) {
	if !validObject(object) {
		return found{}, false
	}
	return found{text: text, subject: zhHead(object), typ: memory.TypeSkill, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: object, terms: []string{object}}, true
}

// zhTimeWords may stand between 我 and a plan verb besides a date.
var zhTimeWords = regexp.MustCompile(`^(?:上午|下午|晚上|早上|中午|傍晚|一早|打算|准备|也|还|就|都|可能|应该|一起|一块儿|一块|一道|[一二三四五六七八九十两\d]{1,3}点(?:半|钟|多)?)*$`)

// zhNoPlan is what follows a plan verb without being a plan: an age
// ("要八十八岁了"), a question or a request ("想一下IG贴文吗").
var zhNoPlan = regexp.MustCompile(`^[一二三四五六七八九十百两\d]+岁|[吗嘛呢]$|帮我|帮忙`)

// zhPlan builds a dated plan ("我下周五要交报告"), or an undated intention
// for 打算 / 计划 / 准备.
func zhPlan(m []string, sentence string, ref time.Time) (found, bool) {
	pre, verb, rest := m[1], m[2], trimObject(m[3])
	when, dated := zhResolveDate(m[0], ref)
	if !dated {
		when, dated = zhResolveDate(sentence, ref)
	}
	if dated {
		pre = strings.Replace(pre, when.Phrase, "", 1)
		rest = trimObject(strings.Replace(rest, when.Phrase, "", 1))
	}
	if !zhTimeWords.MatchString(pre) || !validObject(rest) || zhNoPlan.MatchString(rest) {
		return found{}, false
	}
	if dated && weeklyNotDated(when, sentence) {
		return found{}, false
	}
	if !dated || when.Start.Before(dayStart(ref)) {
		if verb != "打算" && verb != "计划" && verb != "准备" {
			return found{}, false
		}
		return found{text: verb + rest, subject: zhHead(rest), typ: memory.TypeObjective, lifecycle: memory.LifecycleTemporary,
			importance: 0.5, confidence: 0.8, object: rest, terms: []string{rest, "计划"}}, true
	}
	typ := memory.TypeEvent
	if verb == "得" || verb == "需要" {
		typ = memory.TypeTask
	}
	text := zhWhen(when) + verb + rest
	return found{text: text, subject: zhHead(rest), typ: typ, lifecycle: memory.LifecycleTemporary,
		importance: 0.6, confidence: 0.9, event: when, object: rest, terms: []string{rest, "计划", "plan"}}, true
}

// zhWhen dates a plan: its day, or the days of a part of a month
// ("2025年5月21日至31日" for 月底).
func zhWhen(sp text.Span) string {
	last := sp.End.AddDate(0, 0, -1)
	if !last.After(sp.Start) || sp.End.After(sp.Start.AddDate(0, 0, 11)) {
		return sp.Start.Format("2006年1月2日")
	}
	if last.Month() == sp.Start.Month() {
		return sp.Start.Format("2006年1月2日") + "至" + last.Format("2日")
	}
	return sp.Start.Format("2006年1月2日") + "至" + last.Format("1月2日")
}

// zhCategories are head nouns a Chinese object may end with; the longest
// that matches is the subject ("极简设计风格" → "设计风格").
var zhCategories = []string{
	"设计风格", "音乐风格", "装修风格", "穿衣风格", "编程语言", "编辑器", "操作系统", "运动",
	"风格", "设计", "音乐", "电影", "游戏", "语言", "颜色", "食物", "茶", "咖啡", "书", "小说",
	"动漫", "框架", "手机", "电脑", "品牌", "城市", "季节", "宠物", "水果", "饮料", "酒", "歌", "乐队",
	"歌手", "作家", "节目", "剧", "主题", "字体", "工具", "天气", "花",
}

// zhHead is the subject of a Chinese object: a known category it ends
// with, or the object itself (shortened).
func zhHead(obj string) string {
	best := ""
	for _, c := range zhCategories {
		if strings.HasSuffix(obj, c) && len(c) > len(best) {
			best = c
		}
	}
	if best != "" {
		return best
	}
	return text.Truncate(obj, 12)
}

// standingInstruction reads "以后…" / "from now on…": a lasting request
// about how the bot should treat the author.
func standingInstruction(s string) (found, bool) {
	if m := zhStanding.FindStringSubmatch(s); m != nil {
		rest := trimObject(m[1])
		if validObject(rest) {
			return found{text: "希望以后" + zhThirdPerson(rest), typ: memory.TypePreference,
				lifecycle: memory.LifecycleLongTerm, importance: 0.8, confidence: 0.9, object: rest, terms: []string{rest, "要求", "instruction"}}, true
		}
	}
	if m := enStanding.FindStringSubmatch(s); m != nil {
		rest := trimObject(m[1])
		if validObject(rest) {
			return found{text: "Wants from now on: " + enThirdPerson(rest), typ: memory.TypePreference,
				lifecycle: memory.LifecycleLongTerm, importance: 0.8, confidence: 0.9, object: rest, terms: []string{rest, "instruction", "要求"}}, true
		}
	}
	return found{}, false
}

var (
	zhStanding = regexp.MustCompile(`^(?:你)?(?:以后|今后|从现在开始|从今以后)(?:都|请|你|就)*[,，]?\s*(.+)`)
	enStanding = regexp.MustCompile(`(?i)^(?:from now on|going forward|in (?:the )?future)[,:]?\s+(?:please\s+)?(.+)`)
)

// rememberAsSaid keeps an explicit "remember …" that no pattern read, as a
// fact (or a dated task) in neutral wording.
func rememberAsSaid(s string, ref time.Time) (found, bool) {
	obj := trimObject(s)
	if !validObject(obj) {
		return found{}, false
	}
	if hasHan(obj) {
		obj = zhThirdPerson(obj)
	} else {
		obj = enThirdPerson(obj)
	}
	f := found{text: obj, typ: memory.TypeFact, lifecycle: memory.LifecycleFact, importance: 0.7, confidence: 0.95, object: obj}
	if when, ok := text.ResolveDate(s, ref); ok && !when.Start.Before(dayStart(ref)) {
		f.typ, f.lifecycle, f.event = memory.TypeTask, memory.LifecycleTemporary, when
		f.text = strings.TrimSpace(f.text) + "（" + when.Start.Format("2006-01-02") + "）"
		if !hasHan(obj) {
			f.text = strings.TrimSpace(obj) + " (" + when.Start.Format("2006-01-02") + ")"
		}
	}
	return f, true
}

// zhThirdPerson rewrites a first-person Chinese statement neutrally:
// "我的生日是5月3日" → "生日是5月3日", "叫我老王" → "叫用户老王".
func zhThirdPerson(s string) string {
	s = strings.TrimPrefix(s, "请")
	if !strings.HasPrefix(s, "我们") {
		s = strings.TrimPrefix(s, "我的")
		s = strings.TrimPrefix(s, "我")
	}
	s = strings.ReplaceAll(s, "我的", "用户的")
	s = zhOurGroup.ReplaceAllString(s, "用户所在的$1")
	s = strings.ReplaceAll(s, "我们", "用户一家")
	return strings.ReplaceAll(s, "我", "用户")
}

// zhOurGroup is 我们 before a group the author belongs to ("我们队", "我们
// 公司"): "the team the user is in", not "the user's family's team".
var zhOurGroup = regexp.MustCompile(`我们(队|班级|小组|组里|团队|厂|公司|学校|小区|村|单位|部门|科室|医院|年级|社团|乐队|舞蹈队|合唱团|群里|店里|楼里)`)

// enFirstPerson finds the first-person words an English rewrite replaces.
var enFirstPerson = regexp.MustCompile(`(?i)\b(?:I'm|I am|I've|I have|my|mine|me|myself|I)\b`)

// enThirdPerson rewrites a first-person English statement neutrally:
// "my wife's birthday is May 3" → "Wife's birthday is May 3".
func enThirdPerson(s string) string {
	s = strings.TrimSpace(s)
	if l := strings.ToLower(s); strings.HasPrefix(l, "my ") {
		s = s[3:]
	}
	s = enFirstPerson.ReplaceAllStringFunc(s, func(w string) string {
		switch strings.ToLower(w) {
		case "i'm", "i am":
			return "they are"
		case "i've", "i have":
			return "they have"
		case "my":
			return "their"
		case "mine":
			return "theirs"
		case "me":
			return "them"
		case "myself":
			return "themselves"
		}
		return "they"
	})
	return upperFirst(enTheyAgree.Replace(s))
}

// enTheyAgree puts the verb after a rewritten "I" in the plural: "I was"
// became "they was".
var enTheyAgree = strings.NewReplacer("they was", "they were", "They was", "They were", "they wasn't", "they weren't", "They wasn't", "They weren't")
