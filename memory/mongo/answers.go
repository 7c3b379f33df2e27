package mongo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// answerDoc is one entry of the answer queue as stored.
type answerDoc struct {
	ConversationID string         `bson:"conversation_id"`
	PlatformID     string         `bson:"platform_id"`
	Platform       string         `bson:"platform"`
	PersonID       string         `bson:"person_id,omitempty"`
	Payload        string         `bson:"payload"`
	ReceivedAt     bson.DateTime  `bson:"received_at"`
	Holder         string         `bson:"holder"`
	LeaseUntil     bson.DateTime  `bson:"lease_until"`
	ReplyRef       string         `bson:"reply_ref,omitempty"`
	Claims         int            `bson:"claims"`
	Done           bool           `bson:"done"`
	DoneAt         *bson.DateTime `bson:"done_at,omitempty"`
	// KeepUntil is set only on done entries: the TTL index removes them
	// from then on, and never touches a pending one.
	KeepUntil *bson.DateTime `bson:"keep_until,omitempty"`
}

func (d *answerDoc) answer() memory.Answer {
	return memory.Answer{
		ConversationID: d.ConversationID, PlatformID: d.PlatformID, Platform: d.Platform, PersonID: d.PersonID,
		Payload: d.Payload, ReceivedAt: fromDate(d.ReceivedAt), Holder: d.Holder, LeaseUntil: fromDate(d.LeaseUntil), Claims: d.Claims,
		ReplyRef: d.ReplyRef, Done: d.Done, DoneAt: fromOptDate(d.DoneAt), KeepUntil: fromOptDate(d.KeepUntil),
	}
}

// QueueAnswer inserts a new entry; the unique index on {conversation_id,
// platform_id} turns a second one into memory.ErrConflict.
func (s *Store) QueueAnswer(ctx context.Context, a memory.Answer) error {
	op := fmt.Sprintf("queue answer to %s/%s", a.ConversationID, a.PlatformID)
	if err := a.Validate(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := errors.Join(checkKey("conversation id", a.ConversationID), checkKey("platform message id", a.PlatformID),
		checkKey("platform", a.Platform), checkKey("holder", a.Holder), checkString("person id", a.PersonID, maxShort),
		checkString("payload", a.Payload, memory.MaxAnswerPayload)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err := s.answers.InsertOne(ctx, answerDoc{
		ConversationID: a.ConversationID, PlatformID: a.PlatformID, Platform: a.Platform, PersonID: a.PersonID,
		Payload: a.Payload, ReceivedAt: bson.NewDateTimeFromTime(a.ReceivedAt), Holder: a.Holder,
		LeaseUntil: bson.NewDateTimeFromTime(a.LeaseUntil),
	})
	if lostReply(err) && s.landed(ctx, s.answers, append(answerKey(a.ConversationID, a.PlatformID),
		bson.E{Key: "holder", Value: a.Holder}, bson.E{Key: "lease_until", Value: bson.NewDateTimeFromTime(a.LeaseUntil)},
		bson.E{Key: "received_at", Value: bson.NewDateTimeFromTime(a.ReceivedAt)})) {
		return nil
	}
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

// answerKey is the filter for one entry of the answer queue.
func answerKey(conversationID, platformID string) bson.D {
	return bson.D{{Key: "conversation_id", Value: conversationID}, {Key: "platform_id", Value: platformID}}
}

// QueueAnswerWithMessage queues a, then captures m: without a
// transaction, the entry goes first, so that a failure between the two
// leaves an entry that restores the message.
func (s *Store) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (bool, error) {
	if err := checkMessage(m); err != nil {
		return false, fmt.Errorf("queue answer to %s/%s: capture message: %w", a.ConversationID, a.PlatformID, err)
	}
	qerr := s.QueueAnswer(ctx, a)
	if qerr != nil && !errors.Is(qerr, memory.ErrConflict) {
		return false, qerr
	}
	if err := s.AppendMessage(ctx, m); err != nil {
		return true, fmt.Errorf("queue answer to %s/%s: capture message: %w", a.ConversationID, a.PlatformID, err)
	}
	return true, qerr
}

// ClaimAnswer takes the oldest claimable entry with one findOneAndUpdate,
// which the server applies atomically: of concurrent claimers one matches.
// A claim whose reply was lost is found again by its holder and lease end:
// unknown to its holder, it would be renewed and never answered.
func (s *Store) ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (memory.Answer, error) {
	op := "claim answer on " + q.Platform
	if q.Platform == "" || q.Holder == "" {
		return memory.Answer{}, fmt.Errorf("%s: %w: platform and holder are required", op, memory.ErrInvalid)
	}
	filter := bson.D{{Key: "platform", Value: q.Platform}, {Key: "done", Value: false},
		{Key: "lease_until", Value: bson.D{{Key: "$lte", Value: bson.NewDateTimeFromTime(q.Now)}}}}
	update := bson.D{
		{Key: "$set", Value: bson.D{{Key: "holder", Value: q.Holder}, {Key: "lease_until", Value: bson.NewDateTimeFromTime(q.Until)}}},
		{Key: "$inc", Value: bson.D{{Key: "claims", Value: 1}}},
	}
	var d answerDoc
	err := s.answers.FindOneAndUpdate(ctx, filter, update, options.FindOneAndUpdate().
		SetSort(bson.D{{Key: "received_at", Value: 1}, {Key: "conversation_id", Value: 1}, {Key: "platform_id", Value: 1}}).
		SetReturnDocument(options.After)).Decode(&d)
	if lostReply(err) {
		mine := bson.D{{Key: "platform", Value: q.Platform}, {Key: "done", Value: false},
			{Key: "holder", Value: q.Holder}, {Key: "lease_until", Value: bson.NewDateTimeFromTime(q.Until)}}
		if ferr := s.answers.FindOne(ctx, mine).Decode(&d); ferr == nil {
			s.log.Info("write applied although its reply was lost", "collection", collAnswers)
			return d.answer(), nil
		}
	}
	if err != nil {
		return memory.Answer{}, s.fail(op, err)
	}
	return d.answer(), nil
}

// RenewAnswers extends the lease of holder's entries that are not done.
func (s *Store) RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error) {
	return s.updateAnswers(ctx, "renew answers of "+holder, holder,
		bson.D{{Key: "lease_until", Value: bson.NewDateTimeFromTime(until)}})
}

// ReleaseAnswers makes holder's entries that are not done claimable now.
func (s *Store) ReleaseAnswers(ctx context.Context, holder string) (int64, error) {
	return s.updateAnswers(ctx, "release answers of "+holder, holder,
		bson.D{{Key: "lease_until", Value: bson.NewDateTimeFromTime(time.UnixMilli(0))}})
}

func (s *Store) updateAnswers(ctx context.Context, op, holder string, set bson.D) (int64, error) {
	res, err := s.answers.UpdateMany(ctx, bson.D{{Key: "holder", Value: holder}, {Key: "done", Value: false}},
		bson.D{{Key: "$set", Value: set}})
	if err != nil {
		return 0, s.fail(op, err)
	}
	return res.ModifiedCount, nil
}

// FinishAnswer marks the entry done with an update conditional on holder
// holding it and its not being done.
func (s *Store) FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	op := fmt.Sprintf("finish answer to %s/%s", conversationID, platformID)
	key := answerKey(conversationID, platformID)
	filter := append(append(bson.D{}, key...), bson.E{Key: "holder", Value: holder}, bson.E{Key: "done", Value: false})
	res, err := s.answers.UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: bson.D{
		{Key: "done", Value: true}, {Key: "payload", Value: ""},
		{Key: "done_at", Value: bson.NewDateTimeFromTime(at)}, {Key: "keep_until", Value: bson.NewDateTimeFromTime(keepUntil)},
	}}})
	if lostReply(err) && s.landed(ctx, s.answers, append(append(bson.D{}, key...), bson.E{Key: "holder", Value: holder},
		bson.E{Key: "done", Value: true}, bson.E{Key: "done_at", Value: bson.NewDateTimeFromTime(at)})) {
		return nil
	}
	return s.heldResult(ctx, op, key, res, err)
}

// SettleAnswer marks the entry done with one upsert conditional, as
// FinishAnswer's update, on holder holding it and its not being done.
// With no entry the server inserts it done; with one done or held by
// another replica the insert breaks the unique index on {conversation_id,
// platform_id}, which is ErrConflict. A QueueAnswer of the entry that the
// server applies later breaks the same index.
func (s *Store) SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	op := fmt.Sprintf("settle answer to %s/%s", conversationID, platformID)
	key := answerKey(conversationID, platformID)
	filter := append(append(bson.D{}, key...), bson.E{Key: "holder", Value: holder}, bson.E{Key: "done", Value: false})
	_, err := s.answers.UpdateOne(ctx, filter, bson.D{
		{Key: "$set", Value: bson.D{
			{Key: "done", Value: true}, {Key: "payload", Value: ""},
			{Key: "done_at", Value: bson.NewDateTimeFromTime(at)}, {Key: "keep_until", Value: bson.NewDateTimeFromTime(keepUntil)},
		}},
		{Key: "$setOnInsert", Value: bson.D{
			{Key: "platform", Value: ""}, {Key: "received_at", Value: bson.NewDateTimeFromTime(at)},
			{Key: "lease_until", Value: bson.NewDateTimeFromTime(time.UnixMilli(0))}, {Key: "claims", Value: 0},
		}},
	}, options.UpdateOne().SetUpsert(true))
	if lostReply(err) && s.landed(ctx, s.answers, append(append(bson.D{}, key...), bson.E{Key: "holder", Value: holder},
		bson.E{Key: "done", Value: true}, bson.E{Key: "done_at", Value: bson.NewDateTimeFromTime(at)})) {
		return nil
	}
	if mongo.IsDuplicateKeyError(err) {
		return fmt.Errorf("%s: done already or held by another replica: %w", op, memory.ErrConflict)
	}
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

// NoteAnswerReply records the message the entry's answer is written into,
// with an update conditional on holder holding it and its not being done.
func (s *Store) NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error {
	op := fmt.Sprintf("note the reply to %s/%s", conversationID, platformID)
	if err := memory.CheckReplyRef(ref); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	key := answerKey(conversationID, platformID)
	filter := append(append(bson.D{}, key...), bson.E{Key: "holder", Value: holder}, bson.E{Key: "done", Value: false})
	res, err := s.answers.UpdateOne(ctx, filter, bson.D{{Key: "$set", Value: bson.D{{Key: "reply_ref", Value: ref}}}})
	return s.heldResult(ctx, op, key, res, err)
}

// heldResult turns the result of an update conditional on the holder into
// the store's errors: no match is ErrNotFound for an unknown entry and
// ErrConflict for one done or held by another replica.
func (s *Store) heldResult(ctx context.Context, op string, key bson.D, res *mongo.UpdateResult, err error) error {
	if err != nil {
		return s.fail(op, err)
	}
	if res.MatchedCount == 1 {
		return nil
	}
	n, err := s.answers.CountDocuments(ctx, key, options.Count().SetLimit(1))
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return fmt.Errorf("%s: done already or held by another replica: %w", op, memory.ErrConflict)
}

// FinishAnswerWithReply captures reply, writes also (when not nil), then
// marks the entry done: without a transaction, the writes go in that order
// so that no entry is done without its reply and its setting. The setting
// is one upsert; expired settings are left to the TTL index and to the
// next PutSetting, which saves a round trip on every answer.
func (s *Store) FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message, also *memory.Setting) error {
	op := fmt.Sprintf("finish answer to %s/%s", conversationID, platformID)
	if also != nil {
		if err := memory.CheckSetting(*also); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	if err := s.AppendMessage(ctx, reply); err != nil {
		return fmt.Errorf("%s: capture reply: %w", op, err)
	}
	if also != nil {
		if err := s.replaceSetting(ctx, *also, s.clock()); err != nil {
			return s.fail(fmt.Sprintf("%s: store setting %q", op, also.Key), err)
		}
	}
	return s.FinishAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
}

// DropAnswers deletes the person's pending entries. Entries written before
// the field existed have no person_id and are never matched.
func (s *Store) DropAnswers(ctx context.Context, personID string) (int64, error) {
	op := "drop answers of " + personID
	if err := checkKey("person id", personID); err != nil {
		return 0, fmt.Errorf("drop answers of a person: %w", err)
	}
	res, err := s.answers.DeleteMany(ctx, bson.D{{Key: "person_id", Value: personID}, {Key: "done", Value: false}})
	if err != nil {
		return 0, s.fail(op, err)
	}
	return res.DeletedCount, nil
}

// PurgeAnswers deletes done entries whose keeping time has come (the TTL
// index does the same, eventually, where the server has one).
func (s *Store) PurgeAnswers(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.answers.DeleteMany(ctx, bson.D{{Key: "done", Value: true},
		{Key: "keep_until", Value: bson.D{{Key: "$lte", Value: bson.NewDateTimeFromTime(now)}}}})
	if err != nil {
		return 0, s.fail("purge answers", err)
	}
	return res.DeletedCount, nil
}
