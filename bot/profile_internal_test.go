package bot

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// greedyProfiler returns more than it was asked for, and a memory of
// someone else.
type greedyProfiler struct{ asked int }

func (g *greedyProfiler) Recall(context.Context, string, RecallQuery) ([]Recalled, error) {
	return nil, nil
}

func (g *greedyProfiler) RecallWithProfile(_ context.Context, owner string, _ RecallQuery, budget int) ([]memory.Memory, []Recalled, error) {
	g.asked = budget
	out := []memory.Memory{{ID: "x", Owner: "someone-else", Text: "Is vegan"}}
	for i := range 20 {
		out = append(out, memory.Memory{ID: string(rune('a' + i)), Owner: owner, Text: strings.Repeat("word ", 8)})
	}
	return out, nil, nil
}

func TestProfileKeepsItsTokenCapAndOwner(t *testing.T) {
	for _, budget := range []int{400, 60} {
		g := &greedyProfiler{}
		p := &replier{base: &base{log: slog.New(slog.DiscardHandler)}, recall: g, opts: Options{TokenBudget: budget}}
		got, _, err := p.recallWithProfile(context.Background(), turn{msg: Message{IsDM: true}, person: memory.Person{ID: "ann"}}, RecallQuery{})
		if err != nil {
			t.Fatal(err)
		}
		limit := min(budget, ProfileTokens)
		if g.asked != limit {
			t.Errorf("budget %d: asked for %d tokens, want %d", budget, g.asked, limit)
		}
		if n := budgetUsed(got); n > limit || len(got) == 0 {
			t.Errorf("budget %d: profile of %d memories takes %d tokens, want 1..%d", budget, len(got), n, limit)
		}
		for _, r := range got {
			if r.Memory.Owner != "ann" {
				t.Errorf("budget %d: profile carries %s's memory", budget, r.Memory.Owner)
			}
		}
	}
	if text.EstimateTokens(strings.Repeat("word ", 8)) == 0 {
		t.Fatal("the test's memories cost nothing; it would prove nothing")
	}
}

func TestWithProfileShowsEachMemoryOnce(t *testing.T) {
	profile := []Recalled{{Memory: memory.Memory{ID: "p1"}, Parts: map[string]float64{profilePart: 1}}}
	recalled := []Recalled{
		{Memory: memory.Memory{ID: "r1"}, Score: 0.9, Parts: map[string]float64{"relevance": 0.9}},
		{Memory: memory.Memory{ID: "p1"}, Score: 0.8, Parts: map[string]float64{"relevance": 0.8}},
		{Memory: memory.Memory{ID: "r2"}, Score: 0.7},
		{Memory: memory.Memory{ID: "r3"}, Score: 0.6},
	}
	got := withProfile(profile, recalled, 2)
	var ids []string
	for _, r := range got {
		ids = append(ids, r.Memory.ID)
	}
	if strings.Join(ids, ",") != "p1,r1,r2" {
		t.Errorf("ids = %v, want the profile then two recalled", ids)
	}
	if got[0].Score != 0.8 || got[0].Parts[profilePart] != 1 {
		t.Errorf("a recalled profile memory = %+v, want its recall score and the profile mark", got[0])
	}
	used := onlyRecalled(got)
	if len(used) != 3 {
		t.Errorf("counted as used: %d, want 3 (the profile memory was recalled too)", len(used))
	}
	if n := len(onlyRecalled(profile)); n != 0 {
		t.Errorf("a profile-only memory counted as used (%d)", n)
	}
}
