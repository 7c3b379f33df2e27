package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// Setting returns the value of key, or memory.ErrNotFound if it is absent
// or expired.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	if err := memory.ValidateSettingKey(key); err != nil {
		return "", fmt.Errorf("read setting: %w", err)
	}
	var value string
	err := s.db.QueryRowContext(ctx, `SELECT value FROM settings
		WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)`, key, toMs(s.now())).Scan(&value)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("read setting %q: %w", key, memory.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("read setting %q: %w", key, err)
	}
	return value, nil
}

// PutSetting stores value under key until expires (zero: forever),
// replacing any earlier value. Expired settings are purged on the way.
func (s *Store) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	if err := errors.Join(memory.ValidateSettingKey(key), memory.ValidateSettingValue(value)); err != nil {
		return fmt.Errorf("store setting: %w", err)
	}
	return s.write(ctx, fmt.Sprintf("store setting %q", key), func(tx *sql.Tx) error {
		return s.putSettingInTx(ctx, tx, memory.Setting{Key: key, Value: value, Expires: expires})
	})
}

// putSettingInTx stores st in tx, purging expired settings on the way.
func (s *Store) putSettingInTx(ctx context.Context, tx *sql.Tx, st memory.Setting) error {
	now := toMs(s.now())
	if _, err := tx.ExecContext(ctx, `DELETE FROM settings WHERE expires_at <= ?`, now); err != nil {
		return fmt.Errorf("purge expired settings: %w", err)
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value, expires_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
		st.Key, st.Value, nullMs(st.Expires), now)
	return err
}

// TakeSetting deletes key and returns its value. The delete runs inside the
// write gate, so of concurrent callers only the first finds the row.
func (s *Store) TakeSetting(ctx context.Context, key string) (string, error) {
	if err := memory.ValidateSettingKey(key); err != nil {
		return "", fmt.Errorf("take setting: %w", err)
	}
	var (
		value   string
		expires sql.NullInt64
	)
	err := s.write(ctx, fmt.Sprintf("take setting %q", key), func(tx *sql.Tx) error {
		// An expired row goes too: it can never be taken.
		err := tx.QueryRowContext(ctx, `DELETE FROM settings WHERE key = ? RETURNING value, expires_at`, key).Scan(&value, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return memory.ErrNotFound
		}
		return err
	})
	if err != nil {
		return "", err
	}
	if expires.Valid && expires.Int64 <= toMs(s.now()) {
		return "", fmt.Errorf("take setting %q: expired: %w", key, memory.ErrNotFound)
	}
	return value, nil
}

// DeleteSetting removes key; a key that is absent is not an error.
func (s *Store) DeleteSetting(ctx context.Context, key string) error {
	if err := memory.ValidateSettingKey(key); err != nil {
		return fmt.Errorf("delete setting: %w", err)
	}
	return s.write(ctx, fmt.Sprintf("delete setting %q", key), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM settings WHERE key = ?`, key)
		return err
	})
}

// DeleteSettings removes every key starting with prefix, as an erasure
// (the values may be a person's words).
func (s *Store) DeleteSettings(ctx context.Context, prefix string) (int64, error) {
	if prefix == "" {
		return 0, fmt.Errorf("delete settings: %w: empty prefix", memory.ErrInvalid)
	}
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return 0, fmt.Errorf("delete settings: %w", err)
	}
	return s.erase(ctx, fmt.Sprintf("delete settings %q", prefix), func(tx *sql.Tx) (int64, error) {
		return rowsDeleted(tx.ExecContext(ctx, `DELETE FROM settings WHERE key >= ? AND key < ?`, prefix, prefixEnd(prefix)))
	})
}

// CountSettings counts the unexpired keys starting with prefix.
func (s *Store) CountSettings(ctx context.Context, prefix string) (int64, error) {
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return 0, fmt.Errorf("count settings: %w", err)
	}
	query := `SELECT COUNT(*) FROM settings WHERE (expires_at IS NULL OR expires_at > ?)`
	args := []any{toMs(s.now())}
	if prefix != "" {
		// Keys compare byte-wise (BINARY collation), so the keys with the
		// prefix are exactly those in [prefix, successor): an index range,
		// with no LIKE wildcards or case folding to escape.
		query += ` AND key >= ? AND key < ?`
		args = append(args, prefix, prefixEnd(prefix))
	}
	var n int64
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count settings %q: %w", prefix, err)
	}
	return n, nil
}

// prefixEnd is the smallest string greater than every string starting with
// prefix. prefix is valid UTF-8 and not empty, so its last byte is below
// 0xFF and can be incremented.
func prefixEnd(prefix string) string {
	b := []byte(prefix)
	b[len(b)-1]++
	return string(b)
}
