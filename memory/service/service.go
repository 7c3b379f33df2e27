// Package service is the memory core: the one owner of every write to
// people's memories. Extraction, the engine's commands and upkeep all write
// through it, so that the rules of memory — history is kept, forgetting
// erases every copy, a merge never strands a memory, archiving means one
// thing — are written once, above the storage backends, and the recall
// index is patched as the writes happen.
//
// The index is proved current by one revision read per search (see
// memory.Store.Revision); a write made here patches it in place when no
// other writer (another replica) moved the owner's revision meanwhile, and
// drops it for a reload otherwise.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// Embedder embeds texts; the model client implements it. An empty
// EmbeddingModel means no embedding model is configured.
type Embedder interface {
	EmbeddingModel() string
	Embed(ctx context.Context, texts []string) ([][]float32, error)
}

// Options configure a Service.
type Options struct {
	// Store holds the memories; required.
	Store memory.Store
	// Embedder embeds recall queries; nil (or one without an embedding
	// model) recalls lexically.
	Embedder Embedder
	// Recall tunes the recall index; the zero value is
	// recall.DefaultConfig with Now and Logger taken from here.
	Recall *recall.Config
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Logger receives the service's logs (default: discard).
	Logger *slog.Logger
}

// Service is the memory core. It holds no goroutine: it lives as long as
// its store, and needs no Start or Close of its own.
type Service struct {
	store    memory.Store
	index    *recall.Index
	embedder Embedder
	now      func() time.Time
	log      *slog.Logger
}

// New returns a service over opts.Store.
func New(opts Options) (*Service, error) {
	if opts.Store == nil {
		return nil, errors.New("memory service: a store is required")
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	cfg := recall.DefaultConfig()
	if opts.Recall != nil {
		cfg = *opts.Recall
	}
	if cfg.Now == nil {
		cfg.Now = opts.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = opts.Logger
	}
	return &Service{
		store:    opts.Store,
		index:    recall.NewIndex(recall.StoreLoader{Store: opts.Store}, cfg),
		embedder: opts.Embedder,
		now:      opts.Now,
		log:      opts.Logger,
	}, nil
}

// Index is the recall index the service keeps current, for benchmarks and
// the eval, which rank exactly as replies do.
func (s *Service) Index() *recall.Index { return s.index }

// Memory returns one memory of owner, or memory.ErrNotFound.
func (s *Service) Memory(ctx context.Context, owner, id string) (memory.Memory, error) {
	return s.store.Memory(ctx, owner, id)
}

// List returns memories matching q, newest first.
func (s *Service) List(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	return s.store.ListMemories(ctx, q)
}

// Count counts memories matching q.
func (s *Service) Count(ctx context.Context, q memory.MemoryQuery) (int64, error) {
	return s.store.CountMemories(ctx, q)
}

// patch tells the index about a write of owner's memories that moved the
// owner's revision by bumps: it is patched in when nothing else wrote
// meanwhile, dropped for a reload otherwise.
func (s *Service) patch(ctx context.Context, owner string, bumps int, c recall.Change) {
	if bumps == 0 {
		return
	}
	rev, err := s.store.Revision(ctx, owner)
	if err != nil {
		s.log.Warn("read memory revision after a write; reloading the owner's index", "owner", owner, "err", err)
		s.index.Invalidate(owner)
		return
	}
	s.index.Apply(owner, bumps, rev, c)
}

// uncertain reports whether a failed write may still have landed (the
// store went away mid-call, or a backend wrote but could not move the
// revision): any other failure is an answer that nothing was written.
func uncertain(err error) bool {
	return err != nil && !errors.Is(err, memory.ErrNotFound) && !errors.Is(err, memory.ErrConflict) && !errors.Is(err, memory.ErrInvalid)
}

// bumpTimeout bounds the revision bump after a failed write.
const bumpTimeout = 5 * time.Second

// unsure is called after a write of owner's memories failed in a way that
// leaves it unknown whether it landed: this process's cache of the owner
// is dropped and the owner's revision moved, so that every replica's cache
// reloads too. The bump runs even when ctx was cancelled, bounded.
func (s *Service) unsure(ctx context.Context, owner string, cause error) {
	s.index.Invalidate(owner)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), bumpTimeout)
	defer cancel()
	if err := s.store.BumpRevision(ctx, owner); err != nil {
		s.log.Warn("a failed memory write may have landed and other replicas' caches could not be told",
			"owner", owner, "write_err", cause, "err", err)
	}
}

// errNotChanged ends a Modify whose function found nothing to do.
var errNotChanged = errors.New("memory unchanged")

// wrap names the operation and the memory in an error.
func wrap(op, id string, err error) error {
	return fmt.Errorf("%s memory %s: %w", op, id, err)
}
