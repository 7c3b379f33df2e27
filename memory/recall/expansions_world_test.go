package recall

import (
	"testing"

	"github.com/membot/membot/memory"
)

// TestWorldBridgesAnswerIndirectQuestions checks the bridges of common
// knowledge with phrasings of their own, in both languages: none shares
// a word with the memory it needs.
func TestWorldBridgesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("choir", "Sings tenor in a male voice choir"),
		plan("party", "Throwing a pirate party for Max's fifth birthday", t0.AddDate(0, 0, 20)),
		mem("nikon", "Shoots weddings on two Nikon Z6 bodies"),
		mem("goats", "Keeps six Saanen goats on the smallholding"),
		mem("olive", "Planted forty olive saplings on the terrace last spring"),
	}, "p2": owned("p2",
		mem("越剧", "最爱听越剧，尤其是《红楼梦》"),
		plan("派对", "女儿下周六过七岁生日，要在家办派对", t0.AddDate(0, 0, 9)),
		mem("佳能", "用佳能R5拍婚礼"),
		mem("奶牛", "家里养了十二头奶牛"),
		mem("果园", "承包了二十亩果园，种的是脐橙"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"What could I listen to while I cook tonight?", "choir"},
		{"Which cake would five-year-olds like?", "party"},
		{"Is a 35mm lens enough for a dim registry office?", "nikon"},
		{"How much milk should a good milker give?", "goats"},
		{"How often should I water the young trees in a heatwave?", "olive"},
		{"晚上睡前听点什么好", "越剧"},
		{"蛋糕订多大的合适", "派对"},
		{"室内光线暗，用哪个镜头好", "佳能"},
		{"天热了产奶少怎么办", "奶牛"},
		{"三伏天树苗多久浇一次水", "果园"},
	})
}
