package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// Seeded memory ids: ann's, and one of bob's.
const (
	idTea     = "a1a1a1a1tea00000"
	idAcme    = "a2a2a2a2acme0000"
	idGlobex  = "a3a3a3a3globex00"
	idTask    = "a4a4a4a4task0000"
	idOld     = "a5a5a5a5old00000"
	idBobYach = "b1b1b1b1yacht000"
	bobSecret = "Owns a yacht called Seabreeze"
)

// seed makes a SQLite store with two people, telegram:111 (ann) and
// telegram:222 (bob), their memories written through the service (ann's
// Acme set aside for review by the newer Globex), and the message ann's
// tea memory came from. It returns the data directory.
func seed(t *testing.T) string {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	svc, err := service.New(service.Options{Store: s})
	if err != nil {
		t.Fatal(err)
	}
	ann, err := s.ResolveIdentity(ctx, "telegram", "111", "ann")
	if err != nil {
		t.Fatal(err)
	}
	bob, err := s.ResolveIdentity(ctx, "telegram", "222", "bob")
	if err != nil {
		t.Fatal(err)
	}
	conv, err := s.EnsureConversation(ctx, memory.Conversation{ID: "telegram:111", Platform: "telegram", IsDM: true})
	if err != nil {
		t.Fatal(err)
	}
	base := time.Now().Add(-40 * 24 * time.Hour)
	for i, text := range []string{"I drink green tea every morning", "what's the weather"} {
		msg := memory.Message{ConversationID: conv.ID, PlatformID: []string{"m1", "m2"}[i], PersonID: ann.ID, Role: memory.RoleUser, Text: text, Time: base}
		if err := s.AppendMessage(ctx, &msg); err != nil {
			t.Fatal(err)
		}
	}
	mk := func(id, owner, text string, typ memory.Type, lc memory.Lifecycle, subj string, created time.Time, edit func(*memory.Memory)) {
		t.Helper()
		m := memory.Memory{ID: id, Owner: owner, Text: text, Type: typ, Lifecycle: lc, Subject: subj, Status: memory.StatusActive,
			Importance: 0.7, Confidence: 0.9, CreatedAt: created, UpdatedAt: created}
		if edit != nil {
			edit(&m)
		}
		if err := svc.Insert(ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	mk(idOld, ann.ID, "Used to play the cello", memory.TypeSkill, memory.LifecycleLongTerm, "", base, func(m *memory.Memory) { m.Status = memory.StatusArchived })
	mk(idTea, ann.ID, "Drinks green tea every morning", memory.TypePreference, memory.LifecycleLongTerm, "beverages", base.Add(time.Hour), func(m *memory.Memory) {
		m.Keywords = []string{"tea", "drink"}
		m.Source = memory.Source{Platform: "telegram", ConversationID: conv.ID, MessageIDs: []string{"m1"}, Excerpt: "I drink green tea every morning", Time: base}
	})
	mk(idAcme, ann.ID, "Works at Acme", memory.TypeFact, memory.LifecycleFact, "employer", base.Add(2*time.Hour), nil)
	mk(idTask, ann.ID, "Renew the passport", memory.TypeTask, memory.LifecycleTemporary, "", time.Now().Add(-2*24*time.Hour), nil)
	mk(idGlobex, ann.ID, "Works at Globex", memory.TypeFact, memory.LifecycleFact, "employer", time.Now().Add(-time.Hour), nil)
	mk(idBobYach, bob.ID, bobSecret, memory.TypeFact, memory.LifecycleFact, "", time.Now().Add(-time.Hour), nil)
	if got, err := s.Memory(ctx, ann.ID, idAcme); err != nil || got.Status != memory.StatusPendingReview {
		t.Fatalf("seed: Acme is %q (%v), want it awaiting review", got.Status, err)
	}
	return dir
}

// mem runs "membot memories ARGS --data dir"; interactive makes stdin a
// terminal.
func mem(t *testing.T, dir, stdin string, interactive bool, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	if len(args) > 0 {
		// Right after the command, so that no "--" makes it positional.
		args = append([]string{args[0], "--data", dir}, args[1:]...)
	}
	code = Main(context.Background(), append([]string{"memories"}, args...), Env{
		Stdin:       strings.NewReader(stdin),
		Stdout:      &out,
		Stderr:      &errOut,
		Getenv:      func(k string) string { return env[k] },
		Interactive: &interactive,
	})
	return out.String(), errOut.String(), code
}

// memOK is mem that must exit 0.
func memOK(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, errOut, code := mem(t, dir, "", false, nil, args...)
	if code != 0 {
		t.Fatalf("memories %v: exit %d\n%s\n%s", args, code, out, errOut)
	}
	return out
}

// stored reads one memory of telegram:111 straight from the store.
func stored(t *testing.T, dir, id string) (memory.Memory, error) {
	t.Helper()
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ident, err := s.Identity(ctx, "telegram", "111")
	if err != nil {
		t.Fatal(err)
	}
	return s.Memory(ctx, ident.PersonID, id)
}

func TestMemoriesList(t *testing.T) {
	dir := seed(t)
	tests := []struct {
		name     string
		args     []string
		want     []string
		dontWant []string
	}{
		{"default: active and awaiting review, newest first", nil,
			[]string{"ID", "TYPE", "LIFECYCLE", "STATUS", "AGE", "TEXT", "a3a3a3a3", "Works at Globex", "pending_review", "Works at Acme", "Renew the passport", "Drinks green tea"},
			[]string{"cello", bobSecret, "a3a3a3a3globex00"}},
		{"every status", []string{"--status", "all"}, []string{"cello", "archived", "Works at Acme"}, []string{bobSecret}},
		{"by type", []string{"--type", "task"}, []string{"Renew the passport"}, []string{"Globex", "tea"}},
		{"two types", []string{"--type", "task,preference"}, []string{"Renew the passport", "green tea"}, []string{"Globex"}},
		{"by lifecycle", []string{"--lifecycle", "long_term"}, []string{"green tea"}, []string{"Globex", "passport", "cello"}},
		{"by status", []string{"--status", "pending_review"}, []string{"Works at Acme"}, []string{"Globex"}},
		{"limited", []string{"--limit", "1"}, []string{"Works at Globex", "1 of 4 memories"}, []string{"passport"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := memOK(t, dir, append([]string{"list", "--user", "telegram:111"}, tt.args...)...)
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q:\n%s", w, out)
				}
			}
			for _, w := range tt.dontWant {
				if strings.Contains(out, w) {
					t.Errorf("shows %q:\n%s", w, out)
				}
			}
		})
	}
	out := memOK(t, dir, "list", "--user", "telegram:111")
	if strings.Index(out, "Globex") > strings.Index(out, "green tea") {
		t.Errorf("not newest first:\n%s", out)
	}
	if strings.Contains(out, "\x1b[") {
		t.Errorf("colour when not on a terminal:\n%q", out)
	}
}

// Columns line up, and the text is cut to $COLUMNS when set.
func TestMemoriesListFitsTheWidth(t *testing.T) {
	dir := seed(t)
	out, _, code := mem(t, dir, "", false, map[string]string{"COLUMNS": "70"}, "list", "--user", "telegram:111")
	if code != 0 {
		t.Fatal(out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	col := strings.Index(lines[0], "TEXT")
	for _, l := range lines {
		if cells(l) > 70 {
			t.Errorf("line of %d cells, over 70: %q", cells(l), l)
		}
		if strings.HasPrefix(l, "a") && !strings.Contains(l, "  ") {
			t.Errorf("no column gap: %q", l)
		}
	}
	if !strings.Contains(out, "…") {
		t.Errorf("nothing cut at 70 columns:\n%s", out)
	}
	for _, l := range lines[1:] {
		if len(l) > col && l[col-1] != ' ' {
			t.Errorf("text column not aligned at %d: %q", col, l)
		}
	}
}

func TestMemoriesUsageErrors(t *testing.T) {
	dir := seed(t)
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"list"}, 2, "--user PLATFORM:ID is required"},
		{[]string{"list", "--user", "telegram"}, 2, "--user PLATFORM:ID is required"},
		{[]string{"list", "--user", "telegram:111", "--type", "hobby"}, 2, `unknown value "hobby"`},
		{[]string{"list", "--user", "telegram:111", "--status", "gone"}, 2, `unknown value "gone"`},
		{[]string{"list", "--user", "telegram:111", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"show", "--user", "telegram:111"}, 2, "missing argument"},
		{[]string{"edit", "a1a1a1a1", "--user", "telegram:111"}, 2, "missing argument"},
		{[]string{"forget", "--user", "telegram:111"}, 2, "give its id, or --all"},
		{[]string{"forget", "--all", "--user", "telegram:111"}, 2, "pass --yes"},
		{[]string{"export", "--user", "telegram:111", "--format", "csv"}, 2, "want json, jsonl or md"},
		{[]string{"export", "--user", "telegram:111", "--format", "md", "--json"}, 2, "give one or the other"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"list", "--user", "telegram:999"}, 1, "no person known as telegram:999"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			out, errOut, code := mem(t, dir, "", false, nil, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d (want %d), stderr lacks %q:\n%s\n%s", code, tt.code, tt.want, errOut, out)
			}
		})
	}
	// Naming an unknown account created nobody.
	s, err := sqlite.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Identity(context.Background(), "telegram", "999"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("an unknown --user was created: %v", err)
	}
}

// Every command has --help with an example, on exit code 0.
func TestMemoriesHelp(t *testing.T) {
	dir := t.TempDir()
	for name := range memoriesCommands {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := mem(t, dir, "", false, nil, name, "--help")
			if code != 0 || !strings.Contains(errOut, "Example:\n  membot memories "+name) || !strings.Contains(errOut, "-user") {
				t.Fatalf("exit %d:\n%s%s", code, out, errOut)
			}
		})
	}
	out, _, code := mem(t, dir, "", false, nil, "--help")
	if code != 0 || !strings.Contains(out, "review") {
		t.Fatalf("memories --help: exit %d\n%s", code, out)
	}
	if out, _, _ := mem(t, dir, "", false, nil); strings.Contains(out, "review") {
		t.Fatal("the usage of a bare \"memories\" went to stdout")
	}
}

// Another person's memory is "not found" exactly as an id that does not
// exist, for every command that takes an id, and nothing of theirs shows
// in what lists, searches or exports.
func TestMemoriesPrivacy(t *testing.T) {
	dir := seed(t)
	for _, cmd := range [][]string{{"show"}, {"edit", "@", "Owns nothing"}, {"forget"}} {
		t.Run(cmd[0], func(t *testing.T) {
			args := func(id string) []string {
				a := []string{cmd[0], id}
				if len(cmd) > 1 {
					a = []string{cmd[0], id, cmd[2]}
				}
				return append(a, "--user", "telegram:111")
			}
			outB, errB, codeB := mem(t, dir, "", false, nil, args("b1b1b1b1")...)
			outU, errU, codeU := mem(t, dir, "", false, nil, args("c9c9c9c9")...)
			if codeB != 1 || codeU != 1 {
				t.Fatalf("exit %d for another's id, %d for an unknown one", codeB, codeU)
			}
			if strings.ReplaceAll(errB, "b1b1b1b1", "ID") != strings.ReplaceAll(errU, "c9c9c9c9", "ID") || outB != outU {
				t.Fatalf("another's id and an unknown one answer differently:\n%q\n%q", errB, errU)
			}
			if !strings.Contains(errB, "no such memory") || strings.Contains(errB+outB, "yacht") {
				t.Fatalf("answer: %q %q", errB, outB)
			}
		})
	}
	for _, args := range [][]string{
		{"list", "--status", "all"}, {"list", "--json"}, {"search", "yacht"}, {"search", "yacht", "--json"},
		{"export"}, {"export", "--format", "md"}, {"stats", "--json"}, {"review", "--json"},
	} {
		out := memOK(t, dir, append(args, "--user", "telegram:111")...)
		if strings.Contains(out, "Seabreeze") || strings.Contains(out, "b1b1b1b1") {
			t.Errorf("%v shows another person's memory:\n%s", args, out)
		}
	}
	// Bob's memory is untouched, and his own.
	if out := memOK(t, dir, "list", "--user", "telegram:222"); !strings.Contains(out, bobSecret) {
		t.Fatalf("bob's list:\n%s", out)
	}
}

func TestMemoriesSearch(t *testing.T) {
	dir := seed(t)
	out := memOK(t, dir, "search", "what", "do", "I", "drink", "--user", "telegram:111")
	if !strings.Contains(out, "SCORE") || !strings.Contains(out, "green tea") || strings.Contains(out, "cello") {
		t.Fatalf("search:\n%s", out)
	}
	var got []found
	decode(t, memOK(t, dir, "search", "tea", "--json", "--user", "telegram:111"), &got)
	if len(got) == 0 || got[0].Memory.ID != idTea || got[0].Score <= 0 || got[0].Parts == nil {
		t.Fatalf("search --json: %+v", got)
	}
	if out := memOK(t, dir, "search", "zeppelin", "--user", "telegram:111"); !strings.Contains(out, "Nothing found") {
		t.Fatalf("search for nothing:\n%s", out)
	}
}

func TestMemoriesShow(t *testing.T) {
	dir := seed(t)
	out := memOK(t, dir, "show", "a1a1a1a1", "--user", "telegram:111")
	for _, w := range []string{idTea, "Drinks green tea every morning", "beverages", "preference", "long_term", "active",
		"History", "Source", "conversation telegram:111", "I drink green tea every morning", "0 times"} {
		if !strings.Contains(out, w) {
			t.Errorf("show lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "weather") {
		t.Errorf("show lists a message the memory was not taken from:\n%s", out)
	}
	// The memory set aside says by which one, both ways.
	out = memOK(t, dir, "show", "a2a2a2a2", "--user", "telegram:111")
	if !strings.Contains(out, "set aside for review (newer: a3a3a3a3)") || !strings.Contains(out, "pending_review") {
		t.Errorf("show of a memory awaiting review:\n%s", out)
	}
	var got shown
	decode(t, memOK(t, dir, "show", idTea, "--json", "--user", "telegram:111"), &got)
	if got.Memory.ID != idTea || len(got.Versions) != 1 || len(got.Sources) != 1 || got.Sources[0].PlatformID != "m1" {
		t.Fatalf("show --json: %+v", got)
	}
}

// decode parses JSON output into v.
func decode(t *testing.T, out string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(out), v); err != nil {
		t.Fatalf("output is not JSON (%v):\n%s", err, out)
	}
}

// finds neighbours.
