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
		{name: "DeletePersonMessagesTakesReplies", run: testDeletePersonMessagesTakesReplies},
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

// testDeletePersonMessagesTakesReplies: the bot's replies to the person's
// messages go with them (an answer often repeats what it answers); its
// replies to others, a reply in another conversation naming the same id,
// and a person's reply to the person stay.
func testDeletePersonMessagesTakesReplies(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a, b := mustEnsure(t, s, "discord:a").ID, mustEnsure(t, s, "telegram:b").ID
	for _, m := range []struct {
		conv, id, author, replyTo string
	}{
		{a, "1", "alice", ""},
		{a, memory.ReplyPlatformID("1"), "", "1"}, // the bot's answer to alice: goes
		{a, "2", "bob", ""},
		{a, memory.ReplyPlatformID("2"), "", "2"}, // its answer to bob: stays
		{a, "3", "bob", "1"},                      // bob replying to alice: stays
		{a, "4", "", ""},                          // the bot unprompted: stays
		{b, "9", "", "1"},                         // another conversation's "1": stays
	} {
		role := memory.RoleUser
		if m.author == "" {
			role = memory.RoleAssistant
		}
		msg := memory.Message{ConversationID: m.conv, PlatformID: m.id, PersonID: m.author, Role: role,
			Text: "by " + m.author, ReplyTo: m.replyTo, Time: base}
		mustAppend(t, s, &msg)
	}
	n, err := s.DeletePersonMessages(ctx, "alice")
	if err != nil || n != 2 {
		t.Fatalf("DeletePersonMessages(alice) = %d, %v; want 2 (her message and the reply), nil", n, err)
	}
	if got := seqs(mustMessages(t, s, a, 0, 0)); !slices.Equal(got, []int64{3, 4, 5, 6}) {
		t.Errorf("left in %s: %v, want [3 4 5 6]", a, got)
	}
	if got := seqs(mustMessages(t, s, b, 0, 0)); !slices.Equal(got, []int64{1}) {
		t.Errorf("left in %s: %v, want [1]", b, got)
	}
}
