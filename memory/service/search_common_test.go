package service_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/membot/membot/memory/recall"
)

// A word every one of a person's few memories holds still finds them, by
// "/memories search" (a literal query) and by recall for a reply: in a
// corpus of two or three documents BM25 gives such a word almost no weight
// beside the question's other words, and the relevance threshold dropped
// every match. (With one memory every word weighs the same.)
func TestSearchWordInEveryMemory(t *testing.T) {
	texts := []string{"Drinks coffee black", "Buys coffee beans from a roaster on Fridays", "Makes coffee before the morning run"}
	cases := []struct {
		n       int
		query   string
		literal bool
	}{
		{1, "coffee", true},
		{1, "Any coffee tips for this weekend trip to the mountains?", true},
		{1, "Any coffee tips for this weekend trip to the mountains?", false},
		{2, "coffee", true},
		{2, "coffee shop weekend deals", true},
		{2, "Any coffee tips for this weekend trip to the mountains?", false},
		{3, "coffee", true},
		{3, "coffee roaster", true},
		{3, "How do I take my coffee?", false},
		{3, "Any coffee tips for this weekend trip to the mountains?", false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%d/%s/literal=%v", c.n, c.query, c.literal), func(t *testing.T) {
			e := newEnv(t)
			ann := e.person("ann")
			var want []string
			for _, txt := range texts[:c.n] {
				want = append(want, e.remember(ann.ID, txt, "", "").ID)
			}
			res, err := e.svc.Recall(e.ctx, ann.ID, recall.Query{Text: c.query, Limit: 10, Literal: c.literal})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range res {
				got = append(got, r.Memory.ID)
			}
			for _, id := range want {
				if !slices.Contains(got, id) {
					t.Fatalf("found %v, want all %d memories %v", got, c.n, want)
				}
			}
		})
	}
}
