package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func archiveContracts() []contract {
	return []contract{
		{name: "ArchiveStaleRules", run: testArchiveStaleRules},
		{name: "ArchiveStaleKeepsContent", run: testArchiveStaleKeepsContent},
		{name: "ArchiveStaleLimit", run: testArchiveStaleLimit},
		{name: "ArchiveStaleRejectsInvalid", run: testArchiveStaleRejectsInvalid},
	}
}

// The upkeep times of the archive contracts: now is base, and memories
// untouched for 90 days count as unused.
var (
	archiveNow   = base
	unusedCutoff = base.Add(-90 * 24 * time.Hour)
)

// staleCase is one memory of the archive fixture and what ArchiveStale
// must do with it.
type staleCase struct {
	name       string
	owner      string
	lifecycle  memory.Lifecycle
	status     memory.Status
	created    time.Time
	updated    time.Time
	lastUsed   time.Time
	expires    time.Time
	reason     string // "" when it stays active (or keeps its status)
	reasonKeep string // the reason when long-term memories are kept
}

// staleCases covers each rule and the boundaries around it.
func staleCases() []staleCase {
	old := base.Add(-100 * 24 * time.Hour)
	recent := base.Add(-24 * time.Hour)
	fact, temp, long := memory.LifecycleFact, memory.LifecycleTemporary, memory.LifecycleLongTerm
	active := memory.StatusActive
	return []staleCase{
		{"expired temporary", "alice", temp, active, recent, recent, time.Time{}, base.Add(-time.Hour), memory.ArchiveExpired, memory.ArchiveExpired},
		{"temporary expiring later", "alice", temp, active, recent, recent, time.Time{}, base.Add(time.Hour), "", ""},
		{"temporary expiring exactly now", "alice", temp, active, recent, recent, time.Time{}, base, "", ""},
		{"temporary without expiry", "alice", temp, active, recent, recent, time.Time{}, time.Time{}, "", ""},
		{"fact with a past expiry", "alice", fact, active, recent, recent, time.Time{}, base.Add(-time.Hour), "", ""},
		{"old, expired temporary", "alice", temp, active, old, old, time.Time{}, base.Add(-time.Hour), memory.ArchiveExpired, memory.ArchiveExpired},
		{"old, unexpired temporary", "alice", temp, active, old, old, time.Time{}, base.Add(time.Hour), memory.ArchiveUnused, memory.ArchiveUnused},
		{"old unused fact", "alice", fact, active, old, old, time.Time{}, time.Time{}, memory.ArchiveUnused, memory.ArchiveUnused},
		{"old fact of another owner", "bob", fact, active, old, old, time.Time{}, time.Time{}, memory.ArchiveUnused, memory.ArchiveUnused},
		{"old fact used recently", "alice", fact, active, old, old, recent, time.Time{}, "", ""},
		{"old fact used long ago", "alice", fact, active, old, old, old, time.Time{}, memory.ArchiveUnused, memory.ArchiveUnused},
		{"old fact updated recently", "alice", fact, active, old, recent, time.Time{}, time.Time{}, "", ""},
		{"fact used exactly at the cutoff", "alice", fact, active, old, old, unusedCutoff, time.Time{}, "", ""},
		{"old long-term", "alice", long, active, old, old, time.Time{}, time.Time{}, memory.ArchiveUnused, ""},
		{"recent long-term", "alice", long, active, recent, recent, time.Time{}, time.Time{}, "", ""},
		{"old superseded", "alice", fact, memory.StatusSuperseded, old, old, time.Time{}, time.Time{}, "", ""},
		{"old pending review", "alice", fact, memory.StatusPendingReview, old, old, time.Time{}, time.Time{}, "", ""},
		{"already archived", "alice", temp, memory.StatusArchived, old, old, time.Time{}, base.Add(-time.Hour), "", ""},
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

// mustArchive runs ArchiveStale or fails the test.
func mustArchive(t *testing.T, s memory.Store, unusedBefore time.Time, keepLongTerm bool, limit int) []memory.MemoryRef {
	t.Helper()
	refs, err := s.ArchiveStale(t.Context(), archiveNow, unusedBefore, keepLongTerm, limit)
	if err != nil {
		t.Fatalf("ArchiveStale(keepLongTerm %v, limit %d): %v", keepLongTerm, limit, err)
	}
	return refs
}

// refKeys renders refs as sortable "owner/id" strings.
func refKeys(refs []memory.MemoryRef) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.Owner + "/" + r.ID
	}
	return out
}

// wantArchived checks that before was archived for reason by one archive
// run, with nothing else about it changed.
func wantArchived(t *testing.T, s memory.Store, before memory.Memory, reason string) {
	t.Helper()
	got := mustGet(t, s, before.Owner, before.ID)
	want := before
	want.Status = memory.StatusArchived
	want.Version = before.Version + 1
	want.UpdatedAt = archiveNow
	want.History = append(slices.Clone(before.History),
		memory.Version{Text: before.Text, Time: archiveNow, Reason: reason, Action: memory.ArchiveAction})
	assertMemory(t, want, got)
}

func testArchiveStaleRules(t *testing.T, s memory.Store) {
	cases := staleCases()
	mems := insertStale(t, s, cases)

	refs := mustArchive(t, s, unusedCutoff, true, 0)
	var want []string
	for _, c := range cases {
		m := mems[c.name]
		if c.reasonKeep == "" {
			assertMemory(t, m, mustGet(t, s, c.owner, m.ID))
			continue
		}
		want = append(want, c.owner+"/"+m.ID)
		wantArchived(t, s, m, c.reasonKeep)
	}
	if !equalSorted(refKeys(refs), want) {
		t.Errorf("ArchiveStale keeping long-term memories returned %v, want %v", refKeys(refs), want)
	}
	if again := mustArchive(t, s, unusedCutoff, true, 0); len(again) != 0 {
		t.Errorf("a second ArchiveStale returned %v, want nothing left to archive", refKeys(again))
	}

	// Without keepLongTerm the old long-term memory goes too, and nothing
	// archived before is archived again.
	refs = mustArchive(t, s, unusedCutoff, false, 0)
	long := mems["old long-term"]
	if got := refKeys(refs); !slices.Equal(got, []string{long.Owner + "/" + long.ID}) {
		t.Errorf("ArchiveStale without keepLongTerm returned %v, want only the old long-term memory", got)
	}
	wantArchived(t, s, long, memory.ArchiveUnused)
	if n, _ := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: "alice", Statuses: []memory.Status{memory.StatusActive}}); n != 8 {
		t.Errorf("alice has %d active memories left, want 8", n)
	}
}

func testArchiveStaleKeepsContent(t *testing.T, s memory.Store) {
	m := fullMemory("alice")
	m.Status = memory.StatusActive
	m.Lifecycle = memory.LifecycleTemporary
	m.ExpiresAt = base.Add(-time.Minute)
	m.CreatedAt, m.UpdatedAt, m.LastUsedAt = base.Add(-time.Hour), base.Add(-time.Hour), base.Add(-time.Minute)
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)

	// A zero unusedBefore turns the unused rule off: only expiry applies.
	unused := newMemory("alice", "untouched for years")
	unused.CreatedAt, unused.UpdatedAt = base.Add(-5*365*24*time.Hour), base.Add(-5*365*24*time.Hour)
	mustInsert(t, s, &unused)

	refs := mustArchive(t, s, time.Time{}, true, 0)
	if got := refKeys(refs); !slices.Equal(got, []string{"alice/" + m.ID}) {
		t.Errorf("ArchiveStale without an unused cutoff returned %v, want only the expired memory", got)
	}
	// History, embedding, source, usage: all kept.
	wantArchived(t, s, before, memory.ArchiveExpired)
	if got := mustGet(t, s, "alice", unused.ID); got.Status != memory.StatusActive || got.Version != 1 {
		t.Errorf("with the unused rule off an unused memory became %s at version %d", got.Status, got.Version)
	}
}

func testArchiveStaleLimit(t *testing.T, s memory.Store) {
	old := base.Add(-200 * 24 * time.Hour)
	var all []string
	for i, owner := range []string{"alice", "bob", "alice", "carol", "bob"} {
		m := newMemory(owner, "stale "+strings.Repeat("!", i))
		m.CreatedAt, m.UpdatedAt = old.Add(time.Duration(i)*time.Hour), old.Add(time.Duration(i)*time.Hour)
		mustInsert(t, s, &m)
		all = append(all, owner+"/"+m.ID)
	}
	first := refKeys(mustArchive(t, s, unusedCutoff, true, 2))
	if len(first) != 2 {
		t.Fatalf("ArchiveStale with limit 2 archived %v, want two", first)
	}
	rest := refKeys(mustArchive(t, s, unusedCutoff, true, 0))
	if got := append(first, rest...); !equalSorted(got, all) {
		t.Errorf("two bounded runs archived %v, want each of %v once", got, all)
	}
	for _, owner := range []string{"alice", "bob", "carol"} {
		if n, _ := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: owner, Statuses: []memory.Status{memory.StatusActive}}); n != 0 {
			t.Errorf("%s still has %d active memories", owner, n)
		}
	}
}

func testArchiveStaleRejectsInvalid(t *testing.T, s memory.Store) {
	m := newMemory("alice", "stale")
	m.CreatedAt, m.UpdatedAt = base.Add(-365*24*time.Hour), base.Add(-365*24*time.Hour)
	mustInsert(t, s, &m)
	ctx := t.Context()
	_, err := s.ArchiveStale(ctx, time.Time{}, unusedCutoff, true, 0)
	wantErr(t, "ArchiveStale with a zero now", err, memory.ErrInvalid)
	_, err = s.ArchiveStale(ctx, archiveNow, unusedCutoff, true, -1)
	wantErr(t, "ArchiveStale with a negative limit", err, memory.ErrInvalid)
	if got := mustGet(t, s, "alice", m.ID); got.Status != memory.StatusActive || got.Version != 1 {
		t.Errorf("after rejected calls the memory is %s at version %d, want active at 1", got.Status, got.Version)
	}
}
