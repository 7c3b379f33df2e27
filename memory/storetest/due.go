package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func dueContracts() []contract {
	return []contract{
		{name: "DueMemoriesWindow", run: testDueMemoriesWindow},
		{name: "DueMemoriesRejectInvalid", run: testDueMemoriesRejectInvalid},
	}
}

// DueMemories lists the active memories of the asked types, of every
// owner, whose EventTime (else ExpiresAt) is in [From, To), soonest first,
// ties by ID, cut to the limit, without vectors.
func testDueMemoriesWindow(t *testing.T, s memory.Store) {
	from, to := base, base.Add(24*time.Hour)
	type dueCase struct {
		id, owner      string
		typ            memory.Type
		status         memory.Status
		event, expires time.Time
		listed         bool
	}
	cases := []dueCase{
		{"due-event-0001", "alice", memory.TypeEvent, memory.StatusActive, base.Add(3 * time.Hour), time.Time{}, true},
		{"due-task-00002", "bob", memory.TypeTask, memory.StatusActive, time.Time{}, base.Add(time.Hour), true},
		{"due-task-00003", "alice", memory.TypeTask, memory.StatusActive, base, base.Add(48 * time.Hour), true}, // at From: in
		{"due-task-00004", "carol", memory.TypeTask, memory.StatusActive, base.Add(3 * time.Hour), time.Time{}, true},
		{"due-late-00005", "alice", memory.TypeTask, memory.StatusActive, to, time.Time{}, false}, // at To: out
		{"due-past-00006", "alice", memory.TypeTask, memory.StatusActive, base.Add(-time.Millisecond), time.Time{}, false},
		{"due-done-00007", "alice", memory.TypeTask, memory.StatusDone, base.Add(2 * time.Hour), time.Time{}, false},
		{"due-fact-00008", "alice", memory.TypeFact, memory.StatusActive, base.Add(2 * time.Hour), time.Time{}, false},
		{"due-none-00009", "alice", memory.TypeTask, memory.StatusActive, time.Time{}, time.Time{}, false},
		// The event time decides when there is one, even if the expiry is
		// in the window.
		{"due-evlt-00010", "bob", memory.TypeEvent, memory.StatusActive, base.Add(30 * time.Hour), base.Add(2 * time.Hour), false},
		{"due-arch-00011", "bob", memory.TypeEvent, memory.StatusArchived, base.Add(2 * time.Hour), time.Time{}, false},
	}
	for _, c := range cases {
		m := newMemory(c.owner, "due "+c.id)
		m.ID, m.Type, m.Lifecycle, m.Status, m.EventTime, m.ExpiresAt = c.id, c.typ, memory.LifecycleTemporary, c.status, c.event, c.expires
		m.Embedding = &memory.Embedding{Model: "m", Vector: []float32{1, 0}}
		mustInsert(t, s, &m)
	}
	q := memory.DueQuery{Types: []memory.Type{memory.TypeTask, memory.TypeEvent}, From: from, To: to}
	got, err := s.DueMemories(t.Context(), q)
	if err != nil {
		t.Fatalf("DueMemories: %v", err)
	}
	want := []string{"due-task-00003", "due-task-00002", "due-event-0001", "due-task-00004"}
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
		if m.Embedding != nil {
			t.Errorf("%s: embedding loaded", m.ID)
		}
		if m.Text != "due "+m.ID || m.Owner == "" {
			t.Errorf("%s: content %q of %q", m.ID, m.Text, m.Owner)
		}
	}
	if !slices.Equal(ids, want) {
		t.Errorf("due memories %v, want %v", ids, want)
	}
	q.Limit = 2
	got, err = s.DueMemories(t.Context(), q)
	if err != nil || len(got) != 2 || got[0].ID != want[0] || got[1].ID != want[1] {
		t.Errorf("limit 2: %d memories (%v), want %v", len(got), err, want[:2])
	}
	q = memory.DueQuery{Types: []memory.Type{memory.TypeEvent}, From: from, To: to}
	got, err = s.DueMemories(t.Context(), q)
	if err != nil || len(got) != 1 || got[0].ID != "due-event-0001" {
		t.Errorf("events only: %v (%v)", got, err)
	}
}

func testDueMemoriesRejectInvalid(t *testing.T, s memory.Store) {
	task := []memory.Type{memory.TypeTask}
	for _, c := range []struct {
		what string
		q    memory.DueQuery
	}{
		{"no type", memory.DueQuery{From: base, To: base.Add(time.Hour)}},
		{"an unknown type", memory.DueQuery{Types: []memory.Type{"chore"}, From: base, To: base.Add(time.Hour)}},
		{"no window", memory.DueQuery{Types: task}},
		{"an empty window", memory.DueQuery{Types: task, From: base, To: base}},
		{"a negative limit", memory.DueQuery{Types: task, From: base, To: base.Add(time.Hour), Limit: -1}},
	} {
		_, err := s.DueMemories(t.Context(), c.q)
		wantErr(t, "DueMemories with "+c.what, err, memory.ErrInvalid)
	}
}
