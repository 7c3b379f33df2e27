package mongo

import (
	"context"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
)

// indexSpec is one index of one collection.
type indexSpec struct {
	coll   string
	name   string
	keys   bson.D
	unique bool
	// ttl makes the server delete a document once the date in its single
	// key field has passed. Servers without TTL indexes get a plain index
	// of the same name instead; nothing relies on the deletion.
	ttl bool
}

// indexSpecs lists every index the store relies on. Names are fixed so that
// a changed definition fails loudly instead of creating a second index.
func indexSpecs() []indexSpec {
	return []indexSpec{
		{collMemories, "owner_status_created", bson.D{{Key: "owner", Value: 1}, {Key: "status", Value: 1}, {Key: "created_at", Value: -1}}, false, false},
		{collMemories, "owner_id", bson.D{{Key: "owner", Value: 1}, {Key: "_id", Value: 1}}, false, false},
		{collMemories, "status_created", bson.D{{Key: "status", Value: 1}, {Key: "created_at", Value: 1}, {Key: "_id", Value: 1}}, false, false},
		{collMemories, "status_type_event_time", bson.D{{Key: "status", Value: 1}, {Key: "type", Value: 1}, {Key: "event_time", Value: 1}}, false, false},
		{collMemories, "status_type_expires_at", bson.D{{Key: "status", Value: 1}, {Key: "type", Value: 1}, {Key: "expires_at", Value: 1}}, false, false},
		{collMessages, "conversation_platform_id", bson.D{{Key: "conversation_id", Value: 1}, {Key: "platform_id", Value: 1}}, true, false},
		{collMessages, "conversation_seq", bson.D{{Key: "conversation_id", Value: 1}, {Key: "seq", Value: 1}}, true, false},
		{collMessages, "time", bson.D{{Key: "time", Value: 1}}, false, false},
		{collMessages, "person_id", bson.D{{Key: "person_id", Value: 1}}, false, false},
		{collMessages, "conversation_reply_to", bson.D{{Key: "conversation_id", Value: 1}, {Key: "reply_to", Value: 1}}, false, false},
		{collIdentities, "platform_user_id", bson.D{{Key: "platform", Value: 1}, {Key: "user_id", Value: 1}}, true, false},
		{collIdentities, "person_id", bson.D{{Key: "person_id", Value: 1}}, false, false},
		{collConversations, "updated_at", bson.D{{Key: "updated_at", Value: 1}}, false, false},
		{collSettings, "expires_at", bson.D{{Key: "expires_at", Value: 1}}, false, true},
		{collAnswers, "conversation_platform_id", bson.D{{Key: "conversation_id", Value: 1}, {Key: "platform_id", Value: 1}}, true, false},
		{collAnswers, "claim", bson.D{{Key: "platform", Value: 1}, {Key: "done", Value: 1}, {Key: "lease_until", Value: 1}, {Key: "received_at", Value: 1}}, false, false},
		{collAnswers, "holder", bson.D{{Key: "holder", Value: 1}, {Key: "done", Value: 1}}, false, false},
		{collAnswers, "person_id", bson.D{{Key: "person_id", Value: 1}, {Key: "done", Value: 1}}, false, false},
		{collAnswers, "keep_until", bson.D{{Key: "keep_until", Value: 1}}, false, true},
		{collCounts, "expires_at", bson.D{{Key: "expires_at", Value: 1}}, false, true},
	}
}

// ensureIndexes creates the indexes; creating an existing one is a no-op.
// It sends one index per command: FerretDB v1 drops the connection when a
// single command re-creates several existing indexes, and start-up is not
// a hot path.
func (s *Store) ensureIndexes(ctx context.Context) error {
	for _, ix := range indexSpecs() {
		if ix.ttl {
			err := s.createIndex(ctx, ix, options.Index().SetName(ix.name).SetExpireAfterSeconds(0))
			if err == nil {
				continue
			}
			s.log.DebugContext(ctx, "server refused a TTL index; creating a plain one",
				"collection", ix.coll, "index", ix.name, "err", err)
		}
		o := options.Index().SetName(ix.name)
		if ix.unique {
			o.SetUnique(true)
		}
		if err := s.createIndex(ctx, ix, o); err != nil {
			return err
		}
	}
	return nil
}

// createIndex creates one index with the given options.
func (s *Store) createIndex(ctx context.Context, ix indexSpec, o *options.IndexOptionsBuilder) error {
	model := mongo.IndexModel{Keys: ix.keys, Options: o}
	if _, err := s.db.Collection(ix.coll).Indexes().CreateOne(ctx, model); err != nil {
		return fmt.Errorf("create index %s on %s: %w", ix.name, ix.coll, err)
	}
	return nil
}
