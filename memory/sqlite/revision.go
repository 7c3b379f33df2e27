package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// bumpRevision adds 1 to the revision of each owner, inside tx, so the
// counter moves in the same transaction as the write it stands for. Owners
// must be distinct: each is bumped once per call.
func bumpRevision(ctx context.Context, tx *sql.Tx, owners ...string) error {
	for _, owner := range owners {
		if _, err := tx.ExecContext(ctx, `INSERT INTO owner_revisions (owner, revision) VALUES (?, 1)
			ON CONFLICT (owner) DO UPDATE SET revision = revision + 1`, owner); err != nil {
			return fmt.Errorf("advance revision of %s: %w", owner, err)
		}
	}
	return nil
}

// Revision returns the revision of owner's memories, 0 when never written;
// see memory.Store for when it moves.
func (s *Store) Revision(ctx context.Context, owner string) (int64, error) {
	if owner == "" {
		return 0, fmt.Errorf("memory revision: %w: no owner", memory.ErrInvalid)
	}
	var rev int64
	err := s.db.QueryRowContext(ctx, `SELECT revision FROM owner_revisions WHERE owner = ?`, owner).Scan(&rev)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("memory revision of %s: %w", owner, err)
	}
	return rev, nil
}

// BumpRevision adds 1 to owner's revision; see memory.Store.
func (s *Store) BumpRevision(ctx context.Context, owner string) error {
	if owner == "" {
		return fmt.Errorf("bump memory revision: %w: no owner", memory.ErrInvalid)
	}
	return s.write(ctx, "bump memory revision of "+owner, func(tx *sql.Tx) error {
		return bumpRevision(ctx, tx, owner)
	})
}
