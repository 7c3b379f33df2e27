package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
)

// migrationFiles are the schema changes, named NNNN_what.sql and applied in
// order, each exactly once.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the embedded migrations and checks that their
// versions run 1, 2, 3, … without gaps.
func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || path.Ext(name) != ".sql" {
			return nil, fmt.Errorf("migration %s: name must be NNNN_what.sql", name)
		}
		body, err := migrationFiles.ReadFile("migrations/" + name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		out = append(out, migration{version: v, name: name, sql: string(body)})
	}
	for i, m := range out {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: version %d, want %d", m.name, m.version, i+1)
		}
	}
	return out, nil
}

// schemaVersion is the newest schema this build knows.
func schemaVersion() (int, error) {
	ms, err := loadMigrations()
	if err != nil {
		return 0, err
	}
	return len(ms), nil
}

// migrate brings the database schema up to date, one transaction per
// migration, recording each in schema_migrations. A database written by a
// newer build is refused rather than touched.
func (s *Store) migrate(ctx context.Context) error {
	migrations, err := loadMigrations()
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER NOT NULL PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	) STRICT`); err != nil {
		return fmt.Errorf("open database %s (is it a membot database?): %w", s.path, err)
	}
	var current int
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&current); err != nil {
		return fmt.Errorf("read schema version of %s: %w", s.path, err)
	}
	known := len(migrations)
	if current > known {
		return fmt.Errorf("database %s has schema version %d but this build knows only up to %d; upgrade membot: %w",
			s.path, current, known, memory.ErrSchemaTooNew)
	}
	for _, m := range migrations[current:] {
		err := s.write(ctx, "apply migration "+m.name, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.version, m.name, toMs(s.now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("migrate %s: %w", s.path, err)
		}
		s.log.DebugContext(ctx, "applied schema migration", slog.Int("version", m.version), slog.String("name", m.name))
	}
	return nil
}
