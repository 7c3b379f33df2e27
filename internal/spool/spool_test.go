package spool

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func texts(t *testing.T, f *File) []string {
	t.Helper()
	recs, err := f.Records(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range recs {
		out = append(out, string(r))
	}
	return out
}

func TestAppendDropAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spool.jsonl")
	f := New(path, 0)
	for _, r := range []string{`{"n":1}`, `{"n":2}`, `{"n":3}`} {
		if err := f.Append(t.Context(), []byte(r)); err != nil {
			t.Fatal(err)
		}
	}
	// Another process (a restart) reads what this one kept.
	again := New(path, 0)
	if got := strings.Join(texts(t, again), " "); got != `{"n":1} {"n":2} {"n":3}` {
		t.Fatalf("records = %s", got)
	}
	if err := again.Drop(t.Context(), 2); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(t, f), " "); got != `{"n":3}` {
		t.Fatalf("after dropping 2: %s", got)
	}
	if err := f.Drop(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("empty spool left a file: %v", err)
	}
	if got := texts(t, f); len(got) != 0 {
		t.Errorf("records of an empty spool: %v", got)
	}
}

// A line torn by a crash was never acknowledged: it is skipped, and the
// next record is not glued to it.
func TestTornLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spool.jsonl")
	if err := os.WriteFile(path, []byte("{\"n\":1}\n{\"n\":"), 0o600); err != nil {
		t.Fatal(err)
	}
	f := New(path, 0)
	if got := strings.Join(texts(t, f), " "); got != `{"n":1}` {
		t.Fatalf("records = %s", got)
	}
	if err := f.Append(t.Context(), []byte(`{"n":2}`)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(texts(t, f), " "); got != `{"n":1} {"n":2}` {
		t.Fatalf("records after append = %s", got)
	}
}

func TestBounded(t *testing.T) {
	f := New(filepath.Join(t.TempDir(), "spool.jsonl"), 20)
	if err := f.Append(t.Context(), []byte(`{"n":"0123456"}`)); err != nil {
		t.Fatal(err)
	}
	if err := f.Append(t.Context(), []byte(`{"n":"0123456"}`)); !errors.Is(err, ErrFull) {
		t.Fatalf("append past the limit: %v, want ErrFull", err)
	}
	if got := texts(t, f); len(got) != 1 {
		t.Errorf("records = %v, want the first only", got)
	}
	for _, bad := range []string{"", "{\n}"} {
		if err := f.Append(t.Context(), []byte(bad)); err == nil {
			t.Errorf("Append(%q) accepted", bad)
		}
	}
}
