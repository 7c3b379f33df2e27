package app

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/recall"
)

// recaller serves the engine's recall from the per-owner index, adding a
// query vector when an embedding model is configured (lexical alone when
// it is not, or when the embedding call fails).
type recaller struct {
	index *recall.Index
	store memory.Store
	model llm.Client
	log   *slog.Logger
}

var _ bot.Recaller = (*recaller)(nil)

// queryEmbedTimeout keeps a slow embedding API from delaying replies.
const queryEmbedTimeout = 3 * time.Second

func (r *recaller) Recall(ctx context.Context, owner string, q bot.RecallQuery) ([]bot.Recalled, error) {
	rq := recall.Query{Text: q.Text, Context: q.Context, Limit: q.Limit, TokenBudget: q.TokenBudget}
	if r.model != nil && r.model.EmbeddingModel() != "" {
		ectx, cancel := context.WithTimeout(ctx, queryEmbedTimeout)
		vecs, err := r.model.Embed(ectx, []string{q.Text})
		cancel()
		if err == nil && len(vecs) == 1 {
			rq.Vector = vecs[0]
		} else if err != nil {
			r.log.Debug("query embedding failed; lexical recall only", "err", err)
		}
	}
	res, err := r.index.Search(ctx, owner, rq)
	if err != nil {
		return nil, err
	}
	out := make([]bot.Recalled, 0, len(res))
	for _, x := range res {
		if !r.current(ctx, x.Memory) {
			continue
		}
		out = append(out, bot.Recalled{Memory: x.Memory, Score: x.Score, Parts: x.Parts})
	}
	return out, nil
}

// current checks a recalled memory against the store before it is used:
// another replica may have forgotten, edited or superseded it since this
// replica's index loaded it. A stale entry is dropped from the index.
func (r *recaller) current(ctx context.Context, m memory.Memory) bool {
	stored, err := r.store.Memory(ctx, m.Owner, m.ID)
	switch {
	case errors.Is(err, memory.ErrNotFound):
		r.index.Remove(m.Owner, m.ID)
		return false
	case err != nil:
		r.log.Warn("check recalled memory", "owner", m.Owner, "err", err)
		return false
	case stored.Status != memory.StatusActive || stored.Version != m.Version:
		r.index.Remove(m.Owner, m.ID)
		if stored.Status == memory.StatusActive {
			if err := r.index.Upsert(stored); err != nil {
				r.index.Invalidate(m.Owner)
			}
		}
		return false
	}
	return true
}

// indexUpdater lets the engine keep the index in step after edits.
type indexUpdater struct {
	index *recall.Index
	log   *slog.Logger
}

func (u indexUpdater) Upsert(m memory.Memory) {
	if err := u.index.Upsert(m); err != nil {
		u.log.Warn("index memory; invalidating the owner's index", "owner", m.Owner, "err", err)
		u.index.Invalidate(m.Owner)
	}
}
func (u indexUpdater) Remove(owner, id string) { u.index.Remove(owner, id) }
func (u indexUpdater) Invalidate(owner string) { u.index.Invalidate(owner) }

// extractor adapts the extraction scheduler to the engine.
type extractor struct{ s *extract.Scheduler }

func (x extractor) Notify(m memory.Message) { x.s.Notify(m) }
func (x extractor) Close(ctx context.Context) error {
	err := x.s.Close(ctx)
	if errors.Is(err, extract.ErrClosed) {
		return nil
	}
	return err
}
func (x extractor) ExtractNow(ctx context.Context, conv string, aggressive bool) (bot.ExtractResult, error) {
	r, err := x.s.ExtractNow(ctx, conv, aggressive)
	return bot.ExtractResult{Added: r.Added, Updated: r.Updated, Superseded: r.Superseded, Conflicts: r.Conflicts, Duplicates: r.Duplicates}, err
}

// clock gives the extraction pipeline the app's clock with real timers.
type clock struct{ now func() time.Time }

func (c clock) Now() time.Time { return c.now() }
func (c clock) AfterFunc(d time.Duration, f func()) extract.Timer {
	return time.AfterFunc(d, f)
}

// memorySystem builds the recall index and the extraction pipeline over
// the store and model.
func (a *App) memorySystem(o options) (*recall.Index, *extract.Scheduler, error) {
	cfg := recall.DefaultConfig()
	cfg.Now = o.now
	cfg.Logger = o.logger
	cfg.MaxAge = 5 * time.Minute // replicas converge on each other's writes
	index := recall.NewIndex(recall.StoreLoader{Store: a.Store}, cfg)
	upd := indexUpdater{index: index, log: o.logger}
	pipe, err := extract.NewPipeline(extract.Options{
		Store:         a.Store,
		Client:        a.Model,
		Logger:        o.logger,
		Clock:         clock{o.now},
		MinConfidence: a.Config.Memory.MinConfidence,
		OnStored: func(owner string, stored []memory.Memory, removed []string) {
			for _, m := range stored {
				if m.Status == memory.StatusActive {
					upd.Upsert(m)
				} else {
					index.Remove(owner, m.ID)
				}
			}
			for _, id := range removed {
				index.Remove(owner, id)
			}
		},
	})
	if err != nil {
		return nil, nil, err
	}
	sched := extract.NewScheduler(pipe, schedulerOptions(a.Config.Memory, clock{o.now}, a.Store, o.logger))
	return index, sched, nil
}

// immediateWindow is the stability window standing for a configured
// extraction_delay of 0: the scheduler reads a zero window as "use the
// default", so 0 becomes the shortest wait that still lets a burst of
// messages arriving together go into one run.
const immediateWindow = time.Millisecond

// schedulerOptions turns the memory configuration into extraction
// scheduling. A failed run is retried after the configured delay, but
// never sooner than the default window: with a delay of 0, a model that
// is down would otherwise be retried at once, over and over.
func schedulerOptions(m config.Memory, c extract.Clock, pending extract.PendingLister, log *slog.Logger) extract.SchedulerOptions {
	window := m.ExtractionDelay.D()
	if window <= 0 {
		window = immediateWindow
	}
	return extract.SchedulerOptions{
		Window:     window,
		RetryDelay: max(window, extract.DefaultStabilityWindow),
		Clock:      c,
		Pending:    pending,
		Logger:     log,
	}
}
