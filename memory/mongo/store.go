package mongo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"
	"go.mongodb.org/mongo-driver/v2/mongo/readpref"
	"go.mongodb.org/mongo-driver/v2/x/mongo/driver/topology"

	"github.com/membot/membot/memory"
)

// Collection names; see the package documentation for what each holds.
const (
	collPeople        = "people"
	collIdentities    = "identities"
	collConversations = "conversations"
	collCounters      = "counters"
	collMessages      = "messages"
	collMemories      = "memories"
	collSettings      = "settings"
	collRevisions     = "revisions"
	collAnswers       = "answers"
	collCounts        = "counts"
	collLeases        = "leases"
)

// closeTimeout bounds Close, so that shutting down never hangs on a server
// that stopped answering.
const closeTimeout = 5 * time.Second

// Store is a memory.Store backed by one MongoDB database. It is safe for
// concurrent use.
type Store struct {
	client *mongo.Client
	db     *mongo.Database
	where  string
	log    *slog.Logger
	now    func() time.Time

	people        *mongo.Collection
	identities    *mongo.Collection
	conversations *mongo.Collection
	counters      *mongo.Collection
	messages      *mongo.Collection
	memories      *mongo.Collection
	settings      *mongo.Collection
	revisions     *mongo.Collection
	answers       *mongo.Collection
	counts        *mongo.Collection
	leases        *mongo.Collection

	// countsPurged is when (Unix milliseconds, store clock) AddCount last
	// purged expired counters.
	countsPurged atomic.Int64

	closeOnce sync.Once
	closeErr  error
}

var _ memory.Store = (*Store)(nil)

// Open connects to the MongoDB server at uri, checks that it answers and
// creates the indexes the store needs in database.
//
// A server that does not answer within the timeout (DefaultTimeout, see
// WithTimeout) yields memory.ErrUnavailable; a malformed uri or database
// name yields memory.ErrInvalid. Errors name the hosts but never the
// credentials of uri.
func Open(ctx context.Context, uri, database string, opts ...Option) (*Store, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	if strings.TrimSpace(uri) == "" {
		return nil, fmt.Errorf("%w: MongoDB URI is empty", memory.ErrInvalid)
	}
	if err := checkDatabaseName(database); err != nil {
		return nil, err
	}
	where := redactURI(uri)
	secrets := uriSecrets(uri)

	co := options.Client().
		ApplyURI(uri).
		SetAppName("membot").
		SetServerSelectionTimeout(cfg.timeout).
		SetConnectTimeout(cfg.timeout)
	if cfg.maxPoolSize > 0 {
		co.SetMaxPoolSize(cfg.maxPoolSize)
	}
	if err := co.Validate(); err != nil {
		return nil, fmt.Errorf("%w: MongoDB URI %s: %s", memory.ErrInvalid, where, scrub(err, secrets))
	}
	if co.Auth != nil && co.Auth.Password != "" {
		secrets = append(secrets, co.Auth.Password)
	}
	client, err := mongo.Connect(co)
	if err != nil {
		return nil, fmt.Errorf("%w: connect to MongoDB at %s: %s", memory.ErrUnavailable, where, scrub(err, secrets))
	}

	s := newStore(client, database, where, cfg)
	pingCtx, cancel := context.WithTimeout(ctx, cfg.timeout)
	err = client.Ping(pingCtx, readpref.Primary())
	cancel()
	if err != nil {
		_ = s.Close()
		if ctx.Err() != nil {
			return nil, fmt.Errorf("connect to MongoDB at %s: %w", where, ctx.Err())
		}
		return nil, fmt.Errorf("%w: MongoDB at %s did not answer within %s: %s",
			memory.ErrUnavailable, where, cfg.timeout, scrub(err, secrets))
	}

	idxCtx, cancel := context.WithTimeout(ctx, indexTimeout)
	err = s.ensureIndexes(idxCtx)
	cancel()
	if err != nil {
		_ = s.Close()
		return nil, s.fail(fmt.Sprintf("prepare MongoDB database %q", database), err)
	}
	s.log.Info("mongo store open", "hosts", where, "database", database)
	return s, nil
}

func newStore(client *mongo.Client, database, where string, cfg config) *Store {
	db := client.Database(database)
	return &Store{
		client:        client,
		db:            db,
		where:         where,
		log:           cfg.logger,
		now:           cfg.now,
		people:        db.Collection(collPeople),
		identities:    db.Collection(collIdentities),
		conversations: db.Collection(collConversations),
		counters:      db.Collection(collCounters),
		messages:      db.Collection(collMessages),
		memories:      db.Collection(collMemories),
		settings:      db.Collection(collSettings),
		revisions:     db.Collection(collRevisions),
		answers:       db.Collection(collAnswers),
		counts:        db.Collection(collCounts),
		leases:        db.Collection(collLeases),
	}
}

// checkDatabaseName rejects names MongoDB would refuse, before any I/O.
func checkDatabaseName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: MongoDB database name is empty", memory.ErrInvalid)
	case len(name) > 63:
		return fmt.Errorf("%w: MongoDB database name is %d bytes, over 63", memory.ErrInvalid, len(name))
	case strings.ContainsAny(name, "/\\. \"$*<>:|?\x00"):
		return fmt.Errorf("%w: MongoDB database name %q contains a forbidden character", memory.ErrInvalid, name)
	}
	return nil
}

// Close disconnects from the server. It is safe to call more than once and
// never waits longer than a few seconds.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
		defer cancel()
		if err := s.client.Disconnect(ctx); err != nil {
			s.closeErr = fmt.Errorf("disconnect from MongoDB at %s: %w", s.where, err)
		}
	})
	return s.closeErr
}

// clock returns the store's current time as it is stored: UTC, whole
// milliseconds.
func (s *Store) clock() time.Time {
	return storedTime(s.now())
}

// fail wraps a driver error with the operation and maps it onto the
// memory error kinds: no document → ErrNotFound, duplicate key →
// ErrConflict, a server that cannot be reached → ErrUnavailable, a server
// that refuses writes for good (no permission, disk or quota full) →
// ErrReadOnly. A cancelled or expired context is reported as such.
func (s *Store) fail(op string, err error) error {
	switch {
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("%s: %w", op, err)
	case errors.Is(err, mongo.ErrNoDocuments):
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	case mongo.IsDuplicateKeyError(err):
		return fmt.Errorf("%s: %w: %w", op, memory.ErrConflict, err)
	case unreachable(err):
		return fmt.Errorf("%s: %w: MongoDB at %s: %w", op, memory.ErrUnavailable, s.where, err)
	case refusesWrites(err):
		return fmt.Errorf("%s: %w: MongoDB at %s: %w", op, memory.ErrReadOnly, s.where, err)
	}
	return fmt.Errorf("%s: %w", op, err)
}

// Server error codes that mean writes will keep failing until an operator
// acts: Unauthorized (the user lost its write role), OutOfDiskSpace, and
// AtlasError, which Atlas answers when a cluster is over its storage quota.
const (
	codeUnauthorized   = 13
	codeOutOfDiskSpace = 14031
	codeAtlasError     = 8000
)

// refusesWrites reports whether err is the server refusing writes for a
// reason that retrying will not cure.
func refusesWrites(err error) bool {
	var se mongo.ServerError
	if !errors.As(err, &se) {
		return false
	}
	return se.HasErrorCode(codeUnauthorized) || se.HasErrorCode(codeOutOfDiskSpace) ||
		(se.HasErrorCode(codeAtlasError) && strings.Contains(strings.ToLower(se.Error()), "quota"))
}

// unreachable reports whether err means the server could not be reached,
// as opposed to the server refusing the operation.
func unreachable(err error) bool {
	var sel topology.ServerSelectionError
	return errors.As(err, &sel) ||
		errors.Is(err, mongo.ErrClientDisconnected) ||
		errors.Is(err, topology.ErrTopologyClosed) ||
		mongo.IsNetworkError(err) ||
		mongo.IsTimeout(err)
}

// versionedUpdate applies update (a document of update operators other
// than $inc) to the record matching filter at version, incrementing the
// version. When nothing matched it tells a record that
// is gone (memory.ErrNotFound) from one that changed (memory.ErrConflict).
func (s *Store) versionedUpdate(ctx context.Context, op string, coll *mongo.Collection, filter bson.D, version int64, update bson.D) error {
	withVersion := append(append(bson.D{}, filter...), bson.E{Key: "version", Value: version})
	update = append(append(bson.D{}, update...), bson.E{Key: "$inc", Value: bson.D{{Key: "version", Value: int64(1)}}})
	res, err := coll.UpdateOne(ctx, withVersion, update)
	if lostReply(err) {
		// The next version with this write's own time is this write.
		if at, ok := setValue(update, "updated_at"); ok && s.landed(ctx, coll, append(append(bson.D{}, filter...),
			bson.E{Key: "version", Value: version + 1}, bson.E{Key: "updated_at", Value: at})) {
			return nil
		}
	}
	if err != nil {
		return s.fail(op, err)
	}
	if res.MatchedCount == 1 {
		return nil
	}
	n, err := coll.CountDocuments(ctx, filter, options.Count().SetLimit(1))
	if err != nil {
		return s.fail(op, err)
	}
	if n == 0 {
		return fmt.Errorf("%s: %w", op, memory.ErrNotFound)
	}
	return fmt.Errorf("%s: version %d is stale: %w", op, version, memory.ErrConflict)
}
