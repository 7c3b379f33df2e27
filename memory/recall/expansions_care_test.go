package recall

import (
	"slices"
	"testing"

	"github.com/membot/membot/memory"
)

// Questions about teeth, stiff joints, a dizzy spell, a ride to the
// airport, a countdown in chat shorthand, a night of opera, a pet
// called by a pet name and a cigarette offered reach the memory they are
// about, among others that share no word with them either.
func TestCareBridgesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		plan("dentist", "Dentist on Thursday at 9:15", t0.AddDate(0, 0, 3)),
		plan("driving", "Driving test on 20 March", t0.AddDate(0, 0, 19)),
		mem("spaniel", "Has a young springer spaniel called Biscuit"),
		mem("knee", "Has a dodgy left knee"),
		mem("opera", "Loves Verdi and goes to the opera when she can"),
		mem("quit", "Quit smoking in January"),
		mem("bakery", "Works at a bakery on early shifts"),
		mem("tea", "Takes tea with no sugar"),
		mem("arthritis", "Has arthritis in both hands"),
		mem("anaemia", "Is anaemic and takes iron tablets"),
		mem("bus", "Takes the community shuttle everywhere now"),
	}, "p2": owned("p2",
		mem("牙医", "下周二下午去看牙医"),
		mem("布偶", "养了一只布偶猫叫年糕"),
		mem("越剧", "爱听越剧，最喜欢《红楼梦》"),
		mem("戒烟", "戒烟三个月了"),
		mem("膝盖", "膝盖不好，不能爬楼梯"),
		mem("加班", "最近天天加班到十点"),
		mem("驾考", "科目二考试在3月20号"),
		mem("关节炎", "有关节炎，阴天就疼"),
		mem("高血压", "有高血压，天天吃降压药"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"How long does a root canal usually take?", "dentist"},
		{"my molar is killing me, can I get it seen sooner?", "dentist"},
		{"how many wks have i got left to practise?", "driving"},
		{"She keeps chewing the skirting boards, how do I stop her?", "spaniel"},
		{"What should I see at the theatre this season?", "opera"},
		{"a mate offered me a cig at the pub, should I?", "quit"},
		{"拔智齿疼不疼", "牙医"},
		{"出差一周，家里的毛孩子放哪儿比较好", "布偶"},
		{"推荐几出戏，晚上听听", "越剧"},
		{"朋友让我抽一支，接不接", "戒烟"},
		{"My joints are so stiff this morning, what helps?", "arthritis"},
		{"I keep feeling dizzy when I stand up, should I worry?", "anaemia"},
		{"What is the easiest way to the airport on Friday?", "bus"},
		{"明天要下雨，腿又该遭罪了，有啥法子没", "关节炎"},
		{"今儿早上起来头有点晕乎，是不是那毛病又犯了", "高血压"},
	})
	// A game is no play, a chicken leg no aching one, and a word for teeth
	// or joints is no question about them when it is something else.
	for _, tc := range []struct{ q, not string }{
		{"推荐几个好玩的游戏", "越剧"},
		{"How do I brace a bookshelf to the wall?", "dentist"},
		{"鸡腿怎么做好吃", "关节炎"},
		{"any good hip hop albums this year?", "arthritis"},
	} {
		if got := resultIDs(search(t, x, ownerOf(tc.q), Query{Text: tc.q})); slices.Contains(got, tc.not) {
			t.Errorf("%q recalled %v, want no %s", tc.q, got, tc.not)
		}
	}
}
