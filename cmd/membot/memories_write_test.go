package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

func TestMemoriesEdit(t *testing.T) {
	dir := seed(t)
	out := memOK(t, dir, "edit", "a1a1a1a1", "Drinks", "oolong", "tea", "--user", "telegram:111")
	if !strings.Contains(out, "Updated a1a1a1a1: Drinks oolong tea") {
		t.Fatalf("edit:\n%s", out)
	}
	m, err := stored(t, dir, idTea)
	if err != nil || m.Text != "Drinks oolong tea" || len(m.History) != 1 || m.History[0].Text != "Drinks green tea every morning" || m.History[0].Action != "edit" {
		t.Fatalf("after edit: %+v %v", m, err)
	}
	if out := memOK(t, dir, "show", "a1a1", "--user", "telegram:111"); !strings.Contains(out, "before edit: Drinks green tea every morning") {
		t.Fatalf("show after edit:\n%s", out)
	}
	// After "--" nothing is a flag.
	memOK(t, dir, "edit", "a1a1a1a1", "--user", "telegram:111", "--", "--json", "is", "not", "a", "flag")
	if m, err := stored(t, dir, idTea); err != nil || m.Text != "--json is not a flag" {
		t.Fatalf("edit after --: %q %v", m.Text, err)
	}
	// A secret in the new text is redacted as in chat.
	var got changed
	decode(t, memOK(t, dir, "edit", idTask, "Renew the passport, call +1 415 555 0100", "--json", "--user", "telegram:111"), &got)
	if got.Action != "edit" || got.Memory == nil || strings.Contains(got.Memory.Text, "555") {
		t.Fatalf("edit --json: %+v", got)
	}
}

func TestMemoriesDone(t *testing.T) {
	dir := seed(t)
	if out := memOK(t, dir, "done", "a4a4", "--user", "telegram:111"); !strings.Contains(out, "Done: Renew the passport") {
		t.Fatalf("done:\n%s", out)
	}
	if m, err := stored(t, dir, idTask); err != nil || m.Status != memory.StatusDone {
		t.Fatalf("after done: %+v %v", m, err)
	}
	if out := memOK(t, dir, "list", "--user", "telegram:111"); strings.Contains(out, "Renew the passport") {
		t.Errorf("a done task in the default list:\n%s", out)
	}
	if out := memOK(t, dir, "list", "--status", "done", "--user", "telegram:111"); !strings.Contains(out, "Renew the passport") {
		t.Errorf("list --status done lacks the task:\n%s", out)
	}
	// Only tasks are done; another person's task is not found.
	if _, errOut, code := mem(t, dir, "", false, nil, "done", "a1a1a1a1", "--user", "telegram:111"); code != 1 || !strings.Contains(errOut, "only tasks") {
		t.Errorf("done on a preference: exit %d %s", code, errOut)
	}
	if _, errOut, code := mem(t, dir, "", false, nil, "done", "a4a4a4a4", "--user", "telegram:222"); code != 1 || strings.Contains(errOut, "passport") {
		t.Errorf("done on another person's task: exit %d %s", code, errOut)
	}
}

func TestMemoriesForget(t *testing.T) {
	dir := seed(t)
	out := memOK(t, dir, "forget", "a1a1a1a1", "--user", "telegram:111")
	if !strings.Contains(out, "Forgotten for good: Drinks green tea every morning") {
		t.Fatalf("forget:\n%s", out)
	}
	if _, err := stored(t, dir, idTea); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("forgotten memory still stored: %v", err)
	}
	// On a terminal --all asks; anything but yes keeps everything.
	out, errOut, code := mem(t, dir, "no\n", true, nil, "forget", "--all", "--user", "telegram:111")
	if code != 1 || !strings.Contains(errOut, "Type yes to confirm") || !strings.Contains(errOut, "cancelled") {
		t.Fatalf("forget --all answered no: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := stored(t, dir, idGlobex); err != nil {
		t.Fatalf("a refused forget --all deleted: %v", err)
	}
	out, errOut, code = mem(t, dir, "yes\n", true, nil, "forget", "--all", "--user", "telegram:111")
	if code != 0 || !strings.Contains(out, "Deleted all 4 memories") {
		t.Fatalf("forget --all confirmed: exit %d\n%s\n%s", code, out, errOut)
	}
	if out := memOK(t, dir, "list", "--status", "all", "--user", "telegram:111"); !strings.Contains(out, "No memories") {
		t.Fatalf("after forget --all:\n%s", out)
	}
	if out := memOK(t, dir, "list", "--user", "telegram:222"); !strings.Contains(out, bobSecret) {
		t.Fatalf("forget --all of ann took bob's:\n%s", out)
	}
	var got changed
	decode(t, memOK(t, dir, "forget", "--all", "--yes", "--json", "--user", "telegram:222"), &got)
	if got.Action != "forget_all" || got.Count != 1 {
		t.Fatalf("forget --all --yes --json: %+v", got)
	}
}

func TestMemoriesReview(t *testing.T) {
	tests := []struct {
		name, input          string
		acme, globex         memory.Status
		globexText, resolved string
	}{
		{"keep this", "k\n", memory.StatusActive, memory.StatusSuperseded, "Works at Globex", "Resolved 1 of 1"},
		{"keep the other", "o\n", memory.StatusSuperseded, memory.StatusActive, "Works at Globex", "Resolved 1 of 1"},
		{"keep both", "b\n", memory.StatusActive, memory.StatusActive, "Works at Globex", "Resolved 1 of 1"},
		{"merge", "m\nWorks at Globex, bought Acme\n", memory.StatusSuperseded, memory.StatusActive, "Works at Globex, bought Acme", "Resolved 1 of 1"},
		{"skip", "s\n", memory.StatusPendingReview, memory.StatusActive, "Works at Globex", "Resolved 0 of 1"},
		{"not understood, then quit", "what\nq\n", memory.StatusPendingReview, memory.StatusActive, "Works at Globex", "Resolved 0 of 1"},
		{"end of input", "", memory.StatusPendingReview, memory.StatusActive, "Works at Globex", "Resolved 0 of 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := seed(t)
			out, errOut, code := mem(t, dir, tt.input, true, nil, "review", "--user", "telegram:111")
			if code != 0 || !strings.Contains(out, "this   a2a2a2a2 Works at Acme") || !strings.Contains(out, "other  a3a3a3a3 Works at Globex") || !strings.Contains(out, tt.resolved) {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			acme, err := stored(t, dir, idAcme)
			if err != nil {
				t.Fatal(err)
			}
			globex, err := stored(t, dir, idGlobex)
			if err != nil {
				t.Fatal(err)
			}
			if acme.Status != tt.acme || globex.Status != tt.globex || globex.Text != tt.globexText {
				t.Fatalf("acme %s, globex %s %q; want %s, %s %q", acme.Status, globex.Status, globex.Text, tt.acme, tt.globex, tt.globexText)
			}
			if acme.Status == memory.StatusSuperseded && acme.SupersededBy != idGlobex {
				t.Fatalf("acme superseded by %q", acme.SupersededBy)
			}
			if globex.Status == memory.StatusSuperseded && globex.SupersededBy != idAcme {
				t.Fatalf("globex superseded by %q", globex.SupersededBy)
			}
		})
	}
}

// Piped or with --json, review lists and changes nothing.
func TestMemoriesReviewLists(t *testing.T) {
	dir := seed(t)
	out := memOK(t, dir, "review", "--user", "telegram:111")
	if !strings.Contains(out, "a2a2a2a2  a3a3a3a3  Works at Acme") || !strings.Contains(out, "1 awaiting review; run on a terminal") {
		t.Fatalf("review piped:\n%s", out)
	}
	var got []reviewed
	decode(t, memOK(t, dir, "review", "--json", "--user", "telegram:111"), &got)
	if len(got) != 1 || got[0].Memory.ID != idAcme || got[0].Other == nil || got[0].Other.ID != idGlobex {
		t.Fatalf("review --json: %+v", got)
	}
	if m, err := stored(t, dir, idAcme); err != nil || m.Status != memory.StatusPendingReview {
		t.Fatalf("listing changed the memory: %s %v", m.Status, err)
	}
	// A list of nothing is [] for scripts.
	if out := memOK(t, dir, "review", "--json", "--user", "telegram:222"); strings.TrimSpace(out) != "[]" {
		t.Fatalf("empty review --json: %q", out)
	}
	if out := memOK(t, dir, "list", "--json", "--type", "event", "--user", "telegram:111"); strings.TrimSpace(out) != "[]" {
		t.Fatalf("empty list --json: %q", out)
	}
}

// A contradiction extraction set aside (no review link in its history) is
// shown beside the active memory on its subject, found as reconciliation
// finds neighbours.
func TestMemoriesReviewFindsTheContradicted(t *testing.T) {
	dir := seed(t)
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := service.New(service.Options{Store: s})
	if err != nil {
		t.Fatal(err)
	}
	ident, err := s.Identity(ctx, "telegram", "111")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []memory.Memory{
		{ID: "d1d1d1d1berlin00", Text: "Lives in Berlin", Status: memory.StatusActive},
		{ID: "d2d2d2d2paris000", Text: "Lives in Paris", Status: memory.StatusPendingReview},
	} {
		m.Owner, m.Type, m.Lifecycle, m.Subject, m.Importance, m.Confidence = ident.PersonID, memory.TypeFact, memory.LifecycleFact, "residence", 0.7, 0.9
		if err := svc.Insert(ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	var got []reviewed
	decode(t, memOK(t, dir, "review", "--json", "--user", "telegram:111"), &got)
	var paris *reviewed
	for i := range got {
		if got[i].Memory.ID == "d2d2d2d2paris000" {
			paris = &got[i]
		}
	}
	if paris == nil || paris.Other == nil || paris.Other.ID != "d1d1d1d1berlin00" {
		t.Fatalf("review --json: %+v", got)
	}
}
