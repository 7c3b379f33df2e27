package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// Bounds on an embedding SetEmbedding stores, as the MongoDB store has
// them: the largest common embedding models produce 3,072 or 4,096
// dimensions, and a model name is a short identifier.
const (
	maxDims      = 16384
	maxModelName = 1024
)

// staleCandidate is what ArchiveStale reads of a memory to archive it.
type staleCandidate struct {
	ref       memory.MemoryRef
	text      string
	history   string
	lifecycle string
	expiresAt sql.NullInt64
	version   int64
}

// ArchiveStale archives expired temporary memories and long-unused ones,
// of every owner, in one transaction; see memory.Store for the rules.
func (s *Store) ArchiveStale(ctx context.Context, now, unusedBefore time.Time, keepLongTerm bool, limit int) ([]memory.MemoryRef, error) {
	if now.IsZero() {
		return nil, fmt.Errorf("archive stale memories: %w: no current time given", memory.ErrInvalid)
	}
	if limit < 0 {
		return nil, fmt.Errorf("archive stale memories: %w: negative limit %d", memory.ErrInvalid, limit)
	}
	nowMs := toMs(now)
	expired := `(lifecycle = ? AND expires_at IS NOT NULL AND expires_at < ?)`
	args := []any{string(memory.StatusActive), string(memory.LifecycleTemporary), nowMs}
	stale := expired
	if !unusedBefore.IsZero() {
		before := toMs(unusedBefore)
		// The latest of three times is before t exactly when each is.
		unused := `created_at < ? AND updated_at < ? AND (last_used_at IS NULL OR last_used_at < ?)`
		args = append(args, before, before, before)
		if keepLongTerm {
			unused += ` AND lifecycle <> ?`
			args = append(args, string(memory.LifecycleLongTerm))
		}
		stale = `(` + expired + ` OR (` + unused + `))`
	}
	args = append(args, sqlLimit(limit))

	var archived []memory.MemoryRef
	err := s.write(ctx, "archive stale memories", func(tx *sql.Tx) error {
		candidates, err := staleCandidates(ctx, tx, `SELECT id, owner, text, history, lifecycle, expires_at, version FROM memories
			WHERE status = ? AND `+stale+` ORDER BY created_at, id LIMIT ?`, args...)
		if err != nil {
			return err
		}
		for _, c := range candidates {
			reason := memory.ArchiveUnused
			if c.lifecycle == string(memory.LifecycleTemporary) && c.expiresAt.Valid && c.expiresAt.Int64 < nowMs {
				reason = memory.ArchiveExpired
			}
			history, err := decodeHistory(c.history)
			if err != nil {
				return fmt.Errorf("memory %s: %w", c.ref.ID, err)
			}
			history = append(history, memory.Version{Text: c.text, Time: now, Reason: reason, Action: memory.ArchiveAction})
			encoded, err := encodeHistory(history)
			if err != nil {
				return fmt.Errorf("memory %s: %w", c.ref.ID, err)
			}
			// Inside the write gate nothing else writes, so the version
			// still matches; the condition only keeps the write honest.
			ok, err := execOne(ctx, tx, `UPDATE memories SET status = ?, history = ?, updated_at = ?, version = version + 1
				WHERE id = ? AND version = ?`, string(memory.StatusArchived), encoded, nowMs, c.ref.ID, c.version)
			if err != nil {
				return fmt.Errorf("memory %s: %w", c.ref.ID, err)
			}
			if ok {
				archived = append(archived, c.ref)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(archived) > 0 {
		s.log.DebugContext(ctx, "archived stale memories", "count", len(archived))
	}
	return archived, nil
}

// staleCandidates runs the candidate query of ArchiveStale.
func staleCandidates(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]staleCandidate, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var out []staleCandidate
	for rows.Next() {
		var c staleCandidate
		if err := rows.Scan(&c.ref.ID, &c.ref.Owner, &c.text, &c.history, &c.lifecycle, &c.expiresAt, &c.version); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
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
	rows, err := s.db.QueryContext(ctx, `SELECT `+memoryColumns+`, `+noEmbeddingColumns+` FROM memories
		WHERE status = ? AND (embedding_model IS NULL OR embedding_model <> ?)
		ORDER BY created_at, id LIMIT ?`, string(memory.StatusActive), model, sqlLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("list memories missing %s embeddings: %w", model, err)
	}
	defer func() { _ = rows.Close() }()
	var out []memory.Memory
	for rows.Next() {
		m, err := scanMemory(rows)
		if err != nil {
			return nil, fmt.Errorf("list memories missing %s embeddings: %w", model, err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list memories missing %s embeddings: %w", model, err)
	}
	return out, nil
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
		return nil
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
