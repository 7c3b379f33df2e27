package mongo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// checkMessage rejects a message that cannot be captured.
func checkMessage(m *memory.Message) error {
	if m.Role != memory.RoleUser && m.Role != memory.RoleAssistant {
		return fmt.Errorf("%w: message role %q", memory.ErrInvalid, m.Role)
	}
	return errors.Join(
		checkKey("conversation id", m.ConversationID),
		checkKey("platform message id", m.PlatformID),
		checkString("person id", m.PersonID, maxShort),
		checkString("author name", m.AuthorName, maxShort),
		checkString("reply-to id", m.ReplyTo, maxShort),
		checkString("message text", m.Text, maxMessageText))
}

// messageKey is the filter for one captured message.
func messageKey(conversationID, platformID string) bson.D {
	return bson.D{{Key: "conversation_id", Value: conversationID}, {Key: "platform_id", Value: platformID}}
}

// AppendMessage captures m and assigns m.Seq from the conversation's
// counter document, incremented atomically. Capturing the same
// (conversation, platform id) again fills m with the stored message and
// changes nothing; the unique index settles concurrent captures of it.
// A zero m.Time becomes now.
func (s *Store) AppendMessage(ctx context.Context, m *memory.Message) error {
	op := fmt.Sprintf("append message %s to %s", m.PlatformID, m.ConversationID)
	if err := checkMessage(m); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if found, err := s.loadMessage(ctx, m.ConversationID, m.PlatformID); err == nil {
		*m = found
		// A retry after a failed mark below finishes the job.
		return s.markIfUser(ctx, op, m)
	} else if !errors.Is(err, mongo.ErrNoDocuments) {
		return s.fail(op, err)
	}

	// A duplicate key is either this message captured concurrently (under
	// another seq: that one stands) or, on a server whose $inc can lose a
	// concurrent update (FerretDB v1), a seq handed out twice: then a
	// fresh seq is taken.
	for range appendAttempts {
		seq, err := s.nextSeq(ctx, m.ConversationID)
		if err != nil {
			return s.fail(op, err)
		}
		stored := *m
		stored.Seq = seq
		stored.Time = storedTime(m.Time)
		if stored.Time.IsZero() {
			stored.Time = s.clock()
		}
		_, err = s.messages.InsertOne(ctx, toMessageDoc(&stored))
		if err == nil {
			*m = stored
			return s.markIfUser(ctx, op, m)
		}
		if lostReply(err) {
			if found, ferr := s.loadMessage(ctx, m.ConversationID, m.PlatformID); ferr == nil {
				*m = found
				return s.markIfUser(ctx, op, m)
			}
		}
		if !mongo.IsDuplicateKeyError(err) {
			return s.fail(op, err)
		}
		found, ferr := s.loadMessage(ctx, m.ConversationID, m.PlatformID)
		if ferr == nil {
			*m = found
			return nil
		}
		if !errors.Is(ferr, mongo.ErrNoDocuments) {
			return s.fail(op, ferr)
		}
	}
	return fmt.Errorf("%s: %w: message sequence numbers kept colliding", op, memory.ErrConflict)
}

// appendAttempts bounds the sequence numbers AppendMessage tries.
const appendAttempts = 5

// markIfUser records a stored user message on its conversation, for
// PendingConversations. The mark is idempotent, so a lost reply is
// settled by sending it once more.
func (s *Store) markIfUser(ctx context.Context, op string, m *memory.Message) error {
	if m.Role != memory.RoleUser {
		return nil
	}
	err := s.markUserMessage(ctx, m.ConversationID, m.Seq)
	if lostReply(err) {
		err = s.markUserMessage(ctx, m.ConversationID, m.Seq)
	}
	if err != nil {
		return s.fail(op+": mark conversation pending", err)
	}
	return nil
}

// nextSeq takes the next message sequence number of a conversation. Two
// first messages racing to create the counter may see a duplicate key
// (servers before MongoDB 4.2 do not retry such upserts); the loser's
// second attempt then finds the counter and increments it.
func (s *Store) nextSeq(ctx context.Context, conversationID string) (int64, error) {
	var counter struct {
		Seq int64 `bson:"seq"`
	}
	var err error
	for range 2 {
		err = s.counters.FindOneAndUpdate(ctx, bson.D{{Key: "_id", Value: conversationID}},
			bson.D{{Key: "$inc", Value: bson.D{{Key: "seq", Value: int64(1)}}}},
			options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After),
		).Decode(&counter)
		if !mongo.IsDuplicateKeyError(err) {
			break
		}
	}
	if err != nil {
		return 0, fmt.Errorf("next seq: %w", err)
	}
	return counter.Seq, nil
}

// loadMessage reads one captured message; the driver's ErrNoDocuments
// passes through.
func (s *Store) loadMessage(ctx context.Context, conversationID, platformID string) (memory.Message, error) {
	var d messageDoc
	if err := s.messages.FindOne(ctx, messageKey(conversationID, platformID)).Decode(&d); err != nil {
		return memory.Message{}, err
	}
	return d.toMessage(), nil
}

// Messages returns up to limit messages with Seq > afterSeq, oldest first;
// a limit of zero means all of them.
func (s *Store) Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]memory.Message, error) {
	op := "list messages of " + conversationID
	if limit < 0 {
		return nil, fmt.Errorf("%s: %w: limit %d is negative", op, memory.ErrInvalid, limit)
	}
	opts := options.Find().SetSort(bson.D{{Key: "seq", Value: 1}})
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	filter := bson.D{{Key: "conversation_id", Value: conversationID}, {Key: "seq", Value: bson.D{{Key: "$gt", Value: afterSeq}}}}
	return s.findMessages(ctx, op, filter, opts)
}

// RecentMessages returns the last limit messages, oldest first; a limit of
// zero means all of them.
func (s *Store) RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error) {
	op := "list recent messages of " + conversationID
	if limit < 0 {
		return nil, fmt.Errorf("%s: %w: limit %d is negative", op, memory.ErrInvalid, limit)
	}
	opts := options.Find().SetSort(bson.D{{Key: "seq", Value: -1}})
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	out, err := s.findMessages(ctx, op, bson.D{{Key: "conversation_id", Value: conversationID}}, opts)
	slices.Reverse(out)
	return out, err
}

func (s *Store) findMessages(ctx context.Context, op string, filter bson.D, opts *options.FindOptionsBuilder) ([]memory.Message, error) {
	cur, err := s.messages.Find(ctx, filter, opts)
	if err != nil {
		return nil, s.fail(op, err)
	}
	var docs []messageDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, s.fail(op, err)
	}
	out := make([]memory.Message, 0, len(docs))
	for i := range docs {
		out = append(out, docs[i].toMessage())
	}
	return out, nil
}

// EditMessage replaces the text of a captured message and marks it edited.
func (s *Store) EditMessage(ctx context.Context, conversationID, platformID, text string) error {
	op := fmt.Sprintf("edit message %s of %s", platformID, conversationID)
	if err := checkString("message text", text, maxMessageText); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	res, err := s.messages.UpdateOne(ctx, messageKey(conversationID, platformID),
		bson.D{{Key: "$set", Value: bson.D{{Key: "text", Value: text}, {Key: "edited", Value: true}}}})
	if err != nil {
		return s.fail(op, err)
	}
	if res.MatchedCount == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return nil
}

// DeleteMessage removes one captured message.
func (s *Store) DeleteMessage(ctx context.Context, conversationID, platformID string) error {
	op := fmt.Sprintf("delete message %s of %s", platformID, conversationID)
	res, err := s.messages.DeleteOne(ctx, messageKey(conversationID, platformID))
	if err != nil {
		return s.fail(op, err)
	}
	if res.DeletedCount == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return nil
}

// DeleteMessagesBefore removes captured messages older than t and returns
// how many went.
func (s *Store) DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error) {
	op := "delete messages before " + t.UTC().Format(time.RFC3339)
	// Both sides at millisecond precision: a message captured at t itself
	// stays.
	res, err := s.messages.DeleteMany(ctx,
		bson.D{{Key: "time", Value: bson.D{{Key: "$lt", Value: bson.NewDateTimeFromTime(t)}}}})
	if err != nil {
		return 0, s.fail(op, err)
	}
	return res.DeletedCount, nil
}

// DeletePersonMessages hard-deletes every captured message the person
// wrote and the bot's replies to them, and returns how many went; the
// bot's other messages stay. The replies go first, conversation by
// conversation, so that a failure part-way leaves the person's messages
// to find them again on the next attempt.
func (s *Store) DeletePersonMessages(ctx context.Context, personID string) (int64, error) {
	op := "delete messages of " + personID
	if err := checkKey("person id", personID); err != nil {
		return 0, fmt.Errorf("delete messages of a person: %w", err)
	}
	mine := bson.D{{Key: "person_id", Value: personID}}
	cur, err := s.messages.Find(ctx, append(mine, bson.E{Key: "platform_id", Value: bson.D{{Key: "$ne", Value: ""}}}),
		options.Find().SetProjection(bson.D{{Key: "conversation_id", Value: 1}, {Key: "platform_id", Value: 1}}))
	if err != nil {
		return 0, s.fail(op, err)
	}
	var keys []struct {
		ConversationID string `bson:"conversation_id"`
		PlatformID     string `bson:"platform_id"`
	}
	if err := cur.All(ctx, &keys); err != nil {
		return 0, s.fail(op, err)
	}
	byConv := map[string]bson.A{}
	for _, k := range keys {
		byConv[k.ConversationID] = append(byConv[k.ConversationID], k.PlatformID)
	}
	var n int64
	for conv, ids := range byConv {
		res, err := s.messages.DeleteMany(ctx, bson.D{{Key: "conversation_id", Value: conv},
			{Key: "reply_to", Value: bson.D{{Key: "$in", Value: ids}}},
			{Key: "person_id", Value: bson.D{{Key: "$in", Value: bson.A{nil, ""}}}}})
		if err != nil {
			return 0, s.fail(op+": replies", err)
		}
		n += res.DeletedCount
	}
	res, err := s.messages.DeleteMany(ctx, mine)
	if err != nil {
		return 0, s.fail(op, err)
	}
	return n + res.DeletedCount, nil
}
