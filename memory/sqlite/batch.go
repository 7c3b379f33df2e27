package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// AppendMessages captures msgs in order, each as AppendMessage would
// (assigning Seq, or filling a message whose platform id is there already
// with the stored one), in one transaction with statements prepared once:
// a bulk import of years of history costs a fraction of a call per
// message. On error nothing of the batch is captured.
func (s *Store) AppendMessages(ctx context.Context, msgs []memory.Message) error {
	for i := range msgs {
		if err := s.checkMessage(&msgs[i]); err != nil {
			return err
		}
	}
	if len(msgs) == 0 {
		return nil
	}
	op := fmt.Sprintf("append %d messages to %s", len(msgs), msgs[0].ConversationID)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		find, err := tx.PrepareContext(ctx, `SELECT `+messageColumns+` FROM messages WHERE conversation_id = ? AND platform_id = ?`)
		if err != nil {
			return err
		}
		defer find.Close()
		next, err := tx.PrepareContext(ctx, `INSERT INTO message_seq (conversation_id, last_seq) VALUES (?, 1)
			ON CONFLICT (conversation_id) DO UPDATE SET last_seq = last_seq + 1 RETURNING last_seq`)
		if err != nil {
			return err
		}
		defer next.Close()
		insert, err := tx.PrepareContext(ctx, `INSERT INTO messages (`+messageColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer insert.Close()
		for i := range msgs {
			m := &msgs[i]
			if m.PlatformID != "" {
				stored, err := scanMessage(find.QueryRowContext(ctx, m.ConversationID, m.PlatformID))
				if err == nil {
					*m = stored
					continue
				}
				if !errors.Is(err, sql.ErrNoRows) {
					return err
				}
			}
			var seq int64
			if err := next.QueryRowContext(ctx, m.ConversationID).Scan(&seq); err != nil {
				return err
			}
			if _, err := insert.ExecContext(ctx, m.ConversationID, seq, m.PlatformID, m.PersonID, m.AuthorName, string(m.Role),
				m.Text, m.ReplyTo, toMs(m.Time), boolInt(m.Addressed), boolInt(m.Edited)); err != nil {
				return err
			}
			m.Seq = seq
			m.Time = fromMs(toMs(m.Time))
		}
		return nil
	})
}
