package mongo

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
)

// The tests in this file need the server at MONGODB_URI; TestMongoStore
// runs them.

func testSettingsExpiryIndex(t *testing.T, srv *testServer) {
	s := srv.open(t)
	wantTTLIndex(t, srv, s.settings, "expires_at")
}

// wantTTLIndex fails t unless coll has the index name expiring documents
// at the date stored in its field; FerretDB, which has no TTL indexes,
// keeps it as a plain index and is only logged.
func wantTTLIndex(t *testing.T, srv *testServer, coll *mongo.Collection, name string) {
	t.Helper()
	specs, err := coll.Indexes().ListSpecifications(t.Context())
	if err != nil {
		t.Fatalf("list indexes of %s: %v", coll.Name(), err)
	}
	for _, sp := range specs {
		if sp.Name != name {
			continue
		}
		switch {
		case sp.ExpireAfterSeconds != nil && *sp.ExpireAfterSeconds == 0:
		case srv.ferret:
			t.Logf("FerretDB keeps %s.%s as a plain index (expireAfterSeconds %v)", coll.Name(), name, sp.ExpireAfterSeconds)
		default:
			t.Errorf("index %s.%s has expireAfterSeconds %v, want a TTL index expiring at the stored date", coll.Name(), name, sp.ExpireAfterSeconds)
		}
		return
	}
	t.Errorf("%s has no %s index: %+v", coll.Name(), name, specs)
}

func testPutSettingPurgesExpired(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	now := time.Now()
	for key, expires := range map[string]time.Time{
		"dead:1": now.Add(-time.Hour), "dead:2": now.Add(-time.Minute),
		"live": now.Add(time.Hour), "forever": {},
	} {
		doc := settingDoc{Key: key, Value: "v", ExpiresAt: optDate(expires), UpdatedAt: bson.NewDateTimeFromTime(now)}
		if _, err := s.settings.InsertOne(ctx, doc); err != nil {
			t.Fatalf("insert setting %s: %v", key, err)
		}
	}
	if err := s.PutSetting(ctx, "new", "v", time.Time{}); err != nil {
		t.Fatalf("PutSetting: %v", err)
	}
	cur, err := s.settings.Find(ctx, bson.D{})
	if err != nil {
		t.Fatalf("find settings: %v", err)
	}
	var docs []settingDoc
	if err := cur.All(ctx, &docs); err != nil {
		t.Fatalf("read settings: %v", err)
	}
	got := map[string]bool{}
	for _, d := range docs {
		got[d.Key] = true
	}
	if len(got) != 3 || !got["live"] || !got["forever"] || !got["new"] {
		t.Errorf("after PutSetting the collection holds %v, want live, forever and new (the expired purged)", got)
	}
}
