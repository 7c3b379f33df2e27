package storetest

import (
	"errors"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func writeContracts() []contract {
	return []contract{
		{name: "OwnerIsolation", run: testOwnerIsolation},
		{name: "UpdateMemoryVersion", run: testUpdateMemoryVersion},
		{name: "UpdateMemoryFields", run: testUpdateMemoryFields},
		{name: "UpdateMemoryInvalid", run: testUpdateMemoryInvalid},
		{name: "TouchMemories", run: testTouchMemories},
		{name: "DeleteMemory", run: testDeleteMemory},
		{name: "DeleteAllMemories", run: testDeleteAllMemories},
		{name: "ModifyMemory", run: testModifyMemory},
		{name: "CloseIsIdempotent", run: testCloseIsIdempotent},
	}
}

func testOwnerIsolation(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := fullMemory("alice")
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)

	_, err := s.Memory(ctx, "bob", m.ID)
	wantErr(t, "Memory as another owner", err, memory.ErrNotFound)
	hijack := before
	hijack.Owner, hijack.Text = "bob", "hijacked"
	wantErr(t, "UpdateMemory as another owner", s.UpdateMemory(ctx, &hijack), memory.ErrNotFound)
	wantErr(t, "DeleteMemory as another owner", s.DeleteMemory(ctx, "bob", m.ID), memory.ErrNotFound)
	if err := s.TouchMemories(ctx, "bob", []string{m.ID}, base); err != nil {
		t.Fatalf("TouchMemories as another owner: %v", err)
	}
	if n, err := s.DeleteAllMemories(ctx, "bob"); err != nil || n != 0 {
		t.Errorf("DeleteAllMemories(bob) = %d, %v; want 0, nil", n, err)
	}
	for _, q := range []memory.MemoryQuery{{Owner: "bob"}, {Owner: "bob", IDPrefix: m.ID[:4]}, {Owner: "bob", WithEmbedding: true}} {
		if got := mustList(t, s, q); len(got) != 0 {
			t.Errorf("ListMemories(%+v) returned another owner's memories %v", q, ids(got))
		}
		if n, _ := s.CountMemories(ctx, q); n != 0 {
			t.Errorf("CountMemories(%+v) = %d, want 0", q, n)
		}
	}
	assertMemory(t, before, mustGet(t, s, "alice", m.ID))
}

func testUpdateMemoryVersion(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("p", "version one")
	m.UpdatedAt = base.Add(-100 * 24 * time.Hour)
	mustInsert(t, s, &m)
	read := mustGet(t, s, "p", m.ID)
	stale := read

	read.Text = "version two"
	if err := s.UpdateMemory(ctx, &read); err != nil {
		t.Fatalf("UpdateMemory: %v", err)
	}
	if read.Version != 2 {
		t.Errorf("version after update = %d, want 2", read.Version)
	}
	got := mustGet(t, s, "p", m.ID)
	if got.Text != "version two" || got.Version != 2 {
		t.Errorf("stored %q at version %d, want %q at 2", got.Text, got.Version, "version two")
	}
	if !got.UpdatedAt.After(m.UpdatedAt) || !sameMs(got.UpdatedAt, read.UpdatedAt) {
		t.Errorf("UpdatedAt = %v (argument %v), want it set to the time of the update", got.UpdatedAt, read.UpdatedAt)
	}

	stale.Text = "lost update"
	wantErr(t, "UpdateMemory with a stale version", s.UpdateMemory(ctx, &stale), memory.ErrConflict)
	assertMemory(t, got, mustGet(t, s, "p", m.ID))

	if err := s.UpdateMemory(ctx, &read); err != nil {
		t.Fatalf("second UpdateMemory: %v", err)
	}
	if read.Version != 3 {
		t.Errorf("version after the second update = %d, want 3", read.Version)
	}

	gone := newMemory("p", "never stored")
	gone.ID, gone.Version = "gone000000000000", 1
	wantErr(t, "UpdateMemory of an unknown id", s.UpdateMemory(ctx, &gone), memory.ErrNotFound)
}

func testUpdateMemoryFields(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("alice", "plain")
	m.ID = "full0123456789ab"
	mustInsert(t, s, &m)
	read := mustGet(t, s, "alice", m.ID)

	// A use recorded between the read and the write must survive it.
	if err := s.TouchMemories(ctx, "alice", []string{m.ID}, base); err != nil {
		t.Fatalf("TouchMemories: %v", err)
	}
	want := fullMemory("alice")
	want.CreatedAt = read.CreatedAt
	want.Version = read.Version
	want.UseCount, want.LastUsedAt = 0, time.Time{}
	upd := want
	if err := s.UpdateMemory(ctx, &upd); err != nil {
		t.Fatalf("UpdateMemory: %v", err)
	}
	want.Version = 2
	want.UpdatedAt = upd.UpdatedAt
	want.UseCount, want.LastUsedAt = 1, base
	assertMemory(t, want, mustGet(t, s, "alice", m.ID))
}

func testUpdateMemoryInvalid(t *testing.T, s memory.Store) {
	m := newMemory("p", "valid")
	mustInsert(t, s, &m)
	bad := mustGet(t, s, "p", m.ID)
	bad.Importance = 7
	wantErr(t, "UpdateMemory with importance 7", s.UpdateMemory(t.Context(), &bad), memory.ErrInvalid)
	if got := mustGet(t, s, "p", m.ID); got.Importance != m.Importance || got.Version != 1 {
		t.Errorf("after a rejected update the memory is %+v, want it unchanged", got)
	}
}

func testTouchMemories(t *testing.T, s memory.Store) {
	ctx := t.Context()
	var mine []memory.Memory
	for _, text := range []string{"a", "b", "c"} {
		m := newMemory("alice", text)
		mustInsert(t, s, &m)
		mine = append(mine, m)
	}
	theirs := newMemory("bob", "d")
	mustInsert(t, s, &theirs)

	t1, t2 := base.Add(time.Hour), base.Add(2*time.Hour)
	touched := []string{mine[0].ID, mine[1].ID, theirs.ID, "missing000000000"}
	if err := s.TouchMemories(ctx, "alice", touched, t1); err != nil {
		t.Fatalf("TouchMemories: %v", err)
	}
	if err := s.TouchMemories(ctx, "alice", touched[:1], t2); err != nil {
		t.Fatalf("second TouchMemories: %v", err)
	}
	if err := s.TouchMemories(ctx, "alice", nil, t2); err != nil {
		t.Errorf("TouchMemories with no ids: %v", err)
	}
	for _, tc := range []struct {
		m     memory.Memory
		count int64
		last  time.Time
	}{
		{mine[0], 2, t2},
		{mine[1], 1, t1},
		{mine[2], 0, time.Time{}},
		{theirs, 0, time.Time{}},
	} {
		got := mustGet(t, s, tc.m.Owner, tc.m.ID)
		if got.UseCount != tc.count || !sameMs(got.LastUsedAt, tc.last) {
			t.Errorf("memory %q used %d times, last %v; want %d, %v", tc.m.Text, got.UseCount, got.LastUsedAt, tc.count, tc.last)
		}
		if got.Version != 1 || !sameMs(got.UpdatedAt, tc.m.UpdatedAt) {
			t.Errorf("touching memory %q changed version to %d or UpdatedAt to %v", tc.m.Text, got.Version, got.UpdatedAt)
		}
	}
}

func testDeleteMemory(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := fullMemory("p")
	b := newMemory("p", "keep me")
	mustInsert(t, s, &a)
	mustInsert(t, s, &b)
	if err := s.DeleteMemory(ctx, "p", a.ID); err != nil {
		t.Fatalf("DeleteMemory: %v", err)
	}
	_, err := s.Memory(ctx, "p", a.ID)
	wantErr(t, "Memory after delete", err, memory.ErrNotFound)
	if got := ids(mustList(t, s, memory.MemoryQuery{Owner: "p", WithEmbedding: true})); !equalSorted(got, []string{b.ID}) {
		t.Errorf("after delete ListMemories = %v, want only %s", got, b.ID)
	}
	if got := mustList(t, s, memory.MemoryQuery{Owner: "p", IDPrefix: a.ID}); len(got) != 0 {
		t.Errorf("deleted memory still found by id prefix")
	}
	if n, _ := s.CountMemories(ctx, memory.MemoryQuery{Owner: "p"}); n != 1 {
		t.Errorf("after delete CountMemories = %d, want 1", n)
	}
	wantErr(t, "DeleteMemory twice", s.DeleteMemory(ctx, "p", a.ID), memory.ErrNotFound)

	again := newMemory("p", "reusing the id of a forgotten memory")
	again.ID = a.ID
	if err := s.InsertMemory(ctx, &again); err != nil {
		t.Errorf("inserting with the id of a hard-deleted memory: %v", err)
	}
	if got := mustGet(t, s, "p", a.ID); len(got.History) != 0 || got.Embedding != nil {
		t.Errorf("a new memory with a deleted id inherited history or embedding: %+v", got)
	}
}

func testDeleteAllMemories(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for range 3 {
		m := newMemory("alice", "mine")
		mustInsert(t, s, &m)
	}
	for range 2 {
		m := newMemory("bob", "theirs")
		mustInsert(t, s, &m)
	}
	n, err := s.DeleteAllMemories(ctx, "alice")
	if err != nil || n != 3 {
		t.Errorf("DeleteAllMemories(alice) = %d, %v; want 3, nil", n, err)
	}
	if n, _ := s.CountMemories(ctx, memory.MemoryQuery{Owner: "alice"}); n != 0 {
		t.Errorf("alice still has %d memories", n)
	}
	if n, _ := s.CountMemories(ctx, memory.MemoryQuery{Owner: "bob"}); n != 2 {
		t.Errorf("bob has %d memories after alice's were deleted, want 2", n)
	}
	if n, err := s.DeleteAllMemories(ctx, "alice"); err != nil || n != 0 {
		t.Errorf("second DeleteAllMemories(alice) = %d, %v; want 0, nil", n, err)
	}
}

func testModifyMemory(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("p", "before")
	mustInsert(t, s, &m)
	got, err := memory.ModifyMemory(ctx, s, "p", m.ID, func(x *memory.Memory) error {
		x.Text = "after"
		return nil
	})
	if err != nil {
		t.Fatalf("ModifyMemory: %v", err)
	}
	if got.Text != "after" || got.Version != 2 {
		t.Errorf("ModifyMemory returned %q at version %d, want after at 2", got.Text, got.Version)
	}

	errStop := errors.New("stop")
	_, err = memory.ModifyMemory(ctx, s, "p", m.ID, func(x *memory.Memory) error {
		x.Text = "never written"
		return errStop
	})
	wantErr(t, "ModifyMemory whose function fails", err, errStop)
	_, err = memory.ModifyMemory(ctx, s, "p", m.ID, func(x *memory.Memory) error {
		x.Owner = "thief"
		return nil
	})
	wantErr(t, "ModifyMemory changing the owner", err, memory.ErrInvalid)
	if stored := mustGet(t, s, "p", m.ID); stored.Text != "after" || stored.Version != 2 {
		t.Errorf("after failed modifications the memory is %q at version %d, want after at 2", stored.Text, stored.Version)
	}

	noop := func(*memory.Memory) error { return nil }
	_, err = memory.ModifyMemory(ctx, s, "other", m.ID, noop)
	wantErr(t, "ModifyMemory as another owner", err, memory.ErrNotFound)
	_, err = memory.ModifyMemory(ctx, s, "p", "missing000000000", noop)
	wantErr(t, "ModifyMemory of an unknown id", err, memory.ErrNotFound)
}

func testCloseIsIdempotent(t *testing.T, s memory.Store) {
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}
