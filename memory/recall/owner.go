package recall

import (
	"container/list"
	"fmt"
	"sync"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// ownerIndex is one owner's cached memories and their corpus, as of the
// owner's revision rev.
type ownerIndex struct {
	owner string
	// rev is the owner's revision read before the load (so a write racing
	// with the load shows as a newer revision on the next search); Apply
	// moves it under Index.mu.
	rev int64
	// ready is closed when loading ends; err is then set if it failed.
	ready chan struct{}
	err   error
	elem  *list.Element

	mu     sync.RWMutex
	corpus *Corpus
	mems   map[string]*memory.Memory
	// pending holds the memories awaiting review: never recalled, but
	// compared with new candidates by Similar.
	pending map[string]*memory.Memory
	// sketches hold the sign bits of each memory's vector, for finding
	// near neighbours without scanning every vector (Similar).
	sketches sketches
	// subjects files the ids in mems by subjectKey, for BySubject.
	subjects map[string]map[string]struct{}
	// dated holds the memories of mems that have an event time or name a
	// day of the year or month, with those days, read once when indexed:
	// what a question naming a period looks through (liftDated).
	dated map[string][]text.MonthDay
	// removed holds ids removed while the entry was loading, so that a
	// load racing with a removal in this process cannot serve it to the
	// searches waiting for that load.
	removed map[string]bool
}

// newOwnerIndex returns an entry waiting for its load.
func newOwnerIndex(owner string, rev int64, opts Options) *ownerIndex {
	return &ownerIndex{
		owner:    owner,
		rev:      rev,
		ready:    make(chan struct{}),
		corpus:   NewCorpus(opts),
		mems:     make(map[string]*memory.Memory),
		pending:  make(map[string]*memory.Memory),
		subjects: make(map[string]map[string]struct{}),
		dated:    make(map[string][]text.MonthDay),
		removed:  make(map[string]bool),
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

// fill indexes the loaded memories.
func (e *ownerIndex) fill(ms []memory.Memory, now time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	for i := range ms {
		m := ms[i]
		if m.Owner != e.owner {
			return fmt.Errorf("loader returned memory %s of owner %q for %q", m.ID, m.Owner, e.owner)
		}
		if e.removed[m.ID] {
			continue
		}
		if err := e.takeLocked(m, now); err != nil {
			return err
		}
	}
	return nil
}

// takeLocked files m where it belongs: with those awaiting review, in the
// corpus when it may be recalled, nowhere otherwise. e.mu is held.
func (e *ownerIndex) takeLocked(m memory.Memory, now time.Time) error {
	if m.Status == memory.StatusPendingReview {
		e.pending[m.ID] = &m
		return nil
	}
	if !recallable(&m, now) {
		return nil
	}
	return e.putLocked(m)
}

// forget records, while the entry loads, that ids must not be served.
func (e *ownerIndex) forget(ids []string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, id := range ids {
		e.removed[id] = true
		e.dropLocked(id)
	}
}

// apply patches in one write: puts first, then removals.
func (e *ownerIndex) apply(c Change, now time.Time) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range c.Put {
		if m.Owner != e.owner || m.ID == "" {
			return fmt.Errorf("%w: memory %q of owner %q patched into the index of %q", memory.ErrInvalid, m.ID, m.Owner, e.owner)
		}
		e.dropLocked(m.ID)
		if err := e.takeLocked(m, now); err != nil {
			return err
		}
	}
	for _, id := range c.Removed {
		e.dropLocked(id)
	}
	return nil
}

// putLocked indexes or replaces m. e.mu is held.
func (e *ownerIndex) putLocked(m memory.Memory) error {
	if err := e.corpus.Add(MemoryDoc(m)); err != nil {
		return fmt.Errorf("index memory %s: %w", m.ID, err)
	}
	// The corpus keeps its own unit vector and the sketch its sign bits;
	// the cached copy drops the embedding to halve the memory held.
	var v []float32
	if m.Embedding != nil {
		v = m.Embedding.Vector
	}
	e.sketches.put(m.ID, v)
	m.Embedding = nil
	if old, ok := e.mems[m.ID]; ok {
		e.unfileSubjectLocked(old)
	}
	e.mems[m.ID] = &m
	e.fileSubjectLocked(&m)
	if days := calendarDays(m.Text); len(days) > 0 || !m.EventTime.IsZero() {
		e.dated[m.ID] = days
	} else {
		delete(e.dated, m.ID)
	}
	return nil
}

// dropLocked takes id out of the corpus and the cache. e.mu is held.
func (e *ownerIndex) dropLocked(id string) {
	e.corpus.Remove(id)
	if m, ok := e.mems[id]; ok {
		e.unfileSubjectLocked(m)
	}
	delete(e.mems, id)
	delete(e.dated, id)
	delete(e.pending, id)
	e.sketches.remove(id)
}

// get returns the cached memory id, unless removed.
func (e *ownerIndex) get(id string) (*memory.Memory, bool) {
	if e.removed[id] {
		return nil, false
	}
	m, ok := e.mems[id]
	return m, ok
}
