package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// runWith is run with options added to the bot's assembly.
func runWith(t *testing.T, stdin string, opts []app.Option, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	notTTY := false
	code = Main(context.Background(), args, Env{
		Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut,
		Getenv: func(string) string { return "" }, Interactive: &notTTY, appOptions: opts,
	})
	return out.String(), errOut.String(), code
}

// refuseWrites makes the store in data refuse writes: its file read-only,
// or, where chmod does not stop this process (root), a store that answers
// every capture as a read-only SQLite file does. It returns the options
// the run needs and a function that makes the store writable again.
func refuseWrites(t *testing.T, data string) ([]app.Option, func()) {
	t.Helper()
	db := filepath.Join(data, "membot.db")
	if os.Geteuid() != 0 {
		if err := os.Chmod(db, 0o444); err != nil {
			t.Fatal(err)
		}
		return nil, func() {
			// As an operator would: the log and index files SQLite made
			// beside the read-only database are read-only too.
			files, _ := filepath.Glob(db + "*")
			for _, f := range files {
				if err := os.Chmod(f, 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	readOnly := fmt.Errorf("append message: attempt to write a readonly database (8): %w", memory.ErrReadOnly)
	wrap := app.WithStoreWrapper(func(s memory.Store) memory.Store {
		f := storetest.NewFaulty(s)
		f.FailAlways("AppendMessage", readOnly)
		return f
	})
	return []app.Option{wrap}, func() {}
}

// TestReadOnlyStoreQuitFails chats with a store that refuses writes: the
// person is told once that nothing is saved, what they said is kept in the
// spool beside the store, /quit exits non-zero saying how many messages
// were not saved, and the next start with a writable store saves each
// exactly once.
func TestReadOnlyStoreQuitFails(t *testing.T) {
	data := t.TempDir()
	if _, errOut, code := runWith(t, "/quit\n", nil, "chat", "--data", data, "--user", "ro"); code != 0 {
		t.Fatalf("creating the store: exit %d\n%s", code, errOut)
	}
	opts, writable := refuseWrites(t, data)
	out, errOut, code := runWith(t, "my locker code is in the blue notebook\nand the bike is in the cellar\n/quit\n", opts, "chat", "--data", data, "--user", "ro")
	if code == 0 {
		t.Fatalf("exit 0 with messages not saved\nstdout:\n%s\nstderr:\n%s", out, errOut)
	}
	if n := strings.Count(out, "can't save messages right now"); n != 1 {
		t.Errorf("told %d times that messages cannot be saved, want 1:\n%s", n, out)
	}
	if !strings.Contains(errOut, "2 captured messages could not be saved") || !strings.Contains(errOut, app.SpoolFileName) {
		t.Errorf("exit does not say what was not saved:\n%s", errOut)
	}
	raw, err := os.ReadFile(filepath.Join(data, app.SpoolFileName))
	if err != nil {
		t.Fatalf("no spool beside the store: %v", err)
	}
	if lines := strings.Count(string(raw), "\n"); lines != 2 || !strings.Contains(string(raw), "blue notebook") {
		t.Fatalf("spool holds %d lines, want the 2 messages:\n%s", lines, raw)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("spool line is not JSON: %s", line)
		}
	}

	writable()
	for run := range 2 {
		if _, errOut, code := runWith(t, "/quit\n", nil, "chat", "--data", data, "--user", "ro"); code != 0 {
			t.Fatalf("run %d with a writable store: exit %d\n%s", run, code, errOut)
		}
		st, err := sqlite.Open(context.Background(), data, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := st.RecentMessages(context.Background(), "console:ro", 10)
		st.Close()
		var said []string
		for _, m := range msgs {
			if m.Role == memory.RoleUser {
				said = append(said, m.Text)
			}
		}
		if err != nil || len(said) != 2 || said[0] != "my locker code is in the blue notebook" {
			t.Fatalf("run %d: stored %q (%v), want each message once, in order", run, said, err)
		}
	}
	if _, err := os.Stat(filepath.Join(data, app.SpoolFileName)); !os.IsNotExist(err) {
		t.Errorf("spool left after the replay: %v", err)
	}
}

// syncBuffer is a bytes.Buffer safe to read while Main writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A signal (the context Main runs under ending) with messages not saved
// fails the exit too, saying how many.
func TestReadOnlyStoreSignalFails(t *testing.T) {
	data := t.TempDir()
	if _, errOut, code := runWith(t, "/quit\n", nil, "chat", "--data", data, "--user", "ro"); code != 0 {
		t.Fatalf("creating the store: exit %d\n%s", code, errOut)
	}
	opts, _ := refuseWrites(t, data)
	in, feed := io.Pipe()
	defer feed.Close()
	ctx, signal := context.WithCancel(context.Background())
	defer signal()
	var out, errOut syncBuffer
	notTTY := false
	exit := make(chan int, 1)
	go func() {
		exit <- Main(ctx, []string{"chat", "--data", data, "--user", "ro"}, Env{
			Stdin: in, Stdout: &out, Stderr: &errOut,
			Getenv: func(string) string { return "" }, Interactive: &notTTY, appOptions: opts,
		})
	}()
	if _, err := io.WriteString(feed, "remember the spare key is under the pot\n"); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for !strings.Contains(out.String(), "offline mode") {
		select {
		case <-deadline:
			t.Fatalf("no answer:\n%s\n%s", out.String(), errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	signal()
	if code := <-exit; code == 0 {
		t.Fatalf("exit 0 after a signal with a message not saved\n%s", errOut.String())
	}
	if !strings.Contains(errOut.String(), "1 captured message could not be saved") {
		t.Errorf("exit does not say what was not saved:\n%s", errOut.String())
	}
}
