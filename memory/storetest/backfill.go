package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func backfillContracts() []contract {
	return []contract{
		{name: "MissingEmbeddings", run: testMissingEmbeddings},
		{name: "MissingEmbeddingsRejectsInvalid", run: testMissingEmbeddingsRejectsInvalid},
		{name: "SetEmbedding", run: testSetEmbedding},
		{name: "SetEmbeddingVersion", run: testSetEmbeddingVersion},
		{name: "SetEmbeddingOwnerIsolation", run: testSetEmbeddingOwnerIsolation},
		{name: "SetEmbeddingRejectsInvalid", run: testSetEmbeddingRejectsInvalid},
	}
}

// embedding returns a small embedding of model.
func embedding(model string, seed uint64) *memory.Embedding {
	return &memory.Embedding{Model: model, Vector: vector(8, seed)}
}

// mustMissing lists memories missing embeddings or fails the test.
func mustMissing(t *testing.T, s memory.Store, model string, limit int) []memory.Memory {
	t.Helper()
	ms, err := s.MissingEmbeddings(t.Context(), model, limit)
	if err != nil {
		t.Fatalf("MissingEmbeddings(%q, %d): %v", model, limit, err)
	}
	return ms
}

func testMissingEmbeddings(t *testing.T, s memory.Store) {
	type fixture struct {
		id      string
		owner   string
		status  memory.Status
		emb     *memory.Embedding
		created time.Time
	}
	for _, f := range []fixture{
		{"m1-none-00000001", "alice", memory.StatusActive, nil, base.Add(-3 * time.Hour)},
		{"m2-current-00002", "alice", memory.StatusActive, embedding("model-b", 2), base.Add(-2 * time.Hour)},
		{"m3-stale-0000003", "alice", memory.StatusActive, embedding("model-a", 3), base.Add(-time.Hour)},
		{"m4-archived-0004", "alice", memory.StatusArchived, nil, base.Add(-5 * time.Hour)},
		{"m5-other-owner05", "bob", memory.StatusActive, nil, base.Add(-4 * time.Hour)},
		{"m6-pending-00006", "bob", memory.StatusPendingReview, embedding("model-a", 6), base.Add(-6 * time.Hour)},
		// The same millisecond as m3: ties go by id, ascending.
		{"m0-tie-000000007", "carol", memory.StatusActive, embedding("model-B", 7), base.Add(-time.Hour + 100*time.Microsecond)},
	} {
		m := newMemory(f.owner, "memory "+f.id)
		m.ID, m.Status, m.Embedding, m.CreatedAt = f.id, f.status, f.emb, f.created
		mustInsert(t, s, &m)
	}
	all := []string{"m5-other-owner05", "m1-none-00000001", "m0-tie-000000007", "m3-stale-0000003"}
	for _, tc := range []struct {
		limit int
		want  []string
	}{
		{0, all},
		{2, all[:2]},
		{10, all},
	} {
		got := mustMissing(t, s, "model-b", tc.limit)
		if !slices.Equal(ids(got), tc.want) {
			t.Errorf("MissingEmbeddings(model-b, %d) = %v, want %v (oldest first)", tc.limit, ids(got), tc.want)
		}
		for _, m := range got {
			if m.Embedding != nil {
				t.Errorf("MissingEmbeddings loaded the vector of %s", m.ID)
			}
			if m.Version != 1 || m.Owner == "" || m.Text != "memory "+m.ID {
				t.Errorf("MissingEmbeddings returned %+v, want the stored memory", m)
			}
		}
	}
	if got := ids(mustMissing(t, s, "model-a", 0)); !slices.Equal(got, []string{"m5-other-owner05", "m1-none-00000001", "m2-current-00002", "m0-tie-000000007"}) {
		t.Errorf("MissingEmbeddings(model-a) = %v", got)
	}
}

func testMissingEmbeddingsRejectsInvalid(t *testing.T, s memory.Store) {
	m := newMemory("alice", "no vector")
	mustInsert(t, s, &m)
	_, err := s.MissingEmbeddings(t.Context(), "", 10)
	wantErr(t, "MissingEmbeddings without a model", err, memory.ErrInvalid)
	_, err = s.MissingEmbeddings(t.Context(), "model", -1)
	wantErr(t, "MissingEmbeddings with a negative limit", err, memory.ErrInvalid)
}

func testSetEmbedding(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := fullMemory("alice")
	m.Status, m.Embedding = memory.StatusActive, nil
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)

	for _, e := range []*memory.Embedding{
		{Model: "text-embedding-3-small", Vector: vector(1536, 11)},
		embedding("model-2", 12),
	} {
		if err := s.SetEmbedding(ctx, "alice", m.ID, before.Version, e); err != nil {
			t.Fatalf("SetEmbedding(%s): %v", e.Model, err)
		}
		// Nothing but the embedding changes: not the version, not
		// UpdatedAt (that would make the memory look recently used).
		want := before
		want.Embedding = e
		assertMemory(t, want, mustGet(t, s, "alice", m.ID))
	}
	if got := mustMissing(t, s, "model-2", 0); len(got) != 0 {
		t.Errorf("after SetEmbedding MissingEmbeddings(model-2) = %v, want none", ids(got))
	}

	// The back-fill does not get in the way of an edit of the copy read
	// before it.
	before.Text = "edited after the back-fill read it"
	if err := s.UpdateMemory(ctx, &before); err != nil {
		t.Errorf("UpdateMemory after SetEmbedding: %v, want success (SetEmbedding keeps the version)", err)
	}
}

func testSetEmbeddingVersion(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("alice", "original text")
	mustInsert(t, s, &m)
	read := mustMissing(t, s, "model", 0)
	if len(read) != 1 {
		t.Fatalf("MissingEmbeddings = %v, want the one memory", ids(read))
	}
	edited := mustGet(t, s, "alice", m.ID)
	edited.Text = "changed while the embedding was computed"
	if err := s.UpdateMemory(ctx, &edited); err != nil {
		t.Fatalf("UpdateMemory: %v", err)
	}
	err := s.SetEmbedding(ctx, "alice", m.ID, read[0].Version, embedding("model", 1))
	wantErr(t, "SetEmbedding at a stale version", err, memory.ErrConflict)
	assertMemory(t, edited, mustGet(t, s, "alice", m.ID))
	if err := s.SetEmbedding(ctx, "alice", m.ID, edited.Version, embedding("model", 2)); err != nil {
		t.Errorf("SetEmbedding at the current version: %v", err)
	}
	if got := mustGet(t, s, "alice", m.ID); embeddingDiff(embedding("model", 2), got.Embedding) != "" || got.Version != edited.Version {
		t.Errorf("after SetEmbedding the memory has version %d and embedding %+v", got.Version, got.Embedding)
	}
}

func testSetEmbeddingOwnerIsolation(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("alice", "private")
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)
	err := s.SetEmbedding(ctx, "bob", m.ID, before.Version, embedding("model", 1))
	wantErr(t, "SetEmbedding as another owner", err, memory.ErrNotFound)
	err = s.SetEmbedding(ctx, "alice", "missing000000000", 1, embedding("model", 1))
	wantErr(t, "SetEmbedding of an unknown id", err, memory.ErrNotFound)
	assertMemory(t, before, mustGet(t, s, "alice", m.ID))
}

func testSetEmbeddingRejectsInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("alice", "has a vector")
	m.Embedding = embedding("model", 1)
	mustInsert(t, s, &m)
	before := mustGet(t, s, "alice", m.ID)
	for _, tc := range []struct {
		name      string
		owner, id string
		e         *memory.Embedding
	}{
		{"no owner", "", m.ID, embedding("model", 2)},
		{"no id", "alice", "", embedding("model", 2)},
		{"a nil embedding", "alice", m.ID, nil},
		{"no model", "alice", m.ID, &memory.Embedding{Vector: []float32{1, 2}}},
		{"no vector", "alice", m.ID, &memory.Embedding{Model: "model"}},
		{"a model not UTF-8", "alice", m.ID, &memory.Embedding{Model: "mod\xffel", Vector: []float32{1}}},
		{"a huge model name", "alice", m.ID, &memory.Embedding{Model: strings.Repeat("m", 1<<20), Vector: []float32{1}}},
	} {
		err := s.SetEmbedding(ctx, tc.owner, tc.id, before.Version, tc.e)
		wantErr(t, "SetEmbedding with "+tc.name, err, memory.ErrInvalid)
	}
	assertMemory(t, before, mustGet(t, s, "alice", m.ID))
}
