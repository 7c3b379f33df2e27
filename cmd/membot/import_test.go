package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// fixture is a path to one of the importer's fixtures.
func fixture(name string) string {
	return filepath.Join("..", "..", "internal", "importer", "testdata", name)
}

// importJSON runs an import with --json and decodes its summary.
func importJSON(t *testing.T, env map[string]string, args ...string) importSummary {
	t.Helper()
	out, errOut, code := run(t, "", env, append(append([]string{"import"}, args...), "--json")...)
	if code != 0 {
		t.Fatalf("import %v: exit %d\nstdout:\n%s\nstderr:\n%s", args, code, out, errOut)
	}
	var s importSummary
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("summary %q: %v", out, err)
	}
	return s
}

// openData opens the store in dir as the bot does.
func openData(t *testing.T, dir string) *app.App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = dir
	cfg.Memory.MessageRetention = 0
	a, err := app.Open(context.Background(), cfg, app.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	return a
}

// personMemories lists the active memories of a terminal person.
func personMemories(t *testing.T, a *app.App, name string) (memory.Person, []memory.Memory) {
	t.Helper()
	ctx := context.Background()
	p, err := a.Store.ResolveIdentity(ctx, "console", name, name)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := a.Memory.List(ctx, memory.MemoryQuery{Owner: p.ID, Statuses: []memory.Status{memory.StatusActive}})
	if err != nil {
		t.Fatal(err)
	}
	return p, ms
}

func TestImportEndToEnd(t *testing.T) {
	tests := []struct {
		file, self string
		// want are words of memories the person's messages hold; notWant
		// of the other side's.
		want, notWant []string
		// query is searched and must find a memory with hit in it.
		query, hit string
	}{
		{"chatgpt.json", "", []string{"Lisbon", "Initech", "ferries"}, []string{"trains"}, "where do I live", "Lisbon"},
		{"claude.json", "", []string{"Oslo", "Globex", "tea"}, nil, "which company do I work at", "Globex"},
		{"telegram.json", "", []string{"Porto", "Hooli"}, []string{"Madrid"}, "where do I live", "Porto"},
		{"discord.json", "Kim", []string{"Dublin", "Vandelay"}, []string{"Umbrella"}, "where do I live", "Dublin"},
		{"generic.json", "", []string{"Vienna", "Stark"}, nil, "where do I live", "Vienna"},
		{"generic.jsonl", "ana", []string{"Quito", "Wonka"}, []string{"Lima"}, "where do I live", "Quito"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data := t.TempDir()
			args := []string{fixture(tt.file), "--user", "sam", "--data", data}
			if tt.self != "" {
				args = append(args, "--self", tt.self)
			}
			first := importJSON(t, nil, args...)
			if first.Added == 0 || first.Own == 0 {
				t.Fatalf("first import: %+v", first)
			}
			again := importJSON(t, nil, args...)
			if again.Added+again.Updated+again.Superseded+again.Conflicts != 0 || again.Already != first.Own+first.Others {
				t.Fatalf("second import changed memories or captured again: %+v (first %+v)", again, first)
			}
			a := openData(t, data)
			p, ms := personMemories(t, a, "sam")
			var all []string
			for _, m := range ms {
				all = append(all, m.Text)
				if m.Source.Platform != importPlatform || m.Source.Time.Year() != 2024 {
					t.Errorf("memory %q: source %+v, want an import from 2024 (when it was said)", m.Text, m.Source)
				}
			}
			joined := strings.Join(all, " | ")
			for _, w := range tt.want {
				if !strings.Contains(strings.ToLower(joined), strings.ToLower(w)) {
					t.Errorf("no memory about %q in %q", w, joined)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(joined, w) {
					t.Errorf("the other side's %q became the person's memory: %q", w, joined)
				}
			}
			res, err := a.Memory.Recall(context.Background(), p.ID, recall.Query{Text: tt.query, Limit: 5})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, r := range res {
				found = found || strings.Contains(r.Memory.Text, tt.hit)
			}
			if !found {
				t.Errorf("search %q found no memory with %q (%d results) among %q", tt.query, tt.hit, len(res), joined)
			}
		})
	}
}

func TestImportErrors(t *testing.T) {
	data := t.TempDir()
	bad := filepath.Join(t.TempDir(), "truncated.json")
	doc, err := os.ReadFile(fixture("claude.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, doc[:len(doc)-200], 0o600); err != nil {
		t.Fatal(err)
	}
	unknown := filepath.Join(t.TempDir(), "notes.json")
	if err := os.WriteFile(unknown, []byte(`{"notes": ["buy milk"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"unknown person", []string{fixture("claude.json"), "--user", "telegram:424242"}, 1, "no person known as telegram:424242"},
		{"truncated file", []string{bad, "--user", "sam"}, 1, "truncated.json (claude): at byte"},
		{"unknown format", []string{unknown, "--user", "sam"}, 1, "unknown export format"},
		{"unknown format name", []string{fixture("claude.json"), "--user", "sam", "--format", "whatsapp"}, 2, "whatsapp"},
		{"no user", []string{fixture("claude.json")}, 2, "--user is required"},
		{"no file", []string{"--user", "sam"}, 2, "comes first"},
		{"missing file", []string{filepath.Join(data, "nope.json"), "--user", "sam"}, 1, "no such file"},
		{"self nobody", []string{fixture("discord.json"), "--user", "sam", "--self", "zed"}, 1, `no message of "zed"`},
		{"discord without self", []string{fixture("discord.json"), "--user", "sam"}, 1, "--self"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := run(t, "", nil, append([]string{"import"}, append(tt.args, "--data", data)...)...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit %d saying %q", code, errOut, tt.code, tt.want)
			}
		})
	}
	// The truncated file's messages before the cut are kept (committed),
	// nothing of the unknown person was created.
	a := openData(t, data)
	if _, err := a.Identity(context.Background(), "telegram", "424242"); err == nil {
		t.Error("the unknown person was created")
	}
	_, ms := personMemories(t, a, "sam")
	for _, m := range ms {
		if strings.Contains(m.Text, "tea") {
			t.Errorf("a message after the cut was imported: %q", m.Text)
		}
	}
}

func TestImportHelp(t *testing.T) {
	_, errOut, code := run(t, "", nil, "import", "--help")
	if code != 0 || !strings.Contains(errOut, "-dry-run") || !strings.Contains(errOut, "-rate") {
		t.Fatalf("exit %d, help %q", code, errOut)
	}
}

func TestImportDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"chatgpt.json", "telegram.json"} {
		doc, err := os.ReadFile(fixture(name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, name+".d"), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".d", name), doc, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// Files of an export that hold no conversations are passed over.
	if err := os.WriteFile(filepath.Join(dir, "user.json"), []byte(`{"id":"user-1","email":"x@example.com"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	s := importJSON(t, nil, dir, "--user", "sam", "--data", t.TempDir())
	if s.Files != 2 || s.Conversations != 2 || s.Added == 0 {
		t.Fatalf("summary %+v, want 2 files of 1 conversation each", s)
	}
}
