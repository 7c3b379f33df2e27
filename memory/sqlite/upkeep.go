package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
)

// Bounds on an embedding SetEmbedding stores, as the MongoDB store has
// them: the largest common embedding models produce 3,072 or 4,096
// dimensions, and a model name is a short identifier.
const (
	maxDims      = 16384
	maxModelName = 1024
)

// StaleMemories lists the active memories of every owner that q selects
// for archiving, oldest first, vectors not loaded.
func (s *Store) StaleMemories(ctx context.Context, q memory.StaleQuery) ([]memory.Memory, error) {
	const op = "list stale memories"
	where, args, err := staleWhere(q)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if where == "" {
		return nil, nil
	}
	args = append([]any{string(memory.StatusActive)}, append(args, sqlLimit(q.Limit))...)
	return queryAll(ctx, s.db, op, scanMemory, `SELECT `+memoryColumns+`, `+noEmbeddingColumns+` FROM memories
		WHERE status = ? AND (`+where+`) ORDER BY created_at, id LIMIT ?`, args...)
}

// staleWhere renders the rules of q as a condition and its arguments; ""
// when both rules are off.
func staleWhere(q memory.StaleQuery) (string, []any, error) {
	if q.Limit < 0 {
		return "", nil, fmt.Errorf("%w: negative limit %d", memory.ErrInvalid, q.Limit)
	}
	for _, l := range append(slices.Clone(q.Expiring), q.Exempt...) {
		if !l.Valid() {
			return "", nil, fmt.Errorf("%w: lifecycle %q", memory.ErrInvalid, l)
		}
	}
	var rules []string
	var args []any
	if !q.ExpiredBefore.IsZero() && len(q.Expiring) > 0 {
		rules = append(rules, `(lifecycle IN (`+placeholders(len(q.Expiring))+`) AND expires_at IS NOT NULL AND expires_at < ?)`)
		args = append(append(args, lifecycleArgs(q.Expiring)...), toMs(q.ExpiredBefore))
	}
	if !q.UnusedBefore.IsZero() {
		before := toMs(q.UnusedBefore)
		// The latest of three times is before t exactly when each is.
		unused := `created_at < ? AND updated_at < ? AND (last_used_at IS NULL OR last_used_at < ?)`
		args = append(args, before, before, before)
		if len(q.Exempt) > 0 {
			unused += ` AND lifecycle NOT IN (` + placeholders(len(q.Exempt)) + `)`
			args = append(args, lifecycleArgs(q.Exempt)...)
		}
		rules = append(rules, `(`+unused+`)`)
	}
	return strings.Join(rules, ` OR `), args, nil
}

// placeholders is n comma-separated question marks.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// lifecycleArgs are ls as query arguments.
func lifecycleArgs(ls []memory.Lifecycle) []any {
	out := make([]any, len(ls))
	for i, l := range ls {
		out[i] = string(l)
	}
	return out
}

// MissingEmbeddings lists active memories of every owner without an
// embedding of model, oldest first, vectors not loaded.
func (s *Store) MissingEmbeddings(ctx context.Context, model string, limit int) ([]memory.Memory, error) {
	switch {
	case model == "":
		return nil, fmt.Errorf("list memories missing embeddings: %w: no model given", memory.ErrInvalid)
	case limit < 0:
		return nil, fmt.Errorf("list memories missing embeddings: %w: negative limit %d", memory.ErrInvalid, limit)
	}
	return queryAll(ctx, s.db, "list memories missing "+model+" embeddings", scanMemory, `SELECT `+memoryColumns+`, `+noEmbeddingColumns+` FROM memories
		WHERE status = ? AND (embedding_model IS NULL OR embedding_model <> ?)
		ORDER BY created_at, id LIMIT ?`, string(memory.StatusActive), model, sqlLimit(limit))
}

// SetEmbedding stores e on owner's memory id if it is still at version,
// leaving every other column, the version included, as it is.
func (s *Store) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	op := fmt.Sprintf("set embedding of memory %s", id)
	if err := checkEmbedding(owner, id, e); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.write(ctx, op, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `UPDATE memories SET embedding_model = ?, embedding_dims = ?, embedding = ?
			WHERE id = ? AND owner = ? AND version = ?`,
			e.Model, int64(len(e.Vector)), encodeVector(e.Vector), id, owner, version)
		if err != nil {
			return err
		}
		if !ok {
			return versionError(ctx, tx, `SELECT 1 FROM memories WHERE id = ? AND owner = ?`, id, owner)
		}
		return bumpRevision(ctx, tx, owner)
	})
}

// checkEmbedding rejects what SetEmbedding cannot store.
func checkEmbedding(owner, id string, e *memory.Embedding) error {
	switch {
	case owner == "" || id == "":
		return fmt.Errorf("%w: owner and id are required", memory.ErrInvalid)
	case e == nil:
		return fmt.Errorf("%w: no embedding given", memory.ErrInvalid)
	case e.Model == "":
		return fmt.Errorf("%w: embedding has no model", memory.ErrInvalid)
	case len(e.Vector) == 0:
		return fmt.Errorf("%w: embedding has no vector", memory.ErrInvalid)
	case len(e.Model) > maxModelName:
		return fmt.Errorf("%w: embedding model name is %d bytes, over %d", memory.ErrInvalid, len(e.Model), maxModelName)
	case len(e.Vector) > maxDims:
		return fmt.Errorf("%w: embedding has %d dimensions, over %d", memory.ErrInvalid, len(e.Vector), maxDims)
	}
	return checkUTF8("embedding model", e.Model)
}

// DueMemories lists the active memories of every owner of q's types that
// fall due in q's window, soonest first, vectors not loaded.
func (s *Store) DueMemories(ctx context.Context, q memory.DueQuery) ([]memory.Memory, error) {
	const op = "list due memories"
	if err := q.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	args := []any{string(memory.StatusActive)}
	for _, t := range q.Types {
		args = append(args, string(t))
	}
	from, to := toMs(q.From), toMs(q.To)
	args = append(args, from, to, from, to, sqlLimit(q.Limit))
	return queryAll(ctx, s.db, op, scanMemory, `SELECT `+memoryColumns+`, `+noEmbeddingColumns+` FROM memories
		WHERE status = ? AND type IN (`+placeholders(len(q.Types))+`)
		AND ((event_time IS NOT NULL AND event_time >= ? AND event_time < ?)
			OR (event_time IS NULL AND expires_at >= ? AND expires_at < ?))
		ORDER BY COALESCE(event_time, expires_at), id LIMIT ?`, args...)
}
