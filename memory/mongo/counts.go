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

// countAttempts bounds AddCount's rounds of "upsert, and on a duplicate key
// delete the expired counter in the way". Each round that fails does so
// because another writer changed the counter in between, which a later
// round then sees; a few suffice under any real contention.
const countAttempts = 5

// countPurgeEvery is how often, at most, AddCount also deletes every
// expired counter: servers without TTL indexes (FerretDB) would otherwise
// keep each counter's last window for good.
const countPurgeEvery = time.Minute

// countDoc is one windowed counter as stored in the counts collection.
type countDoc struct {
	Key   string `bson:"_id"`
	Value int64  `bson:"value"`
	// ExpiresAt is always set: a TTL index removes the counter after it.
	ExpiresAt bson.DateTime `bson:"expires_at"`
}

// AddCount adds delta to the counter key with one findOneAndUpdate that
// matches only a live counter ({_id: key, expires_at > now}) and upserts
// otherwise, with $inc and $setOnInsert of the expiry. An expired counter
// that the TTL monitor has not removed yet makes the upsert fail with a
// duplicate key on _id: it is then deleted, on condition that it is still
// expired at now (so a live counter another writer just created is never
// lost), and the add is tried again. Its old count never leaks into the new
// window.
func (s *Store) AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error) {
	op := fmt.Sprintf("add to counter %q", key)
	if err := memory.ValidateCount(key, now, expires); err != nil {
		return 0, fmt.Errorf("add to counter: %w", err)
	}
	id := bson.E{Key: "_id", Value: key}
	nowDate := bson.NewDateTimeFromTime(now)
	live := bson.D{id, {Key: "expires_at", Value: bson.D{{Key: "$gt", Value: nowDate}}}}
	update := bson.D{
		{Key: "$inc", Value: bson.D{{Key: "value", Value: delta}}},
		{Key: "$setOnInsert", Value: bson.D{{Key: "expires_at", Value: bson.NewDateTimeFromTime(expires)}}},
	}
	opts := options.FindOneAndUpdate().SetUpsert(true).SetReturnDocument(options.After)
	var err error
	for range countAttempts {
		var d countDoc
		err = s.counts.FindOneAndUpdate(ctx, live, update, opts).Decode(&d)
		if err == nil {
			s.purgeCounts(ctx, now)
			return d.Value, nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return 0, s.fail(op, err)
		}
		expired := bson.D{id, {Key: "expires_at", Value: bson.D{{Key: "$lte", Value: nowDate}}}}
		if _, derr := s.counts.DeleteOne(ctx, expired); derr != nil {
			return 0, s.fail(op+": delete the expired counter", derr)
		}
	}
	// Every round lost to another writer (ErrConflict): unlikely enough
	// that the caller may simply try again.
	return 0, s.fail(fmt.Sprintf("%s: %d attempts", op, countAttempts), err)
}

// purgeCounts deletes the counters expired at now, unless that was done
// less than countPurgeEvery ago (by this store's clock). Failing to is only
// logged: reads ignore expired counters anyway.
func (s *Store) purgeCounts(ctx context.Context, now time.Time) {
	last := s.countsPurged.Load()
	at := s.clock().UnixMilli()
	if at-last < countPurgeEvery.Milliseconds() || !s.countsPurged.CompareAndSwap(last, at) {
		return
	}
	_, err := s.counts.DeleteMany(ctx,
		bson.D{{Key: "expires_at", Value: bson.D{{Key: "$lte", Value: bson.NewDateTimeFromTime(now)}}}})
	if err != nil {
		s.log.WarnContext(ctx, "purge expired counters", "err", err)
	}
}

// Count returns the counter's value at now, 0 when absent or expired (the
// TTL index removes expired counters only eventually).
func (s *Store) Count(ctx context.Context, key string, now time.Time) (int64, error) {
	op := fmt.Sprintf("read counter %q", key)
	if err := memory.ValidateSettingKey(key); err != nil {
		return 0, fmt.Errorf("read counter: %w", err)
	}
	var d countDoc
	err := s.counts.FindOne(ctx, bson.D{{Key: "_id", Value: key},
		{Key: "expires_at", Value: bson.D{{Key: "$gt", Value: bson.NewDateTimeFromTime(now)}}}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	if err != nil {
		return 0, s.fail(op, err)
	}
	return d.Value, nil
}
