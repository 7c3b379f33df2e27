package mongo

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/membot/membot/memory"
)

// Identity returns the account userID on platform without creating it
// (ResolveIdentity would): the command line names people by an account
// and must refuse one that does not exist. ErrNotFound when there is none.
func (s *Store) Identity(ctx context.Context, platform, userID string) (memory.Identity, error) {
	op := fmt.Sprintf("identity %s/%s", platform, userID)
	if err := errors.Join(checkKey("platform", platform), checkKey("user id", userID)); err != nil {
		return memory.Identity{}, fmt.Errorf("%s: %w", op, err)
	}
	var d identityDoc
	err := s.identities.FindOne(ctx, bson.D{{Key: "platform", Value: platform}, {Key: "user_id", Value: userID}}).Decode(&d)
	switch {
	case errors.Is(err, mongo.ErrNoDocuments):
		return memory.Identity{}, fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	case err != nil:
		return memory.Identity{}, s.fail(op, err)
	}
	return d.toIdentity(), nil
}
