//go:build !unix

package sqlite

import (
	"fmt"
	"os"
	"path/filepath"
)

// dirLock stands in for the advisory lock on systems without flock: the
// lock file is created (which also proves the directory is writable) but
// nothing stops a second process from opening the same directory.
type dirLock struct {
	f *os.File
}

// lockDir creates the lock file of dir without locking it.
func lockDir(dir string) (*dirLock, error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("data directory %s is not writable: %w", dir, err)
	}
	return &dirLock{f: f}, nil
}

// release closes the lock file.
func (l *dirLock) release() error {
	if err := l.f.Close(); err != nil {
		return fmt.Errorf("release lock %s: %w", l.f.Name(), err)
	}
	return nil
}
