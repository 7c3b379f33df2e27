package recall

import (
	"context"
	"fmt"

	"github.com/membot/membot/memory"
)

// Loader reads the memories an owner's index is built from.
type Loader interface {
	// LoadActive returns every active memory of owner, with embeddings
	// when they exist. An error leaves the owner unindexed; the next
	// search tries again.
	LoadActive(ctx context.Context, owner string) ([]memory.Memory, error)
}

// LoaderFunc adapts a function to Loader.
type LoaderFunc func(ctx context.Context, owner string) ([]memory.Memory, error)

// LoadActive calls f.
func (f LoaderFunc) LoadActive(ctx context.Context, owner string) ([]memory.Memory, error) {
	return f(ctx, owner)
}

// MemoryLister is the part of memory.Store a StoreLoader needs.
type MemoryLister interface {
	ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error)
}

// StoreLoader loads an owner's active memories, with embeddings, from a
// store.
type StoreLoader struct {
	Store MemoryLister
}

var _ Loader = StoreLoader{}

// LoadActive lists owner's active memories.
func (l StoreLoader) LoadActive(ctx context.Context, owner string) ([]memory.Memory, error) {
	ms, err := l.Store.ListMemories(ctx, memory.MemoryQuery{
		Owner:         owner,
		Statuses:      []memory.Status{memory.StatusActive},
		WithEmbedding: true,
	})
	if err != nil {
		return nil, fmt.Errorf("list active memories of %s: %w", owner, err)
	}
	return ms, nil
}
