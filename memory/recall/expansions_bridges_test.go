package recall

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/membot/membot/memory"
)

// The bridges between what people ask and how they describe their own
// lives that a friend makes without thinking: a running question meets
// the running, a rainy afternoon what the household loves, a festival the
// family's dates and tastes, getting somewhere how the person travels,
// a craving what they gave up, a party the birthdays, a post to write
// how they like writing done, customers what they sell and where, a
// hoarse voice the work done talking, and a timetable the exams ahead.
// Each class has phrasings in both languages, and none shares a word
// with the memory it needs.
func TestBridgesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("trail", "Goes trail running before work"),
		mem("lego", "Daughter Bea is obsessed with Lego and loves painting"),
		mem("orchids", "Wife Jen loves orchids"),
		mem("bus", "Has no car and gets about on the bus"),
		mem("quit", "Quit smoking in January"),
		mem("candles", "Sells handmade candles on Etsy"),
		mem("teacher", "Teaches year four at a primary school"),
		mem("theo", "Son Theo turns six on 14 April"),
		mem("exclaim", "Hates exclamation marks, finds them shouty"),
		plan("bar", "Sits the bar exam on 20 July", t0.AddDate(0, 4, 0)),
	}, "p2": owned("p2",
		mem("跑团", "周末跟跑团一起长跑"),
		mem("拼图", "儿子最喜欢拼图和恐龙"),
		mem("桂花", "老伴最爱桂花糕"),
		mem("科目三", "下个月考科目三"),
		mem("戒酒", "戒酒三个月了"),
		mem("网店", "在淘宝开了家网店卖茶叶"),
		mem("主播", "每天晚上直播三个小时"),
		mem("过生日", "女儿下个月过生日"),
		mem("表情", "发朋友圈不喜欢带表情"),
		plan("注会", "十月参加注会考试", t0.AddDate(0, 7, 0)),
	)}})
	for _, tc := range []struct{ q, want string }{
		{"Any tips for building stamina?", "trail"},
		{"My legs give out on every uphill, help", "trail"},
		{"怎么提高配速？", "跑团"},
		{"爬坡总是喘不上气", "跑团"},
		{"The kids are bored stiff, any activities for this afternoon?", "lego"},
		{"It's a rainy afternoon, what could we do indoors?", "lego"},
		{"下雨天在家玩点什么好", "拼图"},
		{"Any ideas for Valentine's?", "orchids"},
		{"中秋节准备点啥好", "桂花"},
		{"What's the best way to pick someone up from the station?", "bus"},
		{"I need a lift to the wedding venue on Friday", "bus"},
		{"学车的时候老是紧张怎么办", "科目三"},
		{"The urge is unbearable tonight, how do I resist?", "quit"},
		{"朋友聚会老是忍不住想来一杯", "戒酒"},
		{"How do I get more buyers before the holidays?", "candles"},
		{"怎么写文案顾客才愿意下单", "网店"},
		{"I'm hoarse again, what helps?", "teacher"},
		{"嗓子哑了说不出话", "主播"},
		{"What games work for a kids' party?", "theo"},
		{"想办个派对，有啥点子", "过生日"},
		{"Can you write a post for the bake sale?", "exclaim"},
		{"帮我写条小红书", "表情"},
		{"Help me draw up a timetable", "bar"},
		{"How do I split my evenings from now on?", "bar"},
		{"帮我做个学习计划", "注会"},
	} {
		rs := search(t, x, ownerOf(tc.q), Query{Text: tc.q})
		if got := resultIDs(rs); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
		for _, r := range rs {
			if r.Memory.ID == tc.want && r.Relevance > MemoryOptions().ExpansionWeight+1e-9 {
				t.Errorf("%q: %s relevance %.3f above what an expansion may bring", tc.q, tc.want, r.Relevance)
			}
		}
	}
	// Words a bridge is made of say nothing alone: picking a colour is
	// not a lift, an even number is not an evening, a sum is not a plan.
	for _, q := range []string{"Can you pick a colour for the logo?", "Is 12 an even number?", "这个表格怎么求和？"} {
		for _, r := range search(t, x, ownerOf(q), Query{Text: q}) {
			if r.Memory.ID == "bus" || r.Memory.ID == "bar" || r.Memory.ID == "trail" {
				t.Errorf("%q recalled %s", q, r.Memory.ID)
			}
		}
	}
}

// owned returns ms as owner's.
func owned(owner string, ms ...memory.Memory) []memory.Memory {
	for i := range ms {
		ms[i].Owner = owner
	}
	return ms
}

// wantRecalled checks that each question recalls the memory it names,
// asked by the owner its language gives (ownerOf).
func wantRecalled(t *testing.T, x *Index, cases []struct{ q, want string }) {
	t.Helper()
	for _, tc := range cases {
		if got := resultIDs(search(t, x, ownerOf(tc.q), Query{Text: tc.q})); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
	}
}

// ownerOf is whose memories a test question is asked of: p2 keeps the
// Chinese speaker's, p1 the English speaker's, as people keep theirs in
// their own language.
func ownerOf(q string) string {
	if strings.ContainsFunc(q, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
		return "p2"
	}
	return "p1"
}

// Memories kept in the person's own words ("im on nights", "胃不太好
// 老反酸") meet the questions their lives raise: shifts and the body
// clock, a condition and what to eat or drink, the exams ahead and how
// to revise, home and the commute.
func TestBridgesReachMemoriesInThePersonsOwnWords(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("nights", "im on nights at the depot all month"),
		mem("kidney", "i get kidney stones, the last one was in may"),
		mem("reflux", "my stomach hates anything spicy, reflux every time"),
		mem("veggie", "ive been veggie since uni"),
		plan("finals", "finals start on the 3rd of june", t0.AddDate(0, 3, 0)),
		mem("croydon", "we moved out to croydon in the spring"),
		mem("bp", "dad's got high blood pressure"),
	}, "p2": owned("p2",
		mem("三班倒", "我们厂三班倒 这周轮到晚班"),
		mem("胃", "胃不太好 老反酸"),
		mem("纯素", "我现在吃纯素了"),
		plan("期末", "下个月期末考试", t0.AddDate(0, 1, 0)),
		mem("三高", "老爸三高，医生让少吃盐"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"How do I fix my body clock?", "nights"},
		{"I can never get to sleep in the daytime", "nights"},
		{"生物钟全乱了咋办", "三班倒"},
		{"白天老犯困", "三班倒"},
		{"How much water should I be drinking?", "kidney"},
		{"What should I have for lunch?", "kidney"},
		{"Fancy a curry tonight?", "reflux"},
		{"晚上喝点啥好", "胃"},
		{"中午吃点什么", "胃"},
		{"What should I cook tonight?", "veggie"},
		{"周末聚餐吃啥", "纯素"},
		{"Any tips for cramming?", "finals"},
		{"How do I stop procrastinating?", "finals"},
		{"老是拖延怎么办", "期末"},
		{"怎么背书效率高", "期末"},
		{"What time should I leave to miss the rush hour?", "croydon"},
		{"What should I cook for the family on Sunday?", "bp"},
		{"过年回去做点啥菜", "三高"},
	})
}

// Errands of everyday life meet the facts they turn on: a form to fill
// the visa held, a cream the skin's condition, the rent where and how one
// lives, a CV the job, the school run the children, a fast the diet.
func TestBridgesFromEverydayErrands(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("visa", "on a spousal visa till next year"),
		mem("eczema", "my eczema flares up every winter"),
		mem("flat", "shares a flat with two nurses in Leith"),
		mem("barista", "works as a barista on weekdays"),
		mem("twins", "Has twin girls in year two"),
		mem("halal", "Only eats halal"),
	}, "p2": owned("p2",
		mem("工签", "工签明年三月到期"),
		mem("湿疹", "手上有湿疹"),
		mem("合租", "在城中村跟同事合租"),
		mem("前台", "在酒店做前台"),
		mem("儿子", "儿子上幼儿园大班"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"What paperwork do I need for the embassy?", "visa"},
		{"Which moisturiser is gentle enough?", "eczema"},
		{"Can my landlord keep the whole deposit?", "flat"},
		{"Can you help me polish my CV?", "barista"},
		{"Any tips to make the school run less chaotic?", "twins"},
		{"Easy recipes for Ramadan this year?", "halal"},
		{"续签要准备哪些材料", "工签"},
		{"冬天用什么面霜好", "湿疹"},
		{"房东要涨房租怎么办", "合租"},
		{"帮我改改简历", "前台"},
		{"保姆下周来试工，要交代些啥", "儿子"},
	})
}

// A question naming a thing by its kind meets the memory naming it
// exactly (the dog and the retriever, the car and the Corolla), and
// everyday words for tiredness, bed, a race, cutting sugar and practising
// a language raise their topics.
func TestBridgesFromKindsToNames(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("ret", "we have a golden retriever called Max"),
		mem("nurse", "im a nurse on nights at the infirmary"),
		mem("honda", "has an old Honda Jazz"),
	}, "p2": owned("p2",
		mem("柯基", "家里养了只柯基叫豆包"),
		mem("夜班", "我在医院当护士，上夜班"),
		plan("马拉松", "四月份要跑马拉松", t0.AddDate(0, 1, 10)),
		mem("日语", "在学日语"),
		mem("卡罗拉", "开一辆老款卡罗拉"),
		mem("控糖", "最近在控糖"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"Where could we go on holiday with the dog?", "ret"},
		{"What time should I go to bed?", "nurse"},
		{"What tyre pressure is right?", "honda"},
		{"天热了遛狗要注意啥", "柯基"},
		{"下班好累，怎么放松", "夜班"},
		{"晚上几点睡比较好", "夜班"},
		{"离比赛还有几周，怎么练", "马拉松"},
		{"有什么适合练听力的播客", "日语"},
		{"轮胎气压多少合适", "卡罗拉"},
		{"奶茶能喝吗", "控糖"},
	})
}

// What a purchase, a talk or a loud night out turns on: saving up, a
// stammer or nerves, the ears.
func TestBridgesFromOccasionsToConstraints(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("deposit", "saving up for a house deposit"),
		mem("stammer", "i stammer when im under pressure"),
		mem("tinnitus", "got tinnitus after years of drumming"),
	}, "p2": owned("p2",
		mem("首付", "在攒首付"),
		mem("社恐", "我有点社恐"),
		mem("耳鸣", "左耳耳鸣好几年了"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"Can I afford the new phone this month?", "deposit"},
		{"Any tips for my presentation on Monday?", "stammer"},
		{"Which earbuds should I get for the gym?", "tinnitus"},
		{"这个包值不值得买", "首付"},
		{"明天要上台演讲怎么准备", "社恐"},
		{"周末去看演唱会要注意啥", "耳鸣"},
	})
}

// A bridge's Chinese words are whole words: the 戒 of a ring, the 酒 of a
// hotel and the 考 of thinking it over are no quitting, drinking or exam.
func TestBridgesWantWholeChineseWords(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p2": owned("p2",
		mem("戒指", "老公送了枚戒指"),
		mem("酒店", "在酒店做前台"),
		mem("考虑", "在考虑换个城市"),
	)}})
	for _, q := range []string{"忍不住想来一口咋办", "晚上老犯瘾", "帮我做个学习计划", "时间安排乱七八糟"} {
		if rs := search(t, x, "p2", Query{Text: q}); len(rs) != 0 {
			t.Errorf("%q recalled %v", q, resultIDs(rs))
		}
	}
}
