package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// The routines of a life the sentence rules read beside enLife and
// zhLife: when someone works (shifts, office or home), what they do in
// their free time, which tool they use for a task, and how they like to
// be answered. A work pattern is single-valued, so "I'm on day shifts
// now" replaces "I work nights"; hobbies are many; a tool is keyed by the
// task it is used for, so "现在改用手机App" replaces "用笔记本记账".

// answerSubject is the free-topic subject of how the person likes to be
// answered; the profile reads it (memory/service answerStyleSubjects).
const answerSubject = "answers"

// exerciseKind is the subject of a sport or workout, so that "I switched
// from running to swimming" lands on the memory of the running.
const exerciseKind = "exercise"

// exerciseWords name sports and workouts, in both languages.
var exerciseWords = []string{
	"跑步", "慢跑", "夜跑", "晨跑", "游泳", "健身", "撸铁", "瑜伽", "普拉提", "骑车", "骑行", "爬山", "徒步", "羽毛球", "乒乓球",
	"网球", "篮球", "足球", "排球", "跳绳", "拳击", "太极", "攀岩", "滑板", "广场舞", "冬泳", "跳操", "健身操", "帕梅拉",
	"running", "jogging", "swimming", "gym", "yoga", "pilates", "cycling", "hiking", "climbing", "bouldering",
	"badminton", "tennis", "netball", "football", "basketball", "volleyball", "squash", "boxing", "rowing",
}

// activityKind returns exerciseKind when obj names a sport, or "".
func activityKind(obj string) string {
	o := strings.ToLower(obj)
	for _, w := range exerciseWords {
		if strings.Contains(o, w) {
			return exerciseKind
		}
	}
	return ""
}

// enShift is an English work pattern: shifts, days of the week, where.
const enShift = `(nights?|days|weekends|evenings|(?:the\s+)?(?:night|day|early|late|evening|morning|graveyard|rotating|split)\s+shifts?|shift\s+work|part[- ]time|full[- ]time|from\s+home|remotely|remote|(?:in|at)\s+the\s+office|(?:four|three|two|five)\s+days\s+a\s+week)`

// enRoutine are the English routine rules.
var enRoutine = []lifeRule{
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+(?:now\s+|currently\s+|still\s+|back\s+)?(?:on|doing|working)\s+` + enShift + `(.*)`), enWorkPattern},
	{regexp.MustCompile(`(?i)\bI\s+(?:now\s+|usually\s+|mostly\s+|only\s+|still\s+|mainly\s+)?work\s+` + enShift + `(.*)`), enWorkPattern},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:now\s+|back\s+)?(in\s+the\s+office)(\s+(?:every\s+day|full[- ]time|daily|(?:four|three|two|five)\s+days\s+a\s+week|on\s+\w+days?).*)`), enWorkPattern},
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+|regularly\s+|usually\s+)?(play|grow|practi[sc]e|do)\s+((?:the\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+){0,2}?)(\s+(?:on\s+(?:my\s+|the\s+)?[\p{L}]+(?:\s+(?:mornings|afternoons|evenings|nights))?|every\s+[\p{L}]+(?:\s+[\p{L}]+)?|at\s+(?:the\s+)?weekends?|in\s+(?:my|the)\s+(?:garden|allotment|spare\s+time|free\s+time)|(?:once|twice|\w+\s+times)\s+a\s+(?:week|month)|for\s+(?:fun|a\s+local\s+\w+)|with\s+[\p{L}]+(?:\s+[\p{L}]+)?)[\p{L}\s]*?)?\s*(?:[,;.!]|\s-\s|$)`), enHobby},
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+|regularly\s+|usually\s+)?go\s+([\p{L}]+ing)\b(\s+(?:on\s+[\p{L}]+|every\s+[\p{L}]+(?:\s+[\p{L}]+)?|at\s+(?:the\s+)?weekends?|(?:once|twice|\w+\s+times)\s+a\s+(?:week|month))[\p{L}\s]*)?`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enHobby([]string{m[0], "go", m[1], m[2]}, "", time.Time{})
	}},
	// "I go for a swim before work on Mondays": a pastime named by its
	// outing.
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+|regularly\s+|usually\s+|often\s+|always\s+)?go\s+for\s+an?\s+(swim|run|jog|walk|bike\s+ride|ride|hike)\b((?:\s+(?:before|after)\s+(?:work|school|breakfast|dinner))?\s+(?:on\s+[\p{L}]+(?:\s+and\s+[\p{L}]+)?|every\s+[\p{L}]+(?:\s+[\p{L}]+)?|at\s+(?:the\s+)?weekends?|(?:once|twice|\w+\s+times)\s+a\s+(?:week|month)))`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enHobby([]string{m[0], "go", enOuting[strings.ToLower(strings.Join(strings.Fields(m[1]), " "))], m[2]}, "", time.Time{})
	}},
	// "I'm a nurse in Leeds": where they work is where they live.
	{regexp.MustCompile(`\bI(?i:'m|\s+am)\s+(?i:an?)\s+[\p{Ll}' -]{2,40}?\s+(?i:in|based\s+in)\s+(\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?)\s*(?:[,.;!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Lives in "+m[1], subject.Residence, m[1])
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:only\s+|strictly\s+|always\s+)?(?:eat|keep|eat\s+only)\s+(halal|kosher)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enFact("Eats "+strings.ToLower(m[1])+" only", subject.Diet, strings.ToLower(m[1]))
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		f.change = changeCue.MatchString(sentence)
		return f, ok
	}},
	// Where a task is kept is the tool for it ("I keep all my marking in
	// Excel", "I do my accounts in Google Sheets").
	{regexp.MustCompile(`(?i)\bI\s+(?:usually\s+|mostly\s+|always\s+|now\s+)?(?:keep|do|track|write|plan)\s+(?:all\s+)?(?:of\s+)?(?:my|our)\s+([\p{L}]+(?:\s+[\p{L}]+)?)\s+(?:in|on)\s+((?-i:\p{Lu})[\p{L}\p{N}.+-]*(?:\s+(?-i:\p{Lu})[\p{L}\p{N}.+-]*)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		tool, task := m[2], strings.ToLower(m[1])
		key := firstNonEmpty(subject.ToolOf(tool), subject.ToolOf(task))
		if key == "" || !validObject(task) {
			return found{}, false // only a known kind of tool is a lasting choice
		}
		return found{text: "Uses " + tool + " for " + task, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: tool, terms: []string{tool, task, "tool"}, keyed: true, change: changeCue.MatchString(sentence)}, true
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:usually\s+|mostly\s+|always\s+|now\s+)?use\s+(\p{Lu}[\p{L}\p{N}.+-]*(?:\s+\p{Lu}[\p{L}\p{N}.+-]*)?)\s+for\s+((?:my\s+)?[\p{L}]+(?:\s+[\p{L}]+)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		task := strings.TrimPrefix(strings.ToLower(m[2]), "my ")
		if !validObject(m[1]) || !validObject(task) {
			return found{}, false // "I use it for everything"
		}
		key := firstNonEmpty(subject.ToolOf(m[1]), subject.ToolOf(task), subject.ToolPrefix+task)
		return found{text: "Uses " + m[1] + " for " + task, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: m[1], terms: []string{m[1], task, "tool"}, keyed: true, change: changeCue.MatchString(sentence)}, true
	}},
}

// enWorkPattern builds the work pattern of "I work nights at a
// warehouse", "I'm on day shifts from now on".
func enWorkPattern(m []string, sentence string, _ time.Time) (found, bool) {
	pattern := strings.Join(strings.Fields(strings.ToLower(m[1])), " ")
	rest := trimObject(enClauseEnd.ReplaceAllString(m[2], ""))
	t := strings.TrimSpace("Works " + pattern + " " + rest)
	f, ok := enFact(t, subject.WorkSchedule, pattern)
	f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
	f.terms = append(f.terms, "work", "schedule", "shift", "上班")
	f.change = changeCue.MatchString(sentence) || strings.Contains(strings.ToLower(sentence), "from now on")
	return f, ok
}

// enNotHobby are objects of "I play/grow/do" that are no pastime.
var enNotHobby = regexp.MustCompile(`(?i)^(?:it|this|that|them|a\s+role|a\s+part|my\s+part|the\s+part|along|tired|old|older|up|weary|bored|fond|impatient|closer|apart|nothing|anything|something|everything|a\s+lot|the\s+same|my\s+best|what|my\s+job|the\s+dishes|the\s+shopping|the\s+laundry|the\s+cooking|the\s+cleaning|the\s+washing|my\s+homework|homework|overtime|so|too)\b`)

// enMyTheir is "my" in a phrase rewritten about the person.
var enMyTheir = regexp.MustCompile(`(?i)\bmy\b`)

// enOuting names the pastime of an outing ("a swim" → swimming).
var enOuting = map[string]string{"swim": "swimming", "run": "running", "jog": "jogging", "walk": "walking",
	"bike ride": "cycling", "ride": "cycling", "hike": "hiking"}

// enHobby builds a pastime: "I play netball on Thursday evenings", "I grow
// chillies on my balcony", "I do pottery on Sunday afternoons".
func enHobby(m []string, _ string, _ time.Time) (found, bool) {
	verb, obj, when := strings.ToLower(m[1]), trimObject(m[2]), strings.TrimSpace(m[3])
	if !validObject(obj) || enNotHobby.MatchString(obj) || (verb == "do" || verb == "go") && when == "" && activityKind(obj) == "" {
		return found{}, false // "I do the dishes", "I go home"
	}
	t := upperFirst(verb) + "s " + obj
	if verb == "go" || verb == "do" {
		t = upperFirst(verb) + "es " + obj
	}
	if when != "" {
		t += " " + enMyTheir.ReplaceAllString(trimObject(when), "their")
	}
	return found{text: t, subject: firstNonEmpty(activityKind(obj), enHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj, "hobby", "爱好"}}, true
}

// zhShift is a Chinese work pattern.
const zhShift = `(上(?:大)?夜班|上白班|上早班|上晚班|上中班|倒班|轮班|值夜班|(?:在家|居家)(?:办公|上班|工作)|远程(?:办公|工作|上班)|(?:每天|天天)(?:都)?(?:去|到|在)公司(?:上班|办公)?|坐班|双休|单休|大小周)`

// zhFrequency is a clause that says how often ("一周三个晚上").
var zhFrequency = regexp.MustCompile(`^(?:一周|每周|每个月|一个月|每天|周[一二三四五六日末])`)

// zhRoutine are the Chinese routine rules.
var zhRoutine = []lifeRule{
	{regexp.MustCompile(`(?:^|我|[，,])` + zhAdverbs + `((?:最近|这段时间|这个月|平时|一般|开始|改成|改为|换成)*(?:在|要|都|也)?` + zhShift + `[^，,。！!；;]*)(?:[，,]([^，,。！!；;]+))?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if zhOther.MatchString(sentence) && !strings.Contains(sentence, "我") {
			return found{}, false // "老公上夜班"
		}
		t := trimObject(m[2])
		if next := strings.TrimSpace(m[4]); zhFrequency.MatchString(next) {
			t += "，" + trimObject(next)
		}
		f, ok := zhFact(t, subject.WorkSchedule, m[3])
		f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
		f.terms = append(f.terms, "上班", "作息", "work", "shift")
		f.change = changeCue.MatchString(sentence) || strings.Contains(m[0], "开始")
		return f, ok
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `((?:每周[一二三四五六日天](?:[和、跟]周[一二三四五六日天])*|每周|每天|天天|每晚|每个?周末|周末|平时|经常|一周[一两二三四五六七]次|每个?(?:早上|晚上))(?:早上|晚上|下午|中午)?(?:[一二三四五六七八九十两\d]+点(?:半)?)?(?:都|会|去|起来|起床|坚持)*(?:打|练|跑|游|踢|弹|拉|画|骑|爬|跳|做|去)(.{1,6}?))(?:[，,；;。！!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(m[2])
		if !validObject(what) || strings.Contains(what, "班") || zhNotHobby.MatchString(m[3]) {
			return found{}, false
		}
		return found{text: what, subject: firstNonEmpty(activityKind(what), zhHead(what)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "爱好", "hobby"}}, true
	}},
	// "我不用笔记本记账了，现在改用手机App": the tool of a task changes.
	{regexp.MustCompile(`(?:不再|不)用(.{1,10}?)(` + zhTask + `)?了[，,]?\s*(?:现在|目前|如今)?(?:都)?(?:改用|换用|换成|改成|用)(?:了)?\s*(.{1,15}?)(?:来)?(` + zhTask + `)?了?[。！!]*$`), func(m []string, _ string, _ time.Time) (found, bool) {
		from, to, task := trimObject(m[1]), trimObject(m[3]), firstNonEmpty(m[4], m[2])
		if !validObject(to) {
			return found{}, false
		}
		f := zhTool(to, task, true)
		f.text = "改用" + to + task
		f.replaces, f.terms = from, append(f.terms, from)
		return f, true
	}},
	{regexp.MustCompile(`我` + zhAdverbs + `(?:一直|平时|一般|通常|主要|都|习惯)*(?:用|使用)\s*(.{1,12}?)\s*(?:来)?(` + zhTask + `)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		to := trimObject(m[2])
		if !validObject(to) {
			return found{}, false
		}
		return zhTool(to, m[3], changeCue.MatchString(sentence)), true
	}},
	// "Photoshop 太贵了，我现在用 Figma": a known tool, now.
	{regexp.MustCompile(`我` + `(?:现在|目前|如今)(?:都|改|换)?(?:用|使用)\s*([A-Za-z][\w.+-]*(?:\s[A-Za-z][\w.+-]*)?)`), func(m []string, _ string, _ time.Time) (found, bool) {
		if subject.ToolOf(m[1]) == "" {
			return found{}, false
		}
		return zhTool(m[1], "", true), true
	}},
	{regexp.MustCompile(`(?:^|我|[，,])(?:只|一直|都|也)?(?:吃清真|是清真)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if zhOther.MatchString(sentence) && !strings.Contains(sentence, "我") {
			return found{}, false
		}
		f, ok := zhFact("吃清真", subject.Diet, "清真")
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "饮食", "diet", "halal")
		f.change = changeCue.MatchString(sentence)
		return f, ok
	}},
}

// zhTask are the tasks a tool is named for.
const zhTask = `记账|做图|作图|画图|修图|设计|剪视频|剪辑|写代码|编程|记笔记|做笔记|写作|写东西|做报表|做表格|做表|做PPT|做ppt|听歌|看书|背单词|学英语`

// zhNotHobby are objects of a routine verb that are chores, not pastimes.
var zhNotHobby = regexp.MustCompile(`^(?:饭|菜|家务|作业|功课|核酸|检查|班|加班|卡|报告|表)`)

// zhTool builds the tool used for a task, keyed by the task's kind.
func zhTool(tool, task string, change bool) found {
	key := firstNonEmpty(subject.ToolOf(task), subject.ToolOf(tool))
	if key == "" && task != "" {
		key = subject.ToolPrefix + task
	}
	if key == "" {
		key = zhHead(tool)
	}
	return found{text: "用" + tool + task, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: tool, terms: []string{tool, task, "工具", "tool"}, keyed: true, change: change}
}

// How the person likes to be answered: each style a sentence asks for,
// kept when the sentence speaks of answers in general ("when you answer
// me", "your replies", "回答我的时候", "以后") rather than of one answer
// ("keep it short, it's for a card").
var (
	enStyleGeneral = regexp.MustCompile(`(?i)\b(?:answers?|replies|reply|responses?|messages|when\s+you\s+(?:answer|reply|write|respond)|always|every\s+time|in\s+general|from\s+now\s+on|i\s+skim|on\s+my\s+phone|if\s+you\s+please|in\s+writing|with\s+me|when\s+you\s+explain)\b`)
	zhStyleGeneral = regexp.MustCompile(`回答|回复|答复|回话|以后|每次|平时|一般|总是|说话|回我|跟我说|和我说|给我回|(?:讲|解释|说)[^，,。]{0,10}的时候`)
	enStyles       = []struct {
		re   *regexp.Regexp
		text string
	}{
		{regexp.MustCompile(`(?i)\b(?:keep|make)\s+(?:it|them|things|(?:your\s+)?(?:answers|replies|responses))\s+(?:short|brief|concise|to\s+the\s+point)|\b(?:short|brief|concise)\s+(?:answers|replies|responses)\s+please|\bno\s+long\s+(?:answers|replies)`), "short"},
		{regexp.MustCompile(`(?i)\bbullet(?:ed)?[- ]?(?:points?|lists?)|\bbullets\b`), "in bullet points"},
		{regexp.MustCompile(`(?i)\b(?:don'?t|do\s+not|never|no)\s+(?:use\s+|add\s+|put\s+)?(?:any\s+)?emojis?\b`), "without emojis"},
		{regexp.MustCompile(`(?i)\b(?:in\s+)?plain\s+(?:english|language|words)|\bno\s+jargon|\bsimple\s+words`), "in plain words"},
		{regexp.MustCompile(`(?i)\b(?:use|in|stick\s+to|give\s+me)\s+(?:metric|celsius)\b`), "in metric units"},
		{regexp.MustCompile(`(?i)\b(?:whole|full)\s+words\b|\bno\s+(?:abbreviations|text\s*speak|shortened\s+words)`), "in whole words, without abbreviations"},
		{regexp.MustCompile(`(?i)\b(?:use|in|stick\s+to|give\s+me)\s+imperial\b`), "in imperial units"},
		{regexp.MustCompile(`(?i)\bgive\s+me\s+(?:some\s+)?examples,?\s+not\s+(?:only|just)\b|\b(?:when|whenever)\s+you\s+explain\b[^.;!?]{0,40}\bexamples\b`), "with examples"},
	}
	zhStyles = []struct {
		re   *regexp.Regexp
		text string
	}{
		{regexp.MustCompile(`(?:简短|简洁|简单|短)一?(?:点|些)|别太长|不要太长|别啰嗦|不要啰嗦|长话短说|(?:别|甭|不要|听不了|受不了)[^，,。]{0,4}(?:长篇大论|念经)|三两句|两三句|一两句话|控制在\p{Han}{1,4}(?:行|句|个字|字)(?:以内|之内)`), "简短"},
		{regexp.MustCompile(`列(?:出)?要点|分点|列点|列表|要点就行`), "列要点"},
		{regexp.MustCompile(`(?:你|回我|回答|回复|讲|解释)[^。！!]{0,16}?(?:多用表格|用表格|做成表格|列成表格)`), "多用表格"},
		{regexp.MustCompile(`(?:回我|回答|回复|跟我|和我|给我)[^，,。]{0,6}?(?:说|讲|捡|挑)重点|(?:说|讲)重点就(?:行|好|可以)`), "说重点"},
		{regexp.MustCompile(`字少一?(?:点|些)|(?:别|不要|莫|甭)(?:整|写|弄|搞)(?:得)?(?:太|那么)长|(?:没空|没时间|懒得)看长的`), "简短"},
		{regexp.MustCompile(`(?:别|不要|不用|不许|少)(?:用|加|发)?(?:太多)?(?:表情|emoji)`), "不用表情"},
		{regexp.MustCompile(`(?:别|不要|少)(?:用|说|讲|带)?(?:太多)?(?:专业)?(?:术语|行话)`), "少用术语"},
		{regexp.MustCompile(`用中文(?:回|回复|回答|就行|就好)|只用中文`), "用中文"},
		{regexp.MustCompile(`通俗|大白话|说人话`), "说得通俗"},
		{regexp.MustCompile(`直接一?(?:点|些)|别绕弯子?|不要绕弯子?|开门见山|直来直去|(?:别|不要|甭|莫)(?:整|弄|搞|说)?(?:得)?(?:那么|太)?文绉绉`), "直接"},
		{regexp.MustCompile(`(?:别|不要|不用|少|甭)(?:夹|用|带|加|掺)?(?:那些|这些|太多)?英文|只用中文|全用中文|说中国话`), "不夹英文"},
	}
)

// enAnswerLanguage and zhAnswerLanguage are the language the person
// wants answers in ("answer me always in English", "用英文回我"); Chinese
// itself is one of zhStyles.
var (
	enAnswerLanguage = regexp.MustCompile(`(?i)\b(?:answer|reply|respond|write|talk|speak|text)(?:\s+(?:to\s+)?me)?(?:\s+(?:always|only|just))?\s+in\s+(english|spanish|french|german|italian|portuguese|dutch|polish|russian|arabic|hindi|urdu|chinese|mandarin|cantonese|japanese|korean|turkish|swedish|greek|ukrainian|vietnamese|indonesian|tagalog|welsh)\b`)
	zhAnswerLanguage = regexp.MustCompile(`用(英文|英语|日语|日文|韩语|粤语|法语|德语|西班牙语)(?:回|回复|回答|跟我说|和我说|给我回|交流|聊)`)
)

// zhNotBefore ends what comes before a style it turns down ("别用英文回我").
var zhNotBefore = regexp.MustCompile(`(?:别|不要|不用|不许|少|不)$`)

// zhOneOffAsk opens a request for one piece of writing ("帮我想想寿宴上说
// 几句话 简单点"): how short that one should be is no standing wish.
// zhStandingAsk asks for a way of answering that stands, put as a
// question ("讲语法的时候能不能多用表格").
var zhStandingAsk = regexp.MustCompile(`(?:的时候|以后|每次)(?:你)?(?:能不能|可不可以|能否|可以)`)

// enCodeLanguage is the language code examples are wanted in ("examples
// in rust from now on, not C").
var enCodeLanguage = regexp.MustCompile(`(?i)\b(?:code\s+)?examples?\s+in\s+(rust|go|golang|python|java|javascript|typescript|kotlin|swift|ruby|php|c\+\+|c#|haskell|elixir|scala|lua|zig)(?:\s|[,.;!]|$)`)

var zhOneOffAsk = regexp.MustCompile(`^(?:帮我|帮忙|麻烦你?帮?我?|请帮我|给我(?:写|想|出|做|列|编)|写(?:一|个|几|段|篇|条))`)

// answerStyle reads how the person wants to be answered.
func answerStyle(sentence string) (found, bool) {
	if isQuestion(sentence) && !zhStandingAsk.MatchString(sentence) {
		return found{}, false
	}
	var got []string
	if hasHan(sentence) {
		if !zhStyleGeneral.MatchString(sentence) || zhOneOffAsk.MatchString(sentence) {
			return found{}, false
		}
		for _, s := range zhStyles {
			if s.re.MatchString(sentence) {
				got = append(got, s.text)
			}
		}
		if m := zhAnswerLanguage.FindStringSubmatchIndex(sentence); m != nil && !zhNotBefore.MatchString(sentence[:m[0]]) {
			got = append(got, "用"+sentence[m[2]:m[3]])
		}
		if len(got) == 0 {
			return found{}, false
		}
		lead := "希望回答"
		if strings.Contains(sentence, "说话") && slices.Equal(got, []string{"直接"}) {
			// "说话直接点" is about how to talk, not about length.
			lead = "希望说话"
		}
		return styleFound(lead+strings.Join(got, "、"), got, "回答", "回复"), true
	}
	if !enStyleGeneral.MatchString(sentence) {
		return found{}, false
	}
	for _, s := range enStyles {
		if s.re.MatchString(sentence) {
			got = append(got, s.text)
		}
	}
	if m := enAnswerLanguage.FindStringSubmatch(sentence); m != nil {
		got = append(got, "in "+upperFirst(strings.ToLower(m[1])))
	}
	if m := enCodeLanguage.FindStringSubmatch(sentence); m != nil {
		got = append(got, "with code examples in "+upperFirst(strings.ToLower(m[1])))
	}
	if len(got) == 0 {
		return found{}, false
	}
	t := "Wants answers " + strings.Join(got, ", ")
	if got[0] == "short" {
		t = "Wants short answers"
		if len(got) > 1 {
			t += ", " + strings.Join(got[1:], ", ")
		}
	}
	return styleFound(t, got, "answers", "replies"), true
}

// styleFound builds an answer-style preference.
func styleFound(t string, styles []string, terms ...string) found {
	return found{text: t, subject: answerSubject, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.8, confidence: 0.85, object: t, terms: append(append(terms, styles...), "style", "回答方式")}
}

// answerStyleWords are the subjects a clause rule gives a preference about
// answers ("I hate long replies"), which an answer style already says.
var answerStyleWords = map[string]bool{"answers": true, "answer": true, "replies": true, "reply": true, "responses": true, "回答": true, "回复": true}
