package app

import (
	"context"
	"errors"

	"github.com/membot/membot/memory"
)

// identityFinder looks an account up without creating it.
type identityFinder interface {
	Identity(ctx context.Context, platform, userID string) (memory.Identity, error)
}

// Identity returns the account userID on platform, or memory.ErrNotFound,
// creating nothing: commands that name a person by an account refuse one
// the bot has never seen (ResolveIdentity would create it).
func (a *App) Identity(ctx context.Context, platform, userID string) (memory.Identity, error) {
	s, ok := a.rawStore.(identityFinder)
	if !ok {
		return memory.Identity{}, errors.New("this store cannot look accounts up")
	}
	return s.Identity(ctx, platform, userID)
}
