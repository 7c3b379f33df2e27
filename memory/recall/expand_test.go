package recall

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// expansionPerson is a small everyday profile: nothing in it shares a word
// with the indirect questions asked of it.
func expansionPerson() *fakeLoader {
	return &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("aspirin", "Is allergic to aspirin"),
		mem("veg", "Is vegetarian"),
		mem("oat", "Takes oat milk in coffee"),
		mem("twins", "Has twin daughters, Mia and Zoe"),
		mem("aisle", "Prefers an aisle seat on long flights"),
		mem("lyon", "Lives in Lyon"),
		mem("rust", "Writes backend services in Rust"),
		mem("素食", "我吃素"),
		mem("花生", "对花生过敏"),
	}}}
}

func TestExpansionAnswersIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(expansionPerson())
	for _, tc := range []struct {
		q    string
		want string
	}{
		{"Which painkillers are safe for me?", "aspirin"},
		{"What should I order at the team dinner?", "veg"},
		{"Should I grab a drink before the meeting?", "oat"},
		{"Any ideas for a weekend with the kids?", "twins"},
		{"I'm booking a trip to Tokyo next month", "aisle"},
		{"今晚去餐厅点什么菜好？", "素食"},
		{"医生给我开了药，有什么要注意的吗？", "花生"},
	} {
		rs := search(t, x, "p1", Query{Text: tc.q})
		got := resultIDs(rs)
		if !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
			continue
		}
		for _, r := range rs {
			// Matched through expansion alone: above the bar, but never
			// above what the expansion may bring.
			if r.Memory.ID == tc.want && (r.Relevance < DefaultConfig().MinRelevance || r.Relevance > MemoryOptions().ExpansionWeight+1e-9) {
				t.Errorf("%q: %s relevance %.3f, want within [%.2f, %.2f]", tc.q, tc.want, r.Relevance,
					DefaultConfig().MinRelevance, MemoryOptions().ExpansionWeight)
			}
		}
	}
	for _, q := range []string{
		"Can you help me fix this Kubernetes deployment?",
		"What's the capital of Australia?",
		"这个正则表达式怎么写？",
	} {
		if rs := search(t, x, "p1", Query{Text: q}); len(rs) != 0 {
			t.Errorf("off-topic %q recalled %v", q, resultIDs(rs))
		}
	}
}

// A memory matching the question's own words outranks one matched only
// through its topic.
func TestExpansionWeighsLessThanOwnWords(t *testing.T) {
	l := expansionPerson()
	l.put(mem("sushi", "Had dinner at a sushi bar with the team"))
	x, _ := newTestIndex(l)
	got := resultIDs(search(t, x, "p1", Query{Text: "What should I order at the team dinner?"}))
	if len(got) < 2 || got[0] != "sushi" || !slices.Contains(got, "veg") {
		t.Errorf("results = %v, want sushi first and veg after it", got)
	}
	// Corpus searches (reconciliation, baselines) rank the words alone.
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c, Doc{ID: "veg", Text: "Is vegetarian"})
	if hits := c.Search(Query{Text: "What should I order at the team dinner?"}); len(hits) != 0 {
		t.Errorf("corpus search expanded: %v", ids(hits))
	}
	// A literal query (a person searching for a word) is not expanded.
	if rs := search(t, x, "p1", Query{Text: "What should I order at the team dinner?", Literal: true}); slices.Contains(resultIDs(rs), "veg") {
		t.Errorf("literal query expanded: %v", resultIDs(rs))
	}
	// Without an expansion weight nothing is expanded.
	cfg := DefaultConfig()
	cfg.Options.ExpansionWeight = 0
	cfg.Now = func() time.Time { return t0 }
	if rs := search(t, NewIndex(expansionPerson(), cfg), "p1", Query{Text: "Which painkillers are safe for me?"}); len(rs) != 0 {
		t.Errorf("expansion weight 0 still recalled %v", resultIDs(rs))
	}
}

// The wider everyday topics, each with memories and questions of its
// own: sleep to shifts, exercise to injuries, books to reading tastes,
// courses to studies, music to instruments, gifts and partners to the
// relationship, rest to hobbies, the garden to what is grown, smoking to
// having quit; none of the questions shares a word with its memory.
func TestWiderTopicsAnswerIndirectQuestions(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("shifts", "On rotating night shifts at the depot"),
		mem("knee", "Tore a ligament in the left knee, physio until June"),
		mem("novels", "Loves thriller novels"),
		mem("nursing", "Studies nursing at Leeds University"),
		mem("guitar", "Plays classical guitar"),
		mem("engaged", "Got engaged to Priya in May"),
		mem("fishing", "Goes fishing at the lake on Sundays"),
		mem("herbs", "Grows herbs on the balcony"),
		mem("quit", "Quit smoking last year"),
		mem("夜班", "在医院上夜班"),
		mem("科幻", "喜欢看科幻小说"),
		mem("钓鱼", "休息日常去钓鱼"),
		mem("戒烟", "已经戒烟半年了"),
		mem("膝盖", "膝盖受过伤"),
	}}})
	for _, tc := range []struct{ q, want string }{
		{"Why can't I sleep properly lately?", "shifts"},
		{"Which workouts would suit me?", "knee"},
		{"Recommend something to read on the train", "novels"},
		{"Help me plan revision for my exam", "nursing"},
		{"Any playlist ideas for tonight?", "guitar"},
		{"Gift ideas for my fiancée?", "engaged"},
		{"I need to relax, any suggestions?", "fishing"},
		{"What should I plant this spring?", "herbs"},
		{"A colleague keeps offering me cigarettes", "quit"},
		{"最近老是失眠怎么办", "夜班"},
		{"推荐一本书", "科幻"},
		{"下班后想放松一下", "钓鱼"},
		{"朋友总递烟给我", "戒烟"},
		{"想开始健身，有什么建议", "膝盖"},
	} {
		if got := resultIDs(search(t, x, "p1", Query{Text: tc.q})); !slices.Contains(got, tc.want) {
			t.Errorf("%q recalled %v, want %s", tc.q, got, tc.want)
		}
	}
	for _, q := range []string{"What's the time in Tokyo now?", "Can you explain how a hash map works?", "这个函数怎么写？"} {
		if rs := search(t, x, "p1", Query{Text: q}); len(rs) != 0 {
			t.Errorf("off-topic %q recalled %v", q, resultIDs(rs))
		}
	}
}
