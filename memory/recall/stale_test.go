package recall

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// Of two active memories on one single-valued subject only the newer is
// injected; other subjects, and many values of a many-valued one, are not
// affected, and nothing is removed from the index.
func TestSearchInjectsTheNewestOfASingleValuedSubject(t *testing.T) {
	at := func(id, text, subj string, days int) memory.Memory {
		m := mem(id, text)
		m.Subject = subj
		m.CreatedAt = t0.Add(time.Duration(days) * 24 * time.Hour)
		m.UpdatedAt = m.CreatedAt
		return m
	}
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		at("acme", "Works at Acme as an engineer", "employer", -30),
		at("globex", "Works at Globex as an engineer", "company", -2),
		at("bj", "住在北京", "居住地", -20),
		at("sh", "住在上海", "residence", -1),
		at("cats", "Loves cats", "pet", -10),
		at("dogs", "Loves dogs", "pet", -5),
		at("pn", "Allergic to peanuts", "allergy:peanuts", -9),
		at("sf", "Allergic to shellfish", "allergy:shellfish", -8),
	}}}
	x, clk := newTestIndex(l)
	clk.Set(t0)
	tests := []struct {
		query      string
		want, gone []string
	}{
		{"where do I work as an engineer", []string{"globex"}, []string{"acme"}},
		{"住在哪里 北京 上海", []string{"sh"}, []string{"bj"}},
		{"loves cats dogs", []string{"cats", "dogs"}, nil},
		{"allergic peanuts shellfish", []string{"pn", "sf"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			got := resultIDs(search(t, x, "p1", Query{Text: tt.query, MinScore: -1, TokenBudget: -1, Limit: 10}))
			for _, id := range tt.want {
				if !slices.Contains(got, id) {
					t.Errorf("results %v lack %s", got, id)
				}
			}
			for _, id := range tt.gone {
				if slices.Contains(got, id) {
					t.Errorf("results %v hold the stale %s", got, id)
				}
			}
		})
	}
	// The stale memory is still indexed: once the newer one is gone it
	// comes back.
	x.Apply("p1", 1, l.del("p1", "globex"), Change{Removed: []string{"globex"}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "work engineer", MinScore: -1, TokenBudget: -1})); !slices.Contains(got, "acme") {
		t.Errorf("after removing the newer memory results = %v, want acme back", got)
	}
}
