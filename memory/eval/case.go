package eval

import (
	"context"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/text"
)

// searcher answers one query with the ids each ranked item covers.
type searcher interface {
	search(ctx context.Context, q Query, k int) ([][]string, error)
}

// runCase indexes one case (its extracted memories when ext is not nil),
// asks its queries and scores them.
func runCase(ctx context.Context, c *Case, ext *extracted, unit string, ks []int, opts Options, baseline bool) ([]outcome, []time.Duration, error) {
	var store memory.Store
	if opts.Stores != nil && !baseline && ext == nil {
		s, release, err := opts.Stores.NewStore(ctx, c.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("open store: %w", err)
		}
		defer func() { _ = release() }()
		store = s
	}
	var (
		s   searcher
		err error
	)
	switch {
	case ext != nil:
		s, err = newExtractedSearcher(ctx, ext, opts, baseline)
	case unit == UnitMessages:
		s, err = newMessageSearcher(ctx, c, store, ranking(opts, baseline, recall.MemoryOptions()), !baseline)
	default:
		s, err = newMemorySearcher(ctx, c, store, opts, baseline)
	}
	if err != nil {
		return nil, nil, err
	}
	k := ks[len(ks)-1]
	outs := make([]outcome, 0, len(c.Queries))
	lats := make([]time.Duration, 0, len(c.Queries))
	for _, q := range c.Queries {
		start := time.Now()
		covers, err := s.search(ctx, q, k)
		lats = append(lats, time.Since(start))
		if err != nil {
			return nil, nil, fmt.Errorf("query %q: %w", q.ID, err)
		}
		o := scoreQuery(covers, q.Evidence, ks)
		o.category = q.Category
		outs = append(outs, o)
	}
	return outs, lats, nil
}

// ranking picks the corpus options of a method.
func ranking(opts Options, baseline bool, def recall.Options) recall.Options {
	switch {
	case baseline:
		return plainOptions()
	case opts.Ranking != nil:
		return *opts.Ranking
	}
	return def
}

// plainOptions is the baseline: a textbook BM25 over lower-cased words,
// without stemming, stopwords, context, dates or vectors.
func plainOptions() recall.Options {
	return recall.Options{
		Tokenizer:     text.PlainTokenizer(),
		K1:            1.2,
		B:             0.75,
		KeywordWeight: 1,
		VectorWeight:  0.6,
		VectorFloor:   0.15,
		VectorCeil:    0.6,
	}
}
