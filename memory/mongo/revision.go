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

// revisionTimeout bounds the revision bump that follows a memory write. The
// write already happened, so the bump is not abandoned when the caller's
// context ends in between; it gets this long of its own.
const revisionTimeout = 5 * time.Second

// bumpRevision adds 1 to the revision of each owner with an upserting $inc,
// which the server applies atomically, so concurrent writers never lose an
// increment. It runs after the memory write succeeded: there is no
// multi-document transaction (FerretDB v1 has none), so a crash or an
// unreachable server between the two leaves caches of that owner stale
// until the owner's next write. Bumping after, never before, the write
// means a reader can see a write whose bump is still to come, but never a
// revision whose write is not there yet.
//
// When the bump fails the write stands and is reflected in the caller's
// argument; the error says the revision did not move. Owners must be
// distinct: each is bumped once per call.
func (s *Store) bumpRevision(ctx context.Context, op string, owners ...string) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), revisionTimeout)
	defer cancel()
	for _, owner := range owners {
		var err error
		// Two first writes of an owner racing to create its counter may
		// see a duplicate key (servers before MongoDB 4.2, FerretDB); the
		// loser's second attempt finds the counter and increments it.
		for range 2 {
			_, err = s.revisions.UpdateOne(ctx, bson.D{{Key: "_id", Value: owner}},
				bson.D{{Key: "$inc", Value: bson.D{{Key: "revision", Value: int64(1)}}}},
				options.UpdateOne().SetUpsert(true))
			if !mongo.IsDuplicateKeyError(err) {
				break
			}
		}
		if err != nil {
			return s.fail(fmt.Sprintf("%s: written, but the revision of %s did not advance", op, owner), err)
		}
	}
	return nil
}

// Revision returns the revision of owner's memories, 0 when never written;
// see memory.Store for when it moves.
func (s *Store) Revision(ctx context.Context, owner string) (int64, error) {
	op := "memory revision of " + owner
	if err := checkKey("owner", owner); err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	var d struct {
		Revision int64 `bson:"revision"`
	}
	err := s.revisions.FindOne(ctx, bson.D{{Key: "_id", Value: owner}}).Decode(&d)
	if errors.Is(err, mongo.ErrNoDocuments) {
		return 0, nil
	}
	if err != nil {
		return 0, s.fail(op, err)
	}
	return d.Revision, nil
}

// BumpRevision adds 1 to owner's revision; see memory.Store.
func (s *Store) BumpRevision(ctx context.Context, owner string) error {
	if owner == "" {
		return fmt.Errorf("bump memory revision: %w: no owner", memory.ErrInvalid)
	}
	return s.bumpRevision(ctx, "bump memory revision", owner)
}
