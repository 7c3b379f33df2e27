package mongo

import (
	"sync/atomic"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The tests in this file need the server at MONGODB_URI; TestMongoStore
// runs them.

func testCountsExpiryIndex(t *testing.T, srv *testServer) {
	s := srv.open(t)
	wantTTLIndex(t, srv, s.counts, "expires_at")
}

// testAddCountReplacesExpired stores what the TTL monitor has not removed
// yet, a counter past its expiry, and checks that an add starts a new
// window in the same document instead of adding to the old count.
func testAddCountReplacesExpired(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	now := time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()
	old := countDoc{Key: "limit:k", Value: 1000, ExpiresAt: bson.NewDateTimeFromTime(now.Add(-time.Second))}
	if _, err := s.counts.InsertOne(ctx, old); err != nil {
		t.Fatalf("insert expired counter: %v", err)
	}
	got, err := s.AddCount(ctx, "limit:k", 3, now, now.Add(time.Minute))
	if err != nil || got != 3 {
		t.Fatalf("AddCount over an expired document = %d, %v; want 3", got, err)
	}
	var docs []countDoc
	cur, err := s.counts.Find(ctx, bson.D{})
	if err == nil {
		err = cur.All(ctx, &docs)
	}
	if err != nil {
		t.Fatalf("read counters: %v", err)
	}
	want := countDoc{Key: "limit:k", Value: 3, ExpiresAt: bson.NewDateTimeFromTime(now.Add(time.Minute))}
	if len(docs) != 1 || docs[0] != want {
		t.Errorf("counters collection = %+v, want only %+v", docs, want)
	}
}

// testAddCountPurgesExpired checks that adds delete expired counters, at
// most once a minute by the store's clock, so that a server without TTL
// indexes does not keep every counter's last window for good.
func testAddCountPurgesExpired(t *testing.T, srv *testServer) {
	var clock atomic.Int64
	clock.Store(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).UnixMilli())
	s := srv.open(t, WithClock(func() time.Time { return time.UnixMilli(clock.Load()) }))
	ctx := t.Context()
	now := time.Now().Add(time.Hour).Truncate(time.Millisecond).UTC()
	insert := func(key string, expires time.Time) {
		t.Helper()
		if _, err := s.counts.InsertOne(ctx, countDoc{Key: key, Value: 1, ExpiresAt: bson.NewDateTimeFromTime(expires)}); err != nil {
			t.Fatalf("insert counter %s: %v", key, err)
		}
	}
	keys := func() map[string]bool {
		t.Helper()
		var docs []countDoc
		cur, err := s.counts.Find(ctx, bson.D{})
		if err == nil {
			err = cur.All(ctx, &docs)
		}
		if err != nil {
			t.Fatalf("read counters: %v", err)
		}
		out := map[string]bool{}
		for _, d := range docs {
			out[d.Key] = true
		}
		return out
	}
	add := func(key string) {
		t.Helper()
		if _, err := s.AddCount(ctx, key, 1, now, now.Add(time.Hour)); err != nil {
			t.Fatalf("AddCount(%s): %v", key, err)
		}
	}
	insert("dead:1", now.Add(-time.Hour))
	insert("dead:2", now)
	insert("live", now.Add(time.Millisecond))
	add("new")
	if got := keys(); len(got) != 2 || !got["live"] || !got["new"] {
		t.Errorf("after the first add the counters are %v, want live and new (the expired purged)", got)
	}

	insert("dead:3", now.Add(-time.Minute))
	clock.Add((time.Minute - time.Millisecond).Milliseconds())
	add("new")
	if got := keys(); !got["dead:3"] {
		t.Errorf("an add within a minute of the last purge purged again: %v", got)
	}
	clock.Add(time.Millisecond.Milliseconds())
	add("new")
	if got := keys(); got["dead:3"] || len(got) != 2 {
		t.Errorf("an add a minute after the last purge left %v, want live and new", got)
	}
}
