package sqlite

import (
	"bytes"
	"database/sql"
	"log/slog"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// TestUpgradeFromSchema1 opens a database written by a build that knew only
// the first migration: the later ones are applied and the data survives.
func TestUpgradeFromSchema1(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	migrations, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT`,
		migrations[0].sql,
		`INSERT INTO schema_migrations VALUES (1, '` + migrations[0].name + `', 0)`,
		`INSERT INTO memories (id, owner, text, type, lifecycle, importance, confidence, status, created_at, updated_at, version)
			VALUES ('old0000000000001', 'p', 'kept across the upgrade', 'fact', 'fact', 0.5, 0.5, 'active', 0, 0, 1)`,
	} {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("prepare a schema 1 database: %v", err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatalf("Open of a schema 1 database: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	var version int
	if err := s.db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if version != len(migrations) {
		t.Errorf("schema version after the upgrade = %d, want %d", version, len(migrations))
	}
	if m, err := s.Memory(ctx, "p", "old0000000000001"); err != nil || m.Text != "kept across the upgrade" {
		t.Errorf("after the upgrade Memory = %+v, %v; want the memory written before it", m, err)
	}
	missing, err := s.MissingEmbeddings(ctx, "model", 0)
	if err != nil || len(missing) != 1 {
		t.Errorf("after the upgrade MissingEmbeddings = %d memories, %v; want the old one", len(missing), err)
	}
	if err := s.PutSetting(ctx, "k", "v", time.Time{}); err != nil {
		t.Errorf("PutSetting after the upgrade: %v", err)
	}
}

// TestUpgradeQueuedAnswersBelongToNobody: an answer queued by a build
// before the queue knew authors survives the upgrade with no person, is
// still claimed, and no person's erasure drops it.
func TestUpgradeQueuedAnswersBelongToNobody(t *testing.T) {
	ctx := t.Context()
	dir := t.TempDir()
	migrations, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, dbFileName))
	if err != nil {
		t.Fatal(err)
	}
	stmts := []string{`CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT`}
	for _, m := range migrations[:4] {
		stmts = append(stmts, m.sql, `INSERT INTO schema_migrations VALUES (`+strconv.Itoa(m.version)+`, '`+m.name+`', 0)`)
	}
	stmts = append(stmts, `INSERT INTO answer_queue (conversation_id, platform_id, platform, payload, received_at, holder, lease_until)
		VALUES ('console:room', 'm1', 'console', '{}', 1, 'old', 0)`)
	for _, stmt := range stmts {
		if _, err := db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("prepare a schema 4 database: %v", err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatalf("Open of a schema 4 database: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if n, err := s.DropAnswers(ctx, "p"); err != nil || n != 0 {
		t.Errorf("DropAnswers after the upgrade = %d, %v; want 0, nil", n, err)
	}
	now := time.UnixMilli(2)
	a, err := s.ClaimAnswer(ctx, memory.ClaimQuery{Platform: "console", Holder: "new", Now: now, Until: now.Add(time.Minute)})
	if err != nil || a.PlatformID != "m1" || a.PersonID != "" {
		t.Errorf("ClaimAnswer after the upgrade = %+v, %v; want m1 of no person", a, err)
	}
}

// TestOpenIsQuietAtInfo checks that creating and migrating a database logs
// nothing at Info, so the terminal chat and tests stay uncluttered.
func TestOpenIsQuietAtInfo(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))
	s := openInternal(t, WithLogger(log))
	m := memory.Memory{Owner: "p", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
	if err := s.InsertMemory(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	if out := strings.TrimSpace(buf.String()); out != "" {
		t.Errorf("Open logged at Info or above:\n%s", out)
	}
}
