package recall

import (
	"testing"

	"github.com/membot/membot/memory"
)

// Errands and worries that turn on a fact the question does not name:
// each class has phrasings of its own in English and Chinese, none
// sharing a word with the memory it needs.
func TestMoreBridgesAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("phd", "Second-year PhD candidate in hydrology at Leeds"),
		mem("stata", "Does all her analysis in Stata"),
		mem("bday", "Nephew Arlo's birthday is 3 March"),
		plan("baptism", "Baby Ivy's baptism is on 9 May at St Mary's", t0.AddDate(0, 2, 0)),
		plan("leave", "Maternity leave ends in September", t0.AddDate(0, 6, 0)),
		mem("kb", "Swings kettlebells three mornings a week"),
		plan("cotswolds", "Going to the Cotswolds with Sam on the 12th", t0.AddDate(0, 0, 11)),
		mem("fluid", "Must keep fluids under 1.5 litres a day"),
		mem("finch", "Keeps two zebra finches, Pip and Dot"),
		mem("warhammer", "Paints Warhammer miniatures at weekends"),
		mem("skint", "Money is tight until payday"),
		mem("manager", "Line manager is Priya, very detail-minded"),
		mem("leith", "Lives in a terraced house in Leith"),
	}, "p2": owned("p2",
		mem("读博", "在武汉读博，做遥感方向"),
		mem("满月", "儿子满月是下个月十号"),
		mem("产假", "产假到六月底，七月要回去上班"),
		mem("划船机", "每天早上在家练划船机"),
		mem("限水", "医生让每天喝水不超过一千五百毫升"),
		mem("龙猫", "养了一只龙猫叫布丁"),
		mem("高达", "周末喜欢拼高达"),
		mem("手头紧", "最近手头紧，在攒钱"),
		mem("导师", "导师姓周，要求特别严"),
		mem("专业", "想报医学专业"),
		mem("搬店", "奶茶店搬到了解放路"),
		mem("望京", "住在望京的老小区"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"How long should I give the last part of my dissertation?", "phd"},
		{"Can you sketch a plan for finishing the thesis?", "phd"},
		{"How do I run a regression on the survey answers?", "stata"},
		{"Which card should I pick, and when do I send it?", "bday"},
		{"What do godparents usually bring?", "baptism"},
		{"When should we look at nurseries?", "leave"},
		{"Give me a quick warm-up", "kb"},
		{"Where could we eat on our weekend away?", "cotswolds"},
		{"I'm so thirsty in this heatwave", "fluid"},
		{"The bird keeps plucking its feathers", "finch"},
		{"Which glue holds resin parts best?", "warhammer"},
		{"Any cheap lunches I can take to work?", "skint"},
		{"How do I tell my boss I need a day off?", "manager"},
		{"论文的时间线怎么排", "读博"},
		{"满月酒要准备些什么", "满月"},
		{"托班什么时候开始找比较好", "产假"},
		{"运动前怎么热身", "划船机"},
		{"天太热了老是口渴怎么办", "限水"},
		{"家里的仓鼠最近不爱动", "龙猫"},
		{"用什么胶水比较牢", "高达"},
		{"有没有便宜又好吃的菜", "手头紧"},
		{"明天要跟老板开会，怎么说比较好", "导师"},
		{"填志愿要注意什么", "专业"},
		{"门口怎么引流", "搬店"},
		{"Any decent bakeries nearby?", "leith"},
		{"where's the nearest place to get a bike fixed", "leith"},
		{"周末想带孩子在附近转转，有什么推荐", "望京"},
	})
	// Nothing in these asks about any of it.
	for _, q := range []string{"What's the capital of Peru?", "这道几何题怎么解", "How do I declare a local variable?"} {
		for _, r := range search(t, x, ownerOf(q), Query{Text: q}) {
			t.Errorf("%q recalled %s", q, r.Memory.ID)
		}
	}
}
