package extract_test

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// A value set aside for review, said again after the value that stands,
// is the current value again: it supersedes the standing one and retires
// the set-aside copy. Said before the standing one, it stays a duplicate.
func TestSetAsideValueSaidAgain(t *testing.T) {
	tests := []struct {
		name   string
		minute int // when "I live in Hooli" is said; Lisbon was said at minute 5
		// hooliActive says whether a "Lives in Hooli" ends up active.
		hooliActive bool
	}{
		{"said after the standing value", 10, true},
		{"said before the standing value", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true})
			ann := e.person("Ann")
			e.conv("console:dm")
			stored := func(text string, status memory.Status, minute int) memory.Memory {
				m := memory.Memory{Owner: ann.ID, Text: text, Subject: "residence", Type: memory.TypeFact,
					Lifecycle: memory.LifecycleFact, Importance: 0.7, Confidence: 0.9, Status: status,
					Source: memory.Source{Time: t0.Add(time.Duration(minute) * time.Minute)}}
				if err := e.store.InsertMemory(e.ctx, &m); err != nil {
					t.Fatalf("insert memory: %v", err)
				}
				return m
			}
			aside := stored("Lives in Hooli", memory.StatusPendingReview, 0)
			standing := stored("Lives in Lisbon", memory.StatusActive, 5)
			e.say("console:dm", ann, tt.minute, "I live in Hooli")
			res, err := e.run("console:dm")
			if err != nil {
				t.Fatal(err)
			}
			var active []string
			byID := map[string]memory.Memory{}
			for _, m := range e.memories(ann.ID) {
				byID[m.ID] = m
				if m.Status == memory.StatusActive {
					active = append(active, m.Text)
				}
			}
			if !tt.hooliActive {
				if len(active) != 1 || active[0] != "Lives in Lisbon" || byID[aside.ID].Status != memory.StatusPendingReview {
					t.Errorf("active %q, set-aside copy %s; want Lisbon to stand and the copy to wait for review", active, byID[aside.ID].Status)
				}
				if res.Duplicates != 1 {
					t.Errorf("result %+v, want the statement counted as a duplicate", res)
				}
				return
			}
			if len(active) != 1 || active[0] != "Lives in Hooli" {
				t.Fatalf("active %q, want only Hooli", active)
			}
			if m := byID[standing.ID]; m.Status != memory.StatusSuperseded || m.SupersededBy == "" {
				t.Errorf("Lisbon: %s superseded by %q, want superseded", m.Status, m.SupersededBy)
			}
			if m := byID[aside.ID]; m.Status != memory.StatusSuperseded || m.SupersededBy != byID[standing.ID].SupersededBy {
				t.Errorf("set-aside Hooli: %s superseded by %q, want superseded by the new Hooli %q", m.Status, m.SupersededBy, byID[standing.ID].SupersededBy)
			}
		})
	}
}
