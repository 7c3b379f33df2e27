package mongo

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// memoryKey is the filter for one memory of one owner. Every memory
// operation goes through the owner: it is the privacy boundary and the
// shard key.
func memoryKey(owner, id string) bson.D {
	return bson.D{{Key: "_id", Value: id}, {Key: "owner", Value: owner}}
}

// InsertMemory stores a new memory, assigning its id when empty, version 1
// and the timestamps left zero. memory.ErrConflict if the id is taken.
func (s *Store) InsertMemory(ctx context.Context, m *memory.Memory) error {
	op := "insert memory for " + m.Owner
	if err := checkMemory(m); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	stored := *m
	if stored.ID == "" {
		stored.ID = newID()
	} else if err := checkKey("memory id", stored.ID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.clock()
	if stored.CreatedAt.IsZero() {
		stored.CreatedAt = now
	}
	if stored.UpdatedAt.IsZero() {
		stored.UpdatedAt = now
	}
	stored.Version = 1
	normalizeMemoryTimes(&stored)
	doc, err := toMemoryDoc(&stored)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	_, err = s.memories.InsertOne(ctx, doc)
	if lostReply(err) && s.landed(ctx, s.memories, append(memoryKey(stored.Owner, stored.ID),
		bson.E{Key: "version", Value: int64(1)}, bson.E{Key: "created_at", Value: doc.CreatedAt}, bson.E{Key: "text", Value: doc.Text})) {
		err = nil
	}
	if err != nil {
		return s.fail(fmt.Sprintf("%s: memory %s", op, stored.ID), err)
	}
	*m = stored
	return s.bumpRevision(ctx, op, m.Owner)
}

// Memory returns one memory of owner, with its embedding, or
// memory.ErrNotFound (also when it belongs to someone else).
func (s *Store) Memory(ctx context.Context, owner, id string) (memory.Memory, error) {
	op := fmt.Sprintf("load memory %s of %s", id, owner)
	if err := checkKey("owner", owner); err != nil {
		return memory.Memory{}, fmt.Errorf("%s: %w", op, err)
	}
	var d memoryDoc
	if err := s.memories.FindOne(ctx, memoryKey(owner, id)).Decode(&d); err != nil {
		return memory.Memory{}, s.fail(op, err)
	}
	m, err := d.toMemory()
	if err != nil {
		return memory.Memory{}, fmt.Errorf("%s: %w", op, err)
	}
	return m, nil
}

// keptByUpdate reports the stored fields UpdateMemory never writes: the
// identity and creation of a memory, and the usage counters, which
// TouchMemories owns so that an update cannot undo a concurrent touch.
func keptByUpdate(field string) bool {
	switch field {
	case "_id", "owner", "created_at", "use_count", "last_used_at", "version":
		return true
	}
	return false
}

// optionalMemoryFields are the stored fields left out when empty, so an
// update that empties one must remove it.
func optionalMemoryFields() []string {
	return []string{"subject", "tags", "keywords", "event_time", "expires_at", "superseded_by", "supersedes", "history", "embedding"}
}

// UpdateMemory writes m if m.Version is still the stored one: memory.
// ErrConflict if it changed since it was read, memory.ErrNotFound if it is
// gone. Usage counters are left to TouchMemories.
func (s *Store) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	op := fmt.Sprintf("update memory %s of %s", m.ID, m.Owner)
	if err := checkMemory(m); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if err := checkKey("memory id", m.ID); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.clock()
	stored := *m
	stored.UpdatedAt = now
	normalizeMemoryTimes(&stored)
	doc, err := toMemoryDoc(&stored)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	raw, err := bson.Marshal(doc)
	if err != nil {
		return fmt.Errorf("%s: encode: %w", op, err)
	}
	elems, err := bson.Raw(raw).Elements()
	if err != nil {
		return fmt.Errorf("%s: encode: %w", op, err)
	}
	set := bson.D{}
	present := map[string]bool{}
	for _, e := range elems {
		if k := e.Key(); !keptByUpdate(k) {
			set = append(set, bson.E{Key: k, Value: e.Value()})
			present[k] = true
		}
	}
	update := bson.D{{Key: "$set", Value: set}}
	unset := bson.D{}
	for _, k := range optionalMemoryFields() {
		if !present[k] {
			unset = append(unset, bson.E{Key: k, Value: ""})
		}
	}
	if len(unset) > 0 {
		update = append(update, bson.E{Key: "$unset", Value: unset})
	}
	if err := s.versionedUpdate(ctx, op, s.memories, memoryKey(m.Owner, m.ID), m.Version, update); err != nil {
		return err
	}
	stored.Version++
	*m = stored
	return s.bumpRevision(ctx, op, m.Owner)
}

// memoryFilter turns q into a query; it always includes the owner.
func memoryFilter(q memory.MemoryQuery) (bson.D, error) {
	if err := checkKey("owner", q.Owner); err != nil {
		return nil, err
	}
	if err := checkString("id prefix", q.IDPrefix, maxShort); err != nil {
		return nil, err
	}
	f := bson.D{{Key: "owner", Value: q.Owner}}
	if len(q.Statuses) > 0 {
		for _, st := range q.Statuses {
			if !st.Valid() {
				return nil, fmt.Errorf("%w: status %q", memory.ErrInvalid, st)
			}
		}
		f = append(f, bson.E{Key: "status", Value: bson.D{{Key: "$in", Value: q.Statuses}}})
	}
	if len(q.Types) > 0 {
		for _, t := range q.Types {
			if !t.Valid() {
				return nil, fmt.Errorf("%w: memory type %q", memory.ErrInvalid, t)
			}
		}
		f = append(f, bson.E{Key: "type", Value: bson.D{{Key: "$in", Value: q.Types}}})
	}
	if len(q.Lifecycle) > 0 {
		for _, l := range q.Lifecycle {
			if !l.Valid() {
				return nil, fmt.Errorf("%w: lifecycle %q", memory.ErrInvalid, l)
			}
		}
		f = append(f, bson.E{Key: "lifecycle", Value: bson.D{{Key: "$in", Value: q.Lifecycle}}})
	}
	if q.IDPrefix != "" {
		f = append(f, bson.E{Key: "_id", Value: bson.D{{Key: "$regex", Value: "^" + regexp.QuoteMeta(q.IDPrefix)}}})
	}
	if !q.UpdatedBefore.IsZero() {
		f = append(f, bson.E{Key: "updated_at", Value: bson.D{{Key: "$lt", Value: bson.NewDateTimeFromTime(q.UpdatedBefore)}}})
	}
	return f, nil
}

// ListMemories returns the owner's memories matching q, newest first.
func (s *Store) ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	op := "list memories of " + q.Owner
	if q.Offset < 0 || q.Limit < 0 {
		return nil, fmt.Errorf("%s: %w: offset %d, limit %d", op, memory.ErrInvalid, q.Offset, q.Limit)
	}
	filter, err := memoryFilter(q)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	opts := options.Find().SetSort(bson.D{{Key: "created_at", Value: -1}, {Key: "_id", Value: -1}})
	if q.Offset > 0 {
		opts.SetSkip(int64(q.Offset))
	}
	if q.Limit > 0 {
		opts.SetLimit(int64(q.Limit))
	}
	if !q.WithEmbedding {
		opts.SetProjection(bson.D{{Key: "embedding", Value: 0}})
	}
	return s.findMemories(ctx, op, filter, opts)
}

// findMemories runs a memories query and decodes every document; op names
// the operation in errors.
func (s *Store) findMemories(ctx context.Context, op string, filter bson.D, opts *options.FindOptionsBuilder) ([]memory.Memory, error) {
	cur, err := s.memories.Find(ctx, filter, opts)
	if err != nil {
		return nil, s.fail(op, err)
	}
	var docs []memoryDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, s.fail(op, err)
	}
	out := make([]memory.Memory, 0, len(docs))
	for i := range docs {
		m, err := docs[i].toMemory()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		out = append(out, m)
	}
	return out, nil
}

// CountMemories counts the owner's memories matching q, ignoring paging.
func (s *Store) CountMemories(ctx context.Context, q memory.MemoryQuery) (int64, error) {
	op := "count memories of " + q.Owner
	filter, err := memoryFilter(q)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	n, err := s.memories.CountDocuments(ctx, filter)
	if err != nil {
		return 0, s.fail(op, err)
	}
	return n, nil
}

// TouchMemories adds one use to each listed memory of owner and sets its
// last use to t, atomically per memory and without a version check.
// Unknown ids are ignored.
func (s *Store) TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error {
	op := fmt.Sprintf("touch %d memories of %s", len(ids), owner)
	if err := checkKey("owner", owner); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if len(ids) == 0 {
		return nil
	}
	if t.IsZero() {
		t = s.clock()
	}
	_, err := s.memories.UpdateMany(ctx,
		bson.D{{Key: "owner", Value: owner}, {Key: "_id", Value: bson.D{{Key: "$in", Value: ids}}}},
		bson.D{
			{Key: "$inc", Value: bson.D{{Key: "use_count", Value: int64(1)}}},
			{Key: "$set", Value: bson.D{{Key: "last_used_at", Value: bson.NewDateTimeFromTime(t)}}},
		})
	if err != nil {
		return s.fail(op, err)
	}
	return nil
}

// DeleteMemory hard-deletes one memory of owner, history and embedding
// included.
func (s *Store) DeleteMemory(ctx context.Context, owner, id string) error {
	op := fmt.Sprintf("delete memory %s of %s", id, owner)
	if err := checkKey("owner", owner); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	res, err := s.memories.DeleteOne(ctx, memoryKey(owner, id))
	if err != nil {
		return s.fail(op, err)
	}
	if res.DeletedCount == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return s.bumpRevision(ctx, op, owner)
}

// DeleteAllMemories hard-deletes every memory of owner and returns how
// many went.
func (s *Store) DeleteAllMemories(ctx context.Context, owner string) (int64, error) {
	op := "delete all memories of " + owner
	if err := checkKey("owner", owner); err != nil {
		return 0, fmt.Errorf("%s: %w", op, err)
	}
	res, err := s.memories.DeleteMany(ctx, bson.D{{Key: "owner", Value: owner}})
	if err != nil {
		return 0, s.fail(op, err)
	}
	return res.DeletedCount, s.bumpRevision(ctx, op, owner)
}
