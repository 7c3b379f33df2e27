package sqlite_test

import (
	"errors"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

func TestAppendMessagesAsAppendMessage(t *testing.T) {
	ctx := t.Context()
	s, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.EnsureConversation(ctx, memory.Conversation{ID: "import:c"}); err != nil {
		t.Fatal(err)
	}
	at := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	first := memory.Message{ConversationID: "import:c", PlatformID: "a", Role: memory.RoleUser, PersonID: "p", Text: "first", Time: at}
	if err := s.AppendMessage(ctx, &first); err != nil {
		t.Fatal(err)
	}
	batch := []memory.Message{
		{ConversationID: "import:c", PlatformID: "b", Role: memory.RoleUser, PersonID: "p", Text: "second", Time: at.Add(time.Second)},
		{ConversationID: "import:c", PlatformID: "a", Role: memory.RoleUser, Text: "first, changed"},
		{ConversationID: "import:c", PlatformID: "c", Role: memory.RoleAssistant, Text: "third", Time: at.Add(2 * time.Second)},
		{ConversationID: "import:c", PlatformID: "b", Role: memory.RoleUser, Text: "second again"},
	}
	if err := s.AppendMessages(ctx, batch); err != nil {
		t.Fatal(err)
	}
	wantSeq := []int64{2, 1, 3, 2}
	wantText := []string{"second", "first", "third", "second"}
	for i, m := range batch {
		if m.Seq != wantSeq[i] || m.Text != wantText[i] {
			t.Errorf("message %d: seq %d text %q, want %d %q (the stored one for a known id)", i, m.Seq, m.Text, wantSeq[i], wantText[i])
		}
	}
	stored, err := s.Messages(ctx, "import:c", 0, 0)
	if err != nil || len(stored) != 3 {
		t.Fatalf("%d messages stored, err %v; want 3", len(stored), err)
	}
	// A bad message refuses the whole batch.
	bad := []memory.Message{
		{ConversationID: "import:c", PlatformID: "d", Role: memory.RoleUser, Text: "fine"},
		{ConversationID: "import:c", PlatformID: "e", Role: "narrator", Text: "not a role"},
	}
	if err := s.AppendMessages(ctx, bad); !errors.Is(err, memory.ErrInvalid) {
		t.Fatalf("err %v, want ErrInvalid", err)
	}
	if stored, _ := s.Messages(ctx, "import:c", 0, 0); len(stored) != 3 {
		t.Errorf("%d messages after a refused batch, want 3", len(stored))
	}
}
