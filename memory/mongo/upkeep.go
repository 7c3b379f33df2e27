package mongo

import (
	"context"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// staleDoc is what ArchiveStale reads of a memory to archive it.
type staleDoc struct {
	ID        string         `bson:"_id"`
	Owner     string         `bson:"owner"`
	Text      string         `bson:"text"`
	Lifecycle string         `bson:"lifecycle"`
	ExpiresAt *bson.DateTime `bson:"expires_at,omitempty"`
	Version   int64          `bson:"version"`
}

// staleFilter selects the active memories ArchiveStale archives; see
// memory.Store for the rules.
func staleFilter(now, unusedBefore time.Time, keepLongTerm bool) bson.D {
	rules := bson.A{bson.D{
		{Key: "lifecycle", Value: string(memory.LifecycleTemporary)},
		{Key: "expires_at", Value: bson.D{{Key: "$lt", Value: bson.NewDateTimeFromTime(now)}}},
	}}
	if !unusedBefore.IsZero() {
		before := bson.NewDateTimeFromTime(unusedBefore)
		// The latest of three times is before t exactly when each is.
		unused := bson.D{
			{Key: "created_at", Value: bson.D{{Key: "$lt", Value: before}}},
			{Key: "updated_at", Value: bson.D{{Key: "$lt", Value: before}}},
			{Key: "$or", Value: bson.A{
				bson.D{{Key: "last_used_at", Value: bson.D{{Key: "$exists", Value: false}}}},
				bson.D{{Key: "last_used_at", Value: bson.D{{Key: "$lt", Value: before}}}},
			}},
		}
		if keepLongTerm {
			unused = append(unused, bson.E{Key: "lifecycle", Value: bson.D{{Key: "$ne", Value: string(memory.LifecycleLongTerm)}}})
		}
		rules = append(rules, unused)
	}
	return bson.D{{Key: "status", Value: string(memory.StatusActive)}, {Key: "$or", Value: rules}}
}

// ArchiveStale archives expired temporary memories and long-unused ones of
// every owner. Each memory is archived by its own update, conditional on
// the version read, so a memory edited meanwhile is left for the next run.
func (s *Store) ArchiveStale(ctx context.Context, now, unusedBefore time.Time, keepLongTerm bool, limit int) ([]memory.MemoryRef, error) {
	op := "archive stale memories"
	if now.IsZero() {
		return nil, fmt.Errorf("%s: %w: no current time given", op, memory.ErrInvalid)
	}
	if limit < 0 {
		return nil, fmt.Errorf("%s: %w: negative limit %d", op, memory.ErrInvalid, limit)
	}
	now = storedTime(now)
	opts := options.Find().
		SetSort(bson.D{{Key: "created_at", Value: 1}, {Key: "_id", Value: 1}}).
		SetProjection(bson.D{{Key: "owner", Value: 1}, {Key: "text", Value: 1}, {Key: "lifecycle", Value: 1},
			{Key: "expires_at", Value: 1}, {Key: "version", Value: 1}})
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	cur, err := s.memories.Find(ctx, staleFilter(now, unusedBefore, keepLongTerm), opts)
	if err != nil {
		return nil, s.fail(op, err)
	}
	var docs []staleDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, s.fail(op, err)
	}
	stamp := bson.NewDateTimeFromTime(now)
	var archived []memory.MemoryRef
	for _, d := range docs {
		reason := memory.ArchiveUnused
		if d.Lifecycle == string(memory.LifecycleTemporary) && d.ExpiresAt != nil && fromDate(*d.ExpiresAt).Before(now) {
			reason = memory.ArchiveExpired
		}
		entry := versionDoc{Text: d.Text, Time: &stamp, Reason: reason, Action: memory.ArchiveAction}
		filter := append(memoryKey(d.Owner, d.ID),
			bson.E{Key: "version", Value: d.Version},
			bson.E{Key: "status", Value: string(memory.StatusActive)})
		res, err := s.memories.UpdateOne(ctx, filter, bson.D{
			{Key: "$set", Value: bson.D{{Key: "status", Value: string(memory.StatusArchived)}, {Key: "updated_at", Value: stamp}}},
			{Key: "$push", Value: bson.D{{Key: "history", Value: entry}}},
			{Key: "$inc", Value: bson.D{{Key: "version", Value: int64(1)}}},
		})
		if err != nil {
			return archived, s.fail(fmt.Sprintf("%s: memory %s", op, d.ID), err)
		}
		if res.MatchedCount == 1 {
			archived = append(archived, memory.MemoryRef{Owner: d.Owner, ID: d.ID})
		}
	}
	if len(archived) > 0 {
		s.log.DebugContext(ctx, "archived stale memories", "count", len(archived), "candidates", len(docs))
	}
	return archived, nil
}

// MissingEmbeddings lists active memories of every owner without an
// embedding of model, oldest first, vectors not loaded.
func (s *Store) MissingEmbeddings(ctx context.Context, model string, limit int) ([]memory.Memory, error) {
	op := "list memories missing " + model + " embeddings"
	switch {
	case model == "":
		return nil, fmt.Errorf("list memories missing embeddings: %w: no model given", memory.ErrInvalid)
	case limit < 0:
		return nil, fmt.Errorf("%s: %w: negative limit %d", op, memory.ErrInvalid, limit)
	}
	if err := checkString("embedding model", model, maxShort); err != nil {
		return nil, fmt.Errorf("list memories missing embeddings: %w", err)
	}
	opts := options.Find().
		SetSort(bson.D{{Key: "created_at", Value: 1}, {Key: "_id", Value: 1}}).
		SetProjection(bson.D{{Key: "embedding", Value: 0}})
	if limit > 0 {
		opts.SetLimit(int64(limit))
	}
	// $ne also matches memories without an embedding at all.
	filter := bson.D{
		{Key: "status", Value: string(memory.StatusActive)},
		{Key: "embedding.model", Value: bson.D{{Key: "$ne", Value: model}}},
	}
	return s.findMemories(ctx, op, filter, opts)
}

// SetEmbedding stores e on owner's memory id if it is still at version,
// leaving every other field, the version included, as it is.
func (s *Store) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	op := fmt.Sprintf("set embedding of memory %s of %s", id, owner)
	if err := checkSetEmbedding(owner, id, e); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	doc, err := toEmbeddingDoc(e)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	key := memoryKey(owner, id)
	res, err := s.memories.UpdateOne(ctx, append(append(bson.D{}, key...), bson.E{Key: "version", Value: version}),
		bson.D{{Key: "$set", Value: bson.D{{Key: "embedding", Value: doc}}}})
	if err != nil {
		return s.fail(op, err)
	}
	if res.MatchedCount == 1 {
		return nil
	}
	n, err := s.memories.CountDocuments(ctx, key, options.Count().SetLimit(1))
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return fmt.Errorf("%s: version %d is stale: %w", op, version, memory.ErrConflict)
}

// checkSetEmbedding rejects what SetEmbedding cannot store; the vector
// itself is checked by toEmbeddingDoc.
func checkSetEmbedding(owner, id string, e *memory.Embedding) error {
	if err := checkKey("owner", owner); err != nil {
		return err
	}
	if err := checkKey("memory id", id); err != nil {
		return err
	}
	switch {
	case e == nil:
		return fmt.Errorf("%w: no embedding given", memory.ErrInvalid)
	case e.Model == "":
		return fmt.Errorf("%w: embedding has no model", memory.ErrInvalid)
	}
	return nil
}
