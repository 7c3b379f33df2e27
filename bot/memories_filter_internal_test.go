package bot

import (
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

func TestParseListFilter(t *testing.T) {
	tests := []struct {
		args       string
		page       int
		types      []memory.Type
		lifecycles []memory.Lifecycle
		all        bool
		words      string
		bad        string
		badPage    bool
	}{
		{args: "", words: ""},
		{args: "all", all: true, words: "all"},
		{args: "全部", all: true, words: "all"},
		{args: "2", page: 2},
		{args: "preference", types: []memory.Type{memory.TypePreference}, words: "preference"},
		{args: "2 preference", page: 2, types: []memory.Type{memory.TypePreference}, words: "preference"},
		{args: "preference 2", page: 2, types: []memory.Type{memory.TypePreference}, words: "preference"},
		{args: "Preference", types: []memory.Type{memory.TypePreference}, words: "preference"},
		{args: "偏好", types: []memory.Type{memory.TypePreference}, words: "preference"},
		{args: "事实 2", page: 2, types: []memory.Type{memory.TypeFact}, words: "fact"},
		{args: "goal 目标", types: []memory.Type{memory.TypeObjective, memory.TypeObjective}, words: "objective objective"},
		{args: "任务 事件 决定", types: []memory.Type{memory.TypeTask, memory.TypeEvent, memory.TypeDecision}, words: "task event decision"},
		{args: "long_term", lifecycles: []memory.Lifecycle{memory.LifecycleLongTerm}, words: "long_term"},
		{args: "long-term temp", lifecycles: []memory.Lifecycle{memory.LifecycleLongTerm, memory.LifecycleTemporary}, words: "long_term temporary"},
		{args: "长期", lifecycles: []memory.Lifecycle{memory.LifecycleLongTerm}, words: "long_term"},
		{args: "临时 3", page: 3, lifecycles: []memory.Lifecycle{memory.LifecycleTemporary}, words: "temporary"},
		{args: "lifecycle:fact", lifecycles: []memory.Lifecycle{memory.LifecycleFact}, words: "lifecycle:fact"},
		{args: "生命周期：事实", lifecycles: []memory.Lifecycle{memory.LifecycleFact}, words: "lifecycle:fact"},
		{args: "type:fact", types: []memory.Type{memory.TypeFact}, words: "fact"},
		{args: "fact", types: []memory.Type{memory.TypeFact}, words: "fact"},
		{args: "all preference temporary 4", page: 4, all: true, types: []memory.Type{memory.TypePreference},
			lifecycles: []memory.Lifecycle{memory.LifecycleTemporary}, words: "all preference temporary"},
		{args: "page2", page: 2},
		{args: "第3页", page: 3},
		{args: "0", badPage: true},
		{args: "preference -1", badPage: true},
		{args: "bogus", bad: "bogus"},
		{args: "preference Bogus", bad: "Bogus"},
		{args: "type:temporary", bad: "type:temporary"},
		{args: "lifecycle:all", bad: "lifecycle:all"},
		{args: "frobnicate", bad: "frobnicate"},
	}
	for _, tt := range tests {
		f, bad, badPage := parseListFilter(strings.Fields(tt.args))
		if bad != tt.bad || badPage != tt.badPage {
			t.Errorf("%q: bad %q, badPage %v; want %q, %v", tt.args, bad, badPage, tt.bad, tt.badPage)
			continue
		}
		if bad != "" || badPage {
			continue
		}
		if f.page != tt.page || f.all != tt.all || !slices.Equal(f.types, tt.types) ||
			!slices.Equal(f.lifecycles, tt.lifecycles) || strings.Join(f.words, " ") != tt.words {
			t.Errorf("%q: got %+v, want page %d types %v lifecycles %v all %v words %q",
				tt.args, f, tt.page, tt.types, tt.lifecycles, tt.all, tt.words)
		}
		// The page buttons carry f.words: they must ask for the same list.
		again, bad, _ := parseListFilter(f.words)
		if bad != "" || again.all != f.all || !slices.Equal(again.types, f.types) || !slices.Equal(again.lifecycles, f.lifecycles) {
			t.Errorf("%q: the buttons' words %q read back as %+v (bad %q)", tt.args, f.words, again, bad)
		}
	}
}
