package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func queryContracts() []contract {
	return []contract{
		{name: "ListFilters", run: testListFilters},
		{name: "ListOrderAndPaging", run: testListOrderAndPaging},
		{name: "ListRejectsBadQuery", run: testListRejectsBadQuery},
		{name: "CountMemories", run: testCountMemories},
	}
}

// filterFixture inserts five memories of "p" differing in type, lifecycle,
// status and update time, plus one of another owner sharing an id prefix.
func filterFixture(t *testing.T, s memory.Store) {
	t.Helper()
	old := base.Add(-100 * 24 * time.Hour)
	for _, f := range []struct {
		id      string
		typ     memory.Type
		life    memory.Lifecycle
		status  memory.Status
		updated time.Time
	}{
		{"aaa0000000000001", memory.TypeFact, memory.LifecycleFact, memory.StatusActive, old},
		{"aab0000000000002", memory.TypePreference, memory.LifecycleLongTerm, memory.StatusActive, old},
		{"abc0000000000003", memory.TypeEvent, memory.LifecycleTemporary, memory.StatusSuperseded, base},
		{"bcd0000000000004", memory.TypeTask, memory.LifecycleTemporary, memory.StatusArchived, base},
		{"bce0000000000005", memory.TypeSkill, memory.LifecycleLongTerm, memory.StatusPendingReview, base},
	} {
		m := newMemory("p", "memory "+f.id)
		m.ID, m.Type, m.Lifecycle, m.Status = f.id, f.typ, f.life, f.status
		m.CreatedAt, m.UpdatedAt = f.updated, f.updated
		mustInsert(t, s, &m)
	}
	other := newMemory("someone-else", "not p's")
	other.ID = "aaz0000000000009"
	mustInsert(t, s, &other)
}

func testListFilters(t *testing.T, s memory.Store) {
	filterFixture(t, s)
	const a, b, c, d, e = "aaa0000000000001", "aab0000000000002", "abc0000000000003", "bcd0000000000004", "bce0000000000005"
	for _, tc := range []struct {
		name string
		q    memory.MemoryQuery
		want []string
	}{
		{"everything", memory.MemoryQuery{}, []string{a, b, c, d, e}},
		{"active", memory.MemoryQuery{Statuses: []memory.Status{memory.StatusActive}}, []string{a, b}},
		{"superseded or archived", memory.MemoryQuery{Statuses: []memory.Status{memory.StatusSuperseded, memory.StatusArchived}}, []string{c, d}},
		{"events and tasks", memory.MemoryQuery{Types: []memory.Type{memory.TypeEvent, memory.TypeTask}}, []string{c, d}},
		{"temporary", memory.MemoryQuery{Lifecycle: []memory.Lifecycle{memory.LifecycleTemporary}}, []string{c, d}},
		{"active long-term", memory.MemoryQuery{Statuses: []memory.Status{memory.StatusActive}, Lifecycle: []memory.Lifecycle{memory.LifecycleLongTerm}}, []string{b}},
		{"active events", memory.MemoryQuery{Statuses: []memory.Status{memory.StatusActive}, Types: []memory.Type{memory.TypeEvent}}, nil},
		{"prefix aa", memory.MemoryQuery{IDPrefix: "aa"}, []string{a, b}},
		{"full id as prefix", memory.MemoryQuery{IDPrefix: c}, []string{c}},
		{"prefix of another owner", memory.MemoryQuery{IDPrefix: "aaz"}, nil},
		{"prefix with %", memory.MemoryQuery{IDPrefix: "%"}, nil},
		{"prefix with _", memory.MemoryQuery{IDPrefix: "a_a"}, nil},
		{"prefix with .", memory.MemoryQuery{IDPrefix: "."}, nil},
		{"prefix with .*", memory.MemoryQuery{IDPrefix: "a.*"}, nil},
		{"prefix upper case", memory.MemoryQuery{IDPrefix: "AA"}, nil},
		{"updated 50 days ago", memory.MemoryQuery{UpdatedBefore: base.Add(-50 * 24 * time.Hour)}, []string{a, b}},
		{"updated strictly before base", memory.MemoryQuery{UpdatedBefore: base}, []string{a, b}},
		{"updated before the future", memory.MemoryQuery{UpdatedBefore: base.Add(time.Hour)}, []string{a, b, c, d, e}},
	} {
		tc.q.Owner = "p"
		got := ids(mustList(t, s, tc.q))
		if !equalSorted(got, tc.want) {
			t.Errorf("%s: ListMemories = %v, want %v", tc.name, got, tc.want)
		}
		n, err := s.CountMemories(t.Context(), tc.q)
		if err != nil {
			t.Fatalf("%s: CountMemories: %v", tc.name, err)
		}
		if n != int64(len(tc.want)) {
			t.Errorf("%s: CountMemories = %d, want %d", tc.name, n, len(tc.want))
		}
	}
}

func testListOrderAndPaging(t *testing.T, s memory.Store) {
	// p06 lies in the same millisecond as p02 and p03; ties go by id,
	// descending.
	created := map[string]time.Time{
		"p05aaaaaaaaaaaaa": base.Add(-2 * time.Hour),
		"p02aaaaaaaaaaaaa": base.Add(-time.Hour),
		"p04aaaaaaaaaaaaa": base,
		"p01aaaaaaaaaaaaa": base.Add(-3 * time.Hour),
		"p06aaaaaaaaaaaaa": base.Add(-time.Hour + 200*time.Microsecond),
		"p03aaaaaaaaaaaaa": base.Add(-time.Hour),
	}
	for _, id := range []string{"p05aaaaaaaaaaaaa", "p02aaaaaaaaaaaaa", "p04aaaaaaaaaaaaa", "p01aaaaaaaaaaaaa", "p06aaaaaaaaaaaaa", "p03aaaaaaaaaaaaa"} {
		m := newMemory("p", "memory "+id)
		m.ID, m.CreatedAt = id, created[id]
		mustInsert(t, s, &m)
	}
	order := []string{"p04aaaaaaaaaaaaa", "p06aaaaaaaaaaaaa", "p03aaaaaaaaaaaaa", "p02aaaaaaaaaaaaa", "p05aaaaaaaaaaaaa", "p01aaaaaaaaaaaaa"}
	for _, tc := range []struct {
		offset, limit int
		want          []string
	}{
		{0, 0, order},
		{0, 2, order[0:2]},
		{2, 2, order[2:4]},
		{4, 10, order[4:]},
		{6, 2, nil},
		{3, 0, order[3:]},
	} {
		got := ids(mustList(t, s, memory.MemoryQuery{Owner: "p", Offset: tc.offset, Limit: tc.limit}))
		if len(got) != len(tc.want) || (len(got) > 0 && !slices.Equal(got, tc.want)) {
			t.Errorf("offset %d limit %d: %v, want %v (newest first, ties by id descending)", tc.offset, tc.limit, got, tc.want)
		}
	}
}

func testListRejectsBadQuery(t *testing.T, s memory.Store) {
	m := newMemory("p", "something")
	mustInsert(t, s, &m)
	for _, tc := range []struct {
		name string
		q    memory.MemoryQuery
	}{
		{"no owner", memory.MemoryQuery{}},
		{"negative offset", memory.MemoryQuery{Owner: "p", Offset: -1}},
		{"negative limit", memory.MemoryQuery{Owner: "p", Limit: -1}},
	} {
		_, err := s.ListMemories(t.Context(), tc.q)
		wantErr(t, "ListMemories with "+tc.name, err, memory.ErrInvalid)
	}
	_, err := s.CountMemories(t.Context(), memory.MemoryQuery{})
	wantErr(t, "CountMemories without owner", err, memory.ErrInvalid)
}

func testCountMemories(t *testing.T, s memory.Store) {
	for i := range 7 {
		m := newMemory("p", "memory")
		if i%2 == 0 {
			m.Status = memory.StatusArchived
		}
		mustInsert(t, s, &m)
	}
	o := newMemory("other", "memory")
	mustInsert(t, s, &o)
	for _, tc := range []struct {
		name string
		q    memory.MemoryQuery
		want int64
	}{
		{"all, paging ignored", memory.MemoryQuery{Owner: "p", Offset: 3, Limit: 2}, 7},
		{"archived", memory.MemoryQuery{Owner: "p", Statuses: []memory.Status{memory.StatusArchived}}, 4},
		{"other owner", memory.MemoryQuery{Owner: "other"}, 1},
		{"unknown owner", memory.MemoryQuery{Owner: "nobody"}, 0},
	} {
		n, err := s.CountMemories(t.Context(), tc.q)
		if err != nil {
			t.Fatalf("%s: CountMemories: %v", tc.name, err)
		}
		if n != tc.want {
			t.Errorf("%s: CountMemories = %d, want %d", tc.name, n, tc.want)
		}
	}
}
