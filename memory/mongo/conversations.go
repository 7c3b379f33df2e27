package mongo

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// Conversation returns a conversation, or memory.ErrNotFound.
func (s *Store) Conversation(ctx context.Context, id string) (memory.Conversation, error) {
	var d conversationDoc
	if err := s.conversations.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d); err != nil {
		return memory.Conversation{}, s.fail("load conversation "+id, err)
	}
	return d.toConversation(), nil
}

// checkConversation rejects a conversation that cannot be stored.
func checkConversation(c *memory.Conversation) error {
	if c.Watermark < 0 {
		return fmt.Errorf("%w: watermark %d is negative", memory.ErrInvalid, c.Watermark)
	}
	return errors.Join(
		checkKey("conversation id", c.ID),
		checkString("platform", c.Platform, maxShort),
		checkString("guild id", c.GuildID, maxShort),
		checkString("language", c.Language, maxShort),
		checkString("summary", c.Summary, maxSummary))
}

// EnsureConversation returns the conversation with c.ID, creating it from c
// (at version 1) when it does not exist.
func (s *Store) EnsureConversation(ctx context.Context, c memory.Conversation) (memory.Conversation, error) {
	op := "ensure conversation " + c.ID
	if err := checkConversation(&c); err != nil {
		return memory.Conversation{}, fmt.Errorf("%s: %w", op, err)
	}
	now := bson.NewDateTimeFromTime(s.clock())
	// The _id comes from the filter; every other field of conversationDoc
	// is set here.
	created := bson.D{
		{Key: "platform", Value: c.Platform},
		{Key: "guild_id", Value: c.GuildID},
		{Key: "is_dm", Value: c.IsDM},
		{Key: "watermark", Value: c.Watermark},
		{Key: "summary", Value: c.Summary},
		{Key: "language", Value: c.Language},
		{Key: "created_at", Value: now},
		{Key: "updated_at", Value: now},
		{Key: "version", Value: int64(1)},
		{Key: "last_user_seq", Value: int64(0)},
	}
	res, err := s.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: c.ID}},
		bson.D{{Key: "$setOnInsert", Value: created}}, options.UpdateOne().SetUpsert(true))
	switch {
	case mongo.IsDuplicateKeyError(err):
		// A concurrent upsert created it first.
	case err != nil:
		return memory.Conversation{}, s.fail(op, err)
	case res.UpsertedCount == 1:
		// Messages captured before the conversation existed count as
		// pending too; see markUserMessage for why this is race-free.
		if err := s.catchUpLastUserSeq(ctx, c.ID); err != nil {
			return memory.Conversation{}, s.fail(op, err)
		}
	}
	return s.Conversation(ctx, c.ID)
}

// catchUpLastUserSeq raises a conversation's last_user_seq to its newest
// captured user message.
func (s *Store) catchUpLastUserSeq(ctx context.Context, id string) error {
	var last messageDoc
	err := s.messages.FindOne(ctx,
		bson.D{{Key: "conversation_id", Value: id}, {Key: "role", Value: string(memory.RoleUser)}},
		options.FindOne().SetSort(bson.D{{Key: "seq", Value: -1}}).SetProjection(bson.D{{Key: "seq", Value: 1}}),
	).Decode(&last)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return nil
	}
	if err != nil {
		return err
	}
	return s.markUserMessage(ctx, id, last.Seq)
}

// markUserMessage records that conversation id holds a user message at
// seq. It runs after the message is stored, and EnsureConversation runs
// catchUpLastUserSeq after creating the conversation, so whichever comes
// second sees the other: no user message is ever missed.
func (s *Store) markUserMessage(ctx context.Context, id string, seq int64) error {
	_, err := s.conversations.UpdateOne(ctx, bson.D{{Key: "_id", Value: id}},
		bson.D{{Key: "$max", Value: bson.D{{Key: "last_user_seq", Value: seq}}}})
	return err
}

// UpdateConversation writes c if c.Version is still the stored one.
func (s *Store) UpdateConversation(ctx context.Context, c *memory.Conversation) error {
	op := "update conversation " + c.ID
	if err := checkConversation(c); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.clock()
	set := bson.D{
		{Key: "platform", Value: c.Platform},
		{Key: "guild_id", Value: c.GuildID},
		{Key: "is_dm", Value: c.IsDM},
		{Key: "watermark", Value: c.Watermark},
		{Key: "summary", Value: c.Summary},
		{Key: "language", Value: c.Language},
		{Key: "updated_at", Value: bson.NewDateTimeFromTime(now)},
	}
	if err := s.versionedUpdate(ctx, op, s.conversations, bson.D{{Key: "_id", Value: c.ID}}, c.Version, bson.D{{Key: "$set", Value: set}}); err != nil {
		return err
	}
	c.Version++
	c.UpdatedAt = now
	return nil
}

// PendingConversations lists conversations holding user messages past
// their watermark, least recently updated first; a limit of zero means all.
//
// The server compares each conversation's last user message with its
// watermark ($expr). Servers without $expr in queries (FerretDB v1) get
// the candidates with any user message, compared here.
func (s *Store) PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error) {
	op := "list pending conversations"
	if limit < 0 {
		return nil, fmt.Errorf("%s: %w: limit %d is negative", op, memory.ErrInvalid, limit)
	}
	opts := options.Find().SetSort(bson.D{{Key: "updated_at", Value: 1}, {Key: "_id", Value: 1}})
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	filter := bson.D{{Key: "$expr", Value: bson.D{{Key: "$gt", Value: bson.A{"$last_user_seq", "$watermark"}}}}}
	cur, err := s.conversations.Find(ctx, filter, opts)
	if notImplemented(err) {
		s.log.Debug("server lacks $expr in queries; comparing watermarks client-side")
		opts.SetLimit(0)
		cur, err = s.conversations.Find(ctx, bson.D{{Key: "last_user_seq", Value: bson.D{{Key: "$gt", Value: int64(0)}}}}, opts)
	}
	if err != nil {
		return nil, s.fail(op, err)
	}
	defer func() { _ = cur.Close(context.WithoutCancel(ctx)) }()
	out := []memory.Conversation{}
	for (limit == 0 || len(out) < limit) && cur.Next(ctx) {
		var d conversationDoc
		if err := cur.Decode(&d); err != nil {
			return nil, s.fail(op, err)
		}
		if d.LastUserSeq > d.Watermark {
			out = append(out, d.toConversation())
		}
	}
	if err := cur.Err(); err != nil {
		return nil, s.fail(op, err)
	}
	return out, nil
}

// notImplemented reports whether the server refused an operation it does
// not implement (error code 238).
func notImplemented(err error) bool {
	var se mongo.ServerError
	return errors.As(err, &se) && se.HasErrorCode(238)
}
