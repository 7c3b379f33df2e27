package upkeep_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/upkeep"
)

// wantEmbedded checks that the stored memory carries the fake server's
// vector of want under embedModel, and that nothing else about it moved.
func wantEmbedded(t *testing.T, s memory.Store, before memory.Memory, want string) {
	t.Helper()
	got := get(t, s, before.Owner, before.ID)
	if got.Embedding == nil || got.Embedding.Model != embedModel {
		t.Fatalf("memory %q has embedding %+v, want one of %s", got.Text, got.Embedding, embedModel)
	}
	if !slices.Equal(got.Embedding.Vector, fakeopenai.Vector(want, dims)) {
		t.Fatalf("memory %q holds a vector that is not the embedding of %q", got.Text, want)
	}
	if got.Version != before.Version || !got.UpdatedAt.Equal(before.UpdatedAt) {
		t.Errorf("back-fill moved version %d→%d or updated_at %v→%v", before.Version, got.Version, before.UpdatedAt, got.UpdatedAt)
	}
}

// wantNoEmbedding checks that the stored memory has no embedding of
// embedModel.
func wantNoEmbedding(t *testing.T, s memory.Store, m memory.Memory) {
	t.Helper()
	if got := get(t, s, m.Owner, m.ID); got.Embedding != nil && got.Embedding.Model == embedModel {
		t.Fatalf("memory %q was embedded, want it left alone", got.Text)
	}
}

func TestBackfillEmbedsAndReindexes(t *testing.T) {
	s := openStore(t)
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	a := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-3*time.Hour)))
	b := insert(t, s, fact("bob", "喜欢喝茶", now.Add(-2*time.Hour)))
	other := fact("alice", "plays chess on Sundays", now.Add(-time.Hour))
	other.Embedding = &memory.Embedding{Model: "old-model", Vector: []float32{1, 0}}
	other = insert(t, s, other)
	done := fact("bob", "already embedded", now.Add(-4*time.Hour))
	done.Embedding = &memory.Embedding{Model: embedModel, Vector: fakeopenai.Vector("already embedded", dims)}
	insert(t, s, done)
	archived := fact("bob", "archived long ago", now.Add(-5*time.Hour))
	archived.Status = memory.StatusArchived
	insert(t, s, archived)

	idx := memoriesOf(t, s)
	w := upkeep.New(upkeep.Options{Store: s, Embedder: newEmbedder(t, srv, embedModel), Memories: idx, Now: clock})
	rep := runOnce(t, w)
	if rep.Embedded != 3 {
		t.Fatalf("Embedded = %d, want 3", rep.Embedded)
	}
	for _, m := range []memory.Memory{a, b, other} {
		wantEmbedded(t, s, m, m.Text)
	}
	reqs := srv.EmbeddingRequests()
	want := []string{a.Text, b.Text, other.Text}
	if len(reqs) != 1 || !slices.Equal(reqs[0].Input, want) || reqs[0].Model != embedModel {
		t.Fatalf("server saw %d requests %+v, want one asking %s for %q", len(reqs), reqs, embedModel, want)
	}

	ups := idx.upserts()
	if len(ups) != 3 {
		t.Fatalf("index got %d upserts, want 3", len(ups))
	}
	for i, u := range ups {
		if u.Text != want[i] || u.Embedding == nil || u.Embedding.Model != embedModel ||
			!slices.Equal(u.Embedding.Vector, fakeopenai.Vector(want[i], dims)) {
			t.Errorf("upsert %d is %q with embedding %+v, want %q with its vector", i, u.Text, u.Embedding, want[i])
		}
	}

	if rep := runOnce(t, w); rep.Embedded != 0 || srv.Count(fakeopenai.KindEmbeddings) != 1 {
		t.Fatalf("second pass embedded %d with %d requests in all, want nothing left to do", rep.Embedded, srv.Count(fakeopenai.KindEmbeddings))
	}
}

func TestBackfillWorksOffBacklogInBatches(t *testing.T) {
	s := openStore(t)
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	var mems []memory.Memory
	for i := range 5 {
		mems = append(mems, insert(t, s, fact("alice", fmt.Sprintf("fact number %d", i), now.Add(time.Duration(i-10)*time.Hour))))
	}
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Embedder: newEmbedder(t, srv, embedModel), Now: clock, BatchSize: 2})
	if rep := runOnce(t, w); rep.Embedded != 5 {
		t.Fatalf("Embedded = %d, want 5", rep.Embedded)
	}
	for _, m := range mems {
		wantEmbedded(t, s, m, m.Text)
	}
	for i, r := range srv.EmbeddingRequests() {
		if len(r.Input) > 2 {
			t.Errorf("request %d carried %d texts, over the batch size 2", i, len(r.Input))
		}
	}
}

func TestBackfillServiceFailurePausesIt(t *testing.T) {
	cases := []struct {
		name string
		resp fakeopenai.Response
	}{
		{"server error", fakeopenai.Status(http.StatusInternalServerError)},
		{"rate limited", fakeopenai.RateLimited(time.Hour)},
		{"bad credentials", fakeopenai.Status(http.StatusUnauthorized)},
		{"malformed answer", fakeopenai.Response{Garbage: true}},
		{"too few vectors", fakeopenai.Response{Vectors: [][]float32{{1, 2}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t)
			srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
			srv.EnqueueEmbedding(c.resp)
			a := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-time.Hour)))
			b := insert(t, s, fact("alice", "has a cat named Miso", now.Add(-time.Hour)))
			expired := fact("alice", "is in Rome this week", now.Add(-day))
			expired.Lifecycle, expired.ExpiresAt = memory.LifecycleTemporary, now.Add(-time.Minute)
			insert(t, s, expired)
			msg := memory.Message{ConversationID: "console:1", PlatformID: "1", Role: memory.RoleUser, Text: "hi", Time: now.Add(-60 * day)}
			if err := s.AppendMessage(t.Context(), &msg); err != nil {
				t.Fatal(err)
			}

			log := &logs{}
			idx := memoriesOf(t, s)
			w := upkeep.New(upkeep.Options{Store: s, Embedder: newEmbedder(t, srv, embedModel), Memories: idx, Now: clock,
				MessageRetention: 30 * day, Logger: log.logger()})
			rep, err := w.RunOnce(t.Context())
			if err != nil {
				t.Fatalf("an embedding failure failed the pass: %v", err)
			}
			if rep != (upkeep.Report{Archived: 1, MessagesDeleted: 1}) {
				t.Fatalf("report %+v, want the other steps done and nothing embedded", rep)
			}
			wantNoEmbedding(t, s, a)
			wantNoEmbedding(t, s, b)
			if len(idx.upserts()) != 0 || !log.warned("back-fill paused") {
				t.Fatalf("upserts %d, warned %v: want none and a warning", len(idx.upserts()), log.warned("back-fill paused"))
			}
			if n := srv.Count(fakeopenai.KindEmbeddings); n != 1 {
				t.Fatalf("%d embeddings requests, want back-fill to stop after the failed one", n)
			}

			// The service is back: the next pass catches up.
			if rep := runOnce(t, w); rep.Embedded != 2 {
				t.Fatalf("next pass embedded %d, want 2", rep.Embedded)
			}
			wantEmbedded(t, s, a, a.Text)
		})
	}
}

func TestBackfillSkipsMemoryEditedMeanwhile(t *testing.T) {
	s := openStore(t)
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	a := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-2*time.Hour)))
	b := insert(t, s, fact("alice", "has a cat named Miso", now.Add(-time.Hour)))

	// The person edits a while its old text is being embedded. The edit's
	// outcome comes back over a channel, which orders it before the checks.
	var once sync.Once
	editDone := make(chan error, 1)
	edited := a
	edited.Text = "lives in Porto"
	srv.SetEmbeddingHandler(func(*fakeopenai.EmbeddingRequest) fakeopenai.Response {
		once.Do(func() { editDone <- s.UpdateMemory(context.Background(), &edited) })
		return fakeopenai.Response{}
	})
	idx := memoriesOf(t, s)
	w := upkeep.New(upkeep.Options{Store: s, Embedder: newEmbedder(t, srv, embedModel), Memories: idx, Now: clock})
	rep := runOnce(t, w)
	select {
	case err := <-editDone:
		if err != nil {
			t.Fatalf("edit during back-fill: %v", err)
		}
	default:
		t.Fatal("the embeddings request never reached the server")
	}
	if rep.Embedded != 1 {
		t.Fatalf("Embedded = %d, want 1 (the edited memory skipped)", rep.Embedded)
	}
	wantEmbedded(t, s, b, b.Text)
	if got := get(t, s, a.Owner, a.ID); got.Text != "lives in Porto" || got.Embedding != nil {
		t.Fatalf("edited memory reads %q with embedding %+v, want the edit kept and no stale vector", got.Text, got.Embedding)
	}
	for _, u := range idx.upserts() {
		if u.ID == a.ID {
			t.Fatalf("the edited memory was re-indexed with its old text %q", u.Text)
		}
	}

	// The next pass embeds what the memory has become.
	if rep := runOnce(t, w); rep.Embedded != 1 {
		t.Fatalf("next pass embedded %d, want 1", rep.Embedded)
	}
	wantEmbedded(t, s, edited, "lives in Porto")
	ups := idx.upserts()
	if last := ups[len(ups)-1]; last.ID != a.ID || last.Text != "lives in Porto" || last.Version != edited.Version {
		t.Fatalf("last upsert %q at version %d, want the edited text at version %d", last.Text, last.Version, edited.Version)
	}
}

func TestBackfillSetsAsideRefusedTexts(t *testing.T) {
	s := openStore(t)
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	srv.SetEmbeddingHandler(func(req *fakeopenai.EmbeddingRequest) fakeopenai.Response {
		for _, in := range req.Input {
			if strings.Contains(in, "REFUSED") {
				return fakeopenai.Status(http.StatusBadRequest)
			}
		}
		return fakeopenai.Response{}
	})
	var mems []memory.Memory
	for i, text := range []string{"likes jazz", "REFUSED text", "reads sci-fi", "runs marathons"} {
		mems = append(mems, insert(t, s, fact("alice", text, now.Add(time.Duration(i-10)*time.Hour))))
	}
	log := &logs{}
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Embedder: newEmbedder(t, srv, embedModel), Now: clock, Logger: log.logger()})
	if rep := runOnce(t, w); rep.Embedded != 3 {
		t.Fatalf("Embedded = %d, want the 3 acceptable texts", rep.Embedded)
	}
	for _, m := range []memory.Memory{mems[0], mems[2], mems[3]} {
		wantEmbedded(t, s, m, m.Text)
	}
	wantNoEmbedding(t, s, mems[1])
	if !log.warned("set aside") {
		t.Error("no warning about the refused memory")
	}
	sent := srv.Count(fakeopenai.KindEmbeddings)
	if sent != 5 {
		t.Fatalf("%d requests, want the refused batch and then one per text (5)", sent)
	}

	// Set aside: not sent again.
	if rep := runOnce(t, w); rep.Embedded != 0 || srv.Count(fakeopenai.KindEmbeddings) != sent {
		t.Fatalf("second pass embedded %d with %d new requests, want the refused text left alone",
			rep.Embedded, srv.Count(fakeopenai.KindEmbeddings)-sent)
	}

	// Edited into something acceptable, it gets its chance again.
	fixed := mems[1]
	fixed.Text = "accepted text"
	if err := s.UpdateMemory(t.Context(), &fixed); err != nil {
		t.Fatal(err)
	}
	if rep := runOnce(t, w); rep.Embedded != 1 {
		t.Fatalf("pass after the edit embedded %d, want 1", rep.Embedded)
	}
	wantEmbedded(t, s, fixed, "accepted text")
}

func TestBackfillStopsWhenModelRefusesEverything(t *testing.T) {
	s := openStore(t)
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	srv.SetEmbeddingHandler(func(*fakeopenai.EmbeddingRequest) fakeopenai.Response {
		return fakeopenai.Status(http.StatusNotFound)
	})
	var mems []memory.Memory
	for i := range 6 {
		mems = append(mems, insert(t, s, fact("alice", fmt.Sprintf("fact %d", i), now.Add(-time.Hour))))
	}
	log := &logs{}
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Embedder: newEmbedder(t, srv, embedModel), Now: clock, Logger: log.logger()})
	for pass := 1; pass <= 2; pass++ {
		rep, err := w.RunOnce(t.Context())
		if err != nil || rep.Embedded != 0 {
			t.Fatalf("pass %d: report %+v, err %v; want nothing embedded and no error", pass, rep, err)
		}
		// The batch, then a few probes, and nothing set aside: each pass
		// tries again.
		if got, want := srv.Count(fakeopenai.KindEmbeddings), pass*4; got != want {
			t.Fatalf("after pass %d: %d requests, want %d", pass, got, want)
		}
	}
	if !log.warned("refuses every text") {
		t.Error("no warning about the misconfigured model")
	}
	for _, m := range mems {
		wantNoEmbedding(t, s, m)
	}
}

func TestBackfillOff(t *testing.T) {
	srv := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(dims))
	cases := []struct {
		name     string
		embedder upkeep.Embedder
	}{
		{"no embedder", nil},
		{"no embedding model", newEmbedder(t, srv, "")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t)
			m := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-time.Hour)))
			rep := runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Embedder: c.embedder, Now: clock}))
			if rep.Embedded != 0 || srv.Count(fakeopenai.KindEmbeddings) != 0 {
				t.Fatalf("embedded %d with %d requests, want back-fill off", rep.Embedded, srv.Count(fakeopenai.KindEmbeddings))
			}
			if got := get(t, s, m.Owner, m.ID); got.Embedding != nil {
				t.Fatalf("memory got embedding %+v", got.Embedding)
			}
		})
	}
}

// fixedEmbedder answers every request with the vectors vec makes.
type fixedEmbedder struct {
	vec func(n int) [][]float32
}

func (f fixedEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	return f.vec(len(texts)), nil
}

func (f fixedEmbedder) EmbeddingModel() string { return embedModel }

func TestBackfillRejectsUnusableVectors(t *testing.T) {
	repeat := func(v []float32) func(int) [][]float32 {
		return func(n int) [][]float32 {
			out := make([][]float32, n)
			for i := range out {
				out[i] = v
			}
			return out
		}
	}
	cases := []struct {
		name string
		vec  func(int) [][]float32
	}{
		{"no vectors", func(int) [][]float32 { return nil }},
		{"one vector too many", func(n int) [][]float32 { return repeat([]float32{1})(n + 1) }},
		{"empty vectors", repeat([]float32{})},
		{"vectors too long to store", repeat(make([]float32, 1<<20))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t)
			m := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-time.Hour)))
			insert(t, s, fact("alice", "has a cat", now.Add(-time.Hour)))
			log := &logs{}
			idx := memoriesOf(t, s)
			w := upkeep.New(upkeep.Options{Store: s, Embedder: fixedEmbedder{c.vec}, Memories: idx, Now: clock, Logger: log.logger()})
			rep, err := w.RunOnce(t.Context())
			if err != nil || rep.Embedded != 0 {
				t.Fatalf("report %+v, err %v; want nothing embedded and no error", rep, err)
			}
			if log.warnings() == 0 || len(idx.upserts()) != 0 {
				t.Fatalf("%d warnings, %d upserts; want a warning and nothing indexed", log.warnings(), len(idx.upserts()))
			}
			if got := get(t, s, m.Owner, m.ID); got.Embedding != nil {
				t.Fatalf("memory got embedding of %d dims", got.Embedding.Dims())
			}
		})
	}
}
