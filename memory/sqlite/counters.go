package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// AddCount adds delta to the counter key in one UPSERT … RETURNING inside
// the write gate, after purging expired counters in the same transaction:
// an expired counter is gone before the add, so it starts again from 0.
func (s *Store) AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error) {
	if err := memory.ValidateCount(key, now, expires); err != nil {
		return 0, fmt.Errorf("add to counter: %w", err)
	}
	var value int64
	err := s.write(ctx, fmt.Sprintf("add to counter %q", key), func(tx *sql.Tx) error {
		nowMs := toMs(now)
		if _, err := tx.ExecContext(ctx, `DELETE FROM counters WHERE expires_at <= ?`, nowMs); err != nil {
			return fmt.Errorf("purge expired counters: %w", err)
		}
		return tx.QueryRowContext(ctx, `INSERT INTO counters (key, value, expires_at) VALUES (?, ?, ?)
			ON CONFLICT (key) DO UPDATE SET value = value + excluded.value
			RETURNING value`, key, delta, toMs(expires)).Scan(&value)
	})
	if err != nil {
		return 0, err
	}
	return value, nil
}

// Count returns the counter's value at now, 0 when absent or expired.
func (s *Store) Count(ctx context.Context, key string, now time.Time) (int64, error) {
	if err := memory.ValidateSettingKey(key); err != nil {
		return 0, fmt.Errorf("read counter: %w", err)
	}
	var value int64
	err := s.db.QueryRowContext(ctx, `SELECT value FROM counters WHERE key = ? AND expires_at > ?`,
		key, toMs(now)).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read counter %q: %w", key, classify(err))
	}
	return value, nil
}
