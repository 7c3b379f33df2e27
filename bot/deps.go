package bot

import (
	"context"

	"github.com/membot/membot/memory"
)

// Recaller finds the memories worth injecting into a reply. The memory
// system's recall index implements it.
type Recaller interface {
	// Recall returns the best memories of owner for text (with a little
	// recent context), best first, at most limit within budget tokens.
	Recall(ctx context.Context, owner string, q RecallQuery) ([]Recalled, error)
}

// RecallQuery is what a reply asks of recall.
type RecallQuery struct {
	Text    string
	Context []string
	Limit   int
	// TokenBudget caps the total size of the memories returned.
	TokenBudget int
}

// Recalled is one memory chosen for a reply, with why it was chosen.
type Recalled struct {
	Memory memory.Memory
	Score  float64
	// Parts breaks the score down (relevance, importance, recency, …) for
	// "/memories why".
	Parts map[string]float64
}

// Extractor turns captured messages into memories in the background.
type Extractor interface {
	// Notify tells the extractor a user message was captured, so that the
	// conversation is extracted after its quiet window (or at once for an
	// explicit "remember that …").
	Notify(m memory.Message)
	// ExtractNow extracts a conversation immediately; aggressive lowers the
	// confidence threshold (manual "/memories extract").
	ExtractNow(ctx context.Context, conversationID string, aggressive bool) (ExtractResult, error)
	// Close extracts what is pending, bounded by ctx, and stops.
	Close(ctx context.Context) error
}

// ExtractResult counts what one extraction changed.
type ExtractResult struct {
	Added, Updated, Superseded, Conflicts, Duplicates int
}

// IndexUpdater keeps a recall index consistent after the engine changes
// memories directly (edit, forget).
type IndexUpdater interface {
	Upsert(m memory.Memory)
	Remove(owner, id string)
	Invalidate(owner string)
}
