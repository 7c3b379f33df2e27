package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// An English plan whose day is not written in figures gets its day
// written after it, so that "tomorrow" still reads right next week; one
// whose day is in figures is kept as said.
func TestEnglishPlansCarryTheirDay(t *testing.T) {
	at := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	tests := []struct{ in, want string }{
		{"I'm flying to Lisbon tomorrow", "March 15, 2026"},
		{"my viva is coming up tomorrow, so nervous", "(March 15, 2026)"},
		{"the recital's on saturday", "(March 21, 2026)"},
		{"my dot physical is coming up april fourteenth", "(April 14, 2026)"},
		{"I'm flying to Lisbon on March 20", ""},
	}
	for _, tt := range tests {
		var plan *memory.Memory
		for _, m := range extractAll(t, tt.in, at) {
			if m.Type == memory.TypeEvent {
				plan = &m
			}
		}
		switch {
		case plan == nil:
			t.Errorf("%q: no plan read", tt.in)
		case tt.want == "" && strings.Contains(plan.Text, "("):
			t.Errorf("%q: %q, want the day as said", tt.in, plan.Text)
		case !strings.HasSuffix(plan.Text, tt.want):
			t.Errorf("%q: %q, want it to end %q", tt.in, plan.Text, tt.want)
		}
	}
}
