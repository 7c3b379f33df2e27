package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// People describe themselves in passing, and in Chinese often by what
// they do rather than by a title: "我是跑网约车的", "我在宁波港开龙门吊",
// "我住呈贡", "奶茶我只点三分糖", "我冬泳好多年了". These clause patterns
// run before zhPatterns; findInSentence has already lent each clause the
// 我 of its sentence when it is the author's.

// zhJobLead is what may stand between 我 and a job: a time, a change
// ("后来改成", "这个月开始") and the place ("在哈尔滨").
const zhJobLead = `((?:后来|现在|如今|目前|这个月|上个月|今年|去年|最近|从上个月起|从这个月起)?(?:自己)?(?:开始|改成|改为|换成|改|转行)?)(?:在(\p{Han}{1,10}?))?`

// zhJobWork is the work itself, named by its verb and object: driving a
// vehicle or machine, running a shop, delivering, teaching.
const zhJobWork = `((?:开|跑)(?:出租车?|的士|网约车|滴滴|货车|大车|卡车|长途|公交车?|地铁|龙门吊|吊车|塔吊|叉车|挖掘机|铲车|飞机|轮船|船)|` +
	`跑(?:外卖|快递|物流|运输|业务|销售)|送(?:外卖|快递|货|水|报纸)|` +
	`开(?:了)?(?:一?家|个|间)?(?:\p{Han}{0,5}(?:店|馆|铺|网店|公司|工作室|诊所|厂|超市|餐厅|民宿))|` +
	`教(?:书|数学|语文|英语|物理|化学|历史|地理|生物|音乐|美术|体育|钢琴|舞蹈|画画|编程|小学|初中|高中|大学))`

// zhSelfPatterns are the self-description patterns, most specific first.
var zhSelfPatterns = []pattern{
	// "我是跑网约车的", "我是开货车的", "我是做外贸的".
	{regexp.MustCompile(`^我(?:其实|现在|本来)?是(?:一个|个)?((?:跑|开|送|做|干|搞|卖|修|教|当)\p{Han}{1,8}?)的`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return withShift(zhJob(m[1], ""))(sentence)
	}},
	// "我在哈尔滨开出租十几年了", "我这个月开始跑网约车", "我在县城开了家奶茶店".
	{regexp.MustCompile(`^我` + zhAdverbs + zhJobLead + zhJobWork + `(\p{Han}{0,8}?)了?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		place, work, tail := m[3], m[4], m[5]
		if place != "" && zhNotJobPlace.MatchString(place) {
			return found{}, false
		}
		return withShift(zhJob(work+tail, place))(sentence)
	}},
	// A transfer: "领导把我调到调度室了", "我被调去总部了".
	{regexp.MustCompile(`(?:把我|^我被?)(?:调到|调去|调进|调回)了?(\p{Han}{2,8}?)了?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := zhFact("调到"+m[1], subject.Occupation, m[1])
		f.terms = append(f.terms, "工作", "job")
		return withShift(changed(f, ok))(sentence)
	}},
	// Routines: "我每周上三次普拉提", "周末一般带小宇去爬西山".
	// Said without 我 too ("每天早上跑五公里") when nobody else is named.
	{regexp.MustCompile(`^我?` + zhAdverbs + `(` + zhOften + `)(?:早上|晚上|下午|中午|上午)?我?((?:一般|都|会|要|坚持|常|经常|去|来)*(?:带(\p{Han}{1,4}?))?(?:(?:在|去|到)\s*(?:[\p{Han}A-Za-z][\p{Han}A-Za-z ]{0,15}?)?\s*)?(?:打|练|跑|游|踢|弹|拉|画|骑|爬|跳|做|上|玩|钓|逛|学|追|走)(?:[一二三四五六七八九十两\d]+次)?[\p{Han}\w]{1,10}?)$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := m[3]
		if zhNotHobby.MatchString(what) || strings.Contains(what, "班") || zhErrand.MatchString(what) || !zhOwnSentence(m[0], sentence) {
			return found{}, false
		}
		return zhRoutineOf(strings.TrimPrefix(strings.TrimPrefix(m[0], "我"), m[1]), what, sentence)
	}},
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:平时|一般|经常|常|爱)?(玩|养|收藏|拍|钓)(\p{Han}{2,10}?)$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !strings.Contains(m[1], "平时") && !strings.Contains(m[1], "一直") && !zhOftenRe.MatchString(sentence) {
			return found{}, false
		}
		return zhRoutineOf(strings.TrimPrefix(m[1], "现在")+m[2]+m[3], m[3], sentence)
	}},
	// "我后来改成在石林景区当讲解员": a job that follows a change word.
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:后来|现在|如今|这个月|上个月)?(?:开始|改成|改为|换成|改行|改|转行)(?:去|到)?(?:在(\p{Han}{2,10}?))?(做|当|干)(\p{Han}{1,10}?)了?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if zhNotWork.MatchString(m[2]) || zhNotRole.MatchString(m[4]) {
			return found{}, false
		}
		// The role is what a change of job names; it replaces the role.
		f, ok := zhJob(m[3]+m[4], m[2])
		f.subject = subject.Occupation
		return withShift(f, ok)(sentence)
	}},
	// Selling at a place is a job: "我在景区卖票", "我在菜市场卖菜".
	{regexp.MustCompile(`^我` + zhAdverbs + `在(\p{Han}{2,8}?)(卖\p{Han}{1,4}?)了?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if zhNotJobPlace.MatchString(m[2]) || strings.HasPrefix(m[2], "网上") || strings.HasPrefix(m[2], "闲鱼") {
			return found{}, false
		}
		return withShift(zhJob(m[3], m[2]))(sentence)
	}},
	// Home: "我住道里区", "我在滨江住", "我跟我妈住在盘龙区".
	{regexp.MustCompile(`^(?:我(?:们)?(?:一家|全家|俩)?)?` + zhAdverbs + `(?:(?:跟|和|与)(\p{Han}{1,4}?)(?:一起)?)?(?:是)?住(?:在)?(\p{Han}{2,8}?)(?:那边|那儿|这边|附近|一带|她那儿|他那儿|家)?$`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhHome(m[2], m[3])
	}},
	{regexp.MustCompile(`^我` + zhAdverbs + `在(\p{Han}{2,8}?)住(?:着|了)?(?:` + zhYears + `)?了?$`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhHome("", m[2])
	}},
	// "我干销售的", "我做外贸的".
	{regexp.MustCompile(`^我(?:是)?(干|做|搞)(\p{Han}{1,6}?)的$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return withShift(zhJob(m[1]+m[2], ""))(sentence)
	}},
	// Home said as where the family is: "我家在顺义".
	{regexp.MustCompile(`^我(?:们)?家(?:住)?在(\p{Han}{2,8}?)$`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhHome("", m[1])
	}},
	// What sets off an allergy: "我吃虾会过敏", "我一喝酒就过敏".
	{regexp.MustCompile(`^我(?:一)?(?:吃|喝|碰|用|闻|摸)(?:了)?(\p{Han}{1,6}?)(?:就|会|都会|容易)(?:有点)?过敏`), func(m []string, _ string, _ time.Time) (found, bool) {
		if zhOther.MatchString(m[1]) {
			return found{}, false
		}
		return zhFact("对"+m[1]+"过敏", subject.AllergyPrefix+m[1], m[1])
	}},
	// Medication and readings: "我一直在吃降压药", "我血糖高".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:在)?(?:吃|打|用)(\p{Han}{0,6}?(?:药|胰岛素))$`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact(strings.TrimPrefix(m[1], "现在")+"在用"+m[2], subject.HealthPrefix+"用药", m[2])
		f.text = trimObject(m[0][len("我"):])
		f.terms = append(f.terms, "健康", "health", "吃药")
		return f, ok
	}},
	{regexp.MustCompile(`^我` + zhAdverbs + `(血糖|血压|血脂|尿酸|胆固醇|眼压)(?:有点|偏|比较|一直)?(高|低)`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact(m[2]+m[3], subject.HealthPrefix+m[2], m[2])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	{regexp.MustCompile(`^我` + zhAdverbs + `(腰椎间盘突出|腰间盘突出|颈椎病|低血糖|贫血|失眠|痛风|偏头痛)`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact(m[2], subject.HealthPrefix+m[2], m[2])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	// Pregnancy and the like: "我怀孕五个月了", "我在备孕".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:在)?(怀孕|备孕|哺乳期|坐月子)(\p{Han}{0,6}?)了?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !strings.Contains(sentence, m[0]) {
			return found{}, false // "不再喝酒了，在备孕": the reason for a change, said with it
		}
		f, ok := zhFact(m[2]+m[3], subject.HealthPrefix+m[2], m[2])
		f.terms = append(f.terms, "健康", "health", "孕妇")
		return f, ok
	}},
	// "我一直有失眠的毛病".
	{regexp.MustCompile(`^我` + zhAdverbs + `有(\p{Han}{1,6}?)的(?:毛病|老毛病|问题)`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact("有"+m[2]+"的毛病", subject.HealthPrefix+m[2], m[2])
		f.terms = append(f.terms, "健康", "health")
		return f, ok
	}},
	// Allergies without 对: "我海鲜过敏", "我其实是阿莫西林过敏".
	{regexp.MustCompile(`^(?:其实|实际上|原来)?我` + zhAdverbs + `(?:是)?(?:对)?(\p{Han}{1,6}?)过敏(?:$|[^原源]|原因)`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := m[2]
		// "我猫过敏" may be the cat's; "我猫毛过敏" is the author's, to
		// the animal's hair.
		dander := strings.HasSuffix(what, "毛") || strings.HasSuffix(what, "皮屑")
		if zhNotAllergen.MatchString(what) || strings.ContainsAny(what, "对会就吃喝") || zhOther.MatchString(what) && !dander {
			return found{}, false
		}
		return zhFact("对"+what+"过敏", subject.AllergyPrefix+what, what)
	}},
	// Not a bit of it: "一点辣都吃不了", "我一点海鲜都不能碰".
	{regexp.MustCompile(`(?:^我?|我|但是|可是|不过)` + zhAdverbs + `(?:一点|一点点|一丁点)(\p{Han}{1,3}?)都(?:吃不了|不能吃|不敢吃|碰不了|碰不得|不能碰|吃不得)`), func(m []string, _ string, _ time.Time) (found, bool) {
		if strings.ContainsAny(m[2], "东西饭什么啥") {
			return found{}, false
		}
		f, ok := zhPreference("", "不能吃", m[2], true)
		f.terms = append(f.terms, "饮食", "diet")
		return f, ok
	}},
	// What cannot be eaten: "我不能吃辣", "我吃不了海鲜".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:是真的?|真的?)?(不能|不敢|不可以|吃不了)(吃)?(\p{Han}{1,6}?)(?:的)?(?:东西)?$`), func(m []string, _ string, _ time.Time) (found, bool) {
		verb := strings.Replace(m[2], "吃不了", "不能吃", 1) + m[3]
		f, ok := zhPreference("", verb, m[4], true)
		f.terms = append(f.terms, "饮食", "diet")
		return f, ok
	}},
	// A topic first, then the habit: "奶茶我只点三分糖", "咖啡我只喝美式".
	{regexp.MustCompile(`^(?:我(?:喝|吃|点|用)?)?(\p{Han}{1,6}?)我?(?:一般|平时|都|一直|从来)?(只|都|一般|就)(点|喝|吃|要|买|用|看|听)(.{1,12}?)$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		topic, obj := m[1], trimObject(m[4])
		if !validObject(obj) || zhOther.MatchString(topic) || !zhOwnSentence(m[0], sentence) || zhNotTopic.MatchString(topic) {
			return found{}, false
		}
		if zhAspectOnly.MatchString(obj) {
			return found{}, false // "东野圭吾的都看过": done, not a habit
		}
		if !strings.Contains(m[0], "我") && m[2] == "都" {
			return found{}, false // "去成都看展": 都 of a place name
		}
		t := topic + m[2] + m[3] + obj
		if next := zhNextClause(sentence, m[4]); zhHabitDetail.MatchString(next) {
			t += "，" + next // "咖啡只喝美式，不加糖"
		}
		return found{text: t, subject: firstNonEmpty(kindOf(topic), zhHead(topic)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, terms: []string{topic, obj, "习惯"}}, true
	}},
	// A show one follows now: "最近在追韩剧".
	{regexp.MustCompile(`^我?(?:最近|现在|一直|这阵子)(?:在)?(追|迷上了?|在看)(\p{Han}{1,6}?(?:剧|综艺|动漫|番|小说))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !zhOwnSentence(m[0], sentence) {
			return found{}, false
		}
		return found{text: "最近在" + strings.TrimPrefix(m[1], "在") + m[2], subject: zhHead(m[2]), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.5, confidence: 0.8, object: m[2], terms: []string{m[2], "爱好", "hobby"}}, true
	}},
	// Studying: "我在武汉读大三，学临床医学".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:在(\p{Han}{2,8}?))?(?:读|上)(大[一二三四]|研[一二三]|高[一二三]|初[一二三]|博士|研究生|本科|大专|硕士)$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		t := "读" + m[3]
		if m[2] != "" {
			t = "在" + m[2] + t
		}
		if next := zhNextClause(sentence, m[3]); strings.HasPrefix(next, "学") || strings.HasPrefix(next, "读") {
			t += "，" + next
		}
		f, ok := zhFact(t, subject.School, m[3])
		f.terms = append(f.terms, "学校", "学习", "school")
		return f, ok
	}},
	// Retired: "我退休前是会计".
	{regexp.MustCompile(`^我(?:已经)?退休(?:了|前|之前)(?:是|做|当)(?:一名|一个|个)?(\p{Han}{1,8}?)$`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := zhFact("退休前是"+m[1], subject.Occupation, m[1])
		f.terms = append(f.terms, "退休", "工作", "job")
		return f, ok
	}},
	// A pastime kept for years: "我冬泳好多年了", "我打太极十几年了".
	{regexp.MustCompile(`^我` + zhAdverbs + `(?:坚持)?(\p{Han}{2,6}?)(?:了|都)?(` + zhYears + `)了`), func(m []string, _ string, _ time.Time) (found, bool) {
		return zhHabit(m[2], m[3])
	}},
}

// zhNotJobPlace rejects places of a job that are not one ("在路上", "在家里").
var zhNotJobPlace = regexp.MustCompile(`^(?:路上|这|那|这里|那里|外面|心里|网上)$`)

// zhNotAllergen rejects what stands before 过敏 without naming an allergen.
var zhNotAllergen = regexp.MustCompile(`^(?:有点|有些|容易|经常|特别|很|也|还|又|不|会|对|季节性|皮肤)$|^(?:有|对|会|很|也)`)

// zhNotHomePlace rejects what follows 住 without naming a home.
var zhNotHomePlace = regexp.MustCompile(`^(?:她|他|别人|朋友|院|校|宿舍|酒店|宾馆|旅馆|民宿|一起|一块|这|那|这里|那里|哪|几天|一晚|两晚|了|过|不|得|的|着)`)

// zhJob builds the author's job ("跑网约车", "在宁波港开龙门吊").
func zhJob(work, place string) (found, bool) {
	work = trimObject(work)
	t := work
	if place != "" {
		t = "在" + place + work
	}
	f, ok := zhFact(t, subject.Occupation, work)
	if place != "" && zhOrg.MatchString(place) {
		f.subject = subject.Employer
	}
	f.terms = append(f.terms, place, "工作", "上班", "job")
	return f, ok
}

// zhHomeTerms are the words of questions about where one lives
// ("附近有什么…"), kept with a home.
var zhHomeTerms = []string{"住", "家", "附近", "home"}

// zhHome builds where the author lives, and with whom when said.
func zhHome(with, place string) (found, bool) {
	place = trimObject(place)
	if len([]rune(place)) < 2 || zhNotHomePlace.MatchString(place) {
		return found{}, false
	}
	if _, ok := subject.Relation(place); ok {
		place += "家" // "住在儿子家": the relative's home, not the relative
	}
	t := "住在" + place
	if with != "" {
		if strings.HasPrefix(with, "我") {
			if r, ok := subject.Relation(strings.TrimPrefix(with, "我")); ok {
				with = zhRelationWord[r]
			} else {
				with = strings.TrimPrefix(with, "我")
			}
		}
		t = "跟" + with + t
	}
	f, ok := zhFact(t, subject.Residence, place)
	f.terms = append(f.terms, zhHomeTerms...)
	return f, ok
}

// zhRelationWord is how a memory names a relative the author called "我妈".
var zhRelationWord = map[string]string{"mother": "妈妈", "father": "爸爸", "parents": "父母"}

// zhCondition is a lasting health condition: a known one, or a word that
// ends like one ("胃炎", "抑郁症", "肾结石").
const zhCondition = `哮喘|高血压|高血脂|高血糖|糖尿病|偏头痛|过敏性鼻炎|鼻炎|胃病|失眠|抑郁症|焦虑症|心脏病|痛风|颈椎病|腰椎间盘突出|腰间盘突出|乳糖不耐受|癫痫|脂肪肝|甲亢|甲减|贫血|高尿酸|湿疹|荨麻疹|近视|\p{Han}{1,4}?(?:病|症|炎|结石)`

// zhFinish completes the Chinese facts of one sentence: a title and the
// job said beside it become one memory ("我是厨师，在广州开了家粤菜馆"), and
// a correction marks its facts as changes (zhCorrections).
func zhFinish(body string, ref time.Time, out []found) []found {
	title, job := -1, -1
	for i, f := range out {
		switch subject.Key(f.subject) {
		case subject.Identity:
			title = i
		case subject.Occupation, subject.Employer:
			job = i
		}
	}
	if title >= 0 && job >= 0 && hasHan(out[title].text) {
		j := out[job]
		j.text = out[title].text + "，" + j.text
		j.terms = append(j.terms, out[title].terms...)
		out[job] = j
		out = append(out[:title], out[title+1:]...)
	}
	return zhCorrections(body, ref, zhMergeDiet(out))
}

// zhMergeDiet makes one memory of the diet a sentence states in parts
// ("我是回民，吃清真，不吃猪肉"): the diet, the foods it leaves out and the
// identity that explains it.
func zhMergeDiet(out []found) []found {
	diet := -1
	for i, f := range out {
		if f.keyed && subject.Key(f.subject) == subject.Diet && hasHan(f.text) {
			diet = i
			break
		}
	}
	if diet < 0 {
		return out
	}
	d := out[diet]
	var kept []found
	for i, f := range out {
		switch {
		case i == diet:
			continue
		case subject.Key(f.subject) == subject.Identity && hasHan(f.text):
			d.text = f.text + "，" + d.text
		case f.typ == memory.TypePreference && f.negative && strings.HasPrefix(f.text, "不吃"):
			d.text += "，" + f.text
			d.terms = append(d.terms, f.object)
		default:
			kept = append(kept, f)
			continue
		}
		d.terms = append(d.terms, f.terms...)
	}
	return append([]found{d}, kept...)
}
