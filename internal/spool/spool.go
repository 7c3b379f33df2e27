// Package spool keeps records on disk, one JSON value a line, for a while:
// the captured messages a store refused, written beside it so that they
// outlive the process and go into the store once it takes writes again.
//
// Every Append is synced before it returns, so a record it accepted
// survives a crash; a line torn by a crash mid-write is skipped when read.
// The file is bounded: past its size limit Append fails with ErrFull, and
// the caller decides what to do with the record (the disk that filled the
// store may be the same).
package spool

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// DefaultMaxBytes bounds a spool file when no limit is given: some
// thousands of messages of ordinary length.
const DefaultMaxBytes = 16 << 20

// ErrFull: the record would take the file past its size limit.
var ErrFull = errors.New("spool full")

// File is a spool in one file. It is safe for concurrent use within one
// process; the data directory's lock keeps other processes out.
type File struct {
	path string
	max  int64

	mu sync.Mutex
}

// New returns the spool kept in the file at path, at most maxBytes long
// (DefaultMaxBytes when not positive). The file is created by the first
// Append and removed once its last record is dropped.
func New(path string, maxBytes int64) *File {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return &File{path: path, max: maxBytes}
}

// Path is where the spool lives.
func (f *File) Path() string { return f.path }

// Append adds rec, a JSON value without a newline, and syncs it to disk.
func (f *File) Append(ctx context.Context, rec []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	if len(rec) == 0 || bytes.ContainsAny(rec, "\n\r") {
		return fmt.Errorf("spool: record is empty or spans lines")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	size, torn, err := f.size()
	if err != nil {
		return err
	}
	if size+int64(len(rec))+1 > f.max {
		return fmt.Errorf("spool %s: %w (%d bytes, limit %d)", f.path, ErrFull, size, f.max)
	}
	if size == 0 && !torn {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o700); err != nil {
			return fmt.Errorf("spool: create directory of %s: %w", f.path, err)
		}
	}
	fh, err := os.OpenFile(f.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("spool: open %s: %w", f.path, err)
	}
	if torn {
		// A record appended to a torn line would be read as part of it.
		if err := fh.Truncate(size); err != nil {
			return errors.Join(fmt.Errorf("spool: reset %s: %w", f.path, err), fh.Close())
		}
	}
	line := append(append(make([]byte, 0, len(rec)+1), rec...), '\n')
	if _, err := fh.Write(line); err != nil {
		return errors.Join(fmt.Errorf("spool: write %s: %w", f.path, err), fh.Close())
	}
	if err := fh.Sync(); err != nil {
		return errors.Join(fmt.Errorf("spool: sync %s: %w", f.path, err), fh.Close())
	}
	if err := fh.Close(); err != nil {
		return fmt.Errorf("spool: close %s: %w", f.path, err)
	}
	if size == 0 {
		return syncDir(filepath.Dir(f.path))
	}
	return nil
}

// size is the length of the file's complete lines, and whether a torn
// line (a crash mid-write, never acknowledged) follows them.
func (f *File) size() (int64, bool, error) {
	raw, err := os.ReadFile(f.path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("spool: read %s: %w", f.path, err)
	}
	n := int64(bytes.LastIndexByte(raw, '\n') + 1)
	return n, n < int64(len(raw)), nil
}

// Records returns every complete record kept, oldest first.
func (f *File) Records(ctx context.Context) ([][]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.records()
}

func (f *File) records() ([][]byte, error) {
	raw, err := os.ReadFile(f.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("spool: read %s: %w", f.path, err)
	}
	var recs [][]byte
	for len(raw) > 0 {
		i := bytes.IndexByte(raw, '\n')
		if i < 0 {
			break // torn by a crash mid-write: never acknowledged
		}
		if i > 0 {
			recs = append(recs, raw[:i])
		}
		raw = raw[i+1:]
	}
	return recs, nil
}

// Drop removes the oldest n records. The rest are written to a new file
// that replaces the old one atomically, so a crash leaves either.
func (f *File) Drop(ctx context.Context, n int) error {
	if n <= 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	recs, err := f.records()
	if err != nil {
		return err
	}
	if n >= len(recs) {
		if err := os.Remove(f.path); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("spool: remove %s: %w", f.path, err)
		}
		return syncDir(filepath.Dir(f.path))
	}
	var rest bytes.Buffer
	for _, r := range recs[n:] {
		rest.Write(r)
		rest.WriteByte('\n')
	}
	tmp := f.path + ".tmp"
	if err := writeSynced(tmp, rest.Bytes()); err != nil {
		return err
	}
	if err := os.Rename(tmp, f.path); err != nil {
		return fmt.Errorf("spool: replace %s: %w", f.path, err)
	}
	return syncDir(filepath.Dir(f.path))
}

func writeSynced(path string, data []byte) error {
	fh, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("spool: create %s: %w", path, err)
	}
	if _, err := fh.Write(data); err != nil {
		return errors.Join(fmt.Errorf("spool: write %s: %w", path, err), fh.Close())
	}
	if err := fh.Sync(); err != nil {
		return errors.Join(fmt.Errorf("spool: sync %s: %w", path, err), fh.Close())
	}
	if err := fh.Close(); err != nil {
		return fmt.Errorf("spool: close %s: %w", path, err)
	}
	return nil
}

// syncDir makes a file's creation, renaming or removal in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("spool: open directory %s: %w", dir, err)
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("spool: sync directory %s: %w", dir, err)
	}
	return nil
}
