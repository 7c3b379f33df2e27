package extract

import (
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// A plan put off or called off ends the plan it speaks of; any other
// change leaves plans alone.
func TestTopicTargetOfAPlanPutOff(t *testing.T) {
	plan := memory.Memory{ID: "p1", Text: "In August they are taking their wife to Lisbon for their anniversary",
		Type: memory.TypeEvent, Status: memory.StatusActive}
	tests := []struct {
		change string
		want   bool
	}{
		{"The Lisbon anniversary trip has been postponed, her mother is unwell", true},
		{"里斯本周年旅行延期了", false}, // shares no words with the plan
		{"The Lisbon anniversary trip is now by train", false},
	}
	for _, tt := range tests {
		c := memory.Memory{Text: tt.change, Source: memory.Source{Excerpt: tt.change}}
		got := topicTarget(c, []memory.Memory{plan}, text.NewTokenizer()) != nil
		if got != tt.want {
			t.Errorf("topicTarget(%q) ends the plan: %v, want %v", tt.change, got, tt.want)
		}
	}
}
