// Package app assembles a membot process from its configuration: the store,
// the model client, the memory pipeline and the conversation engine. The
// command and the end-to-end tests build the bot through it, so they run the
// same wiring.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/mongo"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/upkeep"
)

// App is one assembled bot. Close it to flush pending work and release the
// store.
type App struct {
	Config config.Config
	Store  memory.Store
	// Model is nil in offline mode.
	Model  llm.Client
	Meter  *llm.Meter
	Engine *bot.Engine
	// ModelName is the chat model in use ("" offline).
	ModelName string
	// Memory is the memory service (it owns the recall index);
	// Extraction schedules extraction.
	Memory     *service.Service
	Extraction *extract.Scheduler
	upkeep     *upkeep.Worker
	log        *slog.Logger
}

// Option adjusts how an App is assembled (mostly for tests).
type Option func(*options)

type options struct {
	now        func() time.Time
	logger     *slog.Logger
	httpClient *http.Client
}

// WithClock replaces the clock everywhere.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// WithHTTPClient sets the HTTP client used for model calls.
func WithHTTPClient(c *http.Client) Option { return func(o *options) { o.httpClient = c } }

// Open assembles the bot described by cfg. It fails fast, with a message
// naming the part, when the store cannot be opened or the model client
// cannot be built.
func Open(ctx context.Context, cfg config.Config, opts ...Option) (*App, error) {
	o := options{now: time.Now, logger: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	a := &App{Config: cfg, Meter: &llm.Meter{}, log: o.logger}
	store, err := openStore(ctx, cfg, o)
	if err != nil {
		return nil, err
	}
	a.Store = store
	if cfg.Model.Configured() {
		if err := a.openModel(ctx, o); err != nil {
			store.Close()
			return nil, err
		}
	}
	svc, sched, err := a.memorySystem(o)
	if err != nil {
		store.Close()
		return nil, fmt.Errorf("memory pipeline: %w", err)
	}
	a.Memory, a.Extraction = svc, sched
	a.Engine, err = bot.New(bot.Deps{
		Messages:  a.Store,
		People:    a.Store,
		Settings:  a.Store,
		Memories:  svc,
		Model:     a.Model,
		Recall:    recaller{memories: svc},
		Extractor: extractor{sched},
	}, bot.Options{
		BotName:         cfg.Bot.Name,
		Persona:         cfg.Bot.SystemPrompt,
		HistoryMessages: historyMessages(cfg.Bot.HistoryMessages),
		Language:        cfg.Bot.Language,
		MaxInjected:     cfg.Memory.MaxInjected,
		TokenBudget:     cfg.Memory.TokenBudget,
		Temperature:     &cfg.Model.Temperature,
		Now:             o.now,
		Logger:          o.logger,
		Limits: bot.Limits{
			MessagesPerMinute: cfg.Limits.MessagesPerMinute,
			DailyTokens:       cfg.Limits.DailyTokens,
			AllowUsers:        cfg.Limits.AllowUsers,
			DenyUsers:         cfg.Limits.DenyUsers,
			AllowGuilds:       cfg.Limits.AllowGuilds,
			DenyGuilds:        cfg.Limits.DenyGuilds,
		},
	})
	if err != nil {
		store.Close()
		return nil, err
	}
	// The engine runs until Close; ctx only bounds opening.
	if err := a.Engine.Start(context.WithoutCancel(ctx)); err != nil {
		store.Close()
		return nil, fmt.Errorf("start engine: %w", err)
	}
	a.recover(ctx)
	a.startUpkeep(o)
	return a, nil
}

// historyMessages maps the configured history length to the engine's
// option, where 0 means "the default" and a negative value "none".
func historyMessages(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// startUpkeep runs lifecycle upkeep in the background: expiry, archiving,
// embedding back-fill and message retention.
func (a *App) startUpkeep(o options) {
	var emb upkeep.Embedder
	if a.Model != nil && a.Model.EmbeddingModel() != "" {
		emb = a.Model
	}
	a.upkeep = upkeep.New(upkeep.Options{
		Store:            a.Store,
		Embedder:         emb,
		Memories:         a.Memory,
		Now:              o.now,
		ArchiveAfter:     archiveAfter(a.Config.Memory),
		MessageRetention: a.Config.Memory.MessageRetention.D(),
		Logger:           o.logger,
	})
	if err := a.upkeep.Start(context.Background()); err != nil {
		a.log.Warn("lifecycle upkeep not started", "err", err)
	}
}

// archiveAfter is the upkeep setting for memory.archive_after: the
// configured 0 ("never archive for being unused") is upkeep's negative,
// since upkeep reads 0 as "use the default".
func archiveAfter(m config.Memory) time.Duration {
	if m.ArchiveAfter.D() <= 0 {
		return -1
	}
	return m.ArchiveAfter.D()
}

// recover picks up extraction left unfinished by an earlier process (the
// conversations whose watermark is behind their messages).
func (a *App) recover(ctx context.Context) {
	n, err := a.Extraction.Recover(ctx)
	if err != nil {
		a.log.Warn("recover pending extraction", "err", err)
	} else if n > 0 {
		a.log.Info("pending extraction resumed", "conversations", n)
	}
}

func openStore(ctx context.Context, cfg config.Config, o options) (memory.Store, error) {
	if uri := cfg.MongoDB.URI.Value(); uri != "" {
		s, err := mongo.Open(ctx, uri, cfg.MongoDB.Database, mongo.WithLogger(o.logger), mongo.WithClock(o.now))
		if err != nil {
			return nil, fmt.Errorf("open MongoDB store: %w", err)
		}
		return s, nil
	}
	s, err := sqlite.Open(ctx, cfg.DataDir, sqlite.WithLogger(o.logger), sqlite.WithClock(o.now))
	if err != nil {
		return nil, fmt.Errorf("open embedded store in %s: %w", cfg.DataDir, err)
	}
	return s, nil
}

func (a *App) openModel(ctx context.Context, o options) error {
	c, name, err := newModel(ctx, a.Config.Model, a.Meter, o)
	if err != nil {
		return err
	}
	a.Model, a.ModelName = c, name
	return nil
}

// Offline reports whether no model is configured.
func (a *App) Offline() bool { return a.Model == nil }

// Close stops the engine (letting replies finish and pending extraction
// run, bounded by ctx) and closes the store.
func (a *App) Close(ctx context.Context) error {
	var errs []error
	if a.Engine != nil {
		errs = append(errs, a.Engine.Close(ctx))
	}
	if a.upkeep != nil {
		errs = append(errs, a.upkeep.Close(ctx))
	}
	if a.Store != nil {
		errs = append(errs, a.Store.Close())
	}
	return errors.Join(errs...)
}
