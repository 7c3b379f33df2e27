package main

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

func TestMemoriesStats(t *testing.T) {
	dir := seed(t)
	var st stats
	decode(t, memOK(t, dir, "stats", "--json", "--user", "telegram:111"), &st)
	want := stats{
		Total:       5,
		ByType:      map[string]int{"skill": 1, "preference": 1, "fact": 2, "task": 1},
		ByLifecycle: map[string]int{"long_term": 2, "fact": 2, "temporary": 1},
		ByStatus:    map[string]int{"active": 3, "pending_review": 1, "archived": 1},
		Added7d:     2, Added30d: 2, PendingReviews: 1,
	}
	if st.Total != want.Total || st.Added7d != want.Added7d || st.Added30d != want.Added30d || st.PendingReviews != want.PendingReviews ||
		!maps.Equal(st.ByType, want.ByType) || !maps.Equal(st.ByLifecycle, want.ByLifecycle) || !maps.Equal(st.ByStatus, want.ByStatus) {
		t.Fatalf("stats %+v, want %+v", st, want)
	}
	if len(st.TopSubjects) == 0 || st.TopSubjects[0] != (subjectCount{Subject: "employer", Count: 2}) {
		t.Fatalf("top subjects %+v", st.TopSubjects)
	}
	if st.Tokens != nil {
		t.Fatalf("tokens %+v with nothing recorded", st.Tokens)
	}
	out := memOK(t, dir, "stats", "--user", "telegram:111")
	for _, w := range []string{"Total 5 memories; 2 added in the last 7 days, 2 in the last 30.", "By type", "pending_review", "employer", "1 awaiting review", "Model use not recorded"} {
		if !strings.Contains(out, w) {
			t.Errorf("stats lacks %q:\n%s", w, out)
		}
	}
}

// What the store counts of a person's tokens (a daily budget's counter)
// shows in stats.
func TestMemoriesStatsTokens(t *testing.T) {
	dir := seed(t)
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	ident, err := s.Identity(ctx, "telegram", "111")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	if _, err := s.AddCount(ctx, "tokens:"+ident.PersonID+":"+now.UTC().Format("2006-01-02"), 1234, now, now.Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	var st stats
	decode(t, memOK(t, dir, "stats", "--json", "--user", "telegram:111"), &st)
	if st.Tokens == nil || st.Tokens.Today != 1234 {
		t.Fatalf("tokens %+v, want 1234 today", st.Tokens)
	}
	if out := memOK(t, dir, "stats", "--user", "telegram:111"); !strings.Contains(out, "1234 tokens today") {
		t.Fatalf("stats:\n%s", out)
	}
}

func TestMemoriesExport(t *testing.T) {
	dir := seed(t)
	var doc exported
	decode(t, memOK(t, dir, "export", "--user", "telegram:111"), &doc)
	if doc.User != "telegram:111" || len(doc.Memories) != 5 {
		t.Fatalf("export json: %d memories, user %q", len(doc.Memories), doc.User)
	}
	var acme memory.Memory
	for _, m := range doc.Memories {
		if m.ID == idAcme {
			acme = m
		}
	}
	if len(acme.History) != 1 || acme.History[0].Action != "review" {
		t.Fatalf("exported without its history: %+v", acme)
	}

	out := memOK(t, dir, "export", "--format", "jsonl", "--user", "telegram:111")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d JSON lines, want 5:\n%s", len(lines), out)
	}
	for _, l := range lines {
		var m memory.Memory
		decode(t, l, &m)
		if m.ID == "" || m.Text == "" {
			t.Fatalf("JSON line without a memory: %s", l)
		}
	}

	file := filepath.Join(t.TempDir(), "memories.md")
	_, errOut, code := mem(t, dir, "", false, nil, "export", "--format", "md", "--output", file, "--user", "telegram:111")
	if code != 0 || !strings.Contains(errOut, "Exported 5 memories to "+file) {
		t.Fatalf("export to a file: exit %d\n%s", code, errOut)
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"# Memories of telegram:111", "## Works at Acme", "status: pending_review", "set aside for review", "`" + idTea + "`"} {
		if !bytes.Contains(raw, []byte(w)) {
			t.Errorf("markdown lacks %q:\n%s", w, raw)
		}
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("export file mode %v (%v), want 0600", fi.Mode().Perm(), err)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		t.Fatalf("temporary files left beside the export: %v", entries)
	}
}
