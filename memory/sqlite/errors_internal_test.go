package sqlite

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// TestRefusedWritesAreReadOnly makes the database refuse writes in the
// ways SQLite reports (read-only, full) and checks that a capture fails
// with memory.ErrReadOnly, not as a transient outage, while a write that
// breaks a rule stays what it was.
func TestRefusedWritesAreReadOnly(t *testing.T) {
	for _, tc := range []struct {
		name   string
		pragma string
		text   string
	}{
		{"read-only", "PRAGMA query_only = 1", "hello"},
		// No page may be added: the big message does not fit.
		{"full", "PRAGMA max_page_count = 1", strings.Repeat("x", 200000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openInternal(t)
			ctx := t.Context()
			// One connection, so the pragma holds for every statement.
			s.db.SetMaxOpenConns(1)
			if tc.name == "full" {
				var pages int
				if err := s.db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
					t.Fatal(err)
				}
				tc.pragma = "PRAGMA max_page_count = " + itoa(pages)
			}
			if _, err := s.db.ExecContext(ctx, tc.pragma); err != nil {
				t.Fatalf("%s: %v", tc.pragma, err)
			}
			m := memory.Message{ConversationID: "c", PlatformID: "1", Role: memory.RoleUser, Text: tc.text, Time: time.Now()}
			err := s.AppendMessage(ctx, &m)
			if !errors.Is(err, memory.ErrReadOnly) {
				t.Fatalf("AppendMessage = %v, want memory.ErrReadOnly", err)
			}
		})
	}
	s := openInternal(t)
	m := memory.Message{ConversationID: "c", Role: "nobody", Text: "x"}
	if err := s.AppendMessage(t.Context(), &m); errors.Is(err, memory.ErrReadOnly) || !errors.Is(err, memory.ErrInvalid) {
		t.Errorf("invalid message: %v, want ErrInvalid only", err)
	}
}

// TestReadOnlyFile opens a data directory whose database file cannot be
// written (as an operator's mistake leaves it): writes fail with
// memory.ErrReadOnly. chmod does not stop root; the test above covers
// the classification there.
func TestReadOnlyFile(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes to read-only files; TestRefusedWritesAreReadOnly covers the error")
	}
	dir := t.TempDir()
	s, err := Open(t.Context(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(dir, dbFileName), 0o444); err != nil {
		t.Fatal(err)
	}
	// It opens (the bot keeps answering and says it cannot save) …
	s, err = Open(t.Context(), dir)
	if err != nil {
		t.Fatalf("Open of a read-only file: %v", err)
	}
	defer s.Close()
	m := memory.Message{ConversationID: "c", PlatformID: "1", Role: memory.RoleUser, Text: "hi", Time: time.Now()}
	// … and a write says why it failed.
	if err := s.AppendMessage(t.Context(), &m); !errors.Is(err, memory.ErrReadOnly) {
		t.Fatalf("AppendMessage = %v, want memory.ErrReadOnly", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
