package extract

import (
	"slices"
	"testing"
	"time"
)

// Everyday Chinese the rules read whole: a title keeps its closing mark,
// Shanghainese 覅吃 is not eating, a dog kept 屋里 (at home) with its
// classifier, a Latin pet name after a space, a plan made together, and a
// plan after a connective.
func TestRulesReadEverydayChinese(t *testing.T) {
	at := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct{ in, want string }{
		{"我最喜欢王文娟的《红楼梦》，你知道吧？", "喜欢王文娟的《红楼梦》"},
		{"我覅吃香菜额，闻到就难过", "不吃香菜"},
		{"屋里养条狗叫大黄 看果园的", "养了条狗，叫大黄"},
		{"我家猫叫 Bug，橘猫，8 斤", "家里的猫叫Bug"},
		{"我们几个老姐妹商量好了，5月10号一起去黄山玩，报了个老年团，三天两晚，我女儿说爬不动就坐缆车。", "2026年5月10日去黄山玩"},
		{"所以月底要搬去深圳，离新公司近", "2026年4月21日至30日要搬去深圳"},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range extractAll(t, tt.in, at) {
			got = append(got, m.Text)
		}
		if !slices.Contains(got, tt.want) {
			t.Errorf("%q: %q, want %q among them", tt.in, got, tt.want)
		}
	}
}
