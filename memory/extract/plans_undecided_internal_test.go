package extract

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// A dated clause is a plan only when something is done on the day and the
// person says it is settled: "要快的 10分钟搞定那种" (a kind of breakfast,
// where 种 is no planting), "可能要换工作 …… 还没定下来" and "搬家搞定了"
// (done, not set for a day) are none; planting trees and a wedding set
// for a day are.
func TestDatedClausesThatAreNoPlans(t *testing.T) {
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		plan bool
	}{
		{"帮我想几个明天的早饭 要快的 10分钟搞定那种", false},
		{"还有件事 下个月可能要换工作 先不说了 还没定下来", false},
		{"搬家搞定了，上周末搬到嘉定新城", false},
		{"We might move to Leeds in May, nothing's decided yet", false},
		{"下个月十号我要去种树", true},
		{"婚礼定在五月一号", true},
	}
	for _, tt := range tests {
		plan := false
		for _, m := range extractAll(t, tt.in, at) {
			plan = plan || m.Type == memory.TypeEvent
		}
		if plan != tt.plan {
			t.Errorf("%q: read as a plan %v, want %v", tt.in, plan, tt.plan)
		}
	}
}
