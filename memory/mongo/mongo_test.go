package mongo

import (
	"context"
	"os"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/storetest"
)

// Environment of the tests that need a server.
const (
	// envURI names the server; unset, those tests skip.
	envURI = "MONGODB_URI"
	// envFlavor says what answers at envURI: "ferretdb" for FerretDB v1,
	// anything else for MongoDB.
	envFlavor = "MEMBOT_TEST_MONGO_FLAVOR"
)

// skipConcurrentFerretDB is why the concurrency contracts cannot pass on
// FerretDB v1.
const skipConcurrentFerretDB = "FerretDB v1 loses concurrent updates (read-modify-write without compare-and-swap); needs real MongoDB"

// testServer is what the tests know about the server at MONGODB_URI.
type testServer struct {
	uri     string
	ferret  bool
	options []Option
	// admin drops the throw-away databases; it outlives every store.
	admin *mongo.Client
}

// needServer returns the server at MONGODB_URI, skips when the variable is
// unset, and fails (never skips) when it is set but the server does not
// answer.
func needServer(t *testing.T) *testServer {
	t.Helper()
	uri := os.Getenv(envURI)
	if uri == "" {
		t.Skip(envURI + " not set; see README (Testing against MongoDB) to run the MongoDB store tests")
	}
	srv := &testServer{uri: uri, ferret: os.Getenv(envFlavor) == "ferretdb"}
	co := options.Client().ApplyURI(uri).SetServerSelectionTimeout(DefaultTimeout)
	if srv.ferret {
		// One connection: FerretDB v1 has no real concurrency control.
		srv.options = append(srv.options, WithMaxPoolSize(1))
		co.SetMaxPoolSize(1)
	}
	admin, err := mongo.Connect(co)
	if err != nil {
		t.Fatalf("%s is set but unusable: %s", envURI, scrub(err, uriSecrets(uri)))
	}
	t.Cleanup(func() { disconnect(t, admin) })
	ctx, cancel := context.WithTimeout(t.Context(), DefaultTimeout)
	defer cancel()
	if err := admin.Ping(ctx, nil); err != nil {
		t.Fatalf("%s is set but %s does not answer: %s", envURI, redactURI(uri), scrub(err, uriSecrets(uri)))
	}
	srv.admin = admin
	return srv
}

func disconnect(t *testing.T, c *mongo.Client) {
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	if err := c.Disconnect(ctx); err != nil {
		t.Errorf("disconnect test client: %v", err)
	}
}

// open opens a store on a fresh database of its own, dropped when t ends
// (after the store is closed, whoever closes it).
func (srv *testServer) open(t *testing.T, extra ...Option) *Store {
	t.Helper()
	name := "membot_test_" + newID()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := srv.admin.Database(name).Drop(ctx); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	s, err := Open(t.Context(), srv.uri, name, append(append([]Option{}, srv.options...), extra...)...)
	if err != nil {
		t.Fatalf("Open(%s, %s): %v", redactURI(srv.uri), name, err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// TestMongoStore runs the shared store contract and this store's own
// checks against the server at MONGODB_URI, every subtest on a database of
// its own.
func TestMongoStore(t *testing.T) {
	srv := needServer(t)
	t.Run("Contract", func(t *testing.T) {
		opts := storetest.Options{}
		if srv.ferret {
			opts.SkipConcurrent = skipConcurrentFerretDB
		}
		storetest.Run(t, func(t *testing.T) memory.Store { return srv.open(t) }, opts)
	})
	for _, tc := range []struct {
		name string
		run  func(*testing.T, *testServer)
	}{
		{"EmbeddingStoredAsVectorBinary", testEmbeddingStoredAsVectorBinary},
		{"IndexesCreatedIdempotently", testIndexesCreatedIdempotently},
		{"UniqueIndexesHold", testUniqueIndexesHold},
		{"ClosedStoreIsUnavailable", testClosedStoreIsUnavailable},
		{"MessageInputRejected", testMessageInputRejected},
		{"ConversationSeesMessagesCapturedBeforeIt", testConversationSeesMessagesCapturedBeforeIt},
		{"ReassignOwnerBumpsVersion", testReassignOwnerBumpsVersion},
		{"SettingsExpiryIndex", testSettingsExpiryIndex},
		{"PutSettingPurgesExpired", testPutSettingPurgesExpired},
		{"CountsExpiryIndex", testCountsExpiryIndex},
		{"AddCountReplacesExpired", testAddCountReplacesExpired},
		{"AddCountPurgesExpired", testAddCountPurgesExpired},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, srv) })
	}
}
