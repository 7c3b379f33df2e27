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
