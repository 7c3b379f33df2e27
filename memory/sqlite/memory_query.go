package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
)

// touchBatch bounds the ids bound to one TouchMemories statement, well under
// SQLite's limit on host parameters.
const touchBatch = 500

// where builds the WHERE clause of q (without paging) and its arguments.
func where(q memory.MemoryQuery) (string, []any, error) {
	if q.Owner == "" {
		return "", nil, fmt.Errorf("%w: a memory query needs an owner", memory.ErrInvalid)
	}
	if q.Offset < 0 || q.Limit < 0 {
		return "", nil, fmt.Errorf("%w: negative offset %d or limit %d", memory.ErrInvalid, q.Offset, q.Limit)
	}
	clauses := []string{"owner = ?"}
	args := []any{q.Owner}
	in := func(column string, values []string) {
		if len(values) == 0 {
			return
		}
		clauses = append(clauses, column+" IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")+")")
		for _, v := range values {
			args = append(args, v)
		}
	}
	in("status", stringsOf(q.Statuses))
	in("type", stringsOf(q.Types))
	in("lifecycle", stringsOf(q.Lifecycle))
	if q.IDPrefix != "" {
		// substr counts characters, and a byte comparison keeps the
		// match exact: no LIKE wildcards, no case folding.
		clauses = append(clauses, "substr(id, 1, ?) = ?")
		args = append(args, utf8.RuneCountInString(q.IDPrefix), q.IDPrefix)
	}
	if !q.UpdatedBefore.IsZero() {
		clauses = append(clauses, "updated_at < ?")
		args = append(args, toMs(q.UpdatedBefore))
	}
	return strings.Join(clauses, " AND "), args, nil
}

// stringsOf converts a list of string-based values.
func stringsOf[T ~string](values []T) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return out
}

// ListMemories returns memories matching q, newest first (by creation time,
// then id, both descending), vectors only WithEmbedding.
func (s *Store) ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	cond, args, err := where(q)
	if err != nil {
		return nil, fmt.Errorf("list memories: %w", err)
	}
	emb := noEmbeddingColumns
	if q.WithEmbedding {
		emb = embeddingColumns
	}
	args = append(args, sqlLimit(q.Limit), q.Offset)
	rows, err := s.db.QueryContext(ctx, `SELECT `+memoryColumns+`, `+emb+` FROM memories WHERE `+cond+`
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, args...)
	if err != nil {
		return nil, fmt.Errorf("list memories of %s: %w", q.Owner, err)
	}
	defer func() { _ = rows.Close() }()
	var out []memory.Memory
	if q.Limit > 0 {
		out = make([]memory.Memory, 0, q.Limit)
	}
	for rows.Next() {
		m, err := scanMemory(rows)
		if err != nil {
			return nil, fmt.Errorf("list memories of %s: %w", q.Owner, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list memories of %s: %w", q.Owner, err)
	}
	return out, nil
}

// CountMemories counts memories matching q, ignoring its paging.
func (s *Store) CountMemories(ctx context.Context, q memory.MemoryQuery) (int64, error) {
	q.Offset, q.Limit = 0, 0
	cond, args, err := where(q)
	if err != nil {
		return 0, fmt.Errorf("count memories: %w", err)
	}
	var n int64
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM memories WHERE `+cond, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count memories of %s: %w", q.Owner, err)
	}
	return n, nil
}

// TouchMemories adds one use at t to each of owner's memories in ids, as an
// atomic increment that leaves the version alone.
func (s *Store) TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error {
	if len(ids) == 0 {
		return nil
	}
	if owner == "" {
		return fmt.Errorf("touch memories: %w: no owner", memory.ErrInvalid)
	}
	// One use per memory, however often a caller lists it.
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	return s.write(ctx, fmt.Sprintf("touch %d memories of %s", len(ids), owner), func(tx *sql.Tx) error {
		for start := 0; start < len(ids); start += touchBatch {
			batch := ids[start:min(start+touchBatch, len(ids))]
			args := make([]any, 0, len(batch)+2)
			args = append(args, toMs(t), owner)
			for _, id := range batch {
				args = append(args, id)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE memories SET use_count = use_count + 1, last_used_at = ?
				WHERE owner = ? AND id IN (`+strings.TrimSuffix(strings.Repeat("?, ", len(batch)), ", ")+`)`, args...); err != nil {
				return err
			}
		}
		return nil
	})
}
