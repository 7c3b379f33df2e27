package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func revisionContracts() []contract {
	return []contract{
		{name: "RevisionStartsAtZero", run: testRevisionStartsAtZero},
		{name: "BumpRevision", run: testBumpRevision},
		{name: "RevisionCountsMemoryWrites", run: testRevisionCountsMemoryWrites},
		{name: "RevisionReassignOwner", run: testRevisionReassignOwner},
		{name: "RevisionArchiveWrite", run: testRevisionArchiveWrite},
		{name: "ConcurrentRevision", concurrent: true, run: testConcurrentRevision},
	}
}

// mustRevision reads owner's revision or fails the test.
func mustRevision(t *testing.T, s memory.Store, owner string) int64 {
	t.Helper()
	r, err := s.Revision(t.Context(), owner)
	if err != nil {
		t.Fatalf("Revision(%s): %v", owner, err)
	}
	return r
}

// revisions reads the revision of each owner.
func revisions(t *testing.T, s memory.Store, owners []string) map[string]int64 {
	t.Helper()
	out := make(map[string]int64, len(owners))
	for _, o := range owners {
		out[o] = mustRevision(t, s, o)
	}
	return out
}

// revisionStep is one call and how it must move the revisions: by delta
// for the owners named there, not at all for the others.
type revisionStep struct {
	name    string
	call    func() error
	wantErr error
	delta   map[string]int64
}

// runRevisionSteps runs steps in order, checking each one's error and its
// effect on the revision of every owner in owners.
func runRevisionSteps(t *testing.T, s memory.Store, owners []string, steps []revisionStep) {
	t.Helper()
	for _, st := range steps {
		before := revisions(t, s, owners)
		err := st.call()
		if st.wantErr == nil && err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if st.wantErr != nil {
			wantErr(t, st.name, err, st.wantErr)
		}
		after := revisions(t, s, owners)
		for _, o := range owners {
			if got, want := after[o]-before[o], st.delta[o]; got != want {
				t.Errorf("%s: revision of %s moved by %d (%d → %d), want %d", st.name, o, got, before[o], after[o], want)
			}
		}
	}
}

func testRevisionStartsAtZero(t *testing.T, s memory.Store) {
	if r := mustRevision(t, s, "nobody"); r != 0 {
		t.Errorf("revision of an owner never written = %d, want 0", r)
	}
	_, err := s.Revision(t.Context(), "")
	wantErr(t, "Revision of an empty owner", err, memory.ErrInvalid)
}

func testBumpRevision(t *testing.T, s memory.Store) {
	for want := int64(1); want <= 2; want++ {
		if err := s.BumpRevision(t.Context(), "p1"); err != nil {
			t.Fatalf("BumpRevision: %v", err)
		}
		if r := mustRevision(t, s, "p1"); r != want {
			t.Errorf("revision after %d bumps = %d", want, r)
		}
	}
	if r := mustRevision(t, s, "p2"); r != 0 {
		t.Errorf("another owner's revision moved to %d", r)
	}
	wantErr(t, "BumpRevision of an empty owner", s.BumpRevision(t.Context(), ""), memory.ErrInvalid)
}

func testRevisionCountsMemoryWrites(t *testing.T, s memory.Store) {
	ctx := t.Context()
	owners := []string{"alice", "bob"}
	a := newMemory("alice", "likes tea")
	b := newMemory("bob", "likes coffee")
	second := newMemory("alice", "lives in Lyon")
	var stale memory.Memory
	emb := &memory.Embedding{Model: "m", Vector: vector(8, 1)}
	one := map[string]int64{"alice": 1}
	steps := []revisionStep{
		{name: "InsertMemory", call: func() error { return s.InsertMemory(ctx, &a) }, delta: one},
		{name: "InsertMemory of another owner", call: func() error { return s.InsertMemory(ctx, &b) }, delta: map[string]int64{"bob": 1}},
		{name: "InsertMemory again", call: func() error { return s.InsertMemory(ctx, &second) }, delta: one},
		{name: "InsertMemory of a taken id", call: func() error {
			dup := newMemory("alice", "dup")
			dup.ID = a.ID
			return s.InsertMemory(ctx, &dup)
		}, wantErr: memory.ErrConflict},
		{name: "InsertMemory of an invalid memory", call: func() error {
			bad := newMemory("alice", "")
			return s.InsertMemory(ctx, &bad)
		}, wantErr: memory.ErrInvalid},
		{name: "UpdateMemory", call: func() error {
			stale = a
			a.Text = "likes green tea"
			return s.UpdateMemory(ctx, &a)
		}, delta: one},
		{name: "UpdateMemory at a stale version", call: func() error { return s.UpdateMemory(ctx, &stale) }, wantErr: memory.ErrConflict},
		{name: "UpdateMemory of a memory that does not exist", call: func() error {
			gone := newMemory("alice", "never stored")
			gone.ID, gone.Version = "missing000000001", 1
			return s.UpdateMemory(ctx, &gone)
		}, wantErr: memory.ErrNotFound},
		{name: "UpdateMemory of another owner's memory", call: func() error {
			theirs := b
			theirs.Owner = "alice"
			return s.UpdateMemory(ctx, &theirs)
		}, wantErr: memory.ErrNotFound},
		{name: "SetEmbedding", call: func() error { return s.SetEmbedding(ctx, "alice", a.ID, a.Version, emb) }, delta: one},
		{name: "SetEmbedding at a stale version", call: func() error { return s.SetEmbedding(ctx, "alice", a.ID, stale.Version, emb) },
			wantErr: memory.ErrConflict},
		{name: "SetEmbedding of a memory that does not exist", call: func() error { return s.SetEmbedding(ctx, "alice", "missing000000001", 1, emb) },
			wantErr: memory.ErrNotFound},
		{name: "SetEmbedding without a vector", call: func() error {
			return s.SetEmbedding(ctx, "alice", a.ID, a.Version, &memory.Embedding{Model: "m"})
		}, wantErr: memory.ErrInvalid},
		{name: "TouchMemories", call: func() error { return s.TouchMemories(ctx, "alice", []string{a.ID, second.ID}, base) }},
		{name: "reads", call: func() error {
			_, err1 := s.Memory(ctx, "alice", a.ID)
			_, err2 := s.ListMemories(ctx, memory.MemoryQuery{Owner: "alice", WithEmbedding: true})
			_, err3 := s.CountMemories(ctx, memory.MemoryQuery{Owner: "alice"})
			_, err4 := s.StaleMemories(ctx, memory.StaleQuery{UnusedBefore: base.Add(time.Hour)})
			_, err5 := s.MissingEmbeddings(ctx, "m", 0)
			for _, err := range []error{err1, err2, err3, err4, err5} {
				if err != nil {
					return err
				}
			}
			return nil
		}},
		{name: "DeleteMemory of a memory that does not exist", call: func() error { return s.DeleteMemory(ctx, "alice", "missing000000001") },
			wantErr: memory.ErrNotFound},
		{name: "DeleteMemory of another owner's memory", call: func() error { return s.DeleteMemory(ctx, "alice", b.ID) },
			wantErr: memory.ErrNotFound},
		{name: "DeleteMemory", call: func() error { return s.DeleteMemory(ctx, "alice", second.ID) }, delta: one},
		{name: "DeleteAllMemories", call: func() error {
			n, err := s.DeleteAllMemories(ctx, "alice")
			if err == nil && n != 1 {
				err = fmt.Errorf("deleted %d memories, want 1", n)
			}
			return err
		}, delta: one},
		{name: "DeleteAllMemories with nothing left", call: func() error {
			_, err := s.DeleteAllMemories(ctx, "alice")
			return err
		}, delta: one},
		{name: "DeleteAllMemories without an owner", call: func() error {
			_, err := s.DeleteAllMemories(ctx, "")
			return err
		}, wantErr: memory.ErrInvalid},
	}
	runRevisionSteps(t, s, owners, steps)
	if r := mustRevision(t, s, "alice"); r != 7 {
		t.Errorf("after 7 successful writes alice's revision is %d, want 7", r)
	}
}

func testRevisionReassignOwner(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for _, m := range []memory.Memory{newMemory("alice", "one"), newMemory("alice", "two"), newMemory("bob", "three")} {
		mustInsert(t, s, &m)
	}
	owners := []string{"alice", "bob", "carol", "dave"}
	both := func(a, b string) map[string]int64 { return map[string]int64{a: 1, b: 1} }
	runRevisionSteps(t, s, owners, []revisionStep{
		{name: "ReassignOwner", call: func() error { return s.ReassignOwner(ctx, "alice", "bob") }, delta: both("alice", "bob")},
		{name: "ReassignOwner with nothing to move", call: func() error { return s.ReassignOwner(ctx, "carol", "dave") },
			delta: both("carol", "dave")},
		{name: "ReassignOwner to the same owner", call: func() error { return s.ReassignOwner(ctx, "bob", "bob") }},
		{name: "ReassignOwner without a target", call: func() error { return s.ReassignOwner(ctx, "bob", "") }, wantErr: memory.ErrInvalid},
	})
	if n, err := s.CountMemories(ctx, memory.MemoryQuery{Owner: "bob"}); err != nil || n != 3 {
		t.Errorf("bob has %d memories (%v) after the merge, want 3", n, err)
	}
}

func testRevisionArchiveWrite(t *testing.T, s memory.Store) {
	old := base.Add(-200 * 24 * time.Hour)
	for _, owner := range []string{"alice", "alice", "bob"} {
		m := newMemory(owner, "stale for "+owner)
		m.CreatedAt, m.UpdatedAt = old, old
		mustInsert(t, s, &m)
	}
	fresh := newMemory("carol", "fresh")
	mustInsert(t, s, &fresh)
	owners := []string{"alice", "bob", "carol"}
	before := revisions(t, s, owners)

	// Archiving is a StaleMemories listing written back one UpdateMemory
	// at a time: each affected owner moves once per memory archived.
	for _, m := range mustStale(t, s, memory.StaleQuery{UnusedBefore: unusedCutoff}) {
		m.Status = memory.StatusArchived
		m.History = append(m.History, memory.Version{Text: m.Text, Time: archiveNow, Reason: memory.ArchiveUnused, Action: memory.ArchiveAction})
		if err := s.UpdateMemory(t.Context(), &m); err != nil {
			t.Fatalf("archive %s: %v", m.ID, err)
		}
	}
	after := revisions(t, s, owners)
	for owner, want := range map[string]int64{"alice": 2, "bob": 1, "carol": 0} {
		if got := after[owner] - before[owner]; got != want {
			t.Errorf("archiving moved %s's revision by %d, want %d", owner, got, want)
		}
	}
}

func testConcurrentRevision(t *testing.T, s memory.Store) {
	const perWriter = 4
	before := mustRevision(t, s, "p")
	parallel(t, writers, func(i int) error {
		for j := range perWriter {
			m := newMemory("p", fmt.Sprintf("writer %d note %d", i, j))
			if err := s.InsertMemory(t.Context(), &m); err != nil {
				return err
			}
		}
		return nil
	})
	if got, want := mustRevision(t, s, "p")-before, int64(writers*perWriter); got != want {
		t.Errorf("after %d concurrent inserts the revision moved by %d, want %d", want, got, want)
	}
}
