//go:build unix

package sqlite_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// helperDirEnv tells the test binary, started again as a helper process,
// which directory to hold.
const helperDirEnv = "MEMBOT_SQLITE_LOCK_HELPER_DIR"

// TestLockHelper is not a test: run as a child process, it opens the store
// in the given directory, says so on stdout and holds it until stdin closes.
func TestLockHelper(t *testing.T) {
	dir := os.Getenv(helperDirEnv)
	if dir == "" {
		t.Skip("helper process for TestOtherProcessIsLockedOut")
	}
	s, err := sqlite.Open(t.Context(), dir)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(2)
	}
	fmt.Println("holding")
	_, _ = io.Copy(io.Discard, os.Stdin)
	_ = s.Close()
	os.Exit(0)
}

func TestOtherProcessIsLockedOut(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestLockHelper$")
	cmd.Env = append(os.Environ(), helperDirEnv+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "holding" {
		_ = stdin.Close()
		_ = cmd.Wait()
		t.Fatalf("helper said %q (%v), want holding", line, err)
	}

	s, err := sqlite.Open(t.Context(), dir)
	if err == nil {
		_ = s.Close()
		t.Error("Open succeeded while another process holds the directory")
	} else if !errors.Is(err, memory.ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Errorf("Open: %v, want ErrLocked naming %s", err, dir)
	} else if !strings.Contains(err.Error(), fmt.Sprintf("pid %d", cmd.Process.Pid)) {
		t.Errorf("Open: %v, want the holder's pid %d named", err, cmd.Process.Pid)
	}

	_ = stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
	mustOpen(t, dir)
}
