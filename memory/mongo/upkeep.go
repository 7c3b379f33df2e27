package mongo

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// staleFilter selects the active memories q asks for; nil when both of its
// rules are off. See memory.StaleQuery for the rules.
func staleFilter(q memory.StaleQuery) (bson.D, error) {
	if q.Limit < 0 {
		return nil, fmt.Errorf("%w: negative limit %d", memory.ErrInvalid, q.Limit)
	}
	for _, l := range append(slices.Clone(q.Expiring), q.Exempt...) {
		if !l.Valid() {
			return nil, fmt.Errorf("%w: lifecycle %q", memory.ErrInvalid, l)
		}
	}
	var rules bson.A
	if !q.ExpiredBefore.IsZero() && len(q.Expiring) > 0 {
		rules = append(rules, bson.D{
			{Key: "lifecycle", Value: bson.D{{Key: "$in", Value: q.Expiring}}},
			{Key: "expires_at", Value: bson.D{{Key: "$lt", Value: bson.NewDateTimeFromTime(q.ExpiredBefore)}}},
		})
	}
	if !q.UnusedBefore.IsZero() {
		before := bson.NewDateTimeFromTime(q.UnusedBefore)
		// The latest of three times is before t exactly when each is.
		unused := bson.D{
			{Key: "created_at", Value: bson.D{{Key: "$lt", Value: before}}},
			{Key: "updated_at", Value: bson.D{{Key: "$lt", Value: before}}},
			{Key: "$or", Value: bson.A{
				bson.D{{Key: "last_used_at", Value: bson.D{{Key: "$exists", Value: false}}}},
				bson.D{{Key: "last_used_at", Value: bson.D{{Key: "$lt", Value: before}}}},
			}},
		}
		if len(q.Exempt) > 0 {
			unused = append(unused, bson.E{Key: "lifecycle", Value: bson.D{{Key: "$nin", Value: q.Exempt}}})
		}
		rules = append(rules, unused)
	}
	if len(rules) == 0 {
		return nil, nil
	}
	return bson.D{{Key: "status", Value: string(memory.StatusActive)}, {Key: "$or", Value: rules}}, nil
}

// StaleMemories lists the active memories of every owner that q selects
// for archiving, oldest first, vectors not loaded. It spans owners, and so
// every shard; callers keep it bounded with q.Limit.
func (s *Store) StaleMemories(ctx context.Context, q memory.StaleQuery) ([]memory.Memory, error) {
	const op = "list stale memories"
	filter, err := staleFilter(q)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if filter == nil {
		return nil, nil
	}
	opts := options.Find().
		SetSort(bson.D{{Key: "created_at", Value: 1}, {Key: "_id", Value: 1}}).
		SetProjection(bson.D{{Key: "embedding", Value: 0}})
	if q.Limit > 0 {
		opts.SetLimit(int64(q.Limit))
	}
	return s.findMemories(ctx, op, filter, opts)
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
		return s.bumpRevision(ctx, op, owner)
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

// DueMemories lists the active memories of every owner of q's types that
// fall due in q's window, soonest first, vectors not loaded. It spans
// owners, and so every shard; the window keeps it small, and the order is
// made here (the due time is one of two fields).
func (s *Store) DueMemories(ctx context.Context, q memory.DueQuery) ([]memory.Memory, error) {
	const op = "list due memories"
	if err := q.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	window := bson.D{
		{Key: "$gte", Value: bson.NewDateTimeFromTime(q.From)},
		{Key: "$lt", Value: bson.NewDateTimeFromTime(q.To)},
	}
	filter := bson.D{
		{Key: "status", Value: string(memory.StatusActive)},
		{Key: "type", Value: bson.D{{Key: "$in", Value: q.Types}}},
		{Key: "$or", Value: bson.A{
			bson.D{{Key: "event_time", Value: window}},
			bson.D{{Key: "event_time", Value: nil}, {Key: "expires_at", Value: window}},
		}},
	}
	out, err := s.findMemories(ctx, op, filter, options.Find().SetProjection(bson.D{{Key: "embedding", Value: 0}}))
	if err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b memory.Memory) int {
		if c := a.Due().Compare(b.Due()); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	if q.Limit > 0 && len(out) > q.Limit {
		out = out[:q.Limit]
	}
	return out, nil
}
