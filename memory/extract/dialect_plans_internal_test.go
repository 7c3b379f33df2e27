package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// Plans named and dated without "I", moved by someone else, with an
// abbreviated weekday or a day alone; northern "me" and "am"; fragments
// of health; what a friend says of the bot; Chinese with a connective or
// a doctor's word before 我, a pet's hair, not a bit of a food.
func TestRulesReadDialectAndPlanNotes(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"the dentist appt is booked, weds 18th feb at 10", []lifeWant{{"The dentist appt is booked, weds 18th feb at 10", "", false}}},
		{"btw the regional tourney is saturday march 7th, whole club is going", []lifeWant{{"The regional tourney is saturday march 7th, whole club is going", "", false}}},
		{"the recital's on the 14th", []lifeWant{{"The recital's on the 14th", "", false}}},
		{"the recital is not the 14th", nil},
		{"Please, my Machine Learning exam is on 14 May, 9am.", []lifeWant{{"My Machine Learning exam is on 14 May, 9am", "", false}}},
		{"Boss, my visa interview is on 3 June", []lifeWant{{"My visa interview is on 3 June", "", false}}},
		{"I stay in Tema with my cousins", []lifeWant{{"Lives in Tema", "residence", false}}},
		{"I stay at Mum's on weekends", []lifeWant{{"They stay at Mum's on weekends", "", false}}}, // no home
		{"they had to move my scan to fri 13th", []lifeWant{{"Scan moved to fri 13th", "", true}}},
		{"OK the 2 day workshop got moved cos of the strike, its thurs 26th feb now", []lifeWant{{"2 day workshop moved to 26th feb", "", true}}},
		{"the quack says am anaemic", []lifeWant{{"Is anaemic", "health:anaemic", false}}},
		{"had me season ticket since 1998, north stand", []lifeWant{{"Had their season ticket since 1998, north stand", "", false}}},
		{"can you give me a hand", nil},
		{"allergic to latex btw", []lifeWant{{"Is allergic to latex", "allergy:latex", false}}},
		{"lactose intolerant btw. recipes: no dairy unless it's lactose-free.", []lifeWant{{"Is lactose intolerant", "health:lactose intolerant", false}}},
		{"cat = Byte. 4 yrs, grey, hates the vacuum.", []lifeWant{{"Has a cat called Byte", "pet:byte", false}}},
		{"the cat - Monday is vet day", nil},
		{"embedded fw engineer at Hexwell", []lifeWant{{"Works as an embedded fw engineer at Hexwell", "occupation", false}}},
		{"doc says I'm pre-diabetic", []lifeWant{{"Is pre-diabetic", "health:pre-diabetic", false}}},
		{"my grandson installed the app for me so here I am", nil},
		{"my flatmate says this thing remembers everything", nil},
		{"还有啊我花粉过敏", []lifeWant{{"对花粉过敏", "allergy:花粉", false}}},
		{"但是我一点海鲜都不能碰", []lifeWant{{"不能吃海鲜", "海鲜", false}}},
		{"医生说我尿酸偏高", []lifeWant{{"尿酸高", "health:尿酸", false}}},
		{"我狗毛过敏 家人们谁懂", []lifeWant{{"对狗毛过敏", "allergy:狗毛", false}}},
		{"我同事叫我试下这个 讲可以帮忙记东西", nil},
		// What was quit stops at a clause run on; a name at what follows it.
		{"ngl i quit the swim team it was wrecking my weekends", []lifeWant{{"Quit the swim team", "team", true}}},
		{"my name is edna i am seventy nine", []lifeWant{{"Name is edna", "name", false}}},
		// How short one piece of writing should be is no standing wish; a
		// day's chore and a question are no plans; 啥的 is "and the like".
		{"帮我写几句生日祝福 简单点 我不太会说话", nil},
		{"明天要早起", nil},
		{"下周五想给老婆买个啥", nil},
		{"我不吃辣，辣椒啥的都不碰", []lifeWant{{"不吃辣", "辣", false}}},
		// A faith that rules food; saving for something, the author's only.
		{"also im muslim so like no pork at the bbq", []lifeWant{{"Is Muslim, does not eat pork", "religion", false}}},
		{"saving up for a 5070 i got like 280 saved rn", []lifeWant{{"Saving up for a 5070", "savings", false}}},
		{"最近在攒钱买switch", []lifeWant{{"在攒钱买switch", "savings", false}}},
		{"我在存钱换手机", []lifeWant{{"在攒钱换手机", "savings", false}}},
		// A journey's ticket bought for a day ahead, or moved to one.
		{"回哈尔滨的火车票买好了，四月十号的，卧铺", []lifeWant{{"回哈尔滨的火车票买好了，四月十号的，卧铺", "", false}}},
		{"票抢到了 但是5月1号的没了 改成4月30号晚上走", []lifeWant{{"票抢到了，但是5月1号的没了，改成4月30号晚上走", "", true}}},
		{"去年的机票订了好几次", nil},
		// Patois "mi", Doric "A'm"; fragments of study, diet and a dated
		// plan, not one called off nor tomorrow's slot.
		{"mi have the sugar, so di doctor watching mi", []lifeWant{{"Has diabetes", "health:diabetes", false}}},
		{"A'm coeliac, so nae bread", []lifeWant{{"Is coeliac", "health:coeliac", false}}},
		{"second year at Leeds, doing history", []lifeWant{{"Is a second year at Leeds", "school", false}}},
		{"comp sci major. send help", []lifeWant{{"Is a comp sci major", "major", false}}},
		{"pescatarian era lol", []lifeWant{{"Is pescatarian", "diet", false}}},
		{"bio midterm march 3 😭", []lifeWant{{"Bio midterm march 3", "", false}}},
		{"exam 4th march nahi ho payega", nil},
		{"6am slot tomorrow", nil},
		// Chinese chat: a diagnosis reported, a pet named as it acts, a
		// love said as yyds, a date fixed, a habit without 我, a job begun;
		// not a mother's diagnosis.
		{"去医院查了说是痛风 尿酸高得很", []lifeWant{{"有痛风", "health:痛风", false}}},
		{"我妈去医院查了说是高血压", []lifeWant{{"妈妈去医院查了说是高血压", "family:mother", false}}},
		{"我家狗Lucky今天又把拖鞋咬烂了", []lifeWant{{"家里的狗叫Lucky", "pet:lucky", false}}},
		{"螺蛳粉yyds!!!", []lifeWant{{"爱螺蛳粉", "螺蛳粉", false}}},
		{"四级定在6月13号 这次一定要过", []lifeWant{{"四级定在6月13号", "四级", false}}},
		{"一天抽一盒中华", []lifeWant{{"每天抽一盒中华", "烟", false}}},
		{"我下周一入职一家游戏公司做策划", []lifeWant{{"在游戏公司做策划", "employer", true}}},
		// A list about oneself; a home said by the farm or the new flat;
		// Doric "A" before when one works, not an article.
		{"先简单说下我的情况：\n1. 在徐汇一家律所做paralegal\n2. 住漕河泾附近", []lifeWant{{"在徐汇一家律所做paralegal", "employer", false}, {"住在漕河泾", "residence", false}}},
		{"we have a wee croft just outside Ullapool", []lifeWant{{"Lives on a croft just outside Ullapool", "residence", false}}},
		{"moving next month, I got a little flat in Kendal", []lifeWant{{"Lives in Kendal", "residence", true}}},
		{"A work two days a week at the Spar", []lifeWant{{"Works two days a week at the Spar", "work schedule", false}}},
		{"A work trip is planned", nil},
		// A working life in the past; a plan moved with its "new date" in
		// the next sentence; a statement run on after a question; 本人; "我
		// 一个<role>"; 是真 before what cannot be eaten.
		{"I was a primary school teacher for thirty-four years, mostly Year 2. Retired now, of course.", []lifeWant{{"Retired primary school teacher, for thirty-four years", "occupation", false}}},
		{"I was a nurse for 6 years before I went into IT", []lifeWant{{"Was a nurse, for 6 years", "occupation", false}}},
		{"the road test got move, examiner cancel. new date march 16", []lifeWant{{"Road test moved to march 16", "", true}}},
		{"顺便问下 燕麦奶和豆奶哪个打奶泡好点 我乳糖不耐 拿铁只能这么续命了", []lifeWant{{"乳糖不耐受", "health:乳糖不耐受", false}}},
		{"宣布一件大事：本人终于从回龙观搬到望京了 走路上班15分钟", []lifeWant{{"走路上班", "通勤", true}, {"从回龙观搬到望京", "residence", true}}},
		{"帮我想个标题 我一个产品经理天天给需求加温度", []lifeWant{{"是产品经理", "occupation", false}}},
		{"食堂今天又是辣子鸡 我是真吃不了辣", []lifeWant{{"不能吃辣", "辣", false}}},
	})
}

// A place one came from is not where one lives.
func TestLivesHereIsNotWhereOneCameFrom(t *testing.T) {
	f, ok := enLivesHere("I teach maths at a school in Leeds. I came from Porto in 2019 and I live here now.")
	if !ok || f.text != "Lives in Leeds" {
		t.Errorf("got %q %v, want Lives in Leeds", f.text, ok)
	}
}

// A weekday before a day alone dates it; an abbreviated weekday alone is
// a date only after "on".
func TestWeekdayAbbreviationsDate(t *testing.T) {
	ref := time.Date(2025, 11, 8, 10, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		in   string
		want string // "" when no date
	}{
		{"to thurs 27th instead of the 25th", "2025-11-27"},
		{"friday the 14th", "2025-11-14"},
		{"on sat", "2025-11-15"},
		{"we sat down for tea", ""},
		{"the wedding party", ""},
	} {
		sp, ok := text.ResolveDate(tt.in, ref)
		got := ""
		if ok {
			got = sp.Start.Format("2006-01-02")
		}
		if got != tt.want {
			t.Errorf("ResolveDate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A chat particle or a greeting shared with a memory is no topic.
func TestTopicScoreIgnoresChatParticles(t *testing.T) {
	tok := text.NewTokenizer()
	a := contentTerms(tok, "现在嘴巴痒就想吃糖 haha lor")
	b := contentTerms(tok, "医生讲用户糖尿病，不可以喝太甜 lor")
	if n := topicScore(a, b, true); n >= minTopicTerms {
		t.Errorf("topicScore = %d, want below %d", n, minTopicTerms)
	}
}

// A name the platform shows is not kept again; another name is.
func TestPlatformName(t *testing.T) {
	for _, tt := range []struct {
		text, subject, shown string
		want                 bool
	}{
		{"Name is Earl Whitaker", "name", "Earl Whitaker", true},
		{"是雅婷", "identity", "林雅婷", true},
		{"是Wendy", "identity", "Wendy林", true},
		{"名字叫徐婷", "name", "徐婷", true},
		{"Name is Reg", "name", "Reginald Ashworth", false},
		{"Name is Annie", "name", "Ann", false},
		{"Is a nurse", "identity", "Ann", false},
		{"是老高", "identity", "高建国", false},
		{"Works at Ann Summers", "employer", "Ann", false},
	} {
		m := memory.Memory{Text: tt.text, Subject: tt.subject}
		if got := platformName(m, tt.shown); got != tt.want {
			t.Errorf("platformName(%q, %q) = %v, want %v", tt.text, tt.shown, got, tt.want)
		}
	}
}

// A 你 of talk ("你懂的") addresses no one: the sentence is still the
// author's.
func TestYouIdiomKeepsAStatement(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	got := extractAll(t, "姐妹们我爬墙了 本命换成陆知行了 就是江屿最近那个事你懂的 下头了", at)
	if len(got) == 0 || !strings.Contains(got[0].Text, "陆知行") {
		t.Errorf("kept %+v, want the change of favourite", got)
	}
	if got := extractAll(t, "你帮我看看这个本命换成陆知行好不好", at); len(got) != 0 {
		t.Errorf("a request to the bot kept %q", got[0].Text)
	}
}

// A dated Chinese text is a plan only when it names something done on
// its day, and asks nothing.
func TestZhDatedNoPlan(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"2026年3月6日得对齐颗粒度", true},
		{"2026年3月7日至8日想想带俩娃去哪玩", true},
		{"2026年4月12日想给她织件毛衣", false},
		{"2026年5月1日坐高铁回老家", false},
		{"每天早上吃药", false},
	} {
		if got := zhDatedNoPlan(tt.text); got != tt.want {
			t.Errorf("zhDatedNoPlan(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// 本人 is the writer only where it opens a clause.
func TestZhWrittenSelfWord(t *testing.T) {
	for in, want := range map[string]string{
		"宣布：本人终于搬到望京了": "宣布：我终于搬到望京了",
		"本人今年三十":       "我今年三十",
		"他本人也同意":       "他本人也同意",
	} {
		if got := zhWritten(in); got != want {
			t.Errorf("zhWritten(%q) = %q, want %q", in, got, want)
		}
	}
}

// 在学 before a place of study ("在学校门口") is where the author is, not
// what they learn; "在学吉他" is learning.
func TestPlaceOfStudyIsNoSubject(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	for s, want := range map[string]bool{"我在学校门口的蜜雪冰城兼职": false, "我在学院里当助教": false, "我最近在学吉他": true} {
		learns := false
		for _, f := range findInSentence(s, at) {
			learns = learns || strings.HasPrefix(f.text, "正在学习")
		}
		if learns != want {
			t.Errorf("%q read as learning: %v, want %v", s, learns, want)
		}
	}
}

// An introduction in north-eastern speech: the age said as "今年四十六了",
// a condition that keeps coming back ("痛风老犯"), plain talk asked for
// ("别整那么文绉绉的"); a child's age is the child's.
func TestNortheasternIntroduction(t *testing.T) {
	at := time.Date(2026, 1, 15, 11, 0, 0, 0, time.UTC)
	wantAmongTexts(t, at, []struct{ in, want string }{
		{"哎老铁 俺叫刘大军 哈尔滨的 今年四十六了 开出租开了十五年了", "今年四十六岁"},
		{"跟你唠唠 俺这痛风老犯 大夫说海鲜啤酒都不让整了", "有痛风"},
		{"你说话别整那么文绉绉的 跟俺唠嗑就直来直去的", "希望说话直接"},
		{"孩子今年五岁了", "孩子今年五岁"},
	})
}
