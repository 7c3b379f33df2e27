package upkeep_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/upkeep"
)

func TestRetentionDeletesOldMessagesOnly(t *testing.T) {
	ages := []time.Duration{400 * day, 40 * day, 30*day + time.Minute, 29 * day, time.Hour}
	cases := []struct {
		name      string
		retention time.Duration
		kept      []string // platform ids left, oldest first
	}{
		{"keep forever", 0, []string{"0", "1", "2", "3", "4"}},
		{"negative keeps forever", -day, []string{"0", "1", "2", "3", "4"}},
		{"30 days", 30 * day, []string{"3", "4"}},
		{"a year", 365 * day, []string{"1", "2", "3", "4"}},
		{"an hour and a minute", time.Hour + time.Minute, []string{"4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t)
			const conv = "console:retention"
			for i, age := range ages {
				m := memory.Message{ConversationID: conv, PlatformID: fmt.Sprint(i), PersonID: "p1",
					Role: memory.RoleUser, Text: fmt.Sprintf("message %d", i), Time: now.Add(-age)}
				if err := s.AppendMessage(t.Context(), &m); err != nil {
					t.Fatal(err)
				}
			}
			rep := runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock, MessageRetention: c.retention}))
			msgs, err := s.Messages(t.Context(), conv, 0, 0)
			if err != nil {
				t.Fatal(err)
			}
			var kept []string
			for _, m := range msgs {
				kept = append(kept, m.PlatformID)
			}
			if !slices.Equal(kept, c.kept) {
				t.Fatalf("messages left %v, want %v", kept, c.kept)
			}
			if want := int64(len(ages) - len(c.kept)); rep.MessagesDeleted != want {
				t.Fatalf("MessagesDeleted = %d, want %d", rep.MessagesDeleted, want)
			}
		})
	}
}

func TestRetentionLeavesMemoriesAlone(t *testing.T) {
	s := openStore(t)
	m := insert(t, s, fact("alice", "lives in Lisbon", now.Add(-10*day)))
	msg := memory.Message{ConversationID: "console:1", PlatformID: "1", Role: memory.RoleUser, Text: "I live in Lisbon", Time: now.Add(-10 * day)}
	if err := s.AppendMessage(t.Context(), &msg); err != nil {
		t.Fatal(err)
	}
	rep := runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock, MessageRetention: day}))
	if rep.MessagesDeleted != 1 {
		t.Fatalf("MessagesDeleted = %d, want 1", rep.MessagesDeleted)
	}
	if got := get(t, s, m.Owner, m.ID); got.Status != memory.StatusActive || got.Version != m.Version {
		t.Fatalf("memory became %s at version %d after its source message expired", got.Status, got.Version)
	}
}
