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
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/service"
)

// recaller serves the engine's recall from the memory service, which ranks
// exactly as the eval measures.
type recaller struct{ memories *service.Service }

var (
	_ bot.Recaller = recaller{}
	_ bot.Profiler = recaller{}
)

// RecallWithProfile reads the person's core facts and recalls for q from
// one view of the service's recall index.
func (r recaller) RecallWithProfile(ctx context.Context, owner string, q bot.RecallQuery, profileBudget int) ([]memory.Memory, []bot.Recalled, error) {
	profile, res, err := r.memories.RecallWithProfile(ctx, owner, recallQuery(q), profileBudget)
	return profile, recalled(res), err
}

func (r recaller) Recall(ctx context.Context, owner string, q bot.RecallQuery) ([]bot.Recalled, error) {
	res, err := r.memories.Recall(ctx, owner, recallQuery(q))
	if err != nil {
		return nil, err
	}
	return recalled(res), nil
}

// recallQuery is the engine's query as the recall index takes it.
func recallQuery(q bot.RecallQuery) recall.Query {
	return recall.Query{Text: q.Text, Context: q.Context, Limit: q.Limit, TokenBudget: q.TokenBudget, Literal: q.Literal}
}

// recalled is what recall found, as the engine takes it.
func recalled(res []recall.Result) []bot.Recalled {
	out := make([]bot.Recalled, 0, len(res))
	for _, x := range res {
		out = append(out, bot.Recalled{Memory: x.Memory, Score: x.Score, Parts: x.Parts})
	}
	return out
}

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

// memorySystem builds the memory service (which owns the recall index)
// and the extraction pipeline over the store and model.
func (a *App) memorySystem(o options) (*service.Service, *extract.Scheduler, error) {
	opts := service.Options{Store: a.Store, Now: o.now, Logger: o.logger}
	if a.Model != nil {
		opts.Embedder = a.Model
	}
	svc, err := service.New(opts)
	if err != nil {
		return nil, nil, err
	}
	pipe, err := extract.NewPipeline(extract.Options{
		Conversations: a.Store,
		Memories:      svc,
		Client:        a.Model,
		Logger:        o.logger,
		Clock:         clock{o.now},
		MinConfidence: a.Config.Memory.MinConfidence,
		Leases:        a.Store,
		Holder:        a.holder,
		Usage:         a.usage,
	})
	if err != nil {
		return nil, nil, err
	}
	sched := extract.NewScheduler(pipe, schedulerOptions(a.Config.Memory, clock{o.now}, a.Store, o.logger))
	return svc, sched, nil
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
