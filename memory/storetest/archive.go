package storetest

import (
	"cmp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func archiveContracts() []contract {
	return []contract{
		{name: "StaleMemoriesRules", run: testStaleMemoriesRules},
		{name: "StaleMemoriesReturnContent", run: testStaleMemoriesReturnContent},
		{name: "StaleMemoriesLimit", run: testStaleMemoriesLimit},
		{name: "StaleMemoriesRejectInvalid", run: testStaleMemoriesRejectInvalid},
	}
}

// The upkeep times of the archive contracts: now is base, and memories
// untouched for 90 days count as unused.
var (
	archiveNow   = base
	unusedCutoff = base.Add(-90 * 24 * time.Hour)
)

// staleCase is one memory of the archive fixture and which rule of a
// StaleQuery selects it. Memories that are not active match no rule.
type staleCase struct {
	name      string
	owner     string
	lifecycle memory.Lifecycle
	status    memory.Status
	created   time.Time
	updated   time.Time
	lastUsed  time.Time
	expires   time.Time
	// expired: selected by the expiry rule with Expiring [temporary].
	expired bool
	// unused: selected by the unused rule when nothing is exempt.
	unused bool
}

// staleCases covers each rule and the boundaries around it.
func staleCases() []staleCase {
	old := base.Add(-100 * 24 * time.Hour)
	recent := base.Add(-24 * time.Hour)
	fact, temp, long := memory.LifecycleFact, memory.LifecycleTemporary, memory.LifecycleLongTerm
	active := memory.StatusActive
	return []staleCase{
		{"expired temporary", "alice", temp, active, recent, recent, time.Time{}, base.Add(-time.Hour), true, false},
		{"temporary expiring later", "alice", temp, active, recent, recent, time.Time{}, base.Add(time.Hour), false, false},
		{"temporary expiring exactly now", "alice", temp, active, recent, recent, time.Time{}, base, false, false},
		{"temporary without expiry", "alice", temp, active, recent, recent, time.Time{}, time.Time{}, false, false},
		{"fact with a past expiry", "alice", fact, active, recent, recent, time.Time{}, base.Add(-time.Hour), false, false},
		{"old, expired temporary", "alice", temp, active, old, old, time.Time{}, base.Add(-time.Hour), true, true},
		{"old, unexpired temporary", "alice", temp, active, old, old, time.Time{}, base.Add(time.Hour), false, true},
		{"old unused fact", "alice", fact, active, old, old, time.Time{}, time.Time{}, false, true},
		{"old fact of another owner", "bob", fact, active, old, old, time.Time{}, time.Time{}, false, true},
		{"old fact used recently", "alice", fact, active, old, old, recent, time.Time{}, false, false},
		{"old fact used long ago", "alice", fact, active, old, old, old, time.Time{}, false, true},
		{"old fact updated recently", "alice", fact, active, old, recent, time.Time{}, time.Time{}, false, false},
		{"fact used exactly at the cutoff", "alice", fact, active, old, old, unusedCutoff, time.Time{}, false, false},
		{"old long-term", "alice", long, active, old, old, time.Time{}, time.Time{}, false, true},
		{"recent long-term", "alice", long, active, recent, recent, time.Time{}, time.Time{}, false, false},
		{"old superseded", "alice", fact, memory.StatusSuperseded, old, old, time.Time{}, time.Time{}, false, false},
		{"old pending review", "alice", fact, memory.StatusPendingReview, old, old, time.Time{}, time.Time{}, false, false},
		{"already archived", "alice", temp, memory.StatusArchived, old, old, time.Time{}, base.Add(-time.Hour), false, false},
	}
}

// insertStale inserts the fixture and returns the memories by case name.
func insertStale(t *testing.T, s memory.Store, cases []staleCase) map[string]memory.Memory {
	t.Helper()
	out := map[string]memory.Memory{}
	for _, c := range cases {
		m := newMemory(c.owner, c.name)
		m.Lifecycle, m.Status = c.lifecycle, c.status
		m.CreatedAt, m.UpdatedAt, m.LastUsedAt, m.ExpiresAt = c.created, c.updated, c.lastUsed, c.expires
		mustInsert(t, s, &m)
		out[c.name] = mustGet(t, s, c.owner, m.ID)
	}
	return out
}

// mustStale runs StaleMemories or fails the test.
func mustStale(t *testing.T, s memory.Store, q memory.StaleQuery) []memory.Memory {
	t.Helper()
	got, err := s.StaleMemories(t.Context(), q)
	if err != nil {
		t.Fatalf("StaleMemories(%+v): %v", q, err)
	}
	return got
}

// oldestFirst sorts mems as StaleMemories orders them: by CreatedAt, then
// ID.
func oldestFirst(mems []memory.Memory) []memory.Memory {
	out := slices.Clone(mems)
	slices.SortFunc(out, func(a, b memory.Memory) int {
		return cmp.Or(ms(a.CreatedAt).Compare(ms(b.CreatedAt)), strings.Compare(a.ID, b.ID))
	})
	return out
}

// wantStale checks that got is want, oldest first, each as stored but
// without its embedding.
func wantStale(t *testing.T, what string, got, want []memory.Memory) {
	t.Helper()
	want = oldestFirst(want)
	if !slices.Equal(ids(got), ids(want)) {
		t.Errorf("%s: StaleMemories returned %v, want %v (oldest first)", what, ids(got), ids(want))
		return
	}
	for i := range got {
		if got[i].Embedding != nil {
			t.Errorf("%s: memory %s came with its embedding", what, got[i].ID)
		}
		w := want[i]
		w.Embedding = got[i].Embedding
		assertMemory(t, w, got[i])
	}
}

func testStaleMemoriesRules(t *testing.T, s memory.Store) {
	cases := staleCases()
	mems := insertStale(t, s, cases)
	temp, long := []memory.Lifecycle{memory.LifecycleTemporary}, []memory.Lifecycle{memory.LifecycleLongTerm}
	queries := []struct {
		name string
		q    memory.StaleQuery
		want func(c staleCase) bool
	}{
		{"both rules, long-term exempt",
			memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: temp, UnusedBefore: unusedCutoff, Exempt: long},
			func(c staleCase) bool { return c.expired || c.unused && c.lifecycle != memory.LifecycleLongTerm }},
		{"both rules, nothing exempt",
			memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: temp, UnusedBefore: unusedCutoff},
			func(c staleCase) bool { return c.expired || c.unused }},
		{"expiry only (zero UnusedBefore)",
			memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: temp, Exempt: long},
			func(c staleCase) bool { return c.expired }},
		{"unused only (zero ExpiredBefore)",
			memory.StaleQuery{Expiring: temp, UnusedBefore: unusedCutoff, Exempt: long},
			func(c staleCase) bool { return c.unused && c.lifecycle != memory.LifecycleLongTerm }},
		{"facts expire too",
			memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: []memory.Lifecycle{memory.LifecycleTemporary, memory.LifecycleFact}},
			func(c staleCase) bool { return c.expired || c.name == "fact with a past expiry" }},
		{"both rules off", memory.StaleQuery{Expiring: temp, Exempt: long}, func(staleCase) bool { return false }},
	}
	for _, qc := range queries {
		var want []memory.Memory
		for _, c := range cases {
			if qc.want(c) {
				want = append(want, mems[c.name])
			}
		}
		wantStale(t, qc.name, mustStale(t, s, qc.q), want)
	}
	// Listing changes nothing.
	for _, c := range cases {
		assertMemory(t, mems[c.name], mustGet(t, s, c.owner, mems[c.name].ID))
	}
}

func testStaleMemoriesReturnContent(t *testing.T, s memory.Store) {
	m := fullMemory("alice")
	m.Status = memory.StatusActive
	m.Lifecycle = memory.LifecycleTemporary
	m.ExpiresAt = base.Add(-time.Minute)
	m.CreatedAt, m.UpdatedAt, m.LastUsedAt = base.Add(-time.Hour), base.Add(-time.Hour), base.Add(-time.Minute)
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)

	// A zero UnusedBefore turns the unused rule off: only expiry applies.
	unused := newMemory("alice", "untouched for years")
	unused.CreatedAt, unused.UpdatedAt = base.Add(-5*365*24*time.Hour), base.Add(-5*365*24*time.Hour)
	mustInsert(t, s, &unused)

	got := mustStale(t, s, memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: []memory.Lifecycle{memory.LifecycleTemporary}})
	// History, source, usage: all there; the embedding is not loaded.
	wantStale(t, "without an unused cutoff", got, []memory.Memory{before})
	if after := mustGet(t, s, "alice", m.ID); after.Embedding == nil {
		t.Error("after StaleMemories the memory has lost its embedding")
	}
}

func testStaleMemoriesLimit(t *testing.T, s memory.Store) {
	old := base.Add(-200 * 24 * time.Hour)
	var all []memory.Memory
	for i, owner := range []string{"alice", "bob", "alice", "carol", "bob"} {
		m := newMemory(owner, "stale "+strings.Repeat("!", i))
		// Inserted newest first, so that insertion order is not the answer.
		at := old.Add(time.Duration(10-i) * time.Hour)
		m.CreatedAt, m.UpdatedAt = at, at
		mustInsert(t, s, &m)
		all = append(all, mustGet(t, s, owner, m.ID))
	}
	q := memory.StaleQuery{UnusedBefore: unusedCutoff, Exempt: []memory.Lifecycle{memory.LifecycleLongTerm}, Limit: 2}
	first := mustStale(t, s, q)
	wantStale(t, "limit 2", first, oldestFirst(all)[:2])

	// Archiving the first batch takes it out of the next one.
	for _, m := range first {
		m.Status = memory.StatusArchived
		if err := s.UpdateMemory(t.Context(), &m); err != nil {
			t.Fatalf("archive %s: %v", m.ID, err)
		}
	}
	q.Limit = 0
	wantStale(t, "after the first batch was archived", mustStale(t, s, q), oldestFirst(all)[2:])
}

func testStaleMemoriesRejectInvalid(t *testing.T, s memory.Store) {
	m := newMemory("alice", "stale")
	m.CreatedAt, m.UpdatedAt = base.Add(-365*24*time.Hour), base.Add(-365*24*time.Hour)
	mustInsert(t, s, &m)
	ctx := t.Context()
	for _, c := range []struct {
		what string
		q    memory.StaleQuery
	}{
		{"a negative limit", memory.StaleQuery{UnusedBefore: unusedCutoff, Limit: -1}},
		{"an unknown expiring lifecycle", memory.StaleQuery{ExpiredBefore: archiveNow, Expiring: []memory.Lifecycle{"forever"}}},
		{"an unknown exempt lifecycle", memory.StaleQuery{UnusedBefore: unusedCutoff, Exempt: []memory.Lifecycle{"forever"}}},
	} {
		_, err := s.StaleMemories(ctx, c.q)
		wantErr(t, "StaleMemories with "+c.what, err, memory.ErrInvalid)
	}
	if got := mustGet(t, s, "alice", m.ID); got.Status != memory.StatusActive || got.Version != 1 {
		t.Errorf("after rejected calls the memory is %s at version %d, want active at 1", got.Status, got.Version)
	}
}
