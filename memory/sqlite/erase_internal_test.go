package sqlite

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// filesHolding lists the files of dir holding marker.
func filesHolding(t *testing.T, dir string, marker string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(raw, []byte(marker)) {
			in = append(in, e.Name())
		}
	}
	return in
}

// A deleted message leaves no copy in the database or its log while the
// store is open; under DeferScrub the log keeps it until Scrub.
func TestDeletedMessageLeavesNoCopy(t *testing.T) {
	for _, deferred := range []bool{false, true} {
		dir := t.TempDir()
		s, err := Open(t.Context(), dir)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ctx := t.Context()
		for i, text := range []string{"keep this one", "the Wombatquay marker"} {
			m := memory.Message{ConversationID: "c", PlatformID: string(rune('a' + i)), Role: memory.RoleUser, Text: text, Time: time.Now()}
			if err := s.AppendMessage(ctx, &m); err != nil {
				t.Fatal(err)
			}
		}
		if in := filesHolding(t, dir, "Wombatquay"); len(in) == 0 {
			t.Fatal("marker not on disk before the deletion")
		}
		dctx := ctx
		if deferred {
			dctx = s.DeferScrub(ctx)
		}
		if err := s.DeleteMessage(dctx, "c", "b"); err != nil {
			t.Fatal(err)
		}
		in := filesHolding(t, dir, "Wombatquay")
		switch {
		case !deferred && len(in) != 0:
			t.Errorf("deleted message still in %v", in)
		case deferred && len(in) == 0:
			t.Errorf("under DeferScrub the deletion checkpointed anyway")
		}
		if deferred {
			if err := s.Scrub(ctx); err != nil {
				t.Fatal(err)
			}
			if in := filesHolding(t, dir, "Wombatquay"); len(in) != 0 {
				t.Errorf("after Scrub the deleted message is still in %v", in)
			}
		}
		if in := filesHolding(t, dir, "keep this one"); len(in) == 0 {
			t.Errorf("the message not deleted is gone from disk")
		}
	}
}
