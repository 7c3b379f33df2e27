package storetest

import (
	"testing"

	"github.com/membot/membot/memory"
)

func conversationContracts() []contract {
	return []contract{
		{name: "EnsureConversationCreatesOnce", run: testEnsureConversationCreatesOnce},
		{name: "UpdateConversationVersion", run: testUpdateConversationVersion},
		{name: "PendingConversations", run: testPendingConversations},
	}
}

// mustEnsure ensures a Discord guild conversation with id exists.
func mustEnsure(t *testing.T, s memory.Store, id string) memory.Conversation {
	t.Helper()
	c, err := s.EnsureConversation(t.Context(), memory.Conversation{ID: id, Platform: "discord", GuildID: "g1"})
	if err != nil {
		t.Fatalf("EnsureConversation(%s): %v", id, err)
	}
	return c
}

func testEnsureConversationCreatesOnce(t *testing.T, s memory.Store) {
	ctx := t.Context()
	c, err := s.EnsureConversation(ctx, memory.Conversation{ID: "telegram:-100:7", Platform: "telegram", GuildID: "-100", Language: "zh"})
	if err != nil {
		t.Fatalf("EnsureConversation: %v", err)
	}
	if c.ID != "telegram:-100:7" || c.Platform != "telegram" || c.GuildID != "-100" || c.Language != "zh" ||
		c.Version != 1 || c.Watermark != 0 || c.CreatedAt.IsZero() {
		t.Errorf("created conversation = %+v, want the given fields at version 1 with a creation time", c)
	}
	again, err := s.EnsureConversation(ctx, memory.Conversation{ID: "telegram:-100:7", Platform: "telegram", GuildID: "other", IsDM: true})
	if err != nil {
		t.Fatalf("second EnsureConversation: %v", err)
	}
	if again.GuildID != "-100" || again.IsDM || again.Version != 1 {
		t.Errorf("second ensure returned %+v, want the stored conversation unchanged", again)
	}
	got, err := s.Conversation(ctx, c.ID)
	if err != nil {
		t.Fatalf("Conversation: %v", err)
	}
	if got.GuildID != "-100" || got.Language != "zh" || got.Version != 1 || !sameMs(got.CreatedAt, c.CreatedAt) {
		t.Errorf("Conversation = %+v, want %+v", got, c)
	}
	_, err = s.Conversation(ctx, "discord:none")
	wantErr(t, "Conversation of an unknown id", err, memory.ErrNotFound)
	_, err = s.EnsureConversation(ctx, memory.Conversation{Platform: "discord"})
	wantErr(t, "EnsureConversation without an id", err, memory.ErrInvalid)
}

func testUpdateConversationVersion(t *testing.T, s memory.Store) {
	ctx := t.Context()
	c := mustEnsure(t, s, "discord:c1")
	stale := c
	c.Watermark = 5
	c.Summary = "## 用户 / 背景\nLikes Go."
	c.Language = "en"
	if err := s.UpdateConversation(ctx, &c); err != nil {
		t.Fatalf("UpdateConversation: %v", err)
	}
	if c.Version != 2 {
		t.Errorf("version after update = %d, want 2", c.Version)
	}
	got, err := s.Conversation(ctx, c.ID)
	if err != nil {
		t.Fatalf("Conversation: %v", err)
	}
	if got.Watermark != 5 || got.Summary != c.Summary || got.Language != "en" || got.Version != 2 || got.GuildID != "g1" {
		t.Errorf("stored conversation = %+v, want the update at version 2", got)
	}

	stale.Watermark = 99
	wantErr(t, "UpdateConversation with a stale version", s.UpdateConversation(ctx, &stale), memory.ErrConflict)
	if got, _ := s.Conversation(ctx, c.ID); got.Watermark != 5 || got.Version != 2 {
		t.Errorf("after a stale update the conversation is %+v, want it unchanged", got)
	}
	missing := memory.Conversation{ID: "discord:none", Version: 1}
	wantErr(t, "UpdateConversation of an unknown id", s.UpdateConversation(ctx, &missing), memory.ErrNotFound)
}

func testPendingConversations(t *testing.T, s memory.Store) {
	ctx := t.Context()
	appendRole := func(conv, pid string, role memory.Role) {
		t.Helper()
		m := memory.Message{ConversationID: conv, PlatformID: pid, Role: role, Text: "text " + pid, Time: base}
		mustAppend(t, s, &m)
	}
	unread := mustEnsure(t, s, "discord:unread")
	appendRole(unread.ID, "1", memory.RoleUser)
	appendRole(unread.ID, "2", memory.RoleAssistant)

	botOnly := mustEnsure(t, s, "discord:bot-only")
	appendRole(botOnly.ID, "1", memory.RoleAssistant)

	done := mustEnsure(t, s, "discord:done")
	appendRole(done.ID, "1", memory.RoleUser)
	appendRole(done.ID, "2", memory.RoleUser)
	done.Watermark = 2
	if err := s.UpdateConversation(ctx, &done); err != nil {
		t.Fatalf("UpdateConversation: %v", err)
	}
	mustEnsure(t, s, "discord:empty")

	pendingIDs := func(limit int) []string {
		t.Helper()
		cs, err := s.PendingConversations(ctx, limit)
		if err != nil {
			t.Fatalf("PendingConversations: %v", err)
		}
		out := make([]string, len(cs))
		for i, c := range cs {
			out[i] = c.ID
		}
		return out
	}
	if got := pendingIDs(0); !equalSorted(got, []string{unread.ID}) {
		t.Errorf("pending = %v, want only %s", got, unread.ID)
	}

	appendRole(done.ID, "3", memory.RoleUser)
	if got := pendingIDs(0); !equalSorted(got, []string{unread.ID, done.ID}) {
		t.Errorf("pending after a new user message = %v, want %s and %s", got, unread.ID, done.ID)
	}
	if got := pendingIDs(1); len(got) != 1 {
		t.Errorf("pending with limit 1 = %v, want one", got)
	}
}
