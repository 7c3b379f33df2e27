package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

func TestMemoriesFiltersWithOrWithoutPage(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	owner := person(t, b, "telegram", "fil")
	remember(t, b, owner, "", "likes green tea") // preference, long_term
	remember(t, b, owner, "", "lives in Lyon", func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypeFact, memory.LifecycleFact
	})
	remember(t, b, owner, "", "visiting Rome next week", func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypeEvent, memory.LifecycleTemporary
	})
	remember(t, b, owner, "", "used to live in Paris", func(m *memory.Memory) {
		m.Type, m.Lifecycle, m.Status = memory.TypeFact, memory.LifecycleFact, memory.StatusSuperseded
	})
	all := []string{"green tea", "Lyon", "Rome", "Paris"}
	tests := []struct {
		cmd  string
		want []string // the memories listed; the others must not be
	}{
		{"/memories", all[:3]},
		{"/memories all", all},
		{"/memories 全部", all},
		{"/memories preference", all[:1]},
		{"/memories 2 preference", all[:1]}, // past the last page: the last page
		{"/memories preference 2", all[:1]},
		{"/memories 偏好", all[:1]},
		{"/memories 事实 2", all[1:2]},
		{"/memories fact all", []string{"Lyon", "Paris"}},
		{"/memories long_term", all[:1]},
		{"/memories 长期", all[:1]},
		{"/memories temporary", all[2:3]},
		{"/memories 临时", all[2:3]},
		{"/memories lifecycle:fact", all[1:2]},
		{"/memories event temp", all[2:3]},
		{"/memories list 1 偏好", all[:1]},
	}
	dm := bottest.DM("telegram", "fil", "")
	for _, tt := range tests {
		r := say(t, b, dm, tt.cmd)
		if strings.Contains(r.Text, "Unknown") || !r.Private {
			t.Errorf("%s: %q", tt.cmd, r.Text)
			continue
		}
		for _, m := range all {
			if listed, want := strings.Contains(r.Text, m), slices.Contains(tt.want, m); listed != want {
				t.Errorf("%s: %q listed %v, want %v:\n%s", tt.cmd, m, listed, want, r.Text)
			}
		}
	}
	for _, cmd := range []string{"/memories bogus", "/memories 2 bogus", "/memories 偏好 奇怪"} {
		r := say(t, b, dm, cmd)
		if !strings.Contains(r.Text, "Unknown filter or subcommand") || !strings.Contains(r.Text, "preference") || strings.Contains(r.Text, "Unknown command") {
			t.Errorf("%s: %q", cmd, r.Text)
		}
	}
}
