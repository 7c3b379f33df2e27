package mongo

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
)

// ResolveIdentity returns the person behind a platform account, creating
// both on first sight. Two replicas resolving a new account at once agree
// on one person: the unique {platform, user_id} index lets only one
// identity in, and the loser removes the person it created.
func (s *Store) ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error) {
	if err := errors.Join(checkKey("platform", platform), checkKey("user id", userID),
		checkString("username", username, maxShort)); err != nil {
		return memory.Person{}, fmt.Errorf("resolve identity: %w", err)
	}
	op := fmt.Sprintf("resolve identity %s/%s", platform, userID)
	key := bson.D{{Key: "platform", Value: platform}, {Key: "user_id", Value: userID}}

	var found identityDoc
	err := s.identities.FindOneAndUpdate(ctx, key,
		bson.D{{Key: "$set", Value: bson.D{{Key: "username", Value: username}}}}).Decode(&found)
	switch {
	case err == nil:
		return s.person(ctx, op, found.PersonID)
	case !errors.Is(err, mongo.ErrNoDocuments):
		return memory.Person{}, s.fail(op, err)
	}

	now := s.clock()
	p := personDoc{
		ID: newID(), DisplayName: username,
		CreatedAt: bson.NewDateTimeFromTime(now), UpdatedAt: bson.NewDateTimeFromTime(now), Version: 1,
	}
	if _, err := s.people.InsertOne(ctx, p); err != nil {
		return memory.Person{}, s.fail(op+": create person", err)
	}
	ident := identityDoc{Platform: platform, UserID: userID, PersonID: p.ID, Username: username,
		LinkedAt: bson.NewDateTimeFromTime(now)}
	if _, err := s.identities.InsertOne(ctx, ident); err != nil {
		if lostReply(err) {
			// The identity may be in, pointing at p: removing p then
			// would strand the account for good.
			ferr := s.identities.FindOne(ctx, key).Decode(&found)
			switch {
			case ferr == nil && found.PersonID == p.ID:
				s.log.Info("write applied although its reply was lost", "collection", collIdentities)
				return p.toPerson(), nil
			case ferr != nil && !errors.Is(ferr, mongo.ErrNoDocuments):
				return memory.Person{}, s.fail(op+": create identity", err)
			}
		}
		if _, derr := s.people.DeleteOne(ctx, bson.D{{Key: "_id", Value: p.ID}}); derr != nil {
			s.log.Warn("remove unused person", "person", p.ID, "err", derr)
		}
		if !mongo.IsDuplicateKeyError(err) {
			return memory.Person{}, s.fail(op+": create identity", err)
		}
		// Another replica linked this account first: use its person.
		if err := s.identities.FindOne(ctx, key).Decode(&found); err != nil {
			return memory.Person{}, s.fail(op, err)
		}
		return s.person(ctx, op, found.PersonID)
	}
	s.log.Debug("new person", "person", p.ID, "platform", platform)
	return p.toPerson(), nil
}

// Person returns a person by id, or memory.ErrNotFound.
func (s *Store) Person(ctx context.Context, id string) (memory.Person, error) {
	return s.person(ctx, "load person "+id, id)
}

func (s *Store) person(ctx context.Context, op, id string) (memory.Person, error) {
	var d personDoc
	if err := s.people.FindOne(ctx, bson.D{{Key: "_id", Value: id}}).Decode(&d); err != nil {
		return memory.Person{}, s.fail(op, err)
	}
	return d.toPerson(), nil
}

// CreatePerson stores a new person at version 1, assigning its id when
// empty and the creation and update times when zero; memory.ErrConflict if
// the id is taken.
func (s *Store) CreatePerson(ctx context.Context, p *memory.Person) error {
	op := "create person " + p.ID
	stored := *p
	if stored.ID == "" {
		stored.ID = newID()
	}
	if err := errors.Join(checkKey("person id", stored.ID), checkString("display name", stored.DisplayName, maxShort),
		checkString("language", stored.Language, maxShort)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.clock()
	if stored.CreatedAt.IsZero() {
		stored.CreatedAt = now
	}
	if stored.UpdatedAt.IsZero() {
		stored.UpdatedAt = now
	}
	stored.CreatedAt, stored.UpdatedAt = storedTime(stored.CreatedAt), storedTime(stored.UpdatedAt)
	stored.Version = 1
	doc := personDoc{
		ID: stored.ID, DisplayName: stored.DisplayName, Language: stored.Language, MemoryOff: stored.MemoryOff,
		CreatedAt: bson.NewDateTimeFromTime(stored.CreatedAt), UpdatedAt: bson.NewDateTimeFromTime(stored.UpdatedAt),
		Version: stored.Version, NoUndelivered: stored.NoUndelivered,
	}
	if _, err := s.people.InsertOne(ctx, doc); err != nil {
		return s.fail("create person "+stored.ID, err)
	}
	*p = stored
	return nil
}

// UpdatePerson writes p's settings if p.Version is still the stored one.
func (s *Store) UpdatePerson(ctx context.Context, p *memory.Person) error {
	op := "update person " + p.ID
	if err := errors.Join(checkKey("person id", p.ID), checkString("display name", p.DisplayName, maxShort),
		checkString("language", p.Language, maxShort)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.clock()
	set := bson.D{
		{Key: "display_name", Value: p.DisplayName},
		{Key: "language", Value: p.Language},
		{Key: "memory_off", Value: p.MemoryOff},
		{Key: "no_undelivered", Value: p.NoUndelivered},
		{Key: "updated_at", Value: bson.NewDateTimeFromTime(now)},
	}
	if err := s.versionedUpdate(ctx, op, s.people, bson.D{{Key: "_id", Value: p.ID}}, p.Version, bson.D{{Key: "$set", Value: set}}); err != nil {
		return err
	}
	p.Version++
	p.UpdatedAt = now
	return nil
}

// Identities lists the accounts linked to a person, by platform and user id.
func (s *Store) Identities(ctx context.Context, personID string) ([]memory.Identity, error) {
	op := "list identities of " + personID
	opts := options.Find().SetSort(bson.D{{Key: "platform", Value: 1}, {Key: "user_id", Value: 1}})
	cur, err := s.identities.Find(ctx, bson.D{{Key: "person_id", Value: personID}}, opts)
	if err != nil {
		return nil, s.fail(op, err)
	}
	var docs []identityDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, s.fail(op, err)
	}
	out := make([]memory.Identity, 0, len(docs))
	for i := range docs {
		out = append(out, docs[i].toIdentity())
	}
	return out, nil
}

// MoveIdentity points an existing identity at another existing person.
func (s *Store) MoveIdentity(ctx context.Context, platform, userID, personID string) error {
	op := fmt.Sprintf("move identity %s/%s to %s", platform, userID, personID)
	if err := errors.Join(checkKey("platform", platform), checkKey("user id", userID),
		checkKey("person id", personID)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if _, err := s.person(ctx, op, personID); err != nil {
		return err
	}
	res, err := s.identities.UpdateOne(ctx,
		bson.D{{Key: "platform", Value: platform}, {Key: "user_id", Value: userID}},
		bson.D{{Key: "$set", Value: bson.D{
			{Key: "person_id", Value: personID},
			{Key: "linked_at", Value: bson.NewDateTimeFromTime(s.clock())},
		}}})
	if err != nil {
		return s.fail(op, err)
	}
	if res.MatchedCount == 0 {
		return fmt.Errorf("%s: identity: %w", op, memory.ErrNotFound)
	}
	return nil
}

// ReassignOwner moves every memory and every message authorship of one
// person to another. Memories move one by one, filtered on their old
// owner: owner is the shard key, and a sharded cluster changes a shard key
// only through single-document writes.
func (s *Store) ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error {
	op := fmt.Sprintf("reassign %s to %s", fromPersonID, toPersonID)
	if err := errors.Join(checkKey("from person id", fromPersonID), checkKey("to person id", toPersonID)); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if fromPersonID == toPersonID {
		return nil
	}
	cur, err := s.memories.Find(ctx, bson.D{{Key: "owner", Value: fromPersonID}},
		options.Find().SetProjection(bson.D{{Key: "_id", Value: 1}}))
	if err != nil {
		return s.fail(op, err)
	}
	var ids []struct {
		ID string `bson:"_id"`
	}
	if err := cur.All(ctx, &ids); err != nil {
		return s.fail(op, err)
	}
	for _, d := range ids {
		_, err := s.memories.UpdateOne(ctx,
			bson.D{{Key: "_id", Value: d.ID}, {Key: "owner", Value: fromPersonID}},
			bson.D{
				{Key: "$set", Value: bson.D{{Key: "owner", Value: toPersonID}}},
				{Key: "$inc", Value: bson.D{{Key: "version", Value: int64(1)}}},
			})
		if err != nil {
			return s.fail(fmt.Sprintf("%s: memory %s", op, d.ID), err)
		}
	}
	res, err := s.messages.UpdateMany(ctx, bson.D{{Key: "person_id", Value: fromPersonID}},
		bson.D{{Key: "$set", Value: bson.D{{Key: "person_id", Value: toPersonID}}}})
	if err != nil {
		return s.fail(op+": messages", err)
	}
	s.log.Info("reassigned owner", "from", fromPersonID, "to", toPersonID,
		"memories", len(ids), "messages", res.ModifiedCount)
	return s.bumpRevision(ctx, op, fromPersonID, toPersonID)
}
