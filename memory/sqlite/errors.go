package sqlite

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/membot/membot/memory"
)

// classify marks an error of the database that means it refuses writes
// until an operator acts (a read-only file or directory, a full disk, a
// denied permission) as memory.ErrReadOnly, keeping the driver's error in
// the chain. Other errors pass unchanged.
func classify(err error) error {
	var se *sqlite.Error
	if err == nil || errors.Is(err, memory.ErrReadOnly) || !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff { // the primary code of an extended one
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_FULL, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return fmt.Errorf("%w: %w", memory.ErrReadOnly, err)
	}
	return err
}
