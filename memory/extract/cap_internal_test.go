package extract

import (
	"fmt"
	"testing"

	"github.com/membot/membot/memory"
)

// TestCapKeepsMostImportant checks the per-call cap: at most
// DefaultMaxMemories candidates survive, and they are the ones with the
// highest importance × confidence.
func TestCapKeepsMostImportant(t *testing.T) {
	if DefaultMaxMemories != 5 {
		t.Fatalf("DefaultMaxMemories = %d, want 5", DefaultMaxMemories)
	}
	var ms []memory.Memory
	for i := range 9 {
		// Scores rise and fall so the best are not simply the first.
		score := float64((i*4)%9+1) / 10
		ms = append(ms, memory.Memory{Text: fmt.Sprintf("fact %d", i), Importance: score, Confidence: 0.9})
	}
	kept, dropped := finishCandidates(ms, Input{MinConfidence: 0.6})
	if len(kept) != 5 || dropped != 4 {
		t.Fatalf("kept %d, dropped %d; want 5 and 4", len(kept), dropped)
	}
	for _, m := range kept {
		if m.Importance < 0.5 {
			t.Errorf("kept %q of importance %.1f over a more important one", m.Text, m.Importance)
		}
	}
}
