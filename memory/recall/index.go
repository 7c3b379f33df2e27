package recall

import (
	"container/list"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"

	"github.com/membot/membot/memory"
)

// Index recalls memories for replies. It keeps one corpus per owner, built
// from the Loader on first use and tagged with the owner's revision at
// load time. Every search reads the owner's revision once (one small store
// read) and reloads the owner when it moved, so a memory another replica
// forgot, edited or superseded is never served from a stale cache.
//
// A writer in this process that knows exactly how many revisions its own
// write added tells the index with Apply, which patches the cached corpus
// instead of reloading it when no one else wrote in between. Index is safe
// for concurrent use.
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
	if cfg.Options.isZero() {
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

// Warm loads owner's index if it is not cached and current.
func (x *Index) Warm(ctx context.Context, owner string) error {
	_, err := x.entry(ctx, owner)
	return err
}

// entry returns owner's index as of the store's current revision, loading
// it when it is not cached or its revision moved.
func (x *Index) entry(ctx context.Context, owner string) (*ownerIndex, error) {
	if owner == "" {
		return nil, errEmptyOwner
	}
	if x.loader == nil {
		return nil, fmt.Errorf("memory index of %s: no loader configured", owner)
	}
	rev, err := x.loader.Revision(ctx, owner)
	if err != nil {
		return nil, err
	}
	x.mu.Lock()
	e, ok := x.owners[owner]
	if ok && e.rev != rev {
		// Moved since this copy was (or is being) loaded.
		x.dropLocked(e)
		ok = false
	}
	if ok {
		x.lru.MoveToFront(e.elem)
		x.mu.Unlock()
		return x.wait(ctx, e)
	}
	e = newOwnerIndex(owner, rev, x.cfg.Options)
	e.elem = x.lru.PushFront(e)
	x.owners[owner] = e
	x.evictLocked()
	x.mu.Unlock()

	now := x.cfg.now()
	err = x.loader.Load(ctx, owner, func(ms []memory.Memory) error { return e.fill(ms, now) })
	x.mu.Lock()
	defer x.mu.Unlock()
	if err != nil {
		e.err = fmt.Errorf("load memory index of %s: %w", owner, err)
		x.dropLocked(e)
		close(e.ready)
		x.log.Warn("recall index load failed", slog.String("owner", owner), slog.Any("err", err))
		return nil, e.err
	}
	close(e.ready)
	return e, nil
}

// wait returns e once its load ended.
func (x *Index) wait(ctx context.Context, e *ownerIndex) (*ownerIndex, error) {
	select {
	case <-e.ready:
	case <-ctx.Done():
		return nil, fmt.Errorf("wait for memory index of %s: %w", e.owner, ctx.Err())
	}
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
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

// Change is one write to an owner's memories, as Apply patches it in.
type Change struct {
	// Put are memories inserted or rewritten, as stored; one that is no
	// longer active leaves the index.
	Put []memory.Memory
	// Removed are ids deleted or no longer active.
	Removed []string
}

// Apply patches owner's cached index after a write of this process that
// moved the owner's revision by exactly bumps, to rev. When the cached copy
// is at rev-bumps no one else wrote in between: the change is applied and
// the copy is now at rev. Otherwise (someone else wrote, the copy is still
// loading, or the change cannot be indexed) the copy is dropped and the
// next search reloads it. An owner not cached is left alone.
func (x *Index) Apply(owner string, bumps int, rev int64, c Change) {
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.owners[owner]
	if !ok {
		return
	}
	if !e.loaded() {
		// The searches waiting for this load must not see what this
		// write removed; later ones load afresh.
		gone := slices.Clone(c.Removed)
		for _, m := range c.Put {
			gone = append(gone, m.ID)
		}
		e.forget(gone)
		x.dropLocked(e)
		return
	}
	if e.err != nil || e.rev+int64(bumps) != rev {
		x.dropLocked(e)
		return
	}
	if err := e.apply(c, x.cfg.now()); err != nil {
		x.log.Warn("recall index patch failed; reloading the owner", slog.String("owner", owner), slog.Any("err", err))
		x.dropLocked(e)
		return
	}
	e.rev = rev
}

// Invalidate drops owner's cached index; the next search reloads it.
func (x *Index) Invalidate(owner string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if e, ok := x.owners[owner]; ok {
		x.dropLocked(e)
	}
}

// Stats reports how many memories of owner are indexed and the
// approximate bytes their index and cache hold; zero when not cached. It
// walks the owner's cache: for benchmarks and diagnostics, not replies.
func (x *Index) Stats(owner string) (memories, bytes int) {
	x.mu.Lock()
	e, ok := x.owners[owner]
	x.mu.Unlock()
	if !ok || !e.loaded() || e.err != nil {
		return 0, 0
	}
	e.mu.RLock()
	defer e.mu.RUnlock()
	bytes = e.corpus.ApproxBytes() + e.sketches.bytes()
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
