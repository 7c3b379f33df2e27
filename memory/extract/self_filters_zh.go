package extract

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The Chinese filters of statements about oneself (self_statement.go):
// who a sentence is about, and what is not worth keeping.

// zhFirstPerson is a Chinese sentence speaking of its author.
// Dialect speakers write 额 or 俺 for 我 ("额胃不好", "额们").
var zhFirstPerson = regexp.MustCompile(`我|咱|俺|本人|自己|^额[^度外头]|额们|额家`)

// zhSelfLead is how Chinese opens a statement about oneself with the 我
// left out: a place or a doing ("在一家店打工"), an intention ("打算…",
// "准备…"), a habit or period word ("平时…", "最近…", "周末…"), or a date
// ("11月20号路考").
var zhSelfLead = regexp.MustCompile(`^(?:在|去|要|想|打算|准备|计划|刚|已经|正在|一直|从小|平时|平常|每天|每晚|每早|每周|每个月|每年|周末|最近|从(?:这|下|本|今|明)|现在|目前|如今|以后|后来|这阵子|这段时间|这个月|这周|下周|下个月|下个星期|明天|后天|月底|年底|今年|明年|去年|上个月|上周|人在|有|没有|不|没|戒了|改|换|搬|住|\d{1,2}月|[一二三四五六七八九十]{1,2}月|\d{1,2}[号日])`)

// zhRequest is a Chinese sentence asking the bot to do something.
var zhRequest = regexp.MustCompile(`^(?:那|哎|诶|嗯|好的?|ok|OK)?[，,\s]*(?:不要|帮[我俺额]|帮忙|给[我俺额]|再(?:短|长|简单|详细|少|多)|请你?|麻烦|推荐|你|您|写|翻译|解释|讲讲|说说|讲一下|说一下|列|查|看看|看下|教我|告诉我|能不能|可以|有没有)|帮[我俺额]|给[我俺额]推荐|推荐(?:几|一|个|点)|有啥|咋|怎么|如何|啥好|什么好|行不行|好不好|可以吗|啥[^的]|啥$|[吗呢吧]$`)

// zhPassing is the same in Chinese.
var zhPassing = regexp.MustCompile(`感动|救命|对不起|心疼|考虑要不要|要不要|纠结|^我?(?:好|突然|有点)?想(?:吃|喝|去|要|买|睡)|^我?以前|^我?之前|^我?有\s*(?:friends?|朋友|亲戚|同学|同事)|^(?:早饭|午饭|晚饭|早餐|午餐|晚餐|中午|晚上)吃了|明明|装的这个|给我装|帮我装|^上次|^上回|太冷|太热|冷死|热死|刚起|刚醒|刚到家|刚下班|收工|今晚|今天|这会儿|此刻|好累|好困|累死|困死|饿死|好饿|无聊|^哈哈|^嘿嘿|谢谢|谢啦|多谢|^(?:拜拜|再见|bye)|晚安|回头聊|去做饭了|去睡了|先睡了|^下了|天气|下雨|好热|好冷|绝了|笑死|懂了|明白了|知道了|^好的|收到|没事了|有道理`)

// zhAboutLife are the things a Chinese statement without a subject is
// about when it speaks of its author: body and health, food and drink,
// work and money, home, study, the day's schedule. In a private chat
// "胃不好，凉的吃不了" and "每晚八点开播" need no 我 to be the author's.
var zhAboutLife = regexp.MustCompile(`胃|腰|腿|膝|牙|眼|脖子|颈椎|肩|背|头疼|头痛|手腕|脚|耳朵|嗓子|喉咙|皮肤|血压|血糖|过敏|哮喘|病|药|医生|复查|体检|怀孕|吃|喝|素|烟|酒|咖啡|茶|上班|下班|工作|打工|兼职|辞职|开店|店|工作室|公司|单位|种|养|播|直播|开播|住|租|搬|房子|家|上学|读|考|课|班|点|早上|晚上|周末|每天|习惯|喜欢|爱|讨厌|怕|用`)

// zhLeadFiller is chat filler before a Chinese statement.
var zhLeadFiller = regexp.MustCompile(`^(?:(?:hello|hi|hey|嗨|哈喽|(?:你|您|大家)好(?:嘛|呀|啊|哇|哈|吗)?|嗯+|哦+|诶|哎|对了|另外|还有|然后|其实|话说|说起来|顺便说一下|顺便)[～~，,。！!：:\s]*)+`)

// zhTailFiller is a Chinese sentence's closing particles and moods.
var zhTailFiller = regexp.MustCompile(`[，,\s]*(?:h{2,}|哈{2,}|好紧张|好开心|开心|激动|头疼|难受|哈|啊|呀|哦|呢|啦|嘛|吧|哟|咯)+[～~。！!…]*$`)

// zhPlanCue is the same in Chinese.
var zhPlanCue = regexp.MustCompile(`要|办|参加|打算|准备|计划|考|试|面试|预约|手术|出差|旅行|旅游|婚礼|聚会|截止|开学|入职|报到|去`)

// zhLiking is the same in Chinese.
var zhLiking = regexp.MustCompile(`喜欢|爱|讨厌|受不了|习惯|偏好|最爱|每天|每晚|每早|每周|平时|平常|一般|经常|总是|从来不|从不|周末|一直`)

// zhToYou is how a Chinese message turns to the listener before saying
// something ("跟你说个事", "告诉你"), which is no address to the bot.
var zhToYou = regexp.MustCompile(`^(?:(?:跟|和|给)你(?:说|讲|汇报|更新|报告|交代)(?:个事儿?|一下|下|个情况)?|告诉你(?:个事儿?|一下)?)[：:，,\s]*`)

// zhOthersJob is someone else's job or status: "儿媳妇在幼儿园当老师",
// "Lukas 是纯素的".
var zhOthersJob = regexp.MustCompile(`(?:儿媳妇?|女婿|医生|大夫|老师|导师|老板|房东|邻居|同事|朋友|室友|男朋友|女朋友|老公|老婆|媳妇|孩子|儿子|女儿)(?:在|是|做|当)|(?:^|[，,\s])\p{Lu}\p{Ll}+\s*(?:是|做|在|说)`)

// zhOthersJobIn reports whether s tells where someone else is or what
// they do; "和男朋友在西宁租了房" is where the author lives with them.
func zhOthersJobIn(s string) bool {
	for _, loc := range zhOthersJob.FindAllStringIndex(s, -1) {
		r, _ := utf8.DecodeLastRuneInString(s[:loc[0]])
		if !strings.ContainsRune("和跟同与陪带", r) {
			return true
		}
	}
	return false
}

// zhOwnLead is what may stand before someone else who is the subject of
// a sentence: "我老公…", "我家的狗…", "我们家孩子…".
var zhOwnLead = regexp.MustCompile(`^(?:我|我的|我家|我家的|我们家|我们家的|俺家|咱家)?$`)

// zhOthersFirst reports whether a Chinese sentence is about someone else
// in the author's life: it opens on them ("我朋友对花生过敏", "同事下个月
// 起到总部上班", "儿子的同学…").
func zhOthersFirst(s string) bool {
	loc := zhOther.FindStringIndex(s)
	return loc != nil && zhOwnLead.MatchString(s[:loc[0]])
}

// zhRemark is a sentence judging rather than telling: "新公司离家有点远",
// "压力大但是工资高". Without a subject it tells nothing to keep.
var zhRemark = regexp.MustCompile(`有点|挺|蛮|太|真的?|压力|但是|不过|还行|一般般`)

// zhLaterSelf reports whether the author comes in only after a first
// clause about something else: "豆包也带回来了，天天睡我床上" tells of 豆包.
// A first clause worded as a change and naming no one else is the
// author's own ("针不打了，医生说我…").
func zhLaterSelf(s string) bool {
	first, _, more := strings.Cut(strings.NewReplacer(",", "，").Replace(s), "，")
	return more && !zhFirstPerson.MatchString(first) && !zhSelfLead.MatchString(first) && !zhAboutLife.MatchString(first) &&
		!((zhChangeWords.MatchString(first) || changeCue.MatchString(first)) && !zhOther.MatchString(first))
}

// zhComparison is a sentence weighing one thing against another ("新店比
// 原来大一点", "反而轻松一点"): a remark on a change, whose facts are
// said elsewhere.
var zhComparison = regexp.MustCompile(`比[^较].{0,9}?(?:高|低|大|小|多|少|好|差|贵|便宜|轻松|累|远|近|快|慢)|反而|一点[。！!]?$`)

// zhOthersSay is someone in the author's life reported speaking: "我妈说
// 给我炖汤" is her plan; "医生说我血脂高" is the author's.
var zhOthersSay = regexp.MustCompile(`(?:` + zhFamily + `|同事|朋友|室友|老板|领导|同学|邻居|医生|老师)说(?:[^我俺]|$)`)

// zhDiagnosis is a doctor telling the author what they have: "医生说是痛风",
// "大夫说我血糖高". It is the author's health, not the doctor's words.
var zhDiagnosis = regexp.MustCompile(`(?:医生|大夫|医师)(?:说|讲|话)(?:是|我|用户|有|得了)`)

// zhDoctorSays is a doctor's word reported.
var zhDoctorSays = regexp.MustCompile(`(?:医生|大夫|医师)(?:说|讲)`)

// zhSomeone is a sentence about someone unnamed: "有人刷…", "别人说…".
var zhSomeone = regexp.MustCompile(`有人|别人|人家说|大家都|^(?:同桌|舍友|闺蜜|哥们|兄弟|师傅|徒弟|学生|病人|客人|组里)`)

// zhEvery marks a routine in Chinese ("每周一三五去健身房"): its day
// recurs, it is no plan.
var zhEvery = regexp.MustCompile(`每周|每天|每晚|每个(?:周|星期|月)|每星期|每月|每年|周末都|一般`)

// zhChangeWords are the same in Chinese: stopped ("没沾了", "停了"), given
// up ("戒了", "拜拜了"), changed ("改", "换", "挪到").
var zhChangeWords = regexp.MustCompile(`没.{0,6}了|停了|戒了|拜拜了|改|换|挪到|搬|退租|不干了|以后`)

// zhGrammar are characters that carry no content of their own.
const zhGrammar = "我的了是在也都就还很很又把被着过啊呀呢吧哈嘛么这那个一"

// zhContent counts the characters of s that carry content: Chinese
// characters besides the grammar, and each Latin word as two (a word
// carries what two characters do).
func zhContent(s string) int {
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Han, r) && !strings.ContainsRune(zhGrammar, r) {
			n++
		}
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) }) {
		if len(w) >= 2 {
			n += 2
		}
	}
	return n
}
