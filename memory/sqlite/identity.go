package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// Identity returns the account userID on platform without creating it
// (ResolveIdentity would): the command line names people by an account
// and must refuse one that does not exist. ErrNotFound when there is none.
func (s *Store) Identity(ctx context.Context, platform, userID string) (memory.Identity, error) {
	var id memory.Identity
	var linked int64
	err := s.db.QueryRowContext(ctx, `SELECT platform, user_id, person_id, username, linked_at FROM identities
		WHERE platform = ? AND user_id = ?`, platform, userID).Scan(&id.Platform, &id.UserID, &id.PersonID, &id.Username, &linked)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return memory.Identity{}, fmt.Errorf("identity %s:%s: %w", platform, userID, memory.ErrNotFound)
	case err != nil:
		return memory.Identity{}, fmt.Errorf("identity %s:%s: %w", platform, userID, err)
	}
	id.LinkedAt = fromMs(linked)
	return id, nil
}
