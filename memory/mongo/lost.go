package mongo

import (
	"context"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// A connection that breaks after a write was sent (a failover, a reset by
// a load balancer) leaves its outcome unknown: the server may have
// applied it. Where the driver retries writes (retryWrites, on a replica
// set or mongos) it settles most of these cases itself; elsewhere, and
// when its one retry fails too, the store reads back whether its own
// write landed instead of reporting a failure for a write that is there,
// which a caller's retry would turn into a conflict or a duplicate.

// lostReply reports whether err may hide a write the server applied: the
// connection failed while the operation was in flight. A server that
// could not be selected never received the request.
func lostReply(err error) bool {
	return err != nil && mongo.IsNetworkError(err)
}

// landed reports whether coll holds a document matching filter, which
// only the write whose reply was lost could have produced. It reads over
// a new connection (the driver drops the broken pool); when that fails
// too the outcome stays unknown and landed reports false.
func (s *Store) landed(ctx context.Context, coll *mongo.Collection, filter bson.D) bool {
	n, err := coll.CountDocuments(ctx, filter, options.Count().SetLimit(1))
	if err != nil {
		s.log.Debug("outcome of a write with a lost reply unknown", "collection", coll.Name(), "err", err)
		return false
	}
	if n > 0 {
		s.log.Info("write applied although its reply was lost", "collection", coll.Name())
	}
	return n > 0
}

// setValue returns the value update's $set gives field, if any.
func setValue(update bson.D, field string) (any, bool) {
	for _, op := range update {
		set, ok := op.Value.(bson.D)
		if op.Key != "$set" || !ok {
			continue
		}
		for _, e := range set {
			if e.Key == field {
				return e.Value, true
			}
		}
	}
	return nil, false
}
