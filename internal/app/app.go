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
	"path/filepath"
	"strings"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/internal/spool"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/mongo"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/upkeep"
)

// SpoolFileName is the file in the data directory that keeps captured
// messages the store refused, until it takes them.
const SpoolFileName = "unsaved-messages.jsonl"

// App is one assembled bot. Close it to flush pending work and release the
// store.
type App struct {
	Config config.Config
	// Store is the store as every part uses it: through StoreOps, which
	// counts each call.
	Store    memory.Store
	StoreOps *observe.Store
	// Metrics are this process's Prometheus collectors; Handler is the
	// engine as the adapters take it, counting messages and replies.
	Metrics *observe.Metrics
	Handler *observe.Handler
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
	// usage gathers each person's model calls and tokens (replies,
	// summaries, extraction) for the store's counters; closed after
	// everything that calls the model.
	usage *bot.UsageLog
	// spool keeps the captured messages the store refused (nil: no data
	// directory to keep them in).
	spool *spool.File
	// holder names this process to the extraction and upkeep leases.
	holder string
	log    *slog.Logger
	// storeClosed makes a second Close leave the store alone.
	storeClosed bool
	// rawStore is the store below the counting wrapper, for readiness
	// and scrapes; model is Model's wrapper (nil offline); ops is the
	// operator's listener (nil without http.listen).
	rawStore memory.Store
	model    *observe.Model
	ops      *observe.Server
}

// Option adjusts how an App is assembled (mostly for tests).
type Option func(*options)

type options struct {
	now        func() time.Time
	logger     *slog.Logger
	httpClient *http.Client
	wrapStore  func(memory.Store) memory.Store
	wrapModel  func(llm.Client) llm.Client
}

// WithClock replaces the clock everywhere.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// WithStoreWrapper puts wrap around the opened store, for tests that make
// it fail (storetest.Faulty).
func WithStoreWrapper(wrap func(memory.Store) memory.Store) Option {
	return func(o *options) { o.wrapStore = wrap }
}

// WithModelWrapper puts wrap around the model client (when one is
// configured), e.g. to cap the calls a bulk import makes per minute.
func WithModelWrapper(wrap func(llm.Client) llm.Client) Option {
	return func(o *options) { o.wrapModel = wrap }
}

// WithHTTPClient sets the HTTP client used for model calls.
func WithHTTPClient(c *http.Client) Option { return func(o *options) { o.httpClient = c } }

// Open assembles the bot described by cfg and starts it: the store, the
// extraction scheduler, upkeep and the engine, in that order. Their
// goroutines live under a context derived from ctx, so ctx must last as
// long as the App: a shutdown is Close, not the end of ctx (which cancels
// the work Close would let finish). It fails fast, with a message naming
// the part, when the store cannot be opened or the model client cannot be
// built, and leaves nothing running then.
func Open(ctx context.Context, cfg config.Config, opts ...Option) (*App, error) {
	o := options{now: time.Now, logger: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	a := &App{Config: cfg, Meter: &llm.Meter{}, Metrics: observe.NewMetrics(), log: o.logger, holder: leaseHolder(cfg)}
	store, err := openStore(ctx, cfg, o)
	if err != nil {
		return nil, err
	}
	if o.wrapStore != nil {
		store = o.wrapStore(store)
	}
	a.rawStore = store
	a.StoreOps = observe.NewStore(store, a.Metrics)
	a.Store = a.StoreOps
	if cfg.DataDir != "" {
		a.spool = spool.New(filepath.Join(cfg.DataDir, SpoolFileName), 0)
	}
	if cfg.Model.Configured() {
		if err := a.openModel(ctx, o); err != nil {
			store.Close()
			return nil, err
		}
	}
	a.usage = bot.NewUsageLog(a.Store, o.now, o.logger)
	svc, sched, err := a.memorySystem(o)
	if err != nil {
		store.Close()
		return nil, fmt.Errorf("memory pipeline: %w", err)
	}
	a.Memory, a.Extraction = svc, sched
	a.upkeep = a.newUpkeep(o)
	if err := a.start(ctx); err != nil {
		return nil, errors.Join(err, a.Close(ctx))
	}
	a.Engine, err = bot.New(bot.Deps{
		Messages:  a.Store,
		People:    a.Store,
		Settings:  a.Store,
		Memories:  svc,
		Model:     a.Model,
		Recall:    timedRecall{r: recaller{memories: svc}, m: a.Metrics},
		Extractor: extractor{sched},
		Spool:     a.botSpool(),
		Answers:   a.Store,
		Counters:  a.Store,
		Due:       a.Store,
		Leases:    a.Store,
		Usage:     a.usage,
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
		Answers: bot.AnswerOptions{
			Freshness:    cfg.Bot.AnswerFreshness.D(),
			Silent:       cfg.Bot.MissedNotice == "silent",
			DrainTimeout: cfg.Bot.DrainTimeout.D(),
			Replica:      replica(cfg),
		},
		Reminders: bot.ReminderOptions{Off: cfg.Bot.ReminderLead.D() == 0, Lead: cfg.Bot.ReminderLead.D()},
		PanelURL:  panelURL(cfg),
		Limits: bot.Limits{
			MessagesPerMinute:         cfg.Limits.MessagesPerMinute,
			PlatformMessagesPerMinute: map[string]int{"console": cfg.Limits.ConsoleMessagesPerMinute},
			CapturePerMinute:          cfg.Limits.CapturePerMinute,
			DailyTokens:               cfg.Limits.DailyTokens,
			AllowUsers:                cfg.Limits.AllowUsers,
			DenyUsers:                 cfg.Limits.DenyUsers,
			AllowGuilds:               cfg.Limits.AllowGuilds,
			DenyGuilds:                cfg.Limits.DenyGuilds,
		},
	})
	if err != nil {
		return nil, errors.Join(err, a.Close(ctx))
	}
	a.Handler = observe.NewHandler(a.Engine, a.Metrics)
	if err := a.Engine.Start(ctx); err != nil {
		return nil, errors.Join(fmt.Errorf("start engine: %w", err), a.Close(ctx))
	}
	a.watch()
	if cfg.HTTP.Listen != "" {
		if a.ops, err = a.newOps(o); err != nil {
			return nil, errors.Join(err, a.Close(ctx))
		}
		if err := a.ops.Start(ctx); err != nil {
			return nil, errors.Join(err, a.Close(ctx))
		}
	}
	return a, nil
}

// start starts the long-lived parts in order, the extraction scheduler
// (which resumes extraction an earlier process left unfinished) and then
// upkeep, under ctx. A failure to start upkeep is logged: the bot works
// without it.
func (a *App) start(ctx context.Context) error {
	if err := a.Extraction.Start(ctx); err != nil {
		return fmt.Errorf("memory pipeline: %w", err)
	}
	if err := a.upkeep.Start(ctx); err != nil {
		a.log.WarnContext(ctx, "lifecycle upkeep not started", "err", err)
	}
	return nil
}

// replica names this process for the answer queue: bot.replica when set
// (a restart under that name takes back at once what the killed run held).
// The embedded store is locked to one process, so every run is the same
// replica; replicas sharing MongoDB otherwise get random names and take
// over each other's entries when their lease runs out.
func replica(cfg config.Config) string {
	switch {
	case cfg.Bot.Replica != "":
		return cfg.Bot.Replica
	case cfg.MongoDB.URI.Value() != "":
		return ""
	}
	return "embedded"
}

// leaseHolder names this process for the extraction and upkeep leases, as
// replica does for the answer queue: one name for every run over the
// embedded store (a restart after a crash takes its leases back at once),
// a name of its own for each process sharing MongoDB.
func leaseHolder(cfg config.Config) string {
	if r := replica(cfg); r != "" {
		return r
	}
	return lease.NewHolder()
}

// historyMessages maps the configured history length to the engine's
// option, where 0 means "the default" and a negative value "none".
func historyMessages(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// newUpkeep builds (idle) the lifecycle upkeep: expiry, archiving,
// embedding back-fill and message retention.
func (a *App) newUpkeep(o options) *upkeep.Worker {
	var emb upkeep.Embedder
	if a.Model != nil && a.Model.EmbeddingModel() != "" {
		emb = a.Model
	}
	return upkeep.New(upkeep.Options{
		Store:            a.Store,
		Embedder:         emb,
		Memories:         a.Memory,
		Now:              o.now,
		ArchiveAfter:     archiveAfter(a.Config.Memory),
		MessageRetention: a.Config.Memory.MessageRetention.D(),
		Logger:           o.logger,
		Leases:           a.Store,
		Holder:           a.holder,
	})
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
	if o.wrapModel != nil {
		c = o.wrapModel(c)
	}
	a.model = observe.NewModel(c, a.Metrics, observe.ModelOptions{
		Probe: modelProbe(o.httpClient, a.Config.Model.BaseURL, a.Config.Model.APIKey.Value()),
		Now:   o.now,
	})
	a.Model, a.ModelName = a.model, name
	return nil
}

// Offline reports whether no model is configured.
func (a *App) Offline() bool { return a.Model == nil }

// Close stops the parts in the reverse order of their start, each bounded
// by ctx: the operator's listener, the engine (letting replies finish; it also flushes pending
// extraction), upkeep, the extraction scheduler (waiting for what the
// engine's flush left running), and last the store. Close may be called
// more than once.
func (a *App) Close(ctx context.Context) error {
	var errs []error
	if a.ops != nil {
		errs = append(errs, a.ops.Close(ctx))
	}
	if a.Engine != nil {
		errs = append(errs, a.Engine.Close(ctx))
	}
	if a.upkeep != nil {
		errs = append(errs, a.upkeep.Close(ctx))
	}
	if a.Extraction != nil {
		errs = append(errs, a.Extraction.Close(ctx))
	}
	if a.usage != nil {
		errs = append(errs, a.usage.Close(ctx))
	}
	if a.Store != nil && !a.storeClosed {
		a.storeClosed = true
		errs = append(errs, a.Store.Close())
	}
	return errors.Join(errs...)
}

// botSpool is the spool as the engine takes it: a nil interface when
// there is none.
func (a *App) botSpool() bot.Spool {
	if a.spool == nil {
		return nil
	}
	return a.spool
}

// Unsaved reports, after Close, the captured messages that are not in the
// store: an error saying how many wait in the spool for the next start and
// how many are lost, or nil when everything was saved.
func (a *App) Unsaved() error {
	if a.Engine == nil {
		return nil
	}
	u := a.Engine.Unsaved()
	switch {
	case u.Spooled == 0 && u.Lost == 0:
		return nil
	case u.Lost == 0:
		return fmt.Errorf("%s could not be saved to the store: kept in %s, to be saved at the next start", messages(u.Spooled), a.spool.Path())
	case u.Spooled == 0:
		return fmt.Errorf("%s could not be saved to the store: lost", messages(u.Lost))
	}
	return fmt.Errorf("%s could not be saved to the store: %d kept in %s, to be saved at the next start, %d lost", messages(u.Spooled+u.Lost), u.Spooled, a.spool.Path(), u.Lost)
}

// messages is "1 captured message", "2 captured messages".
func messages(n int) string {
	if n == 1 {
		return "1 captured message"
	}
	return fmt.Sprintf("%d captured messages", n)
}

// panelURL is the memory panel's public address when it is served, else
// empty: "/memories panel" then says the panel is off.
func panelURL(cfg config.Config) string {
	if !cfg.PanelOn() {
		return ""
	}
	return strings.TrimRight(cfg.Web.PublicURL, "/")
}
