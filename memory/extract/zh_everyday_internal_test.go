package extract

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// Everyday Chinese the rules read whole: a title keeps its closing mark,
// Shanghainese 覅吃 is not eating, a dog kept 屋里 (at home) with its
// classifier, a Latin pet name after a space, a plan made together, and a
// plan after a connective; a habit quit without the days counted; how
// to answer, said in Beijing and Shandong speech.
func TestRulesReadEverydayChinese(t *testing.T) {
	at := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct{ in, want string }{
		{"我最喜欢王文娟的《红楼梦》，你知道吧？", "喜欢王文娟的《红楼梦》"},
		{"我覅吃香菜额，闻到就难过", "不吃香菜"},
		{"屋里养条狗叫大黄 看果园的", "养了条狗，叫大黄"},
		{"我家猫叫 Bug，橘猫，8 斤", "家里的猫叫Bug"},
		{"我们几个老姐妹商量好了，5月10号一起去黄山玩，报了个老年团，三天两晚，我女儿说爬不动就坐缆车。", "2026年5月10日去黄山玩"},
		{"所以月底要搬去深圳，离新公司近", "2026年4月21日至30日要搬去深圳"},
		{"对了，到时候菜单里莫放鱼啊，我从来不吃鱼，小时候卡过一回刺", "不吃鱼"},
		{"屋里还有个柯基叫热干，腿太短跑不动", "养了个柯基，叫热干"},
		{"跟你说个笑话，俺卖了一辈子海鲜，自己对虾过敏，一吃就起疙瘩，你说气人不。", "对虾过敏"},
		{"成，明白了。戒酒第十一天，嘴里淡出鸟来了。", "已戒酒"},
		{"先给您说好啊，我这人听不了长篇大论，您回话甭跟念经似的，三两句说清楚就得嘞。", "希望回答简短"},
		{"你回话别夹那些英文字母，俺看不懂，说中国话就行。", "希望回答不夹英文"},
	}
	wantAmongTexts(t, at, tests)
}

// A diagnosis told as what a check found is the author's; someone
// else's allergy is not.
func TestRulesReadCheckResults(t *testing.T) {
	at := time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)
	got := extractAll(t, "这几天脚脖子肿得跟馒头似的，上医院一查，痛风。", at)
	if !slices.ContainsFunc(got, func(m memory.Memory) bool { return m.Subject == "health:痛风" }) {
		t.Errorf("no gout read: %+v", got)
	}
	for _, m := range extractAll(t, "他自己对虾过敏", at) {
		t.Errorf("someone else's allergy read as the author's: %q", m.Text)
	}
}

// When a habit was quit is no habit: "从今儿起戒了" names none.
func TestQuitTimeIsNoHabit(t *testing.T) {
	for _, m := range extractAll(t, "得，从今儿起戒了，燕京跟我拜拜了。", time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC)) {
		if m.Text == "已戒从今儿起" {
			t.Errorf("read the time of quitting as the habit: %q", m.Text)
		}
	}
}

// An object keeps the closing mark of a title it opens, and loses closers
// it never opened, however many ("))))…" is trimmed in one pass).
func TestTrimObjectClosingMarks(t *testing.T) {
	long := "abc" + strings.Repeat(")", 50000)
	for _, tt := range []struct{ in, want string }{
		{"王文娟的《红楼梦》，", "王文娟的《红楼梦》"},
		{"coffee (decaf)!", "coffee (decaf)"},
		{"coffee)", "coffee"},
		{long, "abc"},
	} {
		if got := trimObject(tt.in); got != tt.want {
			t.Errorf("trimObject(%.20q) = %.20q, want %q", tt.in, got, tt.want)
		}
	}
}
