// Package sqlite is membot's default, embedded memory.Store: one SQLite file
// in a data directory, through the pure-Go modernc.org/sqlite driver, so the
// binary needs neither cgo nor a database server.
//
// The file is dir/membot.db in WAL mode; dir/membot.lock keeps a second
// process (or a second Store) out of the directory. Writes go through a
// single in-process gate, so concurrent writers queue instead of failing
// with SQLITE_BUSY, while reads run in parallel on their own connections.
//
// Deleted rows leave nothing behind: every connection runs with
// secure_delete, which zeroes a deleted row and every page it frees, and
// each deletion checkpoints the write-ahead log into the file and
// truncates it, so the old page images go too; a run of deletions (the
// memory service's erasures) checkpoints once at its end instead
// (DeferScrub, Scrub).
//
// Storage choices: times are milliseconds since the Unix epoch (UTC), NULL
// when unset; tags, keywords, history and source message ids are JSON
// arrays in TEXT columns, since they are only ever read and written with
// their memory; an embedding is a little-endian float32 BLOB with its model
// name and dimension count beside it.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/membot/membot/memory"

	// The driver registers itself as "sqlite".
	_ "modernc.org/sqlite"
)

// File names inside the data directory.
const (
	dbFileName   = "membot.db"
	lockFileName = "membot.lock"
)

// Store is the SQLite implementation of memory.Store. It is safe for
// concurrent use.
type Store struct {
	db   *sql.DB
	dir  string
	path string
	lock *dirLock
	// writeGate admits one write transaction at a time.
	writeGate chan struct{}
	now       func() time.Time
	log       *slog.Logger

	closeOnce sync.Once
	closeErr  error
}

var _ memory.Store = (*Store)(nil)

// Open opens (creating if missing) the store in dir, applying pending schema
// migrations. It fails with memory.ErrLocked when the directory is in use and
// with memory.ErrSchemaTooNew when a newer membot wrote the database.
func Open(ctx context.Context, dir string, opts ...Option) (*Store, error) {
	o := defaultOptions()
	for _, opt := range opts {
		opt(&o)
	}
	if dir == "" {
		return nil, fmt.Errorf("open store: %w: no data directory given", memory.ErrInvalid)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open store in %s: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory %s: %w", abs, err)
	}
	lock, err := lockDir(abs)
	if err != nil {
		return nil, err
	}
	s := &Store{
		dir:       abs,
		path:      filepath.Join(abs, dbFileName),
		lock:      lock,
		writeGate: make(chan struct{}, 1),
		now:       o.now,
		log:       o.logger.With(slog.String("store", "sqlite"), slog.String("dir", abs)),
	}
	if err := s.init(ctx, o); err != nil {
		return nil, errors.Join(err, s.Close())
	}
	return s, nil
}

// init opens the database handle and brings the schema up to date.
func (s *Store) init(ctx context.Context, o options) error {
	db, err := sql.Open("sqlite", dsn(s.path, o.busyTimeout))
	if err != nil {
		return fmt.Errorf("open database %s: %w", s.path, err)
	}
	s.db = db
	// One connection writes at a time (see writeGate); the rest read. WAL
	// lets readers proceed while a write is under way.
	conns := o.readConns + 1
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxLifetime(0)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		return fmt.Errorf("open database %s (is it a membot database?): %w", s.path, err)
	}
	if err := s.migrate(ctx); err != nil {
		return err
	}
	return nil
}

// dsn is the driver's connection string for the database at path: every
// connection gets the busy timeout, foreign keys, WAL, secure deletion and
// immediate transactions.
func dsn(path string, busy time.Duration) string {
	p := filepath.ToSlash(path)
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout("+strconv.FormatInt(busy.Milliseconds(), 10)+")")
	q.Add("_pragma", "foreign_keys(1)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	// Deleted rows are overwritten with zeros, in the page and in the
	// freelist, so that erased text does not linger in free space.
	q.Add("_pragma", "secure_delete(1)")
	q.Set("_txlock", "immediate")
	u := url.URL{Scheme: "file", Path: p, RawQuery: q.Encode()}
	return u.String()
}

// Dir is the data directory the store lives in.
func (s *Store) Dir() string { return s.dir }

// Close closes the database and releases the directory lock. It is safe to
// call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		var errs []error
		if s.db != nil {
			if err := s.db.Close(); err != nil {
				errs = append(errs, fmt.Errorf("close database %s: %w", s.path, err))
			}
		}
		if s.lock != nil {
			errs = append(errs, s.lock.release())
		}
		s.closeErr = errors.Join(errs...)
	})
	return s.closeErr
}

// write runs fn in a transaction, admitted through the write gate so that
// writers of this process never compete for SQLite's lock. op names the
// operation in errors.
func (s *Store) write(ctx context.Context, op string, fn func(tx *sql.Tx) error) error {
	if err := s.enterGate(ctx, op); err != nil {
		return err
	}
	defer s.leaveGate()
	return s.inTx(ctx, op, fn)
}

// erase is write for a deletion of people's text: once fn has removed
// rows (it returns how many) and the transaction is committed, the
// write-ahead log is checkpointed into the database and truncated, still
// inside the gate, so that neither the file nor the log keeps a copy of
// what went (secure_delete has zeroed it in the pages written back).
func (s *Store) erase(ctx context.Context, op string, fn func(tx *sql.Tx) (int64, error)) (int64, error) {
	if err := s.enterGate(ctx, op); err != nil {
		return 0, err
	}
	defer s.leaveGate()
	var n int64
	if err := s.inTx(ctx, op, func(tx *sql.Tx) error {
		var err error
		n, err = fn(tx)
		return err
	}); err != nil {
		return 0, err
	}
	if n > 0 && ctx.Value(scrubLaterKey{}) == nil {
		_ = s.checkpoint(ctx, op) // logged; the deletion stands
	}
	return n, nil
}

// scrubLaterKey marks a context whose deletions leave the checkpoint to
// one Scrub at the end of the run (see DeferScrub).
type scrubLaterKey struct{}

// DeferScrub returns a context under which this store's deletions skip
// their checkpoint, for a run of many (forgetting everything of a person
// deletes one row at a time): the caller must call Scrub when the run
// ends, failed or not. Each checkpoint syncs the file, so a run of a
// thousand deletions takes seconds with one each.
func (s *Store) DeferScrub(ctx context.Context) context.Context {
	return context.WithValue(ctx, scrubLaterKey{}, true)
}

// Scrub checkpoints the write-ahead log into the database and truncates
// it, so that rows deleted under DeferScrub leave no copy in the log
// (secure_delete has zeroed them in the pages written back). It fails
// when the checkpoint could not finish.
func (s *Store) Scrub(ctx context.Context) error {
	if err := s.enterGate(ctx, "scrub"); err != nil {
		return err
	}
	defer s.leaveGate()
	return s.checkpoint(ctx, "scrub")
}

// checkpoint copies the write-ahead log into the database and truncates
// it to zero bytes; the caller holds the write gate. The deletion it
// follows is committed either way, so a checkpoint that cannot finish (a
// reader holds an old snapshot past the busy timeout) is logged, and the
// next erasure or the close finishes it.
func (s *Store) checkpoint(ctx context.Context, op string) error {
	var busy, logPages, done int64
	err := s.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logPages, &done)
	switch {
	case err != nil:
		s.log.WarnContext(ctx, "checkpoint after erasure failed; erased text may stay in the write-ahead log until the next one", slog.String("op", op), slog.Any("err", err))
		return fmt.Errorf("%s: checkpoint: %w", op, classify(err))
	case busy != 0:
		s.log.WarnContext(ctx, "checkpoint after erasure blocked by a reader; erased text may stay in the write-ahead log until the next one", slog.String("op", op), slog.Int64("log_pages", logPages), slog.Int64("checkpointed", done))
		return fmt.Errorf("%s: checkpoint blocked by a reader (%d of %d log pages copied)", op, done, logPages)
	}
	return nil
}

// enterGate waits for the write gate or the end of ctx.
func (s *Store) enterGate(ctx context.Context, op string) error {
	select {
	case s.writeGate <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", op, ctx.Err())
	}
}

func (s *Store) leaveGate() { <-s.writeGate }

// inTx runs fn in a transaction; the caller holds the write gate. A
// database that refuses writes fails with memory.ErrReadOnly.
func (s *Store) inTx(ctx context.Context, op string, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: begin: %w", op, classify(err))
	}
	if err := fn(tx); err != nil {
		if rbErr := tx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			s.log.WarnContext(ctx, "rollback failed", slog.String("op", op), slog.Any("err", rbErr))
		}
		return fmt.Errorf("%s: %w", op, classify(err))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: commit: %w", op, classify(err))
	}
	return nil
}

// nowMs is the store clock's current time as stored: UTC milliseconds.
func (s *Store) nowMs() time.Time {
	return fromMs(toMs(s.now()))
}

// execOne runs a statement that must touch exactly one row and reports
// whether it did.
func execOne(ctx context.Context, tx *sql.Tx, query string, args ...any) (bool, error) {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// exists reports whether query returns a row.
func exists(ctx context.Context, tx *sql.Tx, query string, args ...any) (bool, error) {
	var one int
	err := tx.QueryRowContext(ctx, query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
