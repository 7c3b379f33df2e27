package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

const answerColumns = `conversation_id, platform_id, platform, person_id, payload, received_at, holder, lease_until, claims, done, done_at, keep_until, reply_ref`

func scanAnswer(r rowScanner) (memory.Answer, error) {
	var (
		a                 memory.Answer
		received, lease   int64
		doneAt, keepUntil sql.NullInt64
	)
	err := r.Scan(&a.ConversationID, &a.PlatformID, &a.Platform, &a.PersonID, &a.Payload, &received, &a.Holder, &lease,
		&a.Claims, &a.Done, &doneAt, &keepUntil, &a.ReplyRef)
	a.ReceivedAt, a.LeaseUntil = fromMs(received), fromMs(lease)
	a.DoneAt, a.KeepUntil = fromNullMs(doneAt), fromNullMs(keepUntil)
	return a, err
}

// QueueAnswer inserts a new answer queue entry; an existing key is
// memory.ErrConflict.
func (s *Store) QueueAnswer(ctx context.Context, a memory.Answer) error {
	if err := checkAnswer(a); err != nil {
		return err
	}
	op := fmt.Sprintf("queue answer to %s/%s", a.ConversationID, a.PlatformID)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		return queueInTx(ctx, tx, a)
	})
}

// QueueAnswerWithMessage queues a and captures m in one transaction; a
// conflicting entry leaves the capture to commit.
func (s *Store) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (bool, error) {
	if err := checkAnswer(a); err != nil {
		return false, err
	}
	if err := s.checkMessage(m); err != nil {
		return false, err
	}
	op := fmt.Sprintf("queue answer to %s/%s", a.ConversationID, a.PlatformID)
	var conflict error
	err := s.write(ctx, op, func(tx *sql.Tx) error {
		conflict = queueInTx(ctx, tx, a)
		if conflict != nil && !errors.Is(conflict, memory.ErrConflict) {
			return conflict
		}
		if err := appendInTx(ctx, tx, m); err != nil {
			return fmt.Errorf("capture message: %w", err)
		}
		return nil
	})
	queuedBefore := errors.Is(conflict, memory.ErrConflict)
	switch {
	case err != nil:
		return queuedBefore, err
	case queuedBefore:
		return true, fmt.Errorf("%s: %w", op, conflict)
	}
	return true, nil
}

// checkAnswer refuses an entry that cannot be queued.
func checkAnswer(a memory.Answer) error {
	if err := a.Validate(); err != nil {
		return fmt.Errorf("queue answer: %w", err)
	}
	if err := checkUTF8("conversation id", a.ConversationID, "platform id", a.PlatformID, "platform", a.Platform,
		"person id", a.PersonID, "holder", a.Holder, "payload", a.Payload); err != nil {
		return fmt.Errorf("queue answer: %w", err)
	}
	return nil
}

// queueInTx inserts the entry a (checked) in tx, or reports ErrConflict.
func queueInTx(ctx context.Context, tx *sql.Tx, a memory.Answer) error {
	inserted, err := execOne(ctx, tx, `INSERT INTO answer_queue (`+answerColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, NULL, NULL, '') ON CONFLICT DO NOTHING`,
		a.ConversationID, a.PlatformID, a.Platform, a.PersonID, a.Payload, toMs(a.ReceivedAt), a.Holder, toMs(a.LeaseUntil))
	if err != nil {
		return err
	}
	if !inserted {
		return fmt.Errorf("%w: already queued", memory.ErrConflict)
	}
	return nil
}

// ClaimAnswer takes the oldest claimable entry of q.Platform in one
// UPDATE … RETURNING, inside the write gate.
func (s *Store) ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (memory.Answer, error) {
	if q.Platform == "" || q.Holder == "" {
		return memory.Answer{}, fmt.Errorf("claim answer: %w: platform and holder are required", memory.ErrInvalid)
	}
	var a memory.Answer
	err := s.write(ctx, "claim answer on "+q.Platform, func(tx *sql.Tx) error {
		var err error
		a, err = scanAnswer(tx.QueryRowContext(ctx, `UPDATE answer_queue SET holder = ?, lease_until = ?, claims = claims + 1
			WHERE (conversation_id, platform_id) = (
				SELECT conversation_id, platform_id FROM answer_queue
				WHERE platform = ? AND done = 0 AND lease_until <= ?
				ORDER BY received_at, conversation_id, platform_id LIMIT 1)
			RETURNING `+answerColumns,
			q.Holder, toMs(q.Until), q.Platform, toMs(q.Now)))
		if errors.Is(err, sql.ErrNoRows) {
			return memory.ErrNotFound
		}
		return err
	})
	return a, err
}

// RenewAnswers extends the lease of holder's entries that are not done.
func (s *Store) RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error) {
	return s.updateAnswers(ctx, "renew answers of "+holder,
		`UPDATE answer_queue SET lease_until = ? WHERE holder = ? AND done = 0`, toMs(until), holder)
}

// ReleaseAnswers makes holder's entries that are not done claimable now.
func (s *Store) ReleaseAnswers(ctx context.Context, holder string) (int64, error) {
	return s.updateAnswers(ctx, "release answers of "+holder,
		`UPDATE answer_queue SET lease_until = 0 WHERE holder = ? AND done = 0`, holder)
}

// DropAnswers deletes the person's pending entries, as an erasure: the
// payloads are zeroed in the file (secure_delete) and the write-ahead log
// checkpointed, or left to Scrub under DeferScrub.
func (s *Store) DropAnswers(ctx context.Context, personID string) (int64, error) {
	if personID == "" {
		return 0, fmt.Errorf("drop answers of a person: %w: no person id", memory.ErrInvalid)
	}
	return s.erase(ctx, "drop answers of "+personID, func(tx *sql.Tx) (int64, error) {
		return rowsDeleted(tx.ExecContext(ctx, `DELETE FROM answer_queue WHERE person_id = ? AND person_id <> '' AND done = 0`, personID))
	})
}

// PurgeAnswers deletes the done entries whose keeping time has come.
func (s *Store) PurgeAnswers(ctx context.Context, now time.Time) (int64, error) {
	return s.updateAnswers(ctx, "purge answers",
		`DELETE FROM answer_queue WHERE done = 1 AND keep_until <= ?`, toMs(now))
}

// updateAnswers runs one statement over answer_queue and counts its rows.
func (s *Store) updateAnswers(ctx context.Context, op, query string, args ...any) (int64, error) {
	var n int64
	err := s.write(ctx, op, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, query, args...)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}

// FinishAnswer marks the entry done if holder holds it and it is not done.
func (s *Store) FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	op := fmt.Sprintf("finish answer to %s/%s", conversationID, platformID)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		return finishInTx(ctx, tx, conversationID, platformID, holder, at, keepUntil)
	})
}

// SettleAnswer marks the entry done as FinishAnswer does, or inserts it
// done when there is none, in one transaction.
func (s *Store) SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	op := fmt.Sprintf("settle answer to %s/%s", conversationID, platformID)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		err := finishInTx(ctx, tx, conversationID, platformID, holder, at, keepUntil)
		if !errors.Is(err, memory.ErrNotFound) {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO answer_queue (`+answerColumns+`)
			VALUES (?, ?, '', '', '', ?, ?, 0, 0, 1, ?, ?, '')`,
			conversationID, platformID, toMs(at), holder, toMs(at), toMs(keepUntil))
		return err
	})
}

// NoteAnswerReply records the message the entry's answer is written into,
// if holder holds the entry and it is not done.
func (s *Store) NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error {
	op := fmt.Sprintf("note the reply to %s/%s", conversationID, platformID)
	if err := memory.CheckReplyRef(ref); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.write(ctx, op, func(tx *sql.Tx) error {
		return heldInTx(ctx, tx, `UPDATE answer_queue SET reply_ref = ?
			WHERE conversation_id = ? AND platform_id = ? AND holder = ? AND done = 0`,
			conversationID, platformID, ref, conversationID, platformID, holder)
	})
}

// FinishAnswerWithReply captures reply, writes also (when not nil) and
// marks the entry done in one transaction; the reply and the setting are
// committed even when the entry cannot be marked (its error is returned
// then).
func (s *Store) FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message, also *memory.Setting) error {
	op := fmt.Sprintf("finish answer to %s/%s", conversationID, platformID)
	if err := s.checkMessage(reply); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if also != nil {
		if err := memory.CheckSetting(*also); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	var finished error
	err := s.write(ctx, op, func(tx *sql.Tx) error {
		if err := appendInTx(ctx, tx, reply); err != nil {
			return fmt.Errorf("capture reply: %w", err)
		}
		if also != nil {
			if err := s.putSettingInTx(ctx, tx, *also); err != nil {
				return fmt.Errorf("store setting %q: %w", also.Key, err)
			}
		}
		finished = finishInTx(ctx, tx, conversationID, platformID, holder, at, keepUntil)
		if errors.Is(finished, memory.ErrNotFound) || errors.Is(finished, memory.ErrConflict) {
			return nil // the reply stands
		}
		return finished
	})
	if err != nil {
		return err
	}
	if finished != nil {
		return fmt.Errorf("%s: %w", op, finished)
	}
	return nil
}

// finishInTx marks an entry done in tx, if holder holds it.
func finishInTx(ctx context.Context, tx *sql.Tx, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	return heldInTx(ctx, tx, `UPDATE answer_queue SET done = 1, done_at = ?, keep_until = ?, payload = ''
		WHERE conversation_id = ? AND platform_id = ? AND holder = ? AND done = 0`,
		conversationID, platformID, toMs(at), toMs(keepUntil), conversationID, platformID, holder)
}

// heldInTx runs query, an update of one entry conditional on its holder and
// its not being done: no row changed is ErrNotFound for an unknown entry
// and ErrConflict for one done or held by another replica.
func heldInTx(ctx context.Context, tx *sql.Tx, query, conversationID, platformID string, args ...any) error {
	ok, err := execOne(ctx, tx, query, args...)
	if err != nil || ok {
		return err
	}
	found, err := exists(ctx, tx, `SELECT 1 FROM answer_queue WHERE conversation_id = ? AND platform_id = ?`,
		conversationID, platformID)
	switch {
	case err != nil:
		return err
	case !found:
		return memory.ErrNotFound
	}
	return fmt.Errorf("%w: done already or held by another replica", memory.ErrConflict)
}
