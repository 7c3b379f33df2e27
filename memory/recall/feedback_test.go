package recall

import (
	"fmt"
	"testing"
)

// TestFeedbackSecondHop: a question that names only the first memory
// reaches the second through the rare words they share, and only in
// lexical recall; a plain corpus search, a literal one, one with a query
// vector and one with feedback off do not.
func TestFeedbackSecondHop(t *testing.T) {
	build := func(o Options) *Corpus {
		c := NewCorpus(o)
		docs := []Doc{
			{ID: "first", Text: "Caroline went camping at the lake with Mel", Vector: []float32{1, 0}},
			{ID: "second", Text: "Mel bought a kayak and a paddle for the lake", Vector: []float32{0, 1}},
		}
		for i := range 40 {
			docs = append(docs, Doc{ID: fmt.Sprintf("filler-%02d", i), Text: fmt.Sprintf("note %d about the weather and groceries", i), Vector: []float32{0, 1}})
		}
		for _, d := range docs {
			if err := c.Add(d); err != nil {
				t.Fatal(err)
			}
		}
		return c
	}
	found := func(hits []Hit, id string) bool {
		for _, h := range hits {
			if h.ID == id {
				return true
			}
		}
		return false
	}
	q := Query{Text: "Where did Caroline go camping?", Limit: 10}
	on := build(MemoryOptions())
	off := MemoryOptions()
	off.FeedbackWeight = 0
	tests := []struct {
		name string
		hits []Hit
		want bool
	}{
		{"recall with feedback", on.search(q, nil), true},
		{"recall without feedback", build(off).search(q, nil), false},
		{"plain corpus search", on.Search(q), false},
		{"literal recall", on.search(Query{Text: q.Text, Limit: 10, Literal: true}, nil), false},
		// With a query vector the hop is off: the vectors already compare
		// the question's meaning with every memory.
		{"hybrid recall", on.search(Query{Text: q.Text, Limit: 10, Vector: []float32{1, 0}}, nil), false},
	}
	for _, tt := range tests {
		if !found(tt.hits, "first") {
			t.Errorf("%s: first memory not found: %+v", tt.name, tt.hits)
		}
		if got := found(tt.hits, "second"); got != tt.want {
			t.Errorf("%s: second memory found %v, want %v: %+v", tt.name, got, tt.want, tt.hits)
		}
	}
}
