package recall

import (
	"context"
	"fmt"

	"github.com/membot/membot/memory"
)

// Loader reads what an owner's index is built from and proves it current.
type Loader interface {
	// Revision returns the revision of owner's memories (see
	// memory.Store.Revision): when it has not moved since a load, the load
	// is still exact.
	Revision(ctx context.Context, owner string) (int64, error)
	// Load hands every active memory of owner and those awaiting review,
	// with embeddings when they exist, to page, a batch at a time, so that
	// the index can take each batch in (and let its vectors go) before the
	// next is read. An error from the store or from page ends the load and
	// leaves the owner unindexed; the next search tries again.
	Load(ctx context.Context, owner string, page func([]memory.Memory) error) error
}

// StoreReader is the part of memory.Store a StoreLoader needs.
type StoreReader interface {
	Revision(ctx context.Context, owner string) (int64, error)
	ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error)
}

// StoreLoader loads an owner's active memories and those awaiting review,
// with embeddings, from a store, a page at a time so that decoding a large owner never holds two
// copies of every vector at once.
type StoreLoader struct {
	Store StoreReader
	// PageSize memories are read per query (default 500).
	PageSize int
}

var _ Loader = StoreLoader{}

// Revision reads owner's revision.
func (l StoreLoader) Revision(ctx context.Context, owner string) (int64, error) {
	rev, err := l.Store.Revision(ctx, owner)
	if err != nil {
		return 0, fmt.Errorf("read memory revision of %s: %w", owner, err)
	}
	return rev, nil
}

// Load lists owner's active memories and those awaiting review, PageSize
// at a time.
func (l StoreLoader) Load(ctx context.Context, owner string, page func([]memory.Memory) error) error {
	size := l.PageSize
	if size <= 0 {
		size = 500
	}
	for offset := 0; ; offset += size {
		ms, err := l.Store.ListMemories(ctx, memory.MemoryQuery{
			Owner:         owner,
			Statuses:      []memory.Status{memory.StatusActive, memory.StatusPendingReview},
			WithEmbedding: true,
			Offset:        offset,
			Limit:         size,
		})
		if err != nil {
			return fmt.Errorf("list active memories of %s: %w", owner, err)
		}
		if err := page(ms); err != nil {
			return err
		}
		if len(ms) < size {
			return nil
		}
	}
}
