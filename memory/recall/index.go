package recall

import (
	"container/list"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/membot/membot/memory"
)

// Index recalls memories for replies. It keeps one corpus per owner,
// built from the Loader on first use and kept current by Upsert and
// Remove as memories are written; a removed memory is never served, even
// if a load racing with the removal still read it.
//
// Callers write the store first and then tell the index (Upsert after an
// insert or update, Remove after a delete). Indexes of other replicas
// converge through Config.MaxAge or Invalidate. Index is safe for
// concurrent use.
type Index struct {
	loader Loader
	cfg    Config
	log    *slog.Logger

	mu     sync.Mutex
	owners map[string]*ownerIndex
	lru    *list.List
}

// NewIndex returns an empty index reading memories through loader.
func NewIndex(loader Loader, cfg Config) *Index {
	if cfg.Options == (Options{}) {
		cfg.Options = MemoryOptions()
	}
	cfg.Options = cfg.Options.withDefaults()
	return &Index{
		loader: loader,
		cfg:    cfg,
		log:    cfg.logger(),
		owners: make(map[string]*ownerIndex),
		lru:    list.New(),
	}
}

// errEmptyOwner reports a search or write without an owner.
var errEmptyOwner = fmt.Errorf("%w: empty owner", memory.ErrInvalid)

// Warm loads owner's index if it is not cached yet.
func (x *Index) Warm(ctx context.Context, owner string) error {
	_, err := x.entry(ctx, owner)
	return err
}

// entry returns owner's loaded index, loading it if needed.
func (x *Index) entry(ctx context.Context, owner string) (*ownerIndex, error) {
	if owner == "" {
		return nil, errEmptyOwner
	}
	x.mu.Lock()
	e, ok := x.owners[owner]
	if ok && e.loaded() && e.err == nil && x.cfg.MaxAge > 0 && x.cfg.now().Sub(e.loadedAt) > x.cfg.MaxAge {
		x.dropLocked(e)
		ok = false
	}
	if ok {
		x.lru.MoveToFront(e.elem)
		x.mu.Unlock()
		select {
		case <-e.ready:
		case <-ctx.Done():
			return nil, fmt.Errorf("wait for memory index of %s: %w", owner, ctx.Err())
		}
		if e.err != nil {
			return nil, e.err
		}
		return e, nil
	}
	e = newOwnerIndex(owner, x.cfg.Options)
	e.elem = x.lru.PushFront(e)
	x.owners[owner] = e
	x.evictLocked()
	x.mu.Unlock()

	err := x.load(ctx, e)

	x.mu.Lock()
	defer x.mu.Unlock()
	if err != nil {
		e.err = fmt.Errorf("load memory index of %s: %w", owner, err)
		if x.owners[owner] == e {
			x.dropLocked(e)
		}
		close(e.ready)
		x.log.Warn("recall index load failed", slog.String("owner", owner), slog.Any("err", err))
		return nil, e.err
	}
	for _, op := range e.pending {
		op()
	}
	e.pending = nil
	e.loadedAt = x.cfg.now()
	close(e.ready)
	return e, nil
}

// load reads and indexes owner's memories outside the index lock.
func (x *Index) load(ctx context.Context, e *ownerIndex) error {
	if x.loader == nil {
		return errors.New("no loader configured")
	}
	ms, err := x.loader.LoadActive(ctx, e.owner)
	if err != nil {
		return err
	}
	return e.fill(ms, x.cfg.now())
}

// dropLocked forgets a cached owner. x.mu is held.
func (x *Index) dropLocked(e *ownerIndex) {
	if x.owners[e.owner] == e {
		delete(x.owners, e.owner)
	}
	if e.elem != nil {
		x.lru.Remove(e.elem)
		e.elem = nil
	}
}

// evictLocked drops least recently used owners beyond MaxOwners. x.mu is
// held.
func (x *Index) evictLocked() {
	for x.cfg.MaxOwners > 0 && x.lru.Len() > x.cfg.MaxOwners {
		e := x.lru.Back().Value.(*ownerIndex)
		x.dropLocked(e)
	}
}

// Upsert indexes a memory just inserted or updated in the store; one no
// longer active or expired leaves the index. Owners not cached are left
// to load it from the store on first use.
func (x *Index) Upsert(m memory.Memory) error {
	if m.Owner == "" {
		return errEmptyOwner
	}
	if m.ID == "" {
		return fmt.Errorf("%w: memory has no id", memory.ErrInvalid)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.owners[m.Owner]
	if !ok {
		return nil
	}
	now := x.cfg.now()
	if !e.loaded() {
		e.pending = append(e.pending, func() {
			if err := e.put(m, now); err != nil {
				x.log.Warn("recall index upsert failed", slog.String("owner", m.Owner), slog.String("memory", m.ID), slog.Any("err", err))
			}
		})
		return nil
	}
	if err := e.put(m, now); err != nil {
		x.dropLocked(e)
		return fmt.Errorf("upsert memory %s into recall index: %w", m.ID, err)
	}
	return nil
}

// Remove takes a memory out of owner's index for good: call it after the
// store deleted, archived or superseded it.
func (x *Index) Remove(owner, id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.owners[owner]
	if !ok {
		return
	}
	// Recorded at once (a racing load consults it) and applied again after
	// the load completes.
	e.remove(id)
	if !e.loaded() {
		e.pending = append(e.pending, func() { e.remove(id) })
	}
}

// Invalidate drops owner's cached index; the next search reloads it.
func (x *Index) Invalidate(owner string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if e, ok := x.owners[owner]; ok {
		x.dropLocked(e)
	}
}

// InvalidateAll drops every cached index.
func (x *Index) InvalidateAll() {
	x.mu.Lock()
	defer x.mu.Unlock()
	for _, e := range x.owners {
		x.dropLocked(e)
	}
}

// Stats reports how many memories of owner are indexed and the
// approximate bytes their index and cache hold; zero when not cached.
func (x *Index) Stats(owner string) (memories, bytes int) {
	x.mu.Lock()
	e, ok := x.owners[owner]
	x.mu.Unlock()
	if !ok || !e.loaded() || e.err != nil {
		return 0, 0
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	bytes = e.corpus.ApproxBytes()
	for _, m := range e.mems {
		bytes += approxMemoryBytes(m)
	}
	return len(e.mems), bytes
}

// approxMemoryBytes estimates the heap of one cached memory.
func approxMemoryBytes(m *memory.Memory) int {
	n := 400 + len(m.ID) + len(m.Owner) + len(m.Text) + len(m.Subject) + len(m.Source.Excerpt)
	for _, s := range m.Keywords {
		n += 16 + len(s)
	}
	for _, s := range m.Tags {
		n += 16 + len(s)
	}
	for _, s := range m.Source.MessageIDs {
		n += 16 + len(s)
	}
	for _, h := range m.History {
		n += 100 + len(h.Text) + len(h.Reason)
	}
	return n + 48 + len(m.ID) // map entry
}
