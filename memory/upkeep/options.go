package upkeep

import (
	"context"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
)

// Defaults applied to zero-valued Options fields.
const (
	// DefaultInterval is how often the worker runs a pass.
	DefaultInterval = 10 * time.Minute
	// DefaultArchiveAfter is how long a memory may go unused, unchanged and
	// unrecalled before it leaves the active set (DESIGN §5 "Forget").
	DefaultArchiveAfter = 90 * 24 * time.Hour
	// DefaultBatchSize is how many memories one store call lists or one
	// embeddings request carries.
	DefaultBatchSize = 100
)

// maxRounds bounds how many batches one pass archives or back-fills, so a
// huge backlog is worked off over several passes instead of one pass
// holding the store for a long time.
const maxRounds = 50

// Store is what the worker reads and prunes directly; every memory.Store
// satisfies it.
type Store interface {
	// MissingEmbeddings lists active memories lacking a vector of model.
	MissingEmbeddings(ctx context.Context, model string, limit int) ([]memory.Memory, error)
	// DeleteMessagesBefore removes captured messages older than t.
	DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error)
}

// Memories is the memory service, through which the worker archives
// memories and stores their vectors, so that archiving means what the
// service says it means and the recall index follows every write.
type Memories interface {
	// Archive moves stale memories out of the active set and returns
	// those it archived (also alongside an error).
	Archive(ctx context.Context, now time.Time, p service.ArchivePolicy) ([]memory.MemoryRef, error)
	// SetEmbedding stores a memory's vector made from its version
	// (memory.ErrConflict when the memory changed since).
	SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error
}

// Embedder turns memory texts into vectors; every llm.Client satisfies it.
type Embedder interface {
	// Embed returns one vector per text, in order.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// EmbeddingModel names the model, or "" when there is none.
	EmbeddingModel() string
}

// Options configures a Worker. Store and Memories are required.
type Options struct {
	// Store holds the memories and captured messages.
	Store Store
	// Memories writes archived memories and vectors.
	Memories Memories
	// Embedder back-fills missing embeddings. Back-fill is off when it is
	// nil or names no model, and resumes by itself once a model is
	// configured (EmbeddingModel is asked on every pass).
	Embedder Embedder
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Interval is the time between passes; DefaultInterval when zero or
	// negative.
	Interval time.Duration
	// ArchiveAfter is how long a memory may go neither used, updated nor
	// created before it is archived as unused; DefaultArchiveAfter when
	// zero, and a negative value turns that rule off (expired temporary
	// memories are archived regardless).
	ArchiveAfter time.Duration
	// ArchiveLongTerm lets the unused rule archive long-term memories too.
	// By default (false) they are kept: long-term preferences and traits
	// never decay by design (DESIGN §4), so a preference stated once and
	// rarely relevant, such as a dietary restriction, must still be there
	// when it finally matters.
	ArchiveLongTerm bool
	// MessageRetention is how long captured messages are kept; zero or
	// negative keeps them forever.
	MessageRetention time.Duration
	// BatchSize bounds each store call and embeddings request;
	// DefaultBatchSize when zero or negative.
	BatchSize int
	// Logger receives failures (warn) and pass summaries (debug);
	// discarded when nil.
	Logger *slog.Logger
	// Leases, when set, let one replica of those sharing the store run
	// the scheduled passes (lease LeaseName, held by Holder, which is then
	// required); nil runs them here. RunOnce runs regardless.
	Leases Leases
	Holder string
	// OnPass, when set, is called after every scheduled pass (not after
	// RunOnce) with its report and error, for metrics and for tests that
	// wait for the worker.
	OnPass func(Report, error)
}

// withDefaults fills the zero-valued fields.
func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Interval <= 0 {
		o.Interval = DefaultInterval
	}
	if o.ArchiveAfter == 0 {
		o.ArchiveAfter = DefaultArchiveAfter
	}
	if o.MessageRetention < 0 {
		o.MessageRetention = 0
	}
	if o.BatchSize <= 0 {
		o.BatchSize = DefaultBatchSize
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Report counts what one pass did.
type Report struct {
	// Archived is how many memories left the active set.
	Archived int
	// Embedded is how many memories gained an embedding.
	Embedded int
	// MessagesDeleted is how many captured messages retention removed.
	MessagesDeleted int64
	// Elsewhere: the scheduled pass did not run here, as another replica
	// holds the upkeep lease.
	Elsewhere bool
}
