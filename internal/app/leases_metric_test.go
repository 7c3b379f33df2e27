package app

import (
	"context"
	"log/slog"
	"maps"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// The lease gauge counts what this process holds now, by kind: not
// another replica's leases, not one that ran out.
func TestHeldLeasesByKind(t *testing.T) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	now := time.Now()
	for _, l := range []memory.LeaseQuery{
		{Name: "extract:telegram:1", Holder: "me", Now: now, Until: now.Add(time.Minute)},
		{Name: "extract:telegram:2", Holder: "me", Now: now, Until: now.Add(time.Minute)},
		{Name: "extract:telegram:3", Holder: "other", Now: now, Until: now.Add(time.Minute)},
		{Name: "extract:telegram:4", Holder: "me", Now: now.Add(-time.Hour), Until: now.Add(-time.Minute)},
		{Name: "upkeep", Holder: "me", Now: now, Until: now.Add(time.Minute)},
	} {
		if _, err := s.AcquireLease(ctx, l); err != nil {
			t.Fatal(err)
		}
	}
	got, err := heldLeases(s, "me")(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]int{"extract": 2, "upkeep": 1}; !maps.Equal(got, want) {
		t.Errorf("held leases = %v, want %v", got, want)
	}
}
