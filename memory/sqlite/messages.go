package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// maxMessageText bounds a captured message, in bytes: far above what any
// platform sends, low enough that a hostile paste cannot bloat the store.
const maxMessageText = 1 << 20

const messageColumns = `conversation_id, seq, platform_id, person_id, author_name, role, text, reply_to, time, addressed, edited`

func scanMessage(r rowScanner) (memory.Message, error) {
	var m memory.Message
	var role string
	var t int64
	err := r.Scan(&m.ConversationID, &m.Seq, &m.PlatformID, &m.PersonID, &m.AuthorName, &role, &m.Text, &m.ReplyTo, &t, &m.Addressed, &m.Edited)
	m.Role, m.Time = memory.Role(role), fromMs(t)
	return m, err
}

// AppendMessage captures m, numbering it after the conversation's last
// message. Capturing the same platform id again fills m with the stored
// message and changes nothing.
func (s *Store) AppendMessage(ctx context.Context, m *memory.Message) error {
	if err := s.checkMessage(m); err != nil {
		return err
	}
	return s.write(ctx, "append message to "+m.ConversationID, func(tx *sql.Tx) error {
		return appendInTx(ctx, tx, m)
	})
}

// checkMessage refuses a message that cannot be captured, and stamps one
// without a time with now.
func (s *Store) checkMessage(m *memory.Message) error {
	switch {
	case m.ConversationID == "":
		return fmt.Errorf("append message: %w: no conversation id", memory.ErrInvalid)
	case m.Role != memory.RoleUser && m.Role != memory.RoleAssistant:
		return fmt.Errorf("append message to %s: %w: role %q", m.ConversationID, memory.ErrInvalid, m.Role)
	case len(m.Text) > maxMessageText:
		return fmt.Errorf("append message to %s: %w: text is %d bytes, over %d", m.ConversationID, memory.ErrInvalid, len(m.Text), maxMessageText)
	}
	if err := checkUTF8("conversation id", m.ConversationID, "platform id", m.PlatformID, "person id", m.PersonID,
		"author name", m.AuthorName, "text", m.Text, "reply-to id", m.ReplyTo); err != nil {
		return fmt.Errorf("append message to %s: %w", m.ConversationID, err)
	}
	if m.Time.IsZero() {
		m.Time = s.now()
	}
	return nil
}

// appendInTx captures m (checked) in tx: the stored message when its
// platform id is there already, else a new one with the next seq.
func appendInTx(ctx context.Context, tx *sql.Tx, m *memory.Message) error {
	if m.PlatformID != "" {
		stored, err := scanMessage(tx.QueryRowContext(ctx, `SELECT `+messageColumns+` FROM messages
			WHERE conversation_id = ? AND platform_id = ?`, m.ConversationID, m.PlatformID))
		if err == nil {
			*m = stored
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	var seq int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO message_seq (conversation_id, last_seq) VALUES (?, 1)
		ON CONFLICT (conversation_id) DO UPDATE SET last_seq = last_seq + 1
		RETURNING last_seq`, m.ConversationID).Scan(&seq); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO messages (`+messageColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.ConversationID, seq, m.PlatformID, m.PersonID, m.AuthorName, string(m.Role), m.Text, m.ReplyTo,
		toMs(m.Time), boolInt(m.Addressed), boolInt(m.Edited)); err != nil {
		return err
	}
	m.Seq = seq
	m.Time = fromMs(toMs(m.Time))
	return nil
}

// Messages returns up to limit messages with Seq > afterSeq, oldest first;
// limit 0 means all.
func (s *Store) Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]memory.Message, error) {
	if limit < 0 {
		return nil, fmt.Errorf("messages of %s: %w: negative limit %d", conversationID, memory.ErrInvalid, limit)
	}
	return s.queryMessages(ctx, "messages of "+conversationID, `SELECT `+messageColumns+` FROM messages
		WHERE conversation_id = ? AND seq > ? ORDER BY seq LIMIT ?`, conversationID, afterSeq, sqlLimit(limit))
}

// RecentMessages returns the last limit messages, oldest first; limit 0
// returns none.
func (s *Store) RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error) {
	if limit < 0 {
		return nil, fmt.Errorf("recent messages of %s: %w: negative limit %d", conversationID, memory.ErrInvalid, limit)
	}
	if limit == 0 {
		return nil, nil
	}
	return s.queryMessages(ctx, "recent messages of "+conversationID, `SELECT * FROM (
		SELECT `+messageColumns+` FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT ?
	) ORDER BY seq`, conversationID, limit)
}

func (s *Store) queryMessages(ctx context.Context, op, query string, args ...any) ([]memory.Message, error) {
	return queryAll(ctx, s.db, op, scanMessage, query, args...)
}

// EditMessage replaces the text of a captured message and marks it edited.
func (s *Store) EditMessage(ctx context.Context, conversationID, platformID, text string) error {
	if platformID == "" {
		return fmt.Errorf("edit message in %s: %w: no platform id", conversationID, memory.ErrInvalid)
	}
	if len(text) > maxMessageText {
		return fmt.Errorf("edit message %s in %s: %w: text is %d bytes, over %d", platformID, conversationID, memory.ErrInvalid, len(text), maxMessageText)
	}
	if err := checkUTF8("text", text); err != nil {
		return fmt.Errorf("edit message %s in %s: %w", platformID, conversationID, err)
	}
	return s.write(ctx, "edit message "+platformID+" in "+conversationID, func(tx *sql.Tx) error {
		ok, err := execOne(ctx, tx, `UPDATE messages SET text = ?, edited = 1 WHERE conversation_id = ? AND platform_id = ?`,
			text, conversationID, platformID)
		if err == nil && !ok {
			err = memory.ErrNotFound
		}
		return err
	})
}

// DeleteMessage removes one captured message, leaving no copy in the file
// or its write-ahead log.
func (s *Store) DeleteMessage(ctx context.Context, conversationID, platformID string) error {
	if platformID == "" {
		return fmt.Errorf("delete message in %s: %w: no platform id", conversationID, memory.ErrInvalid)
	}
	_, err := s.erase(ctx, "delete message "+platformID+" in "+conversationID, func(tx *sql.Tx) (int64, error) {
		ok, err := execOne(ctx, tx, `DELETE FROM messages WHERE conversation_id = ? AND platform_id = ?`, conversationID, platformID)
		if err == nil && !ok {
			err = memory.ErrNotFound
		}
		if err != nil {
			return 0, err
		}
		return 1, nil
	})
	return err
}

// DeleteMessagesBefore removes captured messages older than t, as
// DeleteMessage does, and returns how many went.
func (s *Store) DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error) {
	return s.erase(ctx, "delete messages before "+t.UTC().Format(time.RFC3339), func(tx *sql.Tx) (int64, error) {
		return rowsDeleted(tx.ExecContext(ctx, `DELETE FROM messages WHERE time < ?`, toMs(t)))
	})
}

// DeletePersonMessages hard-deletes every captured message the person
// wrote and the bot's replies to them, in one transaction, as
// DeleteMessage does, and returns how many went; the bot's other messages
// stay.
func (s *Store) DeletePersonMessages(ctx context.Context, personID string) (int64, error) {
	if personID == "" {
		return 0, fmt.Errorf("delete messages of a person: %w: no person id", memory.ErrInvalid)
	}
	return s.erase(ctx, "delete messages of "+personID, func(tx *sql.Tx) (int64, error) {
		// From the person's messages to the replies by messages_reply_to;
		// the unary + keeps the planner off messages_person for the
		// replies' person_id = '', which would scan every bot message.
		replies, err := rowsDeleted(tx.ExecContext(ctx, `DELETE FROM messages WHERE rowid IN (
			SELECT r.rowid FROM messages p JOIN messages r
				ON r.conversation_id = p.conversation_id AND r.reply_to = p.platform_id
			WHERE p.person_id = ? AND p.platform_id <> '' AND r.reply_to <> '' AND +r.person_id = '')`, personID))
		if err != nil {
			return 0, fmt.Errorf("replies: %w", err)
		}
		own, err := rowsDeleted(tx.ExecContext(ctx, `DELETE FROM messages WHERE person_id = ?`, personID))
		return replies + own, err
	})
}

// rowsDeleted is how many rows a DELETE removed.
func rowsDeleted(res sql.Result, err error) (int64, error) {
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
