package storetest

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func peopleContracts() []contract {
	return []contract{
		{name: "ResolveIdentityCreatesOnce", run: testResolveIdentityCreatesOnce},
		{name: "ResolveIdentityRefreshesUsername", run: testResolveIdentityRefreshesUsername},
		{name: "ResolveIdentityRejectsEmpty", run: testResolveIdentityRejectsEmpty},
		{name: "PersonNotFound", run: testPersonNotFound},
		{name: "UpdatePersonVersion", run: testUpdatePersonVersion},
		{name: "PersonNoUndelivered", run: testPersonNoUndelivered},
		{name: "MoveIdentity", run: testMoveIdentity},
		{name: "ReassignOwner", run: testReassignOwner},
		{name: "CreatePerson", run: testCreatePerson},
		{name: "CreatePersonConflict", run: testCreatePersonConflict},
		{name: "CreatePersonRejectsInvalid", run: testCreatePersonRejectsInvalid},
	}
}

// mustResolve resolves an identity or fails the test.
func mustResolve(t *testing.T, s memory.Store, platform, userID, username string) memory.Person {
	t.Helper()
	p, err := s.ResolveIdentity(t.Context(), platform, userID, username)
	if err != nil {
		t.Fatalf("ResolveIdentity(%s, %s): %v", platform, userID, err)
	}
	return p
}

// mustIdentities lists a person's identities or fails the test.
func mustIdentities(t *testing.T, s memory.Store, personID string) []memory.Identity {
	t.Helper()
	ids, err := s.Identities(t.Context(), personID)
	if err != nil {
		t.Fatalf("Identities(%s): %v", personID, err)
	}
	return ids
}

func testResolveIdentityCreatesOnce(t *testing.T, s memory.Store) {
	first := mustResolve(t, s, "discord", "u1", "alice")
	if first.ID == "" || first.Version != 1 || first.DisplayName != "alice" || first.CreatedAt.IsZero() {
		t.Fatalf("new person = %+v, want an id, version 1, display name alice and a creation time", first)
	}
	again := mustResolve(t, s, "discord", "u1", "alice")
	if again.ID != first.ID {
		t.Errorf("second resolve gave person %s, want %s", again.ID, first.ID)
	}
	other := mustResolve(t, s, "telegram", "u1", "alice")
	if other.ID == first.ID {
		t.Errorf("the same user id on another platform resolved to the same person %s", other.ID)
	}
	got, err := s.Person(t.Context(), first.ID)
	if err != nil {
		t.Fatalf("Person: %v", err)
	}
	if got.ID != first.ID || got.DisplayName != "alice" || got.Version != 1 || !sameMs(got.CreatedAt, first.CreatedAt) {
		t.Errorf("Person = %+v, want %+v", got, first)
	}
	idents := mustIdentities(t, s, first.ID)
	if len(idents) != 1 {
		t.Fatalf("Identities = %+v, want exactly one", idents)
	}
	id := idents[0]
	if id.Platform != "discord" || id.UserID != "u1" || id.PersonID != first.ID || id.Username != "alice" || id.LinkedAt.IsZero() {
		t.Errorf("identity = %+v, want discord/u1 of %s named alice with a link time", id, first.ID)
	}
}

func testResolveIdentityRefreshesUsername(t *testing.T, s memory.Store) {
	p := mustResolve(t, s, "telegram", "42", "old_name")
	again := mustResolve(t, s, "telegram", "42", "小明🐱")
	if again.ID != p.ID {
		t.Fatalf("resolve with a new username gave person %s, want %s", again.ID, p.ID)
	}
	idents := mustIdentities(t, s, p.ID)
	if len(idents) != 1 || idents[0].Username != "小明🐱" {
		t.Errorf("identities after rename = %+v, want one named 小明🐱", idents)
	}
}

func testResolveIdentityRejectsEmpty(t *testing.T, s memory.Store) {
	for _, tc := range []struct{ platform, userID string }{
		{"", "u1"},
		{"discord", ""},
	} {
		_, err := s.ResolveIdentity(t.Context(), tc.platform, tc.userID, "name")
		wantErr(t, "ResolveIdentity("+tc.platform+", "+tc.userID+")", err, memory.ErrInvalid)
	}
}

func testPersonNotFound(t *testing.T, s memory.Store) {
	_, err := s.Person(t.Context(), "no-such-person")
	wantErr(t, "Person of an unknown id", err, memory.ErrNotFound)
}

func testUpdatePersonVersion(t *testing.T, s memory.Store) {
	ctx := t.Context()
	p := mustResolve(t, s, "discord", "u1", "alice")
	stale := p
	p.DisplayName = "Alice 🌸"
	p.Language = "zh"
	p.MemoryOff = true
	if err := s.UpdatePerson(ctx, &p); err != nil {
		t.Fatalf("UpdatePerson: %v", err)
	}
	if p.Version != 2 {
		t.Errorf("version after update = %d, want 2", p.Version)
	}
	got, err := s.Person(ctx, p.ID)
	if err != nil {
		t.Fatalf("Person: %v", err)
	}
	if got.DisplayName != "Alice 🌸" || got.Language != "zh" || !got.MemoryOff || got.Version != 2 {
		t.Errorf("stored person = %+v, want the update at version 2", got)
	}
	if got.UpdatedAt.Before(ms(got.CreatedAt)) {
		t.Errorf("UpdatedAt %v before CreatedAt %v", got.UpdatedAt, got.CreatedAt)
	}

	stale.Language = "en"
	wantErr(t, "UpdatePerson with a stale version", s.UpdatePerson(ctx, &stale), memory.ErrConflict)
	if got, _ := s.Person(ctx, p.ID); got.Language != "zh" || got.Version != 2 {
		t.Errorf("after a stale update the person is %+v, want it unchanged", got)
	}

	missing := memory.Person{ID: "no-such-person", Version: 1}
	wantErr(t, "UpdatePerson of an unknown person", s.UpdatePerson(ctx, &missing), memory.ErrNotFound)
}

func testMoveIdentity(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := mustResolve(t, s, "discord", "u1", "alice")
	b := mustResolve(t, s, "telegram", "u2", "alice_tg")
	if err := s.MoveIdentity(ctx, "discord", "u1", b.ID); err != nil {
		t.Fatalf("MoveIdentity: %v", err)
	}
	if got := mustResolve(t, s, "discord", "u1", "alice"); got.ID != b.ID {
		t.Errorf("after the move discord/u1 resolves to %s, want %s", got.ID, b.ID)
	}
	if idents := mustIdentities(t, s, b.ID); len(idents) != 2 {
		t.Errorf("identities of the target = %+v, want two", idents)
	}
	if idents := mustIdentities(t, s, a.ID); len(idents) != 0 {
		t.Errorf("identities of the source = %+v, want none", idents)
	}

	wantErr(t, "MoveIdentity of an unknown identity", s.MoveIdentity(ctx, "discord", "nobody", b.ID), memory.ErrNotFound)
	wantErr(t, "MoveIdentity to an unknown person", s.MoveIdentity(ctx, "discord", "u1", "no-such-person"), memory.ErrNotFound)
	if got := mustResolve(t, s, "discord", "u1", "alice"); got.ID != b.ID {
		t.Errorf("a failed move changed the identity's person to %s", got.ID)
	}
}

func testReassignOwner(t *testing.T, s memory.Store) {
	ctx := t.Context()
	from := mustResolve(t, s, "discord", "u1", "alice")
	to := mustResolve(t, s, "telegram", "u2", "alice")
	var moved []string
	for _, text := range []string{"Lives in Berlin", "Has a cat", "住在柏林"} {
		m := newMemory(from.ID, text)
		mustInsert(t, s, &m)
		moved = append(moved, m.ID)
	}
	kept := newMemory(to.ID, "Already there")
	mustInsert(t, s, &kept)
	conv := mustEnsure(t, s, "discord:c1")
	msg := memory.Message{ConversationID: conv.ID, PlatformID: "m1", PersonID: from.ID, Role: memory.RoleUser, Text: "hi", Time: base}
	mustAppend(t, s, &msg)

	if err := s.ReassignOwner(ctx, from.ID, to.ID); err != nil {
		t.Fatalf("ReassignOwner: %v", err)
	}
	if left := mustList(t, s, memory.MemoryQuery{Owner: from.ID}); len(left) != 0 {
		t.Errorf("the old owner still has %d memories", len(left))
	}
	got := mustList(t, s, memory.MemoryQuery{Owner: to.ID})
	if want := append([]string{kept.ID}, moved...); !equalSorted(ids(got), want) {
		t.Errorf("the new owner has %v, want %v", ids(got), want)
	}
	for _, id := range moved {
		if m := mustGet(t, s, to.ID, id); m.Owner != to.ID {
			t.Errorf("memory %s has owner %s, want %s", id, m.Owner, to.ID)
		}
		_, err := s.Memory(ctx, from.ID, id)
		wantErr(t, "Memory under the old owner", err, memory.ErrNotFound)
	}
	msgs := mustMessages(t, s, conv.ID, 0, 0)
	if len(msgs) != 1 || msgs[0].PersonID != to.ID {
		t.Errorf("messages after reassign = %+v, want one authored by %s", msgs, to.ID)
	}
}

func testCreatePerson(t *testing.T, s memory.Store) {
	ctx := t.Context()
	before := time.Now().Add(-time.Minute)
	fresh := memory.Person{DisplayName: "新人 🌱", Language: "zh", Version: 9}
	if err := s.CreatePerson(ctx, &fresh); err != nil {
		t.Fatalf("CreatePerson: %v", err)
	}
	after := time.Now().Add(time.Minute)
	if !urlSafe.MatchString(fresh.ID) || fresh.Version != 1 {
		t.Errorf("created person %+v, want an assigned URL-safe id and version 1", fresh)
	}
	if fresh.CreatedAt.Before(before) || fresh.CreatedAt.After(after) || fresh.UpdatedAt.Before(before) || fresh.UpdatedAt.After(after) {
		t.Errorf("created person's times %v / %v, want the time of creation", fresh.CreatedAt, fresh.UpdatedAt)
	}

	given := memory.Person{ID: "person-given-id", DisplayName: "Given", MemoryOff: true,
		CreatedAt: base.In(shanghai), UpdatedAt: base.Add(time.Minute)}
	if err := s.CreatePerson(ctx, &given); err != nil {
		t.Fatalf("CreatePerson with an id: %v", err)
	}
	for _, want := range []memory.Person{fresh, given} {
		got, err := s.Person(ctx, want.ID)
		if err != nil {
			t.Fatalf("Person(%s): %v", want.ID, err)
		}
		if got.ID != want.ID || got.DisplayName != want.DisplayName || got.Language != want.Language ||
			got.MemoryOff != want.MemoryOff || got.Version != 1 ||
			!sameMs(got.CreatedAt, want.CreatedAt) || !sameMs(got.UpdatedAt, want.UpdatedAt) {
			t.Errorf("Person(%s) = %+v, want %+v", want.ID, got, want)
		}
	}
	if idents := mustIdentities(t, s, given.ID); len(idents) != 0 {
		t.Errorf("a created person has identities %+v, want none", idents)
	}
	// A created person can receive a linked account and be updated.
	mustResolve(t, s, "discord", "u1", "alice")
	if err := s.MoveIdentity(ctx, "discord", "u1", given.ID); err != nil {
		t.Errorf("MoveIdentity to a created person: %v", err)
	}
	if err := s.UpdatePerson(ctx, &given); err != nil || given.Version != 2 {
		t.Errorf("UpdatePerson of a created person: %v (version %d), want version 2", err, given.Version)
	}
}

func testCreatePersonConflict(t *testing.T, s memory.Store) {
	ctx := t.Context()
	resolved := mustResolve(t, s, "telegram", "7", "first")
	dup := memory.Person{ID: resolved.ID, DisplayName: "impostor"}
	wantErr(t, "CreatePerson with the id of a resolved person", s.CreatePerson(ctx, &dup), memory.ErrConflict)
	p := memory.Person{ID: "person-taken-id", DisplayName: "original"}
	if err := s.CreatePerson(ctx, &p); err != nil {
		t.Fatalf("CreatePerson: %v", err)
	}
	again := memory.Person{ID: p.ID, DisplayName: "second"}
	wantErr(t, "CreatePerson twice", s.CreatePerson(ctx, &again), memory.ErrConflict)
	for id, name := range map[string]string{resolved.ID: "first", p.ID: "original"} {
		if got, err := s.Person(ctx, id); err != nil || got.DisplayName != name || got.Version != 1 {
			t.Errorf("after a conflicting create Person(%s) = %+v, %v; want %s unchanged", id, got, err, name)
		}
	}
}

func testCreatePersonRejectsInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for name, p := range map[string]memory.Person{
		"a display name not UTF-8": {ID: "bad-name", DisplayName: "x\xff"},
		"a language not UTF-8":     {ID: "bad-lang", Language: "\xc3"},
		"an id not UTF-8":          {ID: "bad-\xfe"},
	} {
		wantErr(t, "CreatePerson with "+name, s.CreatePerson(ctx, &p), memory.ErrInvalid)
	}
	for _, id := range []string{"bad-name", "bad-lang"} {
		_, err := s.Person(ctx, id)
		wantErr(t, "Person after a rejected create", err, memory.ErrNotFound)
	}
}

// testPersonNoUndelivered: NoUndelivered starts false, and is written by
// CreatePerson and UpdatePerson and read back by Person and
// ResolveIdentity, each way.
func testPersonNoUndelivered(t *testing.T, s memory.Store) {
	ctx := t.Context()
	p := mustResolve(t, s, "telegram", "nu", "nu")
	if p.NoUndelivered {
		t.Fatal("a new person is known to have nothing kept")
	}
	for _, want := range []bool{true, false, true} {
		p.NoUndelivered = want
		if err := s.UpdatePerson(ctx, &p); err != nil {
			t.Fatalf("UpdatePerson(NoUndelivered=%v): %v", want, err)
		}
		got, err := s.Person(ctx, p.ID)
		if err != nil || got.NoUndelivered != want {
			t.Errorf("Person after UpdatePerson(NoUndelivered=%v) = %+v, %v", want, got, err)
		}
		if got := mustResolve(t, s, "telegram", "nu", "nu"); got.NoUndelivered != want {
			t.Errorf("ResolveIdentity after UpdatePerson(NoUndelivered=%v) gave %v", want, got.NoUndelivered)
		}
	}
	c := memory.Person{DisplayName: "created", NoUndelivered: true}
	if err := s.CreatePerson(ctx, &c); err != nil {
		t.Fatalf("CreatePerson: %v", err)
	}
	if got, err := s.Person(ctx, c.ID); err != nil || !got.NoUndelivered {
		t.Errorf("Person after CreatePerson(NoUndelivered) = %+v, %v", got, err)
	}
}
