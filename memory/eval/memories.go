package eval

import (
	"context"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/service"
)

// Neutral bookkeeping for bench memories, which carry none: recall then
// ranks them by relevance and age alone.
const (
	benchImportance = 0.5
	benchConfidence = 0.8
)

// memorySearcher recalls a case's memories with the production Index, or
// with a plain corpus for the baseline.
type memorySearcher struct {
	owner string
	index *recall.Index
	plain *recall.Corpus
	// covers maps a recalled memory id to the ids it covers.
	covers map[string][]string
	// now is the clock the index sees: the time of the query being asked.
	now    time.Time
	latest time.Time
	// loadAt is the clock while the index loads, which leaves out what has
	// expired by then.
	loadAt time.Time
	// embedder embeds queries (nil: lexical); production holds the
	// reply's cut-offs (nil: k results).
	embedder   service.Embedder
	production *ProductionRecall
}

// embedBatch is how many bench memories go into one embedding request.
const embedBatch = 64

// usableEmbedder returns e when it names an embedding model, else nil.
func usableEmbedder(e service.Embedder) service.Embedder {
	if e == nil || e.EmbeddingModel() == "" {
		return nil
	}
	return e
}

// embedMemories gives every memory the vector of its text.
func embedMemories(ctx context.Context, e service.Embedder, mems []memory.Memory) error {
	for start := 0; start < len(mems); start += embedBatch {
		batch := mems[start:min(start+embedBatch, len(mems))]
		texts := make([]string, len(batch))
		for i, m := range batch {
			texts[i] = m.Text
		}
		vecs, err := e.Embed(ctx, texts)
		if err != nil {
			return fmt.Errorf("embed memories: %w", err)
		}
		if len(vecs) != len(batch) {
			return fmt.Errorf("embed memories: %d vectors for %d texts", len(vecs), len(batch))
		}
		for i := range batch {
			batch[i].Embedding = &memory.Embedding{Model: e.EmbeddingModel(), Vector: vecs[i]}
		}
	}
	return nil
}

// newMemorySearcher loads a case's memories, into the store when given.
func newMemorySearcher(ctx context.Context, c *Case, store memory.Store, opts Options, baseline bool) (*memorySearcher, error) {
	s := &memorySearcher{owner: "bench:" + c.ID, covers: make(map[string][]string, len(c.Memories))}
	if !baseline {
		s.embedder, s.production = usableEmbedder(opts.Embedder), opts.Production
	}
	mems := make([]memory.Memory, 0, len(c.Memories))
	for i, bm := range c.Memories {
		m := memory.Memory{
			ID: bm.ID, Owner: s.owner, Text: bm.Text, Type: memory.TypeFact,
			Lifecycle: memory.LifecycleFact, Subject: bm.Owner, Tags: bm.Tags,
			Importance: benchImportance, Confidence: benchConfidence, Status: memory.StatusActive,
			Source:    memory.Source{Platform: "bench", MessageIDs: bm.Source, Time: bm.Time},
			CreatedAt: bm.Time, UpdatedAt: bm.Time, Version: 1,
		}
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("memory %d (%q): %w", i, bm.ID, err)
		}
		if bm.Time.After(s.latest) {
			s.latest = bm.Time
		}
		mems = append(mems, m)
	}
	if s.embedder != nil {
		if err := embedMemories(ctx, s.embedder, mems); err != nil {
			return nil, err
		}
	}
	coverOf := func(bm Memory) []string {
		if len(c.Messages) > 0 {
			return bm.Source
		}
		return []string{bm.ID}
	}
	if store != nil && !baseline {
		for i := range mems {
			m := mems[i]
			if err := store.InsertMemory(ctx, &m); err != nil {
				return nil, fmt.Errorf("store memory %q: %w", c.Memories[i].ID, err)
			}
			s.covers[m.ID] = coverOf(c.Memories[i])
		}
	} else {
		for i, m := range mems {
			s.covers[m.ID] = coverOf(c.Memories[i])
		}
	}

	var loader recall.Loader
	if store != nil {
		loader = recall.StoreLoader{Store: store}
	}
	s.loadAt = s.latest
	if err := s.build(ctx, mems, loader, opts, baseline); err != nil {
		return nil, err
	}
	return s, nil
}

// newExtractedSearcher recalls the memories extracted from a case, pooled
// over its speakers. Every active memory is loaded (the clock reads the
// zero time while loading); whether a temporary one has expired is decided
// at each query's time, as recall does.
func newExtractedSearcher(ctx context.Context, ext *extracted, opts Options, baseline bool) (*memorySearcher, error) {
	s := &memorySearcher{owner: ext.owner, covers: ext.covers}
	if !baseline {
		s.embedder, s.production = usableEmbedder(opts.Embedder), opts.Production
	}
	for _, m := range ext.memories {
		if m.UpdatedAt.After(s.latest) {
			s.latest = m.UpdatedAt
		}
	}
	if err := s.build(ctx, ext.memories, nil, opts, baseline); err != nil {
		return nil, err
	}
	return s, nil
}

// build indexes mems: a plain corpus for the baseline, otherwise the
// production Index loading them through loader (directly when nil).
func (s *memorySearcher) build(ctx context.Context, mems []memory.Memory, loader recall.Loader, opts Options, baseline bool) error {
	if baseline {
		s.plain = recall.NewCorpus(plainOptions())
		for _, m := range mems {
			if err := s.plain.Add(recall.MemoryDoc(m)); err != nil {
				return fmt.Errorf("index memory %q: %w", m.ID, err)
			}
		}
		return nil
	}
	if loader == nil {
		loader = fixedMemories(mems)
	}
	cfg := recall.DefaultConfig()
	if opts.Recall != nil {
		cfg = *opts.Recall
	}
	cfg.Options = ranking(opts, false, recall.MemoryOptions())
	cfg.Now = func() time.Time { return s.now }
	s.index = recall.NewIndex(loader, cfg)
	s.now = s.loadAt
	if err := s.index.Warm(ctx, s.owner); err != nil {
		return err
	}
	if n, _ := s.index.Stats(s.owner); n != len(mems) {
		return fmt.Errorf("indexed %d of %d memories: the store did not give them all back", n, len(mems))
	}
	return nil
}

// search returns the top k memories, each covering its provenance.
func (s *memorySearcher) search(ctx context.Context, q Query, k int) ([][]string, error) {
	var ids []string
	if s.plain != nil {
		for _, h := range s.plain.Search(recall.Query{Text: q.Text, Context: q.Context, Limit: k}) {
			ids = append(ids, h.ID)
		}
	} else {
		s.now = q.Time
		if s.now.IsZero() {
			s.now = s.latest
		}
		rq := recall.Query{Text: q.Text, Context: q.Context, Limit: k, MinScore: -1, TokenBudget: -1}
		if p := s.production; p != nil {
			rq.Limit, rq.MinScore, rq.TokenBudget = min(k, p.Limit), 0, p.TokenBudget
		}
		if s.embedder != nil {
			vecs, err := s.embedder.Embed(ctx, []string{q.Text})
			if err != nil || len(vecs) != 1 {
				return nil, fmt.Errorf("embed query: %w (%d vectors)", err, len(vecs))
			}
			rq.Vector = vecs[0]
		}
		rs, err := s.index.Search(ctx, s.owner, rq)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			ids = append(ids, r.Memory.ID)
		}
	}
	covers := make([][]string, len(ids))
	for i, id := range ids {
		covers[i] = s.covers[id]
	}
	return covers, nil
}

// fixedMemories loads the same memories for any owner, at a revision that
// never moves.
type fixedMemories []memory.Memory

func (f fixedMemories) Revision(context.Context, string) (int64, error) { return 1, nil }

func (f fixedMemories) Load(_ context.Context, _ string, page func([]memory.Memory) error) error {
	return page(f)
}
