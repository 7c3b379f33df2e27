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

// leaseAttempts bounds AcquireLease's rounds; a round is repeated only when
// the lease changed between its two steps (see AcquireLease).
const leaseAttempts = 4

// leaseDoc is one lease as stored in the leases collection. Documents are
// never deleted (no TTL index): the epoch must never go back.
type leaseDoc struct {
	Name   string        `bson:"_id"`
	Holder string        `bson:"holder"`
	Until  bson.DateTime `bson:"until"`
	Epoch  int64         `bson:"epoch"`
}

func (d *leaseDoc) lease() memory.Lease {
	return memory.Lease{Name: d.Name, Holder: d.Holder, Until: fromDate(d.Until), Epoch: d.Epoch}
}

// AcquireLease takes the lease in at most two findOneAndUpdate calls, each
// atomic on the server, without transactions or pipeline updates:
//
//  1. a renewal, {_id: name, holder: me} → until (epoch unchanged);
//  2. a takeover, {_id: name, holder ≠ me, until ≤ now} → holder, until,
//     $inc epoch, with upsert, so that a lease never held is created with
//     epoch 1. A duplicate key on _id means the lease exists and did not
//     match: held by another (ErrConflict, with the lease read back), or
//     changed in between (taken over by me through a concurrent call, or
//     lapsed), in which case the round is repeated.
//
// Of concurrent acquirers of a free lease exactly one matches step 2 (or
// inserts); the others see the new holder and get ErrConflict.
func (s *Store) AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error) {
	op := fmt.Sprintf("acquire lease %q for %q", q.Name, q.Holder)
	if err := q.Validate(); err != nil {
		return memory.Lease{}, fmt.Errorf("acquire lease: %w", err)
	}
	id := bson.E{Key: "_id", Value: q.Name}
	until := bson.NewDateTimeFromTime(q.Until)
	after := options.FindOneAndUpdate().SetReturnDocument(options.After)
	for range leaseAttempts {
		var d leaseDoc
		err := s.leases.FindOneAndUpdate(ctx, bson.D{id, {Key: "holder", Value: q.Holder}},
			bson.D{{Key: "$set", Value: bson.D{{Key: "until", Value: until}}}}, after).Decode(&d)
		if err == nil {
			return d.lease(), nil
		}
		if !errors.Is(err, mongo.ErrNoDocuments) {
			return memory.Lease{}, s.fail(op, err)
		}

		free := bson.D{id,
			{Key: "holder", Value: bson.D{{Key: "$ne", Value: q.Holder}}},
			{Key: "until", Value: bson.D{{Key: "$lte", Value: bson.NewDateTimeFromTime(q.Now)}}}}
		take := bson.D{
			{Key: "$set", Value: bson.D{{Key: "holder", Value: q.Holder}, {Key: "until", Value: until}}},
			{Key: "$inc", Value: bson.D{{Key: "epoch", Value: int64(1)}}},
		}
		err = s.leases.FindOneAndUpdate(ctx, free, take, options.FindOneAndUpdate().
			SetUpsert(true).SetReturnDocument(options.After)).Decode(&d)
		if err == nil {
			return d.lease(), nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			return memory.Lease{}, s.fail(op, err)
		}

		err = s.leases.FindOne(ctx, bson.D{id}).Decode(&d)
		switch {
		case errors.Is(err, mongo.ErrNoDocuments):
			continue // never deleted by the store; an operator did
		case err != nil:
			return memory.Lease{}, s.fail(op, err)
		case d.Holder != q.Holder && fromDate(d.Until).After(q.Now):
			return d.lease(), fmt.Errorf("%s: %w: held by %q until %s", op, memory.ErrConflict,
				d.Holder, fromDate(d.Until).Format(time.RFC3339Nano))
		}
	}
	return memory.Lease{}, fmt.Errorf("%s: %w: the lease kept changing over %d attempts", op, memory.ErrConflict, leaseAttempts)
}

// ReleaseLease sets the lease's end to the zero time with an update
// conditional on holder holding it.
func (s *Store) ReleaseLease(ctx context.Context, name, holder string) error {
	if err := memory.ValidateLease(name, holder); err != nil {
		return fmt.Errorf("release lease: %w", err)
	}
	_, err := s.leases.UpdateOne(ctx, bson.D{{Key: "_id", Value: name}, {Key: "holder", Value: holder}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "until", Value: bson.NewDateTimeFromTime(time.Time{})}}}})
	if err != nil {
		return s.fail(fmt.Sprintf("release lease %q of %q", name, holder), err)
	}
	return nil
}

// Leases lists the held leases whose name starts with prefix, by name.
func (s *Store) Leases(ctx context.Context, prefix string, now time.Time) ([]memory.Lease, error) {
	op := fmt.Sprintf("list leases %q", prefix)
	if err := memory.ValidateSettingPrefix(prefix); err != nil {
		return nil, fmt.Errorf("list leases: %w", err)
	}
	filter := bson.D{{Key: "until", Value: bson.D{{Key: "$gt", Value: bson.NewDateTimeFromTime(now)}}}}
	if prefix != "" {
		// An anchored, case-sensitive regex without metacharacters is an
		// index range on _id.
		filter = append(filter, bson.E{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(prefix)}}})
	}
	cur, err := s.leases.Find(ctx, filter, options.Find().SetSort(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return nil, s.fail(op, err)
	}
	var docs []leaseDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, s.fail(op, err)
	}
	out := make([]memory.Lease, 0, len(docs))
	for i := range docs {
		out = append(out, docs[i].lease())
	}
	return out, nil
}
