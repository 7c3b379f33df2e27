package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// Identity returns the account userID on platform, or memory.ErrNotFound,
// creating nothing: commands that name a person by an account refuse one
// the bot has never seen (ResolveIdentity would create it).
func (a *App) Identity(ctx context.Context, platform, userID string) (memory.Identity, error) {
	s, ok := a.rawStore.(identities)
	if !ok {
		return memory.Identity{}, errors.New("this store cannot look accounts up")
	}
	return s.Identity(ctx, platform, userID)
}

// batchAppender captures many messages in one call.
type batchAppender interface {
	AppendMessages(ctx context.Context, msgs []memory.Message) error
}

// AppendMessages captures msgs in order as Store.AppendMessage captures
// each: in one call where the store can (the embedded store, in one
// transaction), else one at a time. It is for bulk imports; the chat
// captures message by message.
func (a *App) AppendMessages(ctx context.Context, msgs []memory.Message) error {
	if s, ok := a.rawStore.(batchAppender); ok {
		return s.AppendMessages(ctx, msgs)
	}
	for i := range msgs {
		if err := a.Store.AppendMessage(ctx, &msgs[i]); err != nil {
			return fmt.Errorf("capture message %s: %w", msgs[i].PlatformID, err)
		}
	}
	return nil
}
