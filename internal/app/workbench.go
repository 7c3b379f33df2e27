package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/service"
)

// Workbench is the memory service over the configured store, without the
// engine, the extraction scheduler or upkeep: what the command line's
// memory commands work on, so that they read, rank, edit and forget
// exactly as the bot does while starting nothing in the background (no
// extraction resumes, no answers are claimed).
type Workbench struct {
	Config config.Config
	// Store is the opened store; Memory the service over it, embedding
	// queries with Model when an embedding model is configured.
	Store  memory.Store
	Memory *service.Service
	// Model is nil offline; Meter counts its calls and tokens.
	Model llm.Client
	Meter *llm.Meter
}

// identities looks an account up without creating it.
type identities interface {
	Identity(ctx context.Context, platform, userID string) (memory.Identity, error)
}

// OpenWorkbench opens the store and, when one is configured, the model
// client described by cfg, and builds the memory service as Open does.
func OpenWorkbench(ctx context.Context, cfg config.Config, opts ...Option) (*Workbench, error) {
	o := options{now: time.Now, logger: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	store, err := openStore(ctx, cfg, o)
	if err != nil {
		return nil, err
	}
	if o.wrapStore != nil {
		store = o.wrapStore(store)
	}
	w := &Workbench{Config: cfg, Store: store, Meter: &llm.Meter{}}
	sopts := service.Options{Store: store, Now: o.now, Logger: o.logger}
	if cfg.Model.Configured() {
		m, _, err := newModel(ctx, cfg.Model, w.Meter, o)
		if err != nil {
			return nil, errors.Join(err, store.Close())
		}
		w.Model, sopts.Embedder = m, m
	}
	if w.Memory, err = service.New(sopts); err != nil {
		return nil, errors.Join(fmt.Errorf("memory service: %w", err), store.Close())
	}
	return w, nil
}

// Identity returns the account userID on platform, or memory.ErrNotFound,
// creating nothing.
func (w *Workbench) Identity(ctx context.Context, platform, userID string) (memory.Identity, error) {
	s, ok := w.Store.(identities)
	if !ok {
		return memory.Identity{}, errors.New("this store cannot look accounts up")
	}
	return s.Identity(ctx, platform, userID)
}

// Close closes the store.
func (w *Workbench) Close() error { return w.Store.Close() }
