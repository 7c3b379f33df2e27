package recall

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// The classes of indirect question the wider vocabulary answers, each
// with phrasings of its own: none of the questions shares a word with the
// memory it needs.
func TestEverydayClassesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("teetotal", "Is teetotal since 2019"),
		mem("niece", "Niece Ada is mad about dinosaurs"),
		mem("rabbit", "Has two rabbits, Pepper and Salt"),
		mem("kayak", "Goes sea kayaking most Saturdays"),
		mem("interview", "Has a job interview at a bank"),
		mem("climb", "Does indoor climbing with friends"),
		mem("coeliac", "Is coeliac"),
		mem("inhaler", "Uses a steroid inhaler every morning"),
		mem("hives", "Keeps bees on an allotment"),
		mem("sheets", "Tracks the household budget in a spreadsheet"),
		mem("儿子", "小儿子五岁，喜欢恐龙"),
		mem("猫", "家里养了一只猫叫团子"),
		mem("骑行", "每周末骑行三十公里"),
		mem("考研", "十二月要考研"),
		mem("轮休", "周三周四轮休"),
		mem("糖尿病", "有糖尿病，控制血糖"),
		mem("婚宴", "下个月去参加表哥的婚宴"),
		mem("记账", "用手机记账"),
		mem("spanish", "Takes Spanish lessons on Thursdays"),
		mem("ev", "Drives an electric Kia"),
		mem("驾照", "刚拿到驾照"),
		mem("canva", "Makes the club's flyers in Canva"),
		mem("twins", "Has twin sons, Ollie and Finn, aged four"),
		mem("坚果", "对坚果过敏"),
		mem("wps", "平时用WPS做文档"),
	}}})
	for _, tc := range []struct{ q, want string }{
		{"Fancy a few pints after work on Friday?", "teetotal"},
		{"What present would a seven-year-old like?", "niece"},
		{"How often should I take them to the vet?", "rabbit"},
		{"Will it be too windy this weekend?", "kayak"},
		{"What suit should I wear on Tuesday?", "interview"},
		{"My forearms are sore, any stretches?", "climb"},
		{"Suggest a quick dinner I can make", "coeliac"},
		{"Can I take ibuprofen for this headache?", "inhaler"},
		{"When is the honey ready to take off?", "hives"},
		{"How can I cut my spending this month?", "sheets"},
		{"周末带老二去哪儿玩好？", "儿子"},
		{"最近掉毛好厉害怎么办", "猫"},
		{"明天下雨吗？", "骑行"},
		{"怎么安排复习进度？", "考研"},
		{"哪天一起吃个饭？", "轮休"},
		{"中午吃点啥好？", "糖尿病"},
		{"穿什么衣服去比较合适？", "婚宴"},
		{"这个月开销太大了", "记账"},
		{"How do you pronounce 'jalapeño'?", "spanish"},
		{"Is the traffic bad on the ring road today?", "ev"},
		{"停车有什么技巧？", "驾照"},
		{"Which app is best for a birthday invitation?", "canva"},
		{"Is a Thai curry a safe bet tonight?", "coeliac"},
		{"What could the youngest do on a rainy afternoon?", "twins"},
		{"周末吃火锅还是烧烤？", "坚果"},
		{"有什么好用的办公软件？", "wps"},
	} {
		rs := search(t, x, "p1", Query{Text: tc.q})
		if got := resultIDs(rs); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
		for _, r := range rs {
			if r.Memory.ID == tc.want && r.Relevance > MemoryOptions().ExpansionWeight+1e-9 {
				t.Errorf("%q: %s relevance %.3f above what an expansion may bring", tc.q, tc.want, r.Relevance)
			}
		}
	}
	for _, q := range []string{"How do I reverse a linked list?", "What's the population of Peru?", "这段代码有什么问题？", "你觉得什么颜色好看？"} {
		if rs := search(t, x, "p1", Query{Text: q}); len(rs) != 0 {
			t.Errorf("off-topic %q recalled %v", q, resultIDs(rs))
		}
	}
}

// plan is a temporary memory of something the person is going to do.
func plan(id, text string, event time.Time) memory.Memory {
	m := mem(id, text)
	m.Type, m.Lifecycle, m.EventTime = memory.TypeContext, memory.LifecycleTemporary, event
	return m
}

// Questions about getting ready are answered by the plans that have not
// passed, however they were put; passed plans, literal searches and other
// questions are not lifted.
func TestPlansAnswerQuestionsAboutGettingReady(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		plan("porto", "Off to Porto with Sam at the end of the month", time.Time{}),
		plan("dentist", "Dentist appointment on the 14th", t0.AddDate(0, 0, 5)),
		plan("gone", "Visited the in-laws in Derby", t0.AddDate(0, 0, -3)),
		plan("搬家", "下周六搬家", t0.AddDate(0, 0, 4)),
		mem("veg", "Is vegetarian"),
	}}}
	x, _ := newTestIndex(l)
	for _, tc := range []struct {
		q       string
		context []string
		want    []string
	}{
		{q: "What should I pack?", want: []string{"porto", "dentist", "搬家"}},
		{q: "Help me get ready for next week", want: []string{"porto", "dentist"}},
		{q: "Is it going to rain?", context: []string{"Morning!", "Morning, how can I help?"}, want: []string{"porto"}},
		{q: "最近要提前准备些什么？", want: []string{"搬家"}},
		{q: "Haircut on Tuesday or Wednesday, which is better?", want: []string{"dentist"}},
		{q: "哪天有空去看电影？", want: []string{"搬家"}},
	} {
		rs := search(t, x, "p1", Query{Text: tc.q, Context: tc.context})
		got := resultIDs(rs)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q recalled %v, want %s", tc.q, got, w)
			}
		}
		if slices.Contains(got, "gone") || slices.Contains(got, "veg") {
			t.Errorf("%q recalled %v: a passed plan or an unrelated fact", tc.q, got)
		}
		for _, r := range rs {
			if r.Memory.Lifecycle == memory.LifecycleTemporary && r.Parts["plan"] != 1 {
				t.Errorf("%q: %s lacks the plan part: %v", tc.q, r.Memory.ID, r.Parts)
			}
		}
	}
	if rs := search(t, x, "p1", Query{Text: "What should I pack?", Literal: true}); len(rs) != 0 {
		t.Errorf("literal search lifted plans: %v", resultIDs(rs))
	}
	if rs := search(t, x, "p1", Query{Text: "How do I centre a div?"}); len(rs) != 0 {
		t.Errorf("off-topic question lifted plans: %v", resultIDs(rs))
	}
	cfg := DefaultConfig()
	cfg.Options.PlanWeight = 0
	cfg.Now = func() time.Time { return t0 }
	if rs := search(t, NewIndex(l, cfg), "p1", Query{Text: "What should I pack?"}); len(rs) != 0 {
		t.Errorf("plan weight 0 still lifted %v", resultIDs(rs))
	}
}

// A trigger of several index terms raises its topic only when the query
// holds the whole word: the pairs of "女朋友" or "送什么" are common on
// their own.
func TestTriggersMatchWholeWords(t *testing.T) {
	x := newExpander(DefaultExpansions(), MemoryOptions().Tokenizer)
	topic := func(q string) []string {
		own := make(map[string]float64)
		for _, tk := range MemoryOptions().Tokenizer.Tokens(q) {
			own[tk] = 1
		}
		var out []string
		for _, i := range x.topics(own) {
			out = append(out, DefaultExpansions()[i].Topic)
		}
		return out
	}
	for _, tc := range []struct {
		q       string
		want    string
		present bool
	}{
		{"女朋友下周过生日", "partner", true},
		{"和朋友聊了会儿天", "partner", false},
		{"送什么给她好", "gifts", true},
		{"你在说什么", "gifts", false},
		{"出门带什么好", "plans", true},
		{"游一圈就回来", "fitness", true},
		{"去公园转一圈", "fitness", false},
		{"What should I pack?", "travel", true},
	} {
		if got := slices.Contains(topic(tc.q), tc.want); got != tc.present {
			t.Errorf("%q raises %v: %s present %v, want %v", tc.q, topic(tc.q), tc.want, got, tc.present)
		}
	}
}

// More classes of indirect question: foods named by kind meet what a
// pregnancy or a condition rules out, the heat and thirst meet drinks,
// a child called by a nickname and a festival meet the family, a side job
// and the weather meet work, materials meet crafts, screens meet eyes and
// headaches, an anniversary meets the wedding it marks.
func TestMoreEverydayClassesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("bump", "Is expecting twins, so no raw fish or runny eggs"),
		mem("kombucha", "Gave up lager, sticks to soda water now"),
		mem("nephew", "Nephew Theo is three and mad about diggers"),
		mem("deliveroo", "Does a part-time gig delivering takeaways by bike"),
		mem("knit", "Knits jumpers for the grandchildren"),
		mem("eyes", "Gets dry eyes and headaches after long days at a screen"),
		mem("周年", "6月2日是结婚十周年"),
		mem("痛风", "有痛风，尿酸偏高"),
		mem("苏打", "现在只喝苏打水"),
		mem("木雕", "退休后在阳台上学木雕"),
		mem("marking", "Does her marking on a tablet"),
		mem("班主任", "在初中当班主任"),
		mem("lowcarb", "Has been on keto since January"),
		mem("gout", "Has gout in his big toe"),
		mem("lengths", "Swims forty lengths before work"),
		mem("烧烤店", "在夜市开了一家烧烤店"),
		mem("bday", "Birthday is 2 June"),
	}}})
	for _, tc := range []struct{ q, want string }{
		{"Would a brie and ham toastie be a good lunch?", "bump"},
		{"So thirsty, what should I have?", "kombucha"},
		{"What should I get the little one for Christmas?", "nephew"},
		{"What should I wear for my shift in this downpour?", "deliveroo"},
		{"Which wool is softest?", "knit"},
		{"Is a bigger monitor worth it?", "eyes"},
		{"纪念日去哪吃饭好？", "周年"},
		{"冰箱里有什么能做的？", "痛风"},
		{"天太热了，解暑来点啥？", "苏打"},
		{"买哪种木料好？", "木雕"},
		{"How should I split the pupils into reading groups?", "marking"},
		{"期末成绩怎么排名次比较快", "班主任"},
		{"Would a baked potato do for supper?", "lowcarb"},
		{"My foot is swollen and painful again", "gout"},
		{"Which goggles fog up least?", "lengths"},
		{"最近生意不太好，怎么招揽客户", "烧烤店"},
		{"any ideas for my bday?", "bday"},
	} {
		rs := search(t, x, "p1", Query{Text: tc.q})
		if got := resultIDs(rs); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
	}
	for _, q := range []string{"How do I reverse a linked list?", "这段代码有什么问题？"} {
		if rs := search(t, x, "p1", Query{Text: q}); len(rs) != 0 {
			t.Errorf("off-topic %q recalled %v", q, resultIDs(rs))
		}
	}
}

// A question naming the days ahead ("next week", "下周", "on the 5th")
// is answered by the memories dated in them: a yearly day named in the
// text (an anniversary, a birthday), a monthly one, or a plan's event,
// whatever words they share with the question; other memories, days
// outside the period and literal searches are not lifted.
func TestQuestionsNamingDaysLiftWhatFallsOnThem(t *testing.T) {
	// t0 is Sunday 1 March 2026: next week runs from 2 to 8 March.
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("anniv", "Wedding anniversary is 4 March"),
		mem("rent", "Rent goes out on the 20th of every month"),
		mem("生日", "妈妈的生日是3月6号"),
		mem("later", "Sister's birthday is 30 April"),
		plan("dentist", "Dentist check-up", t0.AddDate(0, 0, 3)),
		mem("veg", "Is vegetarian"),
	}}})
	for _, tc := range []struct {
		q         string
		literal   bool
		want, not []string
	}{
		{q: "Any ideas for something nice next week?", want: []string{"anniv", "生日", "dentist"}, not: []string{"later", "veg", "rent"}},
		{q: "下周有什么事吗", want: []string{"anniv", "生日", "dentist"}, not: []string{"later", "veg"}},
		{q: "Anything I must not forget on the 20th?", want: []string{"rent"}, not: []string{"anniv", "later"}},
		{q: "next week", literal: true, not: []string{"anniv", "生日"}},
	} {
		got := resultIDs(search(t, x, "p1", Query{Text: tc.q, Literal: tc.literal, Limit: 10}))
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q recalled %v, want %s", tc.q, got, w)
			}
		}
		for _, n := range tc.not {
			if slices.Contains(got, n) {
				t.Errorf("%q recalled %v, not wanting %s", tc.q, got, n)
			}
		}
	}
}

// A one-character Chinese noun is a word of its own: a question naming
// the cat, the back or the fish among a dozen other characters still
// meets the one memory about it, and one naming none of them does not.
func TestChineseOneCharacterNounsCountAsWords(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("猫", "养了一只猫叫咪咪，两岁"),
		mem("腰", "腰不好，不能久坐"),
		mem("鱼", "阳台上养了几条金鱼"),
		mem("清真", "吃清真，不吃猪肉"),
		mem("深圳", "在深圳做销售，经常出差"),
		mem("花", "老婆喜欢养花"),
	}}})
	for _, tc := range []struct{ q, want string }{
		{"家里的猫这两天老是不爱动怎么办呀", "猫"},
		{"最近一直坐着开会，腰有点受不了，有什么办法", "腰"},
		{"鱼缸里的水大概多久换一次比较好呢", "鱼"},
	} {
		if got := resultIDs(search(t, x, "p1", Query{Text: tc.q})); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
	}
	if got := resultIDs(search(t, x, "p1", Query{Text: "这段代码为什么一直报错呢"})); len(got) != 0 {
		t.Errorf("a question naming no noun recalled %v", got)
	}
}
