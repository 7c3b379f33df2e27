package recall

import (
	"container/list"
	"fmt"
	"sync"
	"time"

	"github.com/membot/membot/memory"
)

// ownerIndex is one owner's cached memories and their corpus.
type ownerIndex struct {
	owner string
	// ready is closed when loading ends; err is then set if it failed.
	ready    chan struct{}
	err      error
	loadedAt time.Time
	elem     *list.Element

	mu     sync.RWMutex
	corpus *Corpus
	mems   map[string]*memory.Memory
	// removed holds ids removed since the entry was created, so a load
	// racing with a removal cannot bring a memory back.
	removed map[string]bool
	// pending are writes that arrived while loading, applied after it.
	pending []func()
}

// newOwnerIndex returns an entry waiting for its load.
func newOwnerIndex(owner string, opts Options) *ownerIndex {
	return &ownerIndex{
		owner:   owner,
		ready:   make(chan struct{}),
		corpus:  NewCorpus(opts),
		mems:    make(map[string]*memory.Memory),
		removed: make(map[string]bool),
	}
}

// loaded reports whether loading has ended.
func (e *ownerIndex) loaded() bool {
	select {
	case <-e.ready:
		return true
	default:
		return false
	}
}

// fill indexes the loaded memories, skipping ones removed meanwhile.
func (e *ownerIndex) fill(ms []memory.Memory, now time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range ms {
		m := ms[i]
		if m.Owner != e.owner {
			return fmt.Errorf("loader returned memory %s of owner %q for %q", m.ID, m.Owner, e.owner)
		}
		if e.removed[m.ID] || !recallable(&m, now) {
			continue
		}
		if err := e.putLocked(m); err != nil {
			return err
		}
	}
	return nil
}

// put indexes or replaces m; a memory no longer active is removed. An
// older version than the one held is ignored.
func (e *ownerIndex) put(m memory.Memory, now time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if old, ok := e.mems[m.ID]; ok && old.Version > m.Version && m.Version > 0 {
		return nil
	}
	delete(e.removed, m.ID)
	if !recallable(&m, now) {
		e.dropLocked(m.ID)
		return nil
	}
	return e.putLocked(m)
}

// putLocked indexes m. e.mu is held.
func (e *ownerIndex) putLocked(m memory.Memory) error {
	if err := e.corpus.Add(MemoryDoc(m)); err != nil {
		return fmt.Errorf("index memory %s: %w", m.ID, err)
	}
	// The corpus keeps its own unit vector; the cached copy drops the
	// embedding to halve the memory held.
	m.Embedding = nil
	e.mems[m.ID] = &m
	return nil
}

// remove forgets id for good.
func (e *ownerIndex) remove(id string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.removed[id] = true
	e.dropLocked(id)
}

// dropLocked takes id out of the corpus and the cache. e.mu is held.
func (e *ownerIndex) dropLocked(id string) {
	e.corpus.Remove(id)
	delete(e.mems, id)
}

// get returns the cached memory id, unless removed.
func (e *ownerIndex) get(id string) (*memory.Memory, bool) {
	if e.removed[id] {
		return nil, false
	}
	m, ok := e.mems[id]
	return m, ok
}
