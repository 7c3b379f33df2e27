package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
)

// MaxChoices is how many autocomplete choices MemoryChoices returns
// (Discord's limit is 25).
const MaxChoices = 25

// MemoryChoices lists the author's own active memories whose id starts
// with prefix or whose text contains it, newest first, for autocompleting
// memory ids. It never returns anyone else's memories.
func (e *Engine) MemoryChoices(ctx context.Context, msg Message, prefix string) ([]Choice, error) {
	if !e.opts.Limits.allowed(msg) {
		return nil, nil
	}
	person, err := e.people.ResolveIdentity(ctx, msg.Platform, msg.Author.ID, authorName(msg.Author))
	if err != nil {
		return nil, fmt.Errorf("resolve %s user %s: %w", msg.Platform, msg.Author.ID, err)
	}
	list, err := e.memories.List(ctx, memory.MemoryQuery{
		Owner:    person.ID,
		Statuses: []memory.Status{memory.StatusActive, memory.StatusPendingReview},
		Limit:    500,
	})
	if err != nil {
		return nil, fmt.Errorf("list memories for autocomplete: %w", err)
	}
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	var out []Choice
	for _, m := range list {
		if m.Owner != person.ID {
			continue
		}
		if prefix != "" && !strings.HasPrefix(m.ID, prefix) && !strings.Contains(strings.ToLower(m.Text), prefix) {
			continue
		}
		out = append(out, Choice{Value: m.ID, Label: clip(shortID(m.ID)+" · "+m.Text, 100)})
		if len(out) == MaxChoices {
			break
		}
	}
	return out, nil
}
