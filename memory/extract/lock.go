package extract

import (
	"context"
	"sync"
)

// keyedLock serialises work per key (a conversation, an owner) without
// holding a lock per key forever: entries are dropped when unused.
type keyedLock struct {
	mu      sync.Mutex
	entries map[string]*lockEntry
}

type lockEntry struct {
	sem  chan struct{}
	refs int
}

// lock waits for key, or for ctx to end. The returned func releases it.
func (k *keyedLock) lock(ctx context.Context, key string) (func(), error) {
	k.mu.Lock()
	if k.entries == nil {
		k.entries = make(map[string]*lockEntry)
	}
	e := k.entries[key]
	if e == nil {
		e = &lockEntry{sem: make(chan struct{}, 1)}
		k.entries[key] = e
	}
	e.refs++
	k.mu.Unlock()

	select {
	case e.sem <- struct{}{}:
		return func() {
			<-e.sem
			k.release(key, e)
		}, nil
	case <-ctx.Done():
		k.release(key, e)
		return nil, ctx.Err()
	}
}

func (k *keyedLock) release(key string, e *lockEntry) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e.refs--
	if e.refs == 0 {
		delete(k.entries, key)
	}
}
