package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

const conversationColumns = `id, platform, guild_id, is_dm, watermark, summary, language, created_at, updated_at, version`

func scanConversation(r rowScanner) (memory.Conversation, error) {
	var c memory.Conversation
	var created, updated int64
	err := r.Scan(&c.ID, &c.Platform, &c.GuildID, &c.IsDM, &c.Watermark, &c.Summary, &c.Language, &created, &updated, &c.Version)
	c.CreatedAt, c.UpdatedAt = fromMs(created), fromMs(updated)
	return c, err
}

// Conversation returns a conversation, or memory.ErrNotFound.
func (s *Store) Conversation(ctx context.Context, id string) (memory.Conversation, error) {
	c, err := scanConversation(s.db.QueryRowContext(ctx, `SELECT `+conversationColumns+` FROM conversations WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return memory.Conversation{}, fmt.Errorf("conversation %s: %w", id, memory.ErrNotFound)
	}
	if err != nil {
		return memory.Conversation{}, fmt.Errorf("conversation %s: %w", id, err)
	}
	return c, nil
}

// EnsureConversation returns the conversation with c.ID, creating it from c
// (at version 1) when it does not exist.
func (s *Store) EnsureConversation(ctx context.Context, c memory.Conversation) (memory.Conversation, error) {
	if c.ID == "" {
		return memory.Conversation{}, fmt.Errorf("ensure conversation: %w: no id", memory.ErrInvalid)
	}
	if err := checkUTF8("id", c.ID, "platform", c.Platform, "guild id", c.GuildID, "summary", c.Summary, "language", c.Language); err != nil {
		return memory.Conversation{}, fmt.Errorf("ensure conversation: %w", err)
	}
	got, err := s.Conversation(ctx, c.ID)
	if !errors.Is(err, memory.ErrNotFound) {
		return got, err
	}
	err = s.write(ctx, "ensure conversation "+c.ID, func(tx *sql.Tx) error {
		now := toMs(s.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO conversations (`+conversationColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
			ON CONFLICT (id) DO NOTHING`,
			c.ID, c.Platform, c.GuildID, boolInt(c.IsDM), c.Watermark, c.Summary, c.Language, now, now); err != nil {
			return err
		}
		got, err = scanConversation(tx.QueryRowContext(ctx, `SELECT `+conversationColumns+` FROM conversations WHERE id = ?`, c.ID))
		return err
	})
	if err != nil {
		return memory.Conversation{}, err
	}
	return got, nil
}

// UpdateConversation writes c if its version is current, then increments it.
func (s *Store) UpdateConversation(ctx context.Context, c *memory.Conversation) error {
	if err := checkUTF8("platform", c.Platform, "guild id", c.GuildID, "summary", c.Summary, "language", c.Language); err != nil {
		return fmt.Errorf("update conversation %s: %w", c.ID, err)
	}
	now := s.nowMs()
	return s.write(ctx, "update conversation "+c.ID, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `UPDATE conversations
			SET platform = ?, guild_id = ?, is_dm = ?, watermark = ?, summary = ?, language = ?, updated_at = ?, version = version + 1
			WHERE id = ? AND version = ?`,
			c.Platform, c.GuildID, boolInt(c.IsDM), c.Watermark, c.Summary, c.Language, toMs(now), c.ID, c.Version)
		if err != nil {
			return err
		}
		if !ok {
			return versionError(ctx, tx, `SELECT 1 FROM conversations WHERE id = ?`, c.ID)
		}
		c.Version++
		c.UpdatedAt = now
		return nil
	})
}

// PendingConversations lists conversations holding user messages past their
// watermark, by id; limit 0 means all.
func (s *Store) PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error) {
	if limit < 0 {
		return nil, fmt.Errorf("pending conversations: %w: negative limit %d", memory.ErrInvalid, limit)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+conversationColumns+` FROM conversations c
		WHERE EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.seq > c.watermark AND m.role = ?)
		ORDER BY c.id LIMIT ?`, string(memory.RoleUser), sqlLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("pending conversations: %w", err)
	}
	defer func() { _ = rows.Close() }()
	var out []memory.Conversation
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			return nil, fmt.Errorf("pending conversations: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pending conversations: %w", err)
	}
	return out, nil
}

// sqlLimit turns "0 means no limit" into SQLite's -1.
func sqlLimit(limit int) int {
	if limit <= 0 {
		return -1
	}
	return limit
}
