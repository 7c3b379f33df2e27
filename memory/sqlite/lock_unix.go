//go:build unix

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/membot/membot/memory"
)

// dirLock is an exclusive advisory lock on a data directory, held through
// an open lock file for as long as the store is open.
type dirLock struct {
	f *os.File
}

// lockDir takes the lock of dir, failing with memory.ErrLocked when another
// process, or another Store in this one, holds it. flock locks belong to the
// open file, so two opens in one process exclude each other too.
func lockDir(dir string) (*dirLock, error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("data directory %s is not writable: %w", dir, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		holder := readHolder(f)
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("open store in %s: %w (lock file %s%s)", dir, memory.ErrLocked, path, holder)
		}
		return nil, fmt.Errorf("lock data directory %s: %w", dir, err)
	}
	// The pid is for people wondering who holds the directory; the lock
	// itself is the flock.
	if err := f.Truncate(0); err == nil {
		_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return &dirLock{f: f}, nil
}

// readHolder describes the process recorded in a held lock file, if any.
func readHolder(f *os.File) string {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	pid := strings.TrimSpace(string(buf[:n]))
	if _, err := strconv.Atoi(pid); err != nil {
		return ""
	}
	return ", held by pid " + pid
}

// release gives the lock up.
func (l *dirLock) release() error {
	unlockErr := syscall.Flock(int(l.f.Fd()), syscall.LOCK_UN)
	closeErr := l.f.Close()
	if err := errors.Join(unlockErr, closeErr); err != nil {
		return fmt.Errorf("release lock %s: %w", l.f.Name(), err)
	}
	return nil
}
