package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
)

// memoryColumns are read in this order by scanMemory; the three embedding
// columns come last.
const memoryColumns = `id, owner, text, type, lifecycle, subject, tags, keywords, importance, confidence,
	event_time, expires_at, status, superseded_by, supersedes, history,
	source_platform, source_conversation_id, source_message_ids, source_excerpt, source_time,
	created_at, updated_at, last_used_at, use_count, version`

// embeddingColumns and noEmbeddingColumns complete memoryColumns with or
// without reading the vector.
const (
	embeddingColumns   = `embedding_model, embedding_dims, embedding`
	noEmbeddingColumns = `NULL, NULL, NULL`
)

// scanMemory reads a row of memoryColumns plus the embedding columns.
func scanMemory(r rowScanner) (memory.Memory, error) {
	var (
		m                                  memory.Memory
		typ, life, status                  string
		tags, keywords, history, sourceIDs string
		eventTime, expiresAt, sourceTime   sql.NullInt64
		lastUsed, dims                     sql.NullInt64
		created, updated                   int64
		model                              sql.NullString
	)
	vector := vectorColumn{dims: &dims}
	err := r.Scan(&m.ID, &m.Owner, &m.Text, &typ, &life, &m.Subject, &tags, &keywords, &m.Importance, &m.Confidence,
		&eventTime, &expiresAt, &status, &m.SupersededBy, &m.Supersedes, &history,
		&m.Source.Platform, &m.Source.ConversationID, &sourceIDs, &m.Source.Excerpt, &sourceTime,
		&created, &updated, &lastUsed, &m.UseCount, &m.Version,
		&model, &dims, &vector)
	if err != nil {
		return memory.Memory{}, err
	}
	m.Type, m.Lifecycle, m.Status = memory.Type(typ), memory.Lifecycle(life), memory.Status(status)
	m.EventTime, m.ExpiresAt, m.Source.Time = fromNullMs(eventTime), fromNullMs(expiresAt), fromNullMs(sourceTime)
	m.CreatedAt, m.UpdatedAt, m.LastUsedAt = fromMs(created), fromMs(updated), fromNullMs(lastUsed)
	if m.Tags, err = decodeStrings(tags); err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s tags: %w", m.ID, err)
	}
	if m.Keywords, err = decodeStrings(keywords); err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s keywords: %w", m.ID, err)
	}
	if m.Source.MessageIDs, err = decodeStrings(sourceIDs); err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s source: %w", m.ID, err)
	}
	if m.History, err = decodeHistory(history); err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s: %w", m.ID, err)
	}
	if model.Valid {
		if vector.err != nil {
			return memory.Memory{}, fmt.Errorf("memory %s: %w", m.ID, vector.err)
		}
		m.Embedding = &memory.Embedding{Model: model.String, Vector: vector.vector}
	}
	return m, nil
}

// memoryValues are the stored forms of m's content fields, in the order of
// contentSet below.
func memoryValues(m *memory.Memory) ([]any, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if err := checkUTF8("id", m.ID, "owner", m.Owner, "text", m.Text, "subject", m.Subject,
		"superseded_by", m.SupersededBy, "supersedes", m.Supersedes,
		"source platform", m.Source.Platform, "source conversation", m.Source.ConversationID, "source excerpt", m.Source.Excerpt); err != nil {
		return nil, err
	}
	for name, list := range map[string][]string{"tags": m.Tags, "keywords": m.Keywords, "source message ids": m.Source.MessageIDs} {
		if err := checkUTF8List(name, list); err != nil {
			return nil, err
		}
	}
	for _, v := range m.History {
		if err := checkUTF8("history text", v.Text, "history reason", v.Reason, "history action", v.Action, "history link", v.LinkedID); err != nil {
			return nil, err
		}
	}
	if m.Embedding != nil {
		if err := checkUTF8("embedding model", m.Embedding.Model); err != nil {
			return nil, err
		}
	}
	tags, err := encodeStrings(m.Tags)
	if err != nil {
		return nil, err
	}
	keywords, err := encodeStrings(m.Keywords)
	if err != nil {
		return nil, err
	}
	sourceIDs, err := encodeStrings(m.Source.MessageIDs)
	if err != nil {
		return nil, err
	}
	history, err := encodeHistory(m.History)
	if err != nil {
		return nil, err
	}
	var model, dims, vector any
	if m.Embedding != nil {
		model, dims, vector = m.Embedding.Model, int64(len(m.Embedding.Vector)), encodeVector(m.Embedding.Vector)
	}
	return []any{m.Text, string(m.Type), string(m.Lifecycle), m.Subject, tags, keywords, m.Importance, m.Confidence,
		nullMs(m.EventTime), nullMs(m.ExpiresAt), string(m.Status), m.SupersededBy, m.Supersedes, history,
		m.Source.Platform, m.Source.ConversationID, sourceIDs, m.Source.Excerpt, nullMs(m.Source.Time),
		model, dims, vector}, nil
}

// contentColumns name the values of memoryValues.
const contentColumns = `text, type, lifecycle, subject, tags, keywords, importance, confidence,
	event_time, expires_at, status, superseded_by, supersedes, history,
	source_platform, source_conversation_id, source_message_ids, source_excerpt, source_time,
	embedding_model, embedding_dims, embedding`

// contentPlaceholders stand for the values of memoryValues in an INSERT.
var contentPlaceholders = strings.TrimSuffix(strings.Repeat("?, ", strings.Count(contentColumns, ",")+1), ", ")

// contentSet assigns the values of memoryValues in an UPDATE.
const contentSet = `text = ?, type = ?, lifecycle = ?, subject = ?, tags = ?, keywords = ?, importance = ?, confidence = ?,
	event_time = ?, expires_at = ?, status = ?, superseded_by = ?, supersedes = ?, history = ?,
	source_platform = ?, source_conversation_id = ?, source_message_ids = ?, source_excerpt = ?, source_time = ?,
	embedding_model = ?, embedding_dims = ?, embedding = ?`

// InsertMemory stores a new memory, assigning its id when empty, version 1
// and the creation and update times when zero.
func (s *Store) InsertMemory(ctx context.Context, m *memory.Memory) error {
	values, err := memoryValues(m)
	if err != nil {
		return fmt.Errorf("insert memory for %s: %w", m.Owner, err)
	}
	id := m.ID
	if id == "" {
		id = newID()
	}
	now := s.nowMs()
	created, updated := m.CreatedAt, m.UpdatedAt
	if created.IsZero() {
		created = now
	}
	if updated.IsZero() {
		updated = now
	}
	args := append([]any{id, m.Owner, toMs(created), toMs(updated), nullMs(m.LastUsedAt), m.UseCount}, values...)
	err = s.write(ctx, "insert memory "+id, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `INSERT INTO memories (id, owner, created_at, updated_at, last_used_at, use_count, version, `+contentColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, 1, `+contentPlaceholders+`)
			ON CONFLICT (id) DO NOTHING`, args...)
		if err == nil && !ok {
			err = fmt.Errorf("id is taken: %w", memory.ErrConflict)
		}
		if err != nil {
			return err
		}
		return bumpRevision(ctx, tx, m.Owner)
	})
	if err != nil {
		return err
	}
	m.ID, m.Version, m.CreatedAt, m.UpdatedAt = id, 1, created, updated
	return nil
}

// Memory returns one memory of owner, embedding included.
func (s *Store) Memory(ctx context.Context, owner, id string) (memory.Memory, error) {
	m, err := scanMemory(s.db.QueryRowContext(ctx, `SELECT `+memoryColumns+`, `+embeddingColumns+` FROM memories
		WHERE id = ? AND owner = ?`, id, owner))
	if errors.Is(err, sql.ErrNoRows) {
		return memory.Memory{}, fmt.Errorf("memory %s: %w", id, memory.ErrNotFound)
	}
	if err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s: %w", id, err)
	}
	return m, nil
}

// UpdateMemory writes m's content if its version is current, then
// increments the version and stamps UpdatedAt. Counters kept by
// TouchMemories and the creation time are left as stored.
func (s *Store) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	values, err := memoryValues(m)
	if err != nil {
		return fmt.Errorf("update memory %s: %w", m.ID, err)
	}
	now := s.nowMs()
	args := append(values, toMs(now), m.ID, m.Owner, m.Version)
	return s.write(ctx, "update memory "+m.ID, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `UPDATE memories SET `+contentSet+`, updated_at = ?, version = version + 1
			WHERE id = ? AND owner = ? AND version = ?`, args...)
		if err != nil {
			return err
		}
		if !ok {
			return versionError(ctx, tx, `SELECT 1 FROM memories WHERE id = ? AND owner = ?`, m.ID, m.Owner)
		}
		if err := bumpRevision(ctx, tx, m.Owner); err != nil {
			return err
		}
		m.Version++
		m.UpdatedAt = now
		return nil
	})
}

// DeleteMemory hard-deletes one memory, its history and embedding with it,
// leaving no copy in the file or its write-ahead log.
func (s *Store) DeleteMemory(ctx context.Context, owner, id string) error {
	_, err := s.erase(ctx, "delete memory "+id, func(tx *sql.Tx) (int64, error) {
		ok, err := execOne(ctx, tx, `DELETE FROM memories WHERE id = ? AND owner = ?`, id, owner)
		if err == nil && !ok {
			err = memory.ErrNotFound
		}
		if err != nil {
			return 0, err
		}
		return 1, bumpRevision(ctx, tx, owner)
	})
	return err
}

// DeleteAllMemories hard-deletes every memory of owner, as DeleteMemory
// does, and returns how many went.
func (s *Store) DeleteAllMemories(ctx context.Context, owner string) (int64, error) {
	if owner == "" {
		return 0, fmt.Errorf("delete all memories: %w: no owner", memory.ErrInvalid)
	}
	return s.erase(ctx, "delete all memories of "+owner, func(tx *sql.Tx) (int64, error) {
		res, err := tx.ExecContext(ctx, `DELETE FROM memories WHERE owner = ?`, owner)
		if err != nil {
			return 0, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, err
		}
		return n, bumpRevision(ctx, tx, owner)
	})
}
