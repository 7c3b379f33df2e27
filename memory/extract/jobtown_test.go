package extract_test

import (
	"testing"

	"github.com/membot/membot/memory"
)

// When a job was the only place the person's town was said, a move takes
// the old town out of the job memory (its earlier text kept in the
// history) and the new home is stored; a job in the town they move to, a
// home said without a change, or a stored home leave the job alone.
func TestMoveTakesTheOldTownOutOfTheJob(t *testing.T) {
	tests := []struct {
		name, first, then string
		job, home         string
		dropped           bool
	}{
		{"en, job in a town, then a move", "I work as a plumber in Sheffield", "we moved to Derby in March",
			"Works as a plumber", "Lives in Derby", true},
		{"zh, 在某地一家单位, then a move", "我在武汉一家银行做柜员", "我们全家搬到长沙了",
			"在一家银行做柜员", "住在长沙", true},
		{"zh, 在某地做, then a move", "我在西安做销售", "我搬到了郑州",
			"做销售", "住在郑州", true},
		{"en, moved to the job's own town", "I work as a plumber in Sheffield", "we moved to Sheffield last year",
			"Works as a plumber in Sheffield", "Lives in Sheffield", false},
		{"en, home said without a change", "I work as a plumber in Sheffield", "I live in Rotherham",
			"Works as a plumber in Sheffield", "Lives in Rotherham", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true})
			ann, _ := e.stateThenChange(tt.first, tt.then)
			all := e.memories(ann.ID)
			job := statusOf(t, all, tt.job)
			if job.Status != memory.StatusActive {
				t.Errorf("%q: status %s, want active", tt.job, job.Status)
			}
			if got := len(job.History) > 0; got != tt.dropped {
				t.Errorf("%q: history %+v, want a rewrite: %v", tt.job, job.History, tt.dropped)
			}
			if home := statusOf(t, all, tt.home); home.Status != memory.StatusActive {
				t.Errorf("%q: status %s, want active", tt.home, home.Status)
			}
		})
	}
}

// A move supersedes a stored home and leaves the job's town alone.
func TestMoveWithAStoredHomeKeepsTheJob(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	e.say("console:dm", ann, 0, "I work as a plumber in Sheffield")
	e.say("console:dm", ann, 1, "I live in Rotherham")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("first run: %v", err)
	}
	e.say("console:dm", ann, 10, "we moved to Derby last month")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("second run: %v", err)
	}
	all := e.memories(ann.ID)
	if m := statusOf(t, all, "Works as a plumber in Sheffield"); m.Status != memory.StatusActive || len(m.History) != 0 {
		t.Errorf("job: status %s, history %+v; want active and unchanged", m.Status, m.History)
	}
	if m := statusOf(t, all, "Lives in Rotherham"); m.Status != memory.StatusSuperseded {
		t.Errorf("old home: status %s, want superseded", m.Status)
	}
}

// A move away from a stored home in the job's own town takes that town
// out of the job too, for a job said as who the person is as well.
func TestMoveFromTheJobsTownDropsItFromTheJob(t *testing.T) {
	for _, tt := range []struct{ job, home, move, want string }{
		{"I work as a nurse in Norwich", "I live in Norwich", "we moved to Ipswich last month", "Works as a nurse"},
		{"I'm a bus driver in Cardiff", "we live in Cardiff", "I've just moved to Swansea", "Is a bus driver"},
	} {
		t.Run(tt.job, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true})
			ann := e.person("Ann")
			e.conv("console:dm")
			e.say("console:dm", ann, 0, tt.job)
			e.say("console:dm", ann, 1, tt.home)
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("first run: %v", err)
			}
			e.say("console:dm", ann, 10, tt.move)
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("second run: %v", err)
			}
			if m := statusOf(t, e.memories(ann.ID), tt.want); m.Status != memory.StatusActive || len(m.History) == 0 {
				t.Errorf("job: status %s, history %+v; want active with the town in its history", m.Status, m.History)
			}
		})
	}
}
