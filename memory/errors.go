package memory

import "errors"

// Error kinds every Store returns, checked with errors.Is.
var (
	// ErrNotFound: no such record for that owner. A record owned by someone
	// else is reported exactly as not found.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the record changed since it was read (stale version) or a
	// unique key is taken.
	ErrConflict = errors.New("conflict: record changed concurrently")
	// ErrInvalid: the input cannot be stored as given.
	ErrInvalid = errors.New("invalid")
	// ErrSchemaTooNew: the data was written by a newer membot.
	ErrSchemaTooNew = errors.New("data written by a newer version of membot")
	// ErrLocked: another process holds the data directory.
	ErrLocked = errors.New("data directory is in use by another process")
	// ErrUnavailable: the backing service cannot be reached.
	ErrUnavailable = errors.New("store unavailable")
	// ErrReadOnly: the store is reachable but refuses writes (its file is
	// read-only, the disk is full, permission is denied). Unlike a
	// transient outage it does not mend by itself: an operator must act,
	// so callers report it loudly and keep what they could not write.
	ErrReadOnly = errors.New("store refuses writes")
)
