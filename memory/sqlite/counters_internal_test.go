package sqlite

import (
	"testing"
	"time"
)

// TestAddCountPurgesExpired checks that adds delete every expired counter,
// not only the one added to, so that counters of people gone quiet do not
// stay in the file.
func TestAddCountPurgesExpired(t *testing.T) {
	s := openInternal(t)
	ctx := t.Context()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for key, expires := range map[string]time.Time{
		"limit:dead": t0.Add(time.Minute), "limit:edge": t0.Add(2 * time.Minute), "limit:live": t0.Add(time.Hour),
	} {
		if _, err := s.AddCount(ctx, key, 1, t0, expires); err != nil {
			t.Fatalf("AddCount(%s): %v", key, err)
		}
	}
	if _, err := s.AddCount(ctx, "limit:new", 1, t0.Add(2*time.Minute), t0.Add(time.Hour)); err != nil {
		t.Fatalf("AddCount: %v", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT key FROM counters ORDER BY key`)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 || keys[0] != "limit:live" || keys[1] != "limit:new" {
		t.Errorf("counters left after an add: %v, want [limit:live limit:new] (the expired purged)", keys)
	}
}
