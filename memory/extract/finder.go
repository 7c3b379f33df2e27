package extract

import (
	"context"

	"github.com/membot/membot/memory"
)

// Conversations is what a pipeline reads of captured conversations, and
// the watermark it advances. The store implements it.
type Conversations interface {
	Conversation(ctx context.Context, id string) (memory.Conversation, error)
	// UpdateConversation writes c if its Version still matches
	// (memory.ErrConflict otherwise).
	UpdateConversation(ctx context.Context, c *memory.Conversation) error
	Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]memory.Message, error)
	RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error)
	Person(ctx context.Context, id string) (memory.Person, error)
}

// Finder finds an owner's existing memories that resemble a candidate, so
// reconciliation only looks at (and only shows the model) what might
// overlap.
type Finder interface {
	// Similar returns at most about k active or pending memories of owner
	// that may concern the same thing as a candidate with text, subject
	// and vector (nil when it has none); memories judged by vector carry
	// it as Embedding. It may return loosely related memories: the
	// reconciler applies its own threshold.
	Similar(ctx context.Context, owner, text, subject string, vector []float32, k int) ([]memory.Memory, error)
}

// Memories is where reconciliation finds what a candidate resembles and
// writes what it decided: the memory service, which keeps history, links
// supersessions and keeps the recall index current.
type Memories interface {
	Finder
	// Insert stores a new memory, assigning its ID.
	Insert(ctx context.Context, m *memory.Memory) error
	// Modify rewrites owner's memory id through fn, retrying on a
	// concurrent write; an error from fn aborts and is returned as is.
	Modify(ctx context.Context, owner, id string, fn func(*memory.Memory) error) (memory.Memory, error)
	// Supersede stores replacement as the new version of owner's memory
	// targetID; linked is false when the target was replaced or deleted
	// meanwhile and the replacement stands on its own.
	Supersede(ctx context.Context, owner, targetID string, replacement *memory.Memory, reason string) (linked bool, err error)
}

// SubjectLister lists the subjects an owner's memories are filed under:
// the newest active memory of each, newest first, at most limit. The
// memory service implements it; when Memories does too, the model
// extractor is shown the owner's subjects and asked to reuse them, so a
// changed fact lands on the subject reconciliation looks for.
type SubjectLister interface {
	Subjects(ctx context.Context, owner string, limit int) ([]memory.Memory, error)
}
