package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/service"
)

// Units of retrieval.
const (
	// UnitMessages retrieves captured messages; each covers its own id.
	UnitMessages = "messages"
	// UnitMemories retrieves memories; each covers its source messages, or
	// its own id where the case has no messages.
	UnitMemories = "memories"
)

// defaultKs returns the cut-offs reported when none are given.
func defaultKs() []int { return []int{1, 5, 10} }

// StoreFactory opens a fresh, empty store for one case, so that a run
// measures recall exactly as production runs it, store round trip
// included. Run calls release when the case is done; it should close the
// store and remove whatever the store wrote.
type StoreFactory interface {
	NewStore(ctx context.Context, caseID string) (store memory.Store, release func() error, err error)
}

// StoreFactoryFunc adapts a function to StoreFactory.
type StoreFactoryFunc func(ctx context.Context, caseID string) (memory.Store, func() error, error)

// NewStore calls f.
func (f StoreFactoryFunc) NewStore(ctx context.Context, caseID string) (memory.Store, func() error, error) {
	return f(ctx, caseID)
}

// Options choose what a run measures.
type Options struct {
	// Unit is UnitMessages or UnitMemories; empty picks messages when the
	// cases have them and memories otherwise.
	Unit string
	// Ks are the cut-offs; empty means 1, 5 and 10.
	Ks []int
	// Baseline also runs a plain BM25 over lower-cased words (no store, no
	// memory weights) over the same units and reports it beside the main
	// figures.
	Baseline bool
	// Stores, when set, loads each case into a fresh store (messages are
	// captured and read back; memories inserted and loaded by the recall
	// Index through recall.StoreLoader); without it cases are indexed
	// directly. Either way the production ranking is measured.
	Stores StoreFactory
	// Ranking overrides the corpus ranking (tuning experiments); nil uses
	// recall.MemoryOptions. Messages are ranked with the conversation
	// features (speakers, neighbouring turns) on top of it.
	Ranking *recall.Options
	// Recall overrides the memory recall configuration (weights, decay)
	// for the memories unit; nil uses recall.DefaultConfig. Its Now is
	// replaced by the time of each query.
	Recall *recall.Config
	// Extract, when set, extracts memories from each case's messages with
	// the production pipeline first (through Stores, which it requires)
	// and measures recall over those, unit memories; see ExtractOptions.
	Extract *ExtractOptions
	// Embedder, when it names an embedding model, makes memory recall
	// hybrid as in production: bench memories are embedded before they are
	// indexed (extracted ones carry the vectors the pipeline gave them) and
	// every query is embedded. The plain BM25 baseline stays lexical.
	Embedder service.Embedder
	// Production, when set, cuts memory recall as a reply does: at most
	// Limit memories within TokenBudget, below the relevance threshold
	// none. Without it the ranking alone is measured (k results always).
	Production *ProductionRecall
	// Logger receives progress; nil discards.
	Logger *slog.Logger
}

// ProductionRecall is what a reply asks recall for (config [memory]
// max_injected and token_budget); the relevance threshold is the recall
// configuration's MinRelevance.
type ProductionRecall struct {
	Limit       int
	TokenBudget int
}

// Run asks every query of b against its own case alone and returns the
// report. Over messages recall's corpus ranks the turns
// (recall.MemoryOptions), lifted by a speaker the query names and by
// neighbouring turns; over memories the production recall.Index does, with its weights and the query's time as its
// clock: hybrid when Options.Embedder names an embedding model, and cut as
// a reply cuts it (relevance threshold, token budget, memories injected)
// when Options.Production is set, k results otherwise. Latency is measured per search, excluding indexing. With
// Options.Extract, the memories searched are the ones extracted, and the
// report carries what extraction cost.
func Run(ctx context.Context, b *Bench, opts Options) (*Report, error) {
	if b == nil || len(b.Cases) == 0 {
		return nil, errors.New("run recall eval: empty bench")
	}
	ks, err := normaliseKs(opts.Ks)
	if err != nil {
		return nil, fmt.Errorf("run recall eval: %w", err)
	}
	var unit string
	if opts.Extract != nil {
		unit, err = extractionUnit(b, opts.Unit)
	} else {
		unit, err = chooseUnit(b, opts.Unit)
	}
	if err != nil {
		return nil, fmt.Errorf("run recall eval: %w", err)
	}
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	r := &Report{Data: b.Name, Unit: unit, Ks: ks, Cases: len(b.Cases), Queries: b.Queries()}
	var exts []*extracted
	if opts.Extract != nil {
		exts, r.Extraction, err = extractBench(ctx, b, opts, log)
		if err != nil {
			return nil, fmt.Errorf("run recall eval: %w", err)
		}
	}
	main, err := runMethod(ctx, b, unit, ks, opts, exts, false, log)
	if err != nil {
		return nil, err
	}
	r.Pooled, r.ByCategory = summarise(main.outcomes, len(ks))
	r.Latency = latencyOf(main.latencies)
	if opts.Baseline {
		base, err := runMethod(ctx, b, unit, ks, opts, exts, true, log)
		if err != nil {
			return nil, err
		}
		side := &Side{Method: "bm25"}
		side.Pooled, side.ByCategory = summarise(base.outcomes, len(ks))
		side.Latency = latencyOf(base.latencies)
		r.Baseline = side
	}
	return r, nil
}

// normaliseKs sorts and checks the cut-offs.
func normaliseKs(ks []int) ([]int, error) {
	if len(ks) == 0 {
		return defaultKs(), nil
	}
	out := slices.Clone(ks)
	slices.Sort(out)
	out = slices.Compact(out)
	if out[0] < 1 || out[len(out)-1] > 1000 {
		return nil, fmt.Errorf("k must be between 1 and 1000, got %v", ks)
	}
	return out, nil
}

// chooseUnit validates the unit against the data.
func chooseUnit(b *Bench, unit string) (string, error) {
	hasMsgs, hasMems := true, true
	for _, c := range b.Cases {
		hasMsgs = hasMsgs && len(c.Messages) > 0
		hasMems = hasMems && len(c.Memories) > 0
	}
	switch unit {
	case "":
		if hasMsgs {
			return UnitMessages, nil
		}
		if hasMems {
			return UnitMemories, nil
		}
		return "", errors.New("no unit fits every case: some have only messages, others only memories")
	case UnitMessages:
		if !hasMsgs {
			return "", errors.New("unit messages: some cases have no messages (try --unit memories)")
		}
	case UnitMemories:
		if !hasMems {
			return "", errors.New("unit memories: some cases have no memories (try --unit messages)")
		}
	default:
		return "", fmt.Errorf("unknown unit %q (want %s or %s)", unit, UnitMessages, UnitMemories)
	}
	return unit, nil
}

// methodResult is one method's outcomes and latencies over every query.
type methodResult struct {
	outcomes  []outcome
	latencies []time.Duration
}

// runMethod runs every case with the main ranking or the baseline, over
// the extracted memories of each case when exts holds them.
func runMethod(ctx context.Context, b *Bench, unit string, ks []int, opts Options, exts []*extracted, baseline bool, log *slog.Logger) (methodResult, error) {
	var res methodResult
	for i := range b.Cases {
		c := &b.Cases[i]
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("run recall eval: %w", err)
		}
		start := time.Now()
		var ext *extracted
		if exts != nil {
			ext = exts[i]
		}
		outs, lats, err := runCase(ctx, c, ext, unit, ks, opts, baseline)
		if err != nil {
			return res, fmt.Errorf("run recall eval: case %q: %w", c.ID, err)
		}
		res.outcomes = append(res.outcomes, outs...)
		res.latencies = append(res.latencies, lats...)
		log.Debug("case evaluated", slog.String("case", c.ID), slog.Bool("baseline", baseline),
			slog.Int("queries", len(c.Queries)), slog.Duration("took", time.Since(start)))
	}
	return res, nil
}
