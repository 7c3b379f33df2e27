package storetest

import (
	"slices"
	"testing"

	"github.com/membot/membot/memory"
)

func erasureContracts() []contract {
	return []contract{
		{name: "DeletePersonMessages", run: testDeletePersonMessages},
		{name: "DeletePersonMessagesRejectsEmpty", run: testDeletePersonMessagesRejectsEmpty},
	}
}

// captureBy captures one message of author (empty: the bot) in conv.
func captureBy(t *testing.T, s memory.Store, conv, platformID, author string) {
	t.Helper()
	role := memory.RoleUser
	if author == "" {
		role = memory.RoleAssistant
	}
	m := memory.Message{ConversationID: conv, PlatformID: platformID, PersonID: author, Role: role, Text: "by " + author, Time: base}
	mustAppend(t, s, &m)
}

// erasureFixture captures messages of alice, bob and the bot in two
// conversations: alice wrote 1, 3 and 5 in a, 2 in b.
func erasureFixture(t *testing.T, s memory.Store) (a, b string) {
	t.Helper()
	a, b = mustEnsure(t, s, "discord:a").ID, mustEnsure(t, s, "telegram:b").ID
	for i, author := range []string{"alice", "", "alice", "bob", "alice"} {
		captureBy(t, s, a, string(rune('1'+i)), author)
	}
	for i, author := range []string{"bob", "alice", ""} {
		captureBy(t, s, b, string(rune('1'+i)), author)
	}
	return a, b
}

func testDeletePersonMessages(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a, b := erasureFixture(t, s)
	mine := newMemory("alice", "a memory is not a message")
	mustInsert(t, s, &mine)

	n, err := s.DeletePersonMessages(ctx, "alice")
	if err != nil || n != 4 {
		t.Fatalf("DeletePersonMessages(alice) = %d, %v; want 4, nil", n, err)
	}
	if got := seqs(mustMessages(t, s, a, 0, 0)); !slices.Equal(got, []int64{2, 4}) {
		t.Errorf("left in %s: %v, want [2 4] (the bot's and bob's)", a, got)
	}
	if got := seqs(mustMessages(t, s, b, 0, 0)); !slices.Equal(got, []int64{1, 3}) {
		t.Errorf("left in %s: %v, want [1 3]", b, got)
	}
	mustGet(t, s, "alice", mine.ID)

	if n, err := s.DeletePersonMessages(ctx, "alice"); err != nil || n != 0 {
		t.Errorf("second DeletePersonMessages(alice) = %d, %v; want 0, nil", n, err)
	}
	if n, err := s.DeletePersonMessages(ctx, "nobody"); err != nil || n != 0 {
		t.Errorf("DeletePersonMessages of an unknown person = %d, %v; want 0, nil", n, err)
	}
	// Numbers stay unique after an erasure.
	next := memory.Message{ConversationID: a, PlatformID: "6", PersonID: "bob", Role: memory.RoleUser, Text: "later", Time: base}
	mustAppend(t, s, &next)
	if next.Seq <= 5 {
		t.Errorf("seq after the erasure = %d, want more than 5 (never reused)", next.Seq)
	}
}

func testDeletePersonMessagesRejectsEmpty(t *testing.T, s memory.Store) {
	a, b := erasureFixture(t, s)
	_, err := s.DeletePersonMessages(t.Context(), "")
	wantErr(t, "DeletePersonMessages without a person (the bot's messages)", err, memory.ErrInvalid)
	if got := len(mustMessages(t, s, a, 0, 0)) + len(mustMessages(t, s, b, 0, 0)); got != 8 {
		t.Errorf("after a rejected erasure %d messages are left, want all 8", got)
	}
}
