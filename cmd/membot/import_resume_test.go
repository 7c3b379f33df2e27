package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/importer"
	"github.com/membot/membot/memory"
)

// memoryTexts is the sorted texts of sam's active memories in data.
func memoryTexts(t *testing.T, data string) []string {
	t.Helper()
	a := openData(t, data)
	_, ms := personMemories(t, a, "sam")
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	slices.Sort(out)
	if err := a.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestImportResumesAfterInterruption(t *testing.T) {
	export := filepath.Join(t.TempDir(), "export.jsonl")
	writeExport(t, export, 3000, 7)

	whole := t.TempDir()
	importJSON(t, nil, export, "--user", "sam", "--data", whole)
	want := memoryTexts(t, whole)
	if len(want) == 0 {
		t.Fatal("the uninterrupted import remembered nothing")
	}

	// Interrupt after the second batch, as Ctrl-C would.
	data := t.TempDir()
	cfg := config.Default()
	cfg.DataDir = data
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	batches := 0
	notTTY := false
	var stdout, stderr bytes.Buffer
	r := &importRun{flags: importFlags{user: "sam"}, env: Env{Stdout: &stdout, Stderr: &stderr, Getenv: os.Getenv, Interactive: &notTTY},
		sum: &importSummary{}, now: time.Now, afterFlush: func() {
			if batches++; batches == 2 {
				cancel()
			}
		}}
	err := r.run(ctx, cfg, []exportFile{{path: export, format: importer.JSONL}})
	if err == nil || !strings.Contains(err.Error(), "run the same command again to resume") {
		t.Fatalf("interrupted import: err %v", err)
	}
	if r.sum.Messages >= 3000 {
		t.Fatalf("the interruption did not stop the import: %d messages read", r.sum.Messages)
	}

	again := importJSON(t, nil, export, "--user", "sam", "--data", data)
	if again.Already < 400 || again.Already >= again.Own+again.Others {
		t.Errorf("the resumed import captured again what the first had: %+v", again)
	}
	if got := memoryTexts(t, data); !slices.Equal(got, want) {
		t.Errorf("after resuming:\n%q\nwant, as without the interruption:\n%q", got, want)
	}
	if third := importJSON(t, nil, export, "--user", "sam", "--data", data); third.Added+third.Updated+third.Superseded != 0 || third.Already != 3000 {
		t.Errorf("a third import changed something: %+v", third)
	}
}

func TestImportOverlapAndOddMessages(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.jsonl")
	newer := filepath.Join(dir, "new.jsonl")
	lines := []string{
		`{"id":"1","role":"user","content":"I live in Quito","time":"2024-06-01T08:00:00Z"}`,
		`{"id":"2","role":"assistant","content":"Quito is high up.","time":"2024-06-01T08:00:05Z"}`,
		`{"id":"2","role":"assistant","content":"Quito is high up.","time":"2024-06-01T08:00:05Z"}`,
		`{"id":"3","role":"user","content":"I work at Wonka","time":"2999-01-01T00:00:00Z"}`,
		`{"id":"4","role":"user","content":"","time":"2024-06-01T08:01:00Z"}`,
	}
	write := func(path string, ls []string) {
		if err := os.WriteFile(path, []byte(strings.Join(ls, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(old, lines)
	write(newer, append(slices.Clone(lines), `{"id":"5","role":"user","content":"I have a cat named Miso","time":"2024-06-02T08:00:00Z"}`))
	data := t.TempDir()
	first := importJSON(t, nil, old, "--user", "sam", "--data", data)
	if first.Already != 1 || first.Future != 1 || first.NoText != 1 || first.Messages != 5 {
		t.Errorf("first import: %+v, want 1 duplicate, 1 future time, 1 without text of 5", first)
	}
	a := openData(t, data)
	_, ms := personMemories(t, a, "sam")
	for _, m := range ms {
		if m.Source.Time.After(time.Now()) {
			t.Errorf("memory %q said in the future: %v", m.Text, m.Source.Time)
		}
	}
	// Retention deletes old captured messages: importing again must still
	// add nothing, and the newer export only its new message.
	if _, err := a.Store.DeleteMessagesBefore(context.Background(), time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	before := memoryTexts(t, data)
	second := importJSON(t, nil, newer, "--user", "sam", "--data", data)
	if second.Added != 1 || second.Already != second.Own+second.Others-1 {
		t.Errorf("newer export: %+v, want only its one new message added", second)
	}
	after := memoryTexts(t, data)
	if len(after) != len(before)+1 || !strings.Contains(strings.Join(after, " "), "Miso") {
		t.Errorf("memories %q after %q", after, before)
	}
}

func TestImportDryRunWritesNothing(t *testing.T) {
	export := filepath.Join(t.TempDir(), "export.jsonl")
	writeExport(t, export, 400, 3)
	data := t.TempDir()
	s := importJSON(t, nil, export, "--user", "sam", "--data", data, "--dry-run")
	if !s.DryRun || s.Windows == 0 || s.Own != 200 || len(s.Plan) != 2 || s.ModelCalls != 0 {
		t.Errorf("offline dry run: %+v", s)
	}
	entries, err := os.ReadDir(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 0 {
		t.Errorf("a dry run wrote %d files in the data directory", len(entries))
	}
	out, _, code := run(t, "", nil, "import", export, "--dry-run", "--data", data)
	if code != 0 || !strings.Contains(out, "DRY RUN") || !strings.Contains(out, "windows to extract") {
		t.Errorf("exit %d, dry run output:\n%s", code, out)
	}
}

func TestImportProgressPiped(t *testing.T) {
	export := filepath.Join(t.TempDir(), "export.jsonl")
	writeExport(t, export, 2000, 5)
	_, errOut, code := run(t, "", nil, "import", export, "--user", "sam", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(errOut, "\r") || strings.Contains(errOut, "\x1b[") {
		t.Errorf("terminal control codes in piped progress: %q", errOut)
	}
	if !strings.Contains(errOut, "100%") || !strings.Contains(errOut, "2000 messages") {
		t.Errorf("no final progress line: %q", errOut)
	}
}

// TestImportUserAccount imports for an account the bot has seen.
func TestImportUserAccount(t *testing.T) {
	data := t.TempDir()
	a := openData(t, data)
	p, err := a.Store.ResolveIdentity(context.Background(), "telegram", "1001", "sam")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := importJSON(t, nil, fixture("telegram.json"), "--user", "telegram:1001", "--data", data)
	if s.Added == 0 {
		t.Fatalf("summary %+v", s)
	}
	a = openData(t, data)
	ms, err := a.Memory.List(context.Background(), memory.MemoryQuery{Owner: p.ID})
	if err != nil || len(ms) == 0 {
		t.Fatalf("memories of telegram:1001: %d, %v", len(ms), err)
	}
}

func TestImportProgressOnTerminal(t *testing.T) {
	export := filepath.Join(t.TempDir(), "export.jsonl")
	writeExport(t, export, 1200, 9)
	var out, errOut bytes.Buffer
	tty := true
	code := Main(context.Background(), []string{"import", export, "--user", "sam", "--data", t.TempDir()},
		Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }, Interactive: &tty})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	progress := errOut.String()
	if strings.Count(progress, "\r\x1b[K") < 3 || !strings.Contains(progress, "ETA") || !strings.HasSuffix(progress, "\n") {
		t.Errorf("no progress line rewritten in place: %q", progress)
	}
	if !strings.Contains(out.String(), "memories added") {
		t.Errorf("no summary: %q", out.String())
	}
}
