package sqlite_test

import (
	"errors"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// Identity finds an account ResolveIdentity made, and creates none.
func TestIdentityLooksUpWithoutCreating(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Identity(ctx, "telegram", "42"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("unknown account: %v, want ErrNotFound", err)
	}
	if _, err := s.Identity(ctx, "telegram", "42"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("looking an account up created it: %v", err)
	}
	p, err := s.ResolveIdentity(ctx, "telegram", "42", "ann")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Identity(ctx, "telegram", "42")
	if err != nil || id.PersonID != p.ID || id.Username != "ann" || id.Platform != "telegram" || id.UserID != "42" || id.LinkedAt.IsZero() {
		t.Fatalf("Identity = %+v, %v; want the account of %s", id, err, p.ID)
	}
	if _, err := s.Identity(ctx, "discord", "42"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("another platform's account: %v", err)
	}
}
