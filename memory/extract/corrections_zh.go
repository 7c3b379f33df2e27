package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// How people correct themselves in Chinese: they take back what they said
// ("上次说错了，其实是阿莫西林过敏，头孢没事", "我之前说在萧山，其实是滨江"),
// say what stopped ("古筝那事黄了", "普拉提卡到期没续", "不喝咖啡了") next to
// what replaced it, or that they no longer live or work somewhere ("我不在
// 道里住了", "我不在京东干了，现在在阿里"). The facts of such a sentence are
// changes, and what they replace is recorded so that reconciliation can end
// the memory that holds it even under another subject key.

// zhTakeBack marks a sentence that takes back something said before.
var zhTakeBack = regexp.MustCompile(`^不对[，,]|说错了|记错了|搞错了|弄错了|说反了|更正一下|纠正一下|(?:之前|上次|刚才|前面)(?:跟你)?说(?:的)?`)

// zhActually opens the corrected statement ("其实是…", "应该是…").
var zhActually = regexp.MustCompile(`其实(?:是)?|实际上(?:是)?|应该是|准确地说是`)

// zhDropped finds, in a clause, what the author says is over: "头孢没事",
// "不是萧山", "古筝那事黄了", "普拉提卡到期没续", "不喝咖啡了".
var zhDropped = regexp.MustCompile(`(?:^|[，,])\s*(\p{Han}{1,8}?)(?:没事|没问题|不过敏)(?:[，,。！!]|$)|不是(\p{Han}{1,8}?)(?:[，,。！!]|$)|(?:^|[，,])\s*(?:之前说的|上次说的)?(?:那个)?(\p{Han}{1,8}?|[A-Za-z][A-Za-z'-]{1,20}(?:\s[A-Za-z][A-Za-z'-]{1,20})?\s*)(?:那事儿?|的事|那趟|这趟|那次)?(?:黄了|吹了|没戏了|取消了|算了)|(?:^|[，,])\s*(\p{Han}{1,6}?)卡?(?:到期)?(?:没续|不续了|没再续|停了)|不再?(?:喝|吃|抽|用|学|练|玩|打|跳|上|当|做|干)(\p{Han}{1,6}?)了|(?:^|[，,])\s*(\p{Han}{1,6}?)(?:我)?(?:不干了|不做了|辞了|不当了|不跑了|不开了|不喝了|不吃了|不抽了|不玩了|不学了|不打了|不练了|不去了|不用了)`)

// zhCorrections marks the facts of a sentence that corrects or replaces
// something: the corrected part alone is kept, every fact is a change,
// and what it replaces is noted.
func zhCorrections(body string, ref time.Time, out []found) []found {
	if !hasHan(body) {
		return out
	}
	takeBack := zhTakeBack.FindStringIndex(body)
	actually := zhActually.FindStringIndex(body)
	if len(out) == 0 && takeBack != nil && actually != nil && takeBack[0] < actually[0] && !strings.Contains(body, "我") {
		// "上次说错了，其实是阿莫西林过敏": the corrected part is the author's.
		corrected, _, _ := strings.Cut(body[actually[1]:], "，")
		out = findInSentence("我"+corrected, ref)
	}
	if n := zhNotButIs.FindStringSubmatch(body); n != nil && takeBack != nil {
		// "我不是在朝阳住，是在海淀": the first clause with the value said
		// instead.
		old, now := n[2], n[3]
		common := 0
		for common < len(old) && common < len(now) && old[common] == now[common] {
			common++
		}
		for common > 0 && !utf8.RuneStart(old[common]) {
			common--
		}
		tail := zhStatementTail.FindString(old)
		subj := n[1]
		if !strings.Contains(subj, "我") {
			subj = "我" + subj
		}
		if fs := findInSentence(subj+now+tail, ref); len(fs) > 0 {
			replaced := strings.TrimSuffix(old[common:], tail)
			for i := range fs {
				fs[i].change, fs[i].replaces = true, replaced
			}
			return fs
		}
	}
	replaced := ""
	if m := zhDropped.FindStringSubmatch(body); m != nil {
		replaced = strings.TrimPrefix(trimObject(m[1]+m[2]+m[3]+m[4]+m[5]+m[6]), "我")
	}
	if len(out) == 0 && replaced != "" && !strings.Contains(body, "我") && !zhOther.MatchString(body) {
		// "导游不干了，现在在景区卖票": the sentence is the author's.
		out = findInSentence("我"+body, ref)
	}
	if len(out) == 0 && replaced != "" && zhCancelled.MatchString(body) && !zhOther.MatchString(body) {
		// "上海出差那事取消了": the plan is off.
		return []found{{text: replaced + "取消了", subject: zhHead(replaced), typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
			importance: 0.5, confidence: 0.8, object: replaced, terms: []string{replaced, "取消", "计划"}, change: true, replaces: replaced}}
	}
	if len(out) == 0 {
		return out
	}
	if takeBack != nil && actually != nil && takeBack[0] < actually[0] {
		old, corrected := body[:actually[0]], body[actually[0]:]
		kept := out[:0:0]
		for _, f := range out {
			if f.object != "" && strings.Contains(old, f.object) && !strings.Contains(corrected, f.object) {
				replaced = firstNonEmpty(replaced, f.object) // the value taken back
				continue
			}
			kept = append(kept, f)
		}
		out = kept
	} else if replaced == "" && takeBack == nil {
		return out
	}
	for i := range out {
		if out[i].object == replaced {
			continue
		}
		out[i].change = true
		if replaced != "" && out[i].replaces == "" {
			out[i].replaces = replaced
		}
	}
	return out
}

// zhCancelled marks a plan called off.
var zhCancelled = regexp.MustCompile(`黄了|吹了|没戏了|取消了`)

// zhNotButIs is a corrected clause: "我不是在朝阳住，是在海淀", "我不是对芒果
// 过敏，是对桃子": the subject, what was said, what is true.
var zhNotButIs = regexp.MustCompile(`([^，,]*?)不是([^，,]+?)[，,]\s*(?:而)?是([^，,。！!]+)`)

// zhStatementTail is the verb that closes a corrected clause and is left
// out of what replaces it ("住", "过敏").
var zhStatementTail = regexp.MustCompile(`(?:住|上班|工作|过敏|上学|读书)$`)

// zhChanges are the sentence rules for no longer living or working
// somewhere, with the new place when the sentence names it.
var zhChanges = []lifeRule{
	zhChangedJob,
	zhMovedTo,
	// A pet given away, lost or dead, also after an opening clause:
	// "咪咪上个月送人了", "唉，小灵通前两天死了".
	{regexp.MustCompile(`(?:^|[，,]\s*)(\p{Han}{1,4}?)(?:上个月|去年|前几天|前两天|前天|昨天|昨晚|上周|上礼拜|上星期|前阵子|最近|已经|突然)?(送人了|走丢了|丢了|去世了|死了|病死了|老死了)`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := m[1]
		afterClause := !strings.HasPrefix(m[0], name)
		if _, rel := subject.Relation(name); rel || zhOther.MatchString(name) || strings.Contains(name, "我") || zhFeltToDeath.MatchString(name) ||
			utf8.RuneCountInString(name) < 2 || afterClause && m[2] == "丢了" {
			// "冻死了", and after a clause "手机丢了": no pet.
			return found{}, false
		}
		f, ok := lifeOf(name+m[2], subject.PetPrefix+strings.ToLower(name), name, "宠物", "pet")
		return changed(f, ok)
	}},
	{regexp.MustCompile(`我?(?:已经)?不在(\p{Han}{1,8}?)住了`), func(m []string, sentence string, _ time.Time) (found, bool) {
		old := m[1]
		f, ok := zhFact("不在"+old+"住了", subject.Residence, old)
		if n := zhNewHome.FindStringSubmatch(sentence[strings.Index(sentence, m[0])+len(m[0]):]); n != nil {
			f, ok = zhHome("", trimObject(n[1]+n[2]))
		}
		f.replaces = old
		return changed(f, ok)
	}},
	{regexp.MustCompile(`我?(?:已经)?不在(\p{Han}{1,8}?)(干|做|上班|工作|教书|打工|实习)?了`), func(m []string, sentence string, _ time.Time) (found, bool) {
		old := m[1]
		if m[2] == "" && !zhOrg.MatchString(old) {
			return found{}, false // "我不在家了" is no job left
		}
		f, ok := zhFact("已从"+old+"离职", subject.Employer, old)
		if n := zhNewJob.FindStringSubmatch(sentence[strings.Index(sentence, m[0])+len(m[0]):]); n != nil {
			at := trimObject(n[1])
			f, ok = zhFact("在"+at+"工作", subject.Employer, at)
			if strings.HasPrefix(at, "自己") {
				f.text = at // "现在自己创业"
			}
		}
		f.replaces = old
		return changed(f, ok)
	}},
}

// zhSwitches are the sentence rules, tried after the others, for a new
// habit said with 改 and a verb: "现在改在家跟着帕梅拉跳", "现在改喝茶了".
var zhSwitches = []lifeRule{
	{regexp.MustCompile(`(?:^|[，,我])(?:后来|现在|如今|目前)?改(?:在(\p{Han}{1,4}?))?((?:跟着?|用|练|跳|做|打|跑|游|骑|喝|吃|学|玩|去|开|坐|乘)\p{Han}{1,12}?)了?(?:[，,。！!；;]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if i := strings.Index(sentence, m[0]); zhOther.MatchString(sentence[:i]) && !strings.Contains(sentence[:i], "我") {
			return found{}, false
		}
		what := trimObject(m[2])
		t := "改" + what
		if m[1] != "" {
			t = "改在" + m[1] + what
		}
		if !validObject(what) {
			return found{}, false
		}
		if tm := zhToolTask.FindStringSubmatch(what); tm != nil {
			return zhTool(tm[1], tm[2], true), true // "现在改用随手记记账了"
		}
		if strings.HasPrefix(what, "去") && zhOrg.MatchString(what) {
			f, ok := zhFact(t, subject.Employer, strings.TrimPrefix(what, "去"))
			return changed(f, ok) // "现在改去一家诊所了"
		}
		if zhCommuteWay.MatchString(what) {
			f, ok := zhFact(what, zhCommute, what)
			f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
			return changed(f, ok) // "现在改开车了"
		}
		return found{text: t, subject: firstNonEmpty(activityKind(what), kindOf(what), subject.ToolOf(what), zhHead(what)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: what, terms: []string{what}, change: true, keyed: true}, true
	}},
}

// zhChangedJob is a job taken up after another, said without 我:
// "后来改成做产品经理了", "改行当厨师了".
var zhChangedJob = lifeRule{regexp.MustCompile(`(?:^|[，,])(?:后来|现在|如今|目前)?(?:改成|改为|改行|转行)(?:去|到)?(?:在(\p{Han}{2,10}?))?(做|当|干)(\p{Han}{1,10}?)了?(?:[，,。！!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
	if i := strings.Index(sentence, m[0]); zhOther.MatchString(sentence[:i]) || zhNotRole.MatchString(m[3]) {
		return found{}, false
	}
	f, ok := zhJob(m[2]+m[3], m[1])
	f.subject = subject.Occupation
	return changed(f, ok)
}}

// zhToolTask is a tool named with its task ("用随手记记账").
var zhToolTask = regexp.MustCompile(`^用(.{1,12}?)(` + zhTask + `)$`)

// zhCommuteWay is a way of getting to work ("开车", "坐地铁").
var zhCommuteWay = regexp.MustCompile(`^(?:开车|打车|骑车|骑电动车|坐地铁|坐公交|坐班车|乘地铁|走路|步行)`)

// zhMovedTo is a move said without 我, opening a clause: "如今搬到宝安了",
// "搬家搞定了，上周末搬到嘉定新城".
var zhMovedTo = lifeRule{regexp.MustCompile(`(?:^|[，,；;]\s*)(?:如今|现在|后来|已经|上个月|上周末|上周|上礼拜|上个礼拜|上星期|前几天|前两天|昨天|昨儿|去年|前阵子|最近|刚刚|刚|终于|总算)?(?:搬到了?|搬去了?|搬回了?)(\p{Han}{2,8}?)(?:了|去了)?(?:[，,。！!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
	if zhOther.MatchString(sentence) {
		return found{}, false
	}
	if f, ok, shop := zhShopMoved(sentence, m[1]); shop {
		return f, ok
	}
	return changed(zhHome("", m[1]))
}}

// zhShopMoved reads a move to place as the move of a place of work the
// sentence named before ("店挪了 …… 搬到农业路了": the shop moved, not the
// home); shop is false when the sentence names none.
func zhShopMoved(sentence, place string) (f found, ok, shop bool) {
	k := zhPlaceMoved.FindStringSubmatch(sentence)
	if k == nil {
		return found{}, false, false
	}
	f, ok = changed(zhFact(k[1]+"搬到了"+place, "business", place))
	return f, ok, true
}

// zhPlaceMoved is a place of work said to move before the move itself:
// "店挪了", "公司也搬了", "摊子换地方了".
var zhPlaceMoved = regexp.MustCompile(`(店|铺子|摊子|摊位|档口|公司|工作室|办公室|诊所|厂)(?:也|又|已经)?(?:挪|搬|换地方|换位置)`)

// zhNewHome is the new home after a move: "搬到海淀", "搬回老家", "松北那套".
var zhNewHome = regexp.MustCompile(`(?:搬到|搬去|搬回|住到|住进|换到)了?(\p{Han}{2,8}?)(?:了|去了)?(?:[，,。！!]|$)|[，,]\s*(\p{Han}{2,4}?)那(?:套|边的房子|边)`)

// zhNewJob is the new workplace after leaving one: "现在在阿里", "去了一家银行".
var zhNewJob = regexp.MustCompile(`(?:现在|如今|目前|后来)?(?:在|去了|到了|进了)(\p{Han}{2,12}?)(?:上班|工作|干)?了?(?:[，,。！!]|$)`)

// zhDetailNotButIs is a detail put right in Chinese: "不是九月二十，是十月
// 八号", "不是周三，而是周四".
var zhDetailNotButIs = regexp.MustCompile(`不是([^，,。！!；;\s]{1,12})[，,]\s*(?:而|应该|其实)?是([^，,。！!；;\s]{1,12})`)

// zhSubstitute reads a detail put right in line against subjects: the
// memory that holds the old value, and not the new one, is rewritten with
// the new value.
func zhSubstitute(line string, subjects []Subject) []found {
	if !hasHan(line) {
		return nil
	}
	var out []found
	for _, m := range zhDetailNotButIs.FindAllStringSubmatch(line, -1) {
		old, now := m[1], m[2]
		if utf8.RuneCountInString(old) < 2 {
			continue
		}
		for _, s := range subjects {
			i := strings.Index(s.Text, old)
			if i < 0 || strings.Contains(s.Text, now) {
				continue
			}
			// "九月二十号" put right as "十月八号" keeps one 号.
			rest := s.Text[i+len(old):]
			for _, unit := range []string{"号", "日", "点"} {
				if strings.HasSuffix(now, unit) && strings.HasPrefix(rest, unit) {
					old += unit
				}
			}
			out = replaceDetail(out, s, old, now)
			break
		}
	}
	return out
}

// zhFeltToDeath is a feeling said to the death, "紧张死了", "累死了": no
// pet named.
var zhFeltToDeath = regexp.MustCompile(`^(?:好|真|太|快|都|要|真是|简直)?(?:紧张|累|饿|困|热|冷|笑|气|吓|烦|忙|急|疼|痛|渴|无聊|开心|高兴|难受|丑|美|帅|爽|麻烦|担心|想|怕|痒|晒|挤|闷|臭|吵|懒|馋|羡慕|尴尬|心疼)$`)
