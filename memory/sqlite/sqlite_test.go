package sqlite_test

import (
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// openTemp opens a store in a fresh temporary directory; the suite closes it.
func openTemp(t *testing.T) memory.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), t.TempDir())
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestContract(t *testing.T) {
	storetest.Run(t, openTemp, storetest.Options{})
}

// mustOpen opens the store in dir and closes it when the test ends.
func mustOpen(t *testing.T, dir string) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), dir)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestOpenCreatesDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nested", "data dir?with#odd chars")
	s := mustOpen(t, dir)
	if _, err := os.Stat(filepath.Join(dir, "membot.db")); err != nil {
		t.Errorf("database file: %v", err)
	}
	if s.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", s.Dir(), dir)
	}
}

func TestOpenRejectsBadDirectory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, dir, want string
		is              error
	}{
		{"empty", "", "no data directory", memory.ErrInvalid},
		{"a regular file", file, file, nil},
		{"under a regular file", filepath.Join(file, "sub"), filepath.Join(file, "sub"), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := sqlite.Open(t.Context(), tc.dir)
			if err == nil {
				_ = s.Close()
				t.Fatalf("Open(%q) succeeded", tc.dir)
			}
			t.Logf("Open: %v", err)
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not mention %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error %v, want %v", err, tc.is)
			}
		})
	}
}

func TestUnwritableDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "readonly")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o700) })
	probe := filepath.Join(dir, "probe")
	if f, err := os.Create(probe); err == nil {
		_ = f.Close()
		_ = os.Remove(probe)
		t.Skip("directory permissions are not enforced for this user (running as root?)")
	}
	s, err := sqlite.Open(t.Context(), dir)
	if err == nil {
		_ = s.Close()
		t.Fatal("Open of a read-only directory succeeded")
	}
	t.Logf("Open: %v", err)
	if !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "not writable") {
		t.Errorf("error %q should name the directory and say it is not writable", err)
	}
}

func TestCorruptDatabase(t *testing.T) {
	dir := t.TempDir()
	garbage := []byte(strings.Repeat("this is not an SQLite database\n", 200))
	if err := os.WriteFile(filepath.Join(dir, "membot.db"), garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second time proves the failed Open released the lock
		s, err := sqlite.Open(t.Context(), dir)
		if err == nil {
			_ = s.Close()
			t.Fatal("Open of a corrupt database succeeded")
		}
		t.Logf("Open: %v", err)
		if errors.Is(err, memory.ErrLocked) {
			t.Fatalf("a failed Open kept the directory locked: %v", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "membot.db") || !strings.Contains(msg, "not a database") {
			t.Errorf("error %q should name the file and say it is not a database", msg)
		}
	}
}

func TestSecondOpenIsLocked(t *testing.T) {
	dir := t.TempDir()
	first := mustOpen(t, dir)
	second, err := sqlite.Open(t.Context(), dir)
	if err == nil {
		_ = second.Close()
		t.Fatal("a second Open of the same directory succeeded")
	}
	t.Logf("second Open: %v", err)
	if !errors.Is(err, memory.ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Errorf("second Open: %v, want ErrLocked naming %s", err, dir)
	}
	if err := first.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	mustOpen(t, dir)
}

func TestSchemaTooNew(t *testing.T) {
	dir := t.TempDir()
	if err := mustOpen(t, dir).Close(); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, "membot.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, '0999_future.sql', 0)`); err != nil {
		t.Fatalf("record a future migration: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second time proves the failed Open released the lock
		s, err := sqlite.Open(t.Context(), dir)
		if err == nil {
			_ = s.Close()
			t.Fatal("Open of a newer schema succeeded")
		}
		t.Logf("Open: %v", err)
		if !errors.Is(err, memory.ErrSchemaTooNew) {
			t.Fatalf("Open: %v, want ErrSchemaTooNew", err)
		}
		if msg := err.Error(); !strings.Contains(msg, "999") || !strings.Contains(msg, "knows only up to ") {
			t.Errorf("error %q should name both schema versions", msg)
		}
	}
}

func TestReopenKeepsData(t *testing.T) {
	dir := t.TempDir()
	ctx := t.Context()
	s := mustOpen(t, dir)
	p, err := s.ResolveIdentity(ctx, "discord", "u1", "alice")
	if err != nil {
		t.Fatal(err)
	}
	m := memory.Memory{Owner: p.ID, Text: "喜欢猫", Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Status: memory.StatusActive, Importance: 0.9, Confidence: 0.9,
		Embedding: &memory.Embedding{Model: "e", Vector: []float32{1, 2, 3}}}
	if err := s.InsertMemory(ctx, &m); err != nil {
		t.Fatal(err)
	}
	msg := memory.Message{ConversationID: "discord:c", PlatformID: "1", Role: memory.RoleUser, Text: "hi"}
	if err := s.AppendMessage(ctx, &msg); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = mustOpen(t, dir)
	if again, err := s.ResolveIdentity(ctx, "discord", "u1", "alice"); err != nil || again.ID != p.ID {
		t.Errorf("after reopen the identity resolves to %q (%v), want %q", again.ID, err, p.ID)
	}
	got, err := s.Memory(ctx, p.ID, m.ID)
	if err != nil || got.Text != m.Text || got.Embedding == nil || len(got.Embedding.Vector) != 3 {
		t.Errorf("after reopen Memory = %+v, %v; want the stored memory with its vector", got, err)
	}
	next := memory.Message{ConversationID: "discord:c", PlatformID: "2", Role: memory.RoleUser, Text: "again"}
	if err := s.AppendMessage(ctx, &next); err != nil || next.Seq != 2 {
		t.Errorf("after reopen the next message got seq %d (%v), want 2", next.Seq, err)
	}
}
