package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// AcquireLease reads the lease and decides in one transaction inside the
// write gate, so that of concurrent acquirers exactly one finds it free.
func (s *Store) AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error) {
	if err := q.Validate(); err != nil {
		return memory.Lease{}, fmt.Errorf("acquire lease: %w", err)
	}
	var out memory.Lease
	err := s.write(ctx, fmt.Sprintf("acquire lease %q for %q", q.Name, q.Holder), func(tx *sql.Tx) error {
		var (
			cur   memory.Lease
			until int64
		)
		err := tx.QueryRowContext(ctx, `SELECT name, holder, until_at, epoch FROM leases WHERE name = ?`, q.Name).
			Scan(&cur.Name, &cur.Holder, &until, &cur.Epoch)
		cur.Until = fromMs(until)
		next := memory.Lease{Name: q.Name, Holder: q.Holder, Until: fromMs(toMs(q.Until)), Epoch: cur.Epoch}
		switch {
		case errors.Is(err, sql.ErrNoRows):
			next.Epoch = 1
			_, err = tx.ExecContext(ctx, `INSERT INTO leases (name, holder, until_at, epoch) VALUES (?, ?, ?, 1)`,
				q.Name, q.Holder, toMs(q.Until))
		case err != nil:
			return err
		case cur.Holder != q.Holder && until > toMs(q.Now):
			out = cur
			return fmt.Errorf("%w: held by %q until %s", memory.ErrConflict, cur.Holder, cur.Until.Format(time.RFC3339Nano))
		default:
			if cur.Holder != q.Holder {
				next.Epoch++
			}
			_, err = tx.ExecContext(ctx, `UPDATE leases SET holder = ?, until_at = ?, epoch = ? WHERE name = ?`,
				q.Holder, toMs(q.Until), next.Epoch, q.Name)
		}
		if err == nil {
			out = next
		}
		return err
	})
	return out, err
}

// ReleaseLease sets the lease's end to the zero time if holder holds it.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	if err := memory.ValidateLease(name, holder); err != nil {
		return fmt.Errorf("release lease: %w", err)
	}
	return s.write(ctx, fmt.Sprintf("release lease %q of %q", name, holder), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE leases SET until_at = ? WHERE name = ? AND holder = ?`,
			toMs(time.Time{}), name, holder)
		return err
	})
}

// Leases lists the held leases whose name starts with prefix, by name.
func (s *Store) Leases(ctx context.Context, prefix string, now time.Time) ([]memory.Lease, error) {
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return nil, fmt.Errorf("list leases: %w", err)
	}
	query := `SELECT name, holder, until_at, epoch FROM leases WHERE until_at > ?`
	args := []any{toMs(now)}
	if prefix != "" {
		// Names compare byte-wise, as setting keys do (see CountSettings).
		query += ` AND name >= ? AND name < ?`
		args = append(args, prefix, prefixEnd(prefix))
	}
	rows, err := s.db.QueryContext(ctx, query+` ORDER BY name`, args...)
	if err != nil {
		return nil, fmt.Errorf("list leases %q: %w", prefix, classify(err))
	}
	defer func() { _ = rows.Close() }()
	var out []memory.Lease
	for rows.Next() {
		var (
			l     memory.Lease
			until int64
		)
		if err := rows.Scan(&l.Name, &l.Holder, &until, &l.Epoch); err != nil {
			return nil, fmt.Errorf("list leases %q: %w", prefix, err)
		}
		l.Until = fromMs(until)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list leases %q: %w", prefix, classify(err))
	}
	return out, nil
}
