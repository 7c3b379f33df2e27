package mongo

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// settingDoc is one setting as stored in the settings collection.
type settingDoc struct {
	Key   string `bson:"_id"`
	Value string `bson:"value"`
	// ExpiresAt is absent for a setting that never expires.
	ExpiresAt *bson.DateTime `bson:"expires_at,omitempty"`
	UpdatedAt bson.DateTime  `bson:"updated_at"`
}

// expired reports whether the setting's time is up at now. Expiry is
// always checked here, on read: a TTL index removes expired documents only
// eventually, and some servers (FerretDB) have none.
func (d *settingDoc) expired(now time.Time) bool {
	return d.ExpiresAt != nil && !fromDate(*d.ExpiresAt).After(now)
}

// unexpired is the filter clause matching settings that have not expired
// at now.
func unexpired(now time.Time) bson.E {
	return bson.E{Key: "$or", Value: bson.A{
		bson.D{{Key: "expires_at", Value: bson.D{{Key: "$exists", Value: false}}}},
		bson.D{{Key: "expires_at", Value: bson.D{{Key: "$gt", Value: bson.NewDateTimeFromTime(now)}}}},
	}}
}

// Setting returns the value of key, or memory.ErrNotFound if it is absent
// or expired.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	op := fmt.Sprintf("read setting %q", key)
	if err := memory.ValidateSettingKey(key); err != nil {
		return "", fmt.Errorf("read setting: %w", err)
	}
	var d settingDoc
	if err := s.settings.FindOne(ctx, bson.D{{Key: "_id", Value: key}}).Decode(&d); err != nil {
		return "", s.fail(op, err)
	}
	if d.expired(s.clock()) {
		return "", fmt.Errorf("%s: expired: %w", op, memory.ErrNotFound)
	}
	return d.Value, nil
}

// PutSetting stores value under key until expires (zero: forever),
// replacing any earlier value, and purges expired settings.
func (s *Store) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	op := fmt.Sprintf("store setting %q", key)
	if err := errors.Join(memory.ValidateSettingKey(key), memory.ValidateSettingValue(value)); err != nil {
		return fmt.Errorf("store setting: %w", err)
	}
	now := s.clock()
	if err := s.replaceSetting(ctx, memory.Setting{Key: key, Value: value, Expires: expires}, now); err != nil {
		return s.fail(op, err)
	}
	s.purgeSettings(ctx, now)
	return nil
}

// replaceSetting writes st as of now with one upsert (two when a
// concurrent first write of the key wins the insert).
func (s *Store) replaceSetting(ctx context.Context, st memory.Setting, now time.Time) error {
	doc := settingDoc{Key: st.Key, Value: st.Value, ExpiresAt: optDate(st.Expires), UpdatedAt: bson.NewDateTimeFromTime(now)}
	filter := bson.D{{Key: "_id", Value: st.Key}}
	var err error
	// Two first writes of one key may race to insert it; the loser's
	// second attempt replaces the winner's document.
	for range 2 {
		_, err = s.settings.ReplaceOne(ctx, filter, doc, options.Replace().SetUpsert(true))
		if !mongo.IsDuplicateKeyError(err) {
			break
		}
	}
	return err
}

// purgeSettings deletes settings expired at now, so that servers without
// TTL indexes do not accumulate them. Failing to is only logged: the
// setting just written is stored, and reads ignore expired ones anyway.
func (s *Store) purgeSettings(ctx context.Context, now time.Time) {
	_, err := s.settings.DeleteMany(ctx,
		bson.D{{Key: "expires_at", Value: bson.D{{Key: "$lte", Value: bson.NewDateTimeFromTime(now)}}}})
	if err != nil {
		s.log.WarnContext(ctx, "purge expired settings", "err", err)
	}
}

// TakeSetting deletes key and returns its value, in one findAndModify so
// that of concurrent callers only one receives the document.
func (s *Store) TakeSetting(ctx context.Context, key string) (string, error) {
	op := fmt.Sprintf("take setting %q", key)
	if err := memory.ValidateSettingKey(key); err != nil {
		return "", fmt.Errorf("take setting: %w", err)
	}
	// An expired document goes too: it can never be taken.
	var d settingDoc
	if err := s.settings.FindOneAndDelete(ctx, bson.D{{Key: "_id", Value: key}}).Decode(&d); err != nil {
		return "", s.fail(op, err)
	}
	if d.expired(s.clock()) {
		return "", fmt.Errorf("%s: expired: %w", op, memory.ErrNotFound)
	}
	return d.Value, nil
}

// DeleteSetting removes key; a key that is absent is not an error.
func (s *Store) DeleteSetting(ctx context.Context, key string) error {
	if err := memory.ValidateSettingKey(key); err != nil {
		return fmt.Errorf("delete setting: %w", err)
	}
	if _, err := s.settings.DeleteOne(ctx, bson.D{{Key: "_id", Value: key}}); err != nil {
		return s.fail(fmt.Sprintf("delete setting %q", key), err)
	}
	return nil
}

// DeleteSettings removes every key starting with prefix.
func (s *Store) DeleteSettings(ctx context.Context, prefix string) (int64, error) {
	op := fmt.Sprintf("delete settings %q", prefix)
	if prefix == "" {
		return 0, fmt.Errorf("delete settings: %w: empty prefix", memory.ErrInvalid)
	}
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return 0, fmt.Errorf("delete settings: %w", err)
	}
	res, err := s.settings.DeleteMany(ctx, bson.D{{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(prefix)}}}})
	if err != nil {
		return 0, s.fail(op, err)
	}
	return res.DeletedCount, nil
}

// CountSettings counts the unexpired keys starting with prefix.
func (s *Store) CountSettings(ctx context.Context, prefix string) (int64, error) {
	op := fmt.Sprintf("count settings %q", prefix)
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return 0, fmt.Errorf("count settings: %w", err)
	}
	filter := bson.D{unexpired(s.clock())}
	if prefix != "" {
		// An anchored, case-sensitive regex without metacharacters is an
		// index range on _id.
		filter = append(filter, bson.E{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(prefix)}}})
	}
	n, err := s.settings.CountDocuments(ctx, filter)
	if err != nil {
		return 0, s.fail(op, err)
	}
	return n, nil
}
