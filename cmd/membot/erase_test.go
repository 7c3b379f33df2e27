package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
)

// markerHits counts, per file of dir, the raw occurrences of marker in
// any letter case.
func markerHits(t *testing.T, dir, marker string) map[string]int {
	t.Helper()
	hits := map[string]int{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := bytes.ToLower([]byte(marker))
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(bytes.ToLower(raw), want); n > 0 {
			hits[e.Name()] = n
		}
	}
	return hits
}

// TestForgetLeavesNothingOnDisk runs "/memories forget" and "/memories
// forget all confirm" through the terminal chat, each a process of its
// own on one data directory, and reads every file there byte by byte: the
// forgotten memory's text, the message it came from and the bot's reply
// to it are gone from the disk, not only from the bot's view.
func TestForgetLeavesNothingOnDisk(t *testing.T) {
	const (
		forgotten = "Quokkaberg" // forgotten alone
		later     = "Zyxwelkin"  // forgotten with everything
	)
	fake := fakeopenai.New(t)
	fake.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.SchemaName != "" {
			return fakeopenai.Response{Content: `{"decisions":[]}`}
		}
		return fakeopenai.Response{Content: "reply to " + req.LastUser()}
	})
	scriptExtraction(fake, map[string]string{
		forgotten: "Lives next to the " + forgotten + " castle",
		later:     "Keeps a parrot called " + later,
	})
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "test-model"}
	data := t.TempDir()
	chat := func(script string) string {
		t.Helper()
		out, errOut, code := run(t, script, env, "chat", "--data", data, "--user", "alice")
		if code != 0 {
			t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
		}
		return out
	}

	chat("I live next to the " + forgotten + " castle\nMy parrot is called " + later + "\n/quit\n")
	out := chat("/memories\n")
	id := idOf(t, out, forgotten)
	idOf(t, out, later)
	if hits := markerHits(t, data, forgotten); len(hits) == 0 {
		t.Fatalf("marker %q not found on disk before forgetting: the test cannot see what it looks for", forgotten)
	}

	out = chat("/memories forget " + id + "\n")
	if !strings.Contains(out, forgotten) {
		t.Fatalf("forget answer: %s", out)
	}
	if hits := markerHits(t, data, forgotten); len(hits) != 0 {
		t.Errorf("forgotten %q still on disk: %v", forgotten, hits)
	}
	if hits := markerHits(t, data, later); len(hits) == 0 {
		t.Fatalf("the memory not forgotten (%q) is gone from disk too", later)
	}

	chat("/memories forget all\n/memories forget all confirm\n")
	if hits := markerHits(t, data, later); len(hits) != 0 {
		t.Errorf("after forget all, %q still on disk: %v", later, hits)
	}
}
