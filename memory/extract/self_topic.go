package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// A statement kept in the author's words names no subject, but most of
// what people correct about themselves falls in a few topics: when they
// work, where they live, what they do for a living, what they eat and
// drink, how they keep fit, how they get about, what they smoke. The
// statement carries its topic as its subject (a key of package subject
// where there is one), so that a later change in other words ("on days
// from Monday" after "on nights all month") finds the memory it ends.
// A topic read from the words is a guess: it lets a change supersede, but
// never makes a plain statement replace another on its own.

// InferredTag marks a memory whose subject was read from its words rather
// than said: reconciliation lets only a change supersede through it, and
// only a change counts as the value of a single-valued key
// (memory.Memory.HoldsValue).
const InferredTag = memory.TagInferredSubject

// The free topics of statements, beside the vocabulary's keys.
const (
	topicDrink     = "drink"
	topicExercise  = "exercise"
	topicTransport = "transport"
	topicSmoking   = "smoking"
	topicMeals     = "meals"
	topicBusiness  = "business"
)

// selfTopic is one topic and the words that tell it, in either language.
type selfTopic struct {
	key    string
	en, zh *regexp.Regexp
}

// selfTopics lists the topics, most telling first: a statement takes the
// first that matches.
var selfTopics = []selfTopic{
	// Living with family is where one lives, whatever else the sentence
	// says ("at my dad's full time now").
	{subject.Residence,
		regexp.MustCompile(`(?i)\bat\s+(?:my|their|our)\s+(?:dad|mum|mom|mother|father|parents|folks|nan|nana|gran|grandma|grandad|grandparents|aunt|auntie|uncle|sister|brother)'?s\s+(?:full[\s-]?time|now|for\s+good|these\s+days)\b|\b(?:staying\s+(?:at|with)|living\s+(?:at|with)|moved\s+in\s+with|back\s+(?:at|with))\s+(?:my|their|our)\s+(?:dad|mum|mom|mother|father|parents|folks|nan|nana|gran|grandma|grandad|grandparents|aunt|auntie|uncle|sister|brother)(?:'?s)?\b`),
		regexp.MustCompile(`(?:住在|住到|搬去|搬到|搬回)(?:我)?(?:爸|妈|父母|爷爷|奶奶|外婆|姥姥|姐姐|哥哥|舅舅|姨)(?:家|那)`)},
	{subject.WorkSchedule,
		regexp.MustCompile(`(?i)\b(?:shifts?|nights|night\s+shift|day\s+shift|on\s+days|rota|roster|earlies|lates|9\s*-?\s*to\s*-?\s*5|mon(?:day)?\s*-\s*fri(?:day)?|opening\s+hours|open\s+at|close\s+at|clock\s+(?:in|on)|swing\s+(?:shift|roster)|(?:new|next|first|last|this|my|on|back\s+on)\s+swing|fifo|dido|even\s+time|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:days?|weeks?)?\s+on,?\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:days?|weeks?)?\s+off)\b`),
		regexp.MustCompile(`夜班|白班|倒班|排班|早班|晚班|上班时间|开门|关门|打烊|营业时间|开播|下播|点开|点关|点到|点下班|点上班`)},
	{topicSmoking,
		regexp.MustCompile(`(?i)\b(?:smok\w*|cigarettes?|fags|vap\w*|nicotine)\b`),
		regexp.MustCompile(`烟|电子烟`)},
	{topicDrink,
		regexp.MustCompile(`(?i)\b(?:coffee|tea|latte|espresso|beer|wine|alcohol|booze|drinks?|drinking|energy\s+drinks?|monster|red\s+bull|soda|coke|juice|pints?)\b`),
		regexp.MustCompile(`咖啡|茶|酒|奶茶|饮料|可乐|豆浆|喝`)},
	{subject.Diet,
		regexp.MustCompile(`(?i)\b(?:vegan|vegetarian|pescatarian|keto|paleo|meat|dairy|gluten|halal|kosher|diet|calories|fasting|low[\s-]?(?:carb|salt|fodmap|sugar))\b`),
		regexp.MustCompile(`吃素|素食|纯素|蛋奶素|荤|清真|忌口|节食|减肥|控糖|低盐|少盐|不吃肉|戒糖`)},
	{topicMeals,
		regexp.MustCompile(`(?i)\b(?:breakfast|lunch|dinner|supper|brunch)\b`),
		regexp.MustCompile(`早餐|早饭|午饭|午餐|晚饭|晚餐|夜宵`)},
	{topicExercise,
		regexp.MustCompile(`(?i)\b(?:gyms?|running|go\s+for\s+a\s+run|runs?\s+\d+k|jog\w*|swim\w*|cycl\w*|climb\w*|boulder\w*|yoga|pilates|walk(?:ing)?\s+group|(?:morning|evening|daily|long|brisk|my|our|their)\s+walks?|walking\s+(?:daily|every|in\s+the\s+(?:morning|evening))|hik\w*|football|soccer|rugby|tennis|badminton|bowling|dance\w*|martial|capoeira|crossfit|kettlebells?|rowing|workouts?|training\s+for\s+(?:a|an|the\s+)?(?:marathon|race|half|10k|5k|triathlon)|marathon|5k|10k|league)\b`),
		regexp.MustCompile(`健身|跑步|夜跑|游泳|骑车|爬山|徒步|瑜伽|普拉提|打球|篮球|足球|羽毛球|乒乓|网球|广场舞|太极|跳舞|锻炼|运动|撸铁|练`)},
	{topicBusiness,
		regexp.MustCompile(`(?i)\b(?:shop|store|stall|salon|caf[eé]|restaurant|takeaway|bakery|clinic|workshop|business)\b`),
		regexp.MustCompile(`店|铺|摊|门面|工作室|档口|生意`)},
	{subject.School,
		regexp.MustCompile(`(?i)\b(?:school|uni|university|college|degree|major|phd|masters|thesis|dissertation|semester|apply(?:ing)?\s+(?:to|for)|medicine|med\s+school)\b`),
		regexp.MustCompile(`学校|大学|专业|学医|读研|读博|考研|高考|报志愿|填志愿|毕业|论文|导师|上学|读书|学临床|本科|硕士|博士`)},
	{subject.Occupation,
		regexp.MustCompile(`(?i)\b(?:work(?:ing|s)?\s+(?:at|for|as|in)|driv(?:e|ing)\s+(?:trucks?|lorries|lorry|vans?|buses|a\s+bus|taxis?|a\s+taxi|cabs?|a\s+cab|trams?|coaches|forklifts?|otr|long[\s-]haul|reefer|flatbed|artics?|hgvs?)\b|job|jobs|hired|employer|company|firm|boss|promot\w*|quit\s+(?:my|the|a)\s+job|resign\w*|put\s+in\s+(?:my|their|her|his)\s+(?:two|2)\s+weeks|redundan\w*|laid\s+off|career|part[\s-]?time|full[\s-]?time|freelanc\w*|self[\s-]?employed|contract)\b|(?:^|,\s*|\b(?:a|an|the|as)\s+)(?-i:\p{Ll}{2,}(?:er|or|ist|ant|ian|nurse|chef|cook|clerk)\s+(?:at|for|with)\s+\p{Lu})`),
		regexp.MustCompile(`上班|工作|打工|兼职|辞职|跳槽|入职|离职|公司|单位|老板|开店|开了个|工作室|跑外卖|送外卖|跑(?:美团|饿了么|滴滴|顺丰|快递|网约车|出租)|跑单|接单|做生意|摆摊|护工|保姆|月嫂|司机|店员|服务员|厨师|骑手|快递员`)},
	{subject.Residence,
		regexp.MustCompile(`(?i)\b(?:live|living|lives|moved|moving\s+(?:to|house|home|out|in|into|back|away|abroad|flat|here|there|nearer|closer|up|down|over)|renting|rent|flat|apartment|(?:bought|sold|selling|buying|rented|renting|moved)\s+(?:the\s+|a\s+|our\s+|my\s+)?(?:new\s+|little\s+|old\s+|two-bedroom\s+)?(?:house|unit)|(?:my|our|a|the)\s+(?:[\p{L}-]+\s+)?(?:house|unit)\s+(?:is|in|on|near|at|by|out)|studio\s+(?:flat|apartment)|(?:a|my|our|the)\s+studio\s+(?:in|near|on|at|by|off)|bungalow|cottage|terrace|townhouse|condo|room\s+in|dorms?|halls|keys\s+to|new\s+place|resid\w*|settled\s+(?:in|into)|home\s+is|home's|doublewide|trailer|caravan|mobile\s+home)\b`),
		// 住 as a verb of its own: not 坚持不住, 记住, 忍不住, 住院.
		regexp.MustCompile(`(?:^|[^不记忍挺顶禁站抓拦停保止包捂按挡握盯稳困拴封])住(?:[^院]|$)|租|搬|合租|公寓|房子|小区|宿舍|(?:^|[^老大国专作回管玩商买卖])家(?:里)?在`)},
	{topicTransport,
		regexp.MustCompile(`(?i)\b(?:car|truck|van|bike|motorbike|scooter|bus|(?:the|a|by)\s+train|trains|tube|subway|metro|commute|drive|driving|licen[cs]e|ttc|skytrain)\b`),
		regexp.MustCompile(`开车|车|地铁|公交|骑车|电动车|驾照|通勤|打车`)},
}

// flatmateWords are words that hold a topic's word without its sense:
// "a member at Anytime Fitness" (no role held there), "flatmate", "live on", "he lives with", "the airline moved it",
// "moved the flight", "a party at the house", "after
// my shift", 酒店, 茶馆, 烟台, 住院, 练字, 遭不住.
var flatmateWords = regexp.MustCompile(`(?i)\b(?:member|volunteer|customer|user|supporter|subscriber|visitor|patient|shopper|passenger|partner|owner|fan)s?\s+(?:at|for|with)\b|\b(?:flat|house|room)mates?\b|\b(?:after|before|during|on|every|each|per|between)\s+(?:(?:my|the|their|a|his|her|each)\s+)?shifts?\b|\blive\s+on\b|\blive\s+for\b|\b(?:he|she|it|who|they\s+both)\s+lives?\b|\b(?:at|to|round)\s+(?:the|his|her|their)\s+(?:house|flat|place)\b|\b(?:moved|moving|move)\s+(?:it|them|that|this|(?:the|my|our|his|her|their)\s+(?:[\p{L}-]+\s+)?(?:` + enPlanNouns + `|date|time|day))\b|[遭受扛记忍挡顶撑憋稳]不住|(?:忍|记|抓|挺|顶|撑|站|停|拦|按)住|\brun\s+(?:a|the|my|our)\s+\w+|酒店|酒吧|酒席|茶馆|茶几|茶叶店|烟台|烟花|住院|练字|练琴|书法|志愿者`)

// topicOf is the topic a statement is about, or "": a key of package
// subject or a free topic.
func topicOf(s string) string {
	s = flatmateWords.ReplaceAllString(text.Simplified(s), " ")
	han := hasHan(s)
	for _, t := range selfTopics {
		if han && t.zh.MatchString(s) || t.en.MatchString(s) {
			return t.key
		}
	}
	return ""
}

// topicQuery are, for the topics that hold one value, the words their
// memories are told in, to look them up by when a change of the topic
// shares no word with them.
var topicQuery = map[string]string{
	subject.Residence:    "live lives living home house flat apartment unit rent renting place 住 租 房子 公寓 宿舍",
	subject.WorkSchedule: "shift shifts nights days roster rota swing on off 班 夜班 白班 排班 倒班",
}

// topicsOf are all the topics a statement speaks of, most telling first.
func topicsOf(s string) []string {
	s = flatmateWords.ReplaceAllString(text.Simplified(s), " ")
	han := hasHan(s)
	var out []string
	for _, t := range selfTopics {
		if (han && t.zh.MatchString(s) || t.en.MatchString(s)) && !slices.Contains(out, t.key) {
			out = append(out, t.key)
		}
	}
	return out
}

// inferred reports whether c's subject was read from its words.
func inferred(c memory.Memory) bool { return slices.Contains(c.Tags, InferredTag) }

// sameTopic reports whether m is on the topic a statement of topic is
// about: by its key (a job by employer or occupation alike), or, for a
// memory keyed by no topic of the list, by its words.
func sameTopic(topic string, m memory.Memory) bool {
	if topic == "" {
		return false
	}
	key := subject.Of(m.Subject)
	if key == topic || habitTopic[key] == topic {
		return true
	}
	job := func(k string) bool { return k == subject.Occupation || k == subject.Employer || k == topicBusiness }
	if slices.ContainsFunc(selfTopics, func(t selfTopic) bool { return t.key == key }) && !inferred(m) || key == subject.Employer {
		return job(key) && job(topic)
	}
	// A memory kept in the author's words may speak of several topics
	// ("34, cook at a camp, 2 on 1 off, home is a unit in Midland").
	for _, k := range topicsOf(m.Text) {
		if k == topic || job(k) && job(topic) {
			return true
		}
	}
	return false
}

// topicOfMemory is the topic a candidate carries: the one read from its
// words when it was inferred, or "".
func topicOfMemory(c memory.Memory) string {
	if !inferred(c) {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(c.Subject))
}
