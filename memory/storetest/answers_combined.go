package storetest

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// testAnswerQueueWithMessage: the entry is queued and the message captured
// in one call; a redelivery is ErrConflict, captured once and queued once;
// an invalid entry or message writes nothing.
func testAnswerQueueWithMessage(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := newAnswer("telegram:1", "10", "r1")
	msg := func() *memory.Message {
		return &memory.Message{ConversationID: a.ConversationID, PlatformID: a.PlatformID, PersonID: "alice",
			Role: memory.RoleUser, Text: "hi 10", Time: answerT0, Addressed: true}
	}
	bad := msg()
	bad.Role = "robot"
	queued, err := s.QueueAnswerWithMessage(ctx, a, bad)
	wantErr(t, "QueueAnswerWithMessage with an invalid message", err, memory.ErrInvalid)
	incomplete := a
	incomplete.Holder = ""
	queued2, err := s.QueueAnswerWithMessage(ctx, incomplete, msg())
	wantErr(t, "QueueAnswerWithMessage with an incomplete entry", err, memory.ErrInvalid)
	if queued || queued2 {
		t.Error("an invalid call reports the entry queued")
	}
	_, err = claim(t, s, "r2", a.LeaseUntil)
	wantErr(t, "ClaimAnswer after invalid calls", err, memory.ErrNotFound)
	if msgs, err := s.RecentMessages(ctx, a.ConversationID, 10); err != nil || len(msgs) != 0 {
		t.Fatalf("messages after invalid calls = %+v, %v; want none", msgs, err)
	}

	first := msg()
	if queued, err := s.QueueAnswerWithMessage(ctx, a, first); err != nil || !queued {
		t.Fatalf("QueueAnswerWithMessage = %v, %v", queued, err)
	}
	if first.Seq == 0 {
		t.Fatal("message not given a seq")
	}
	again := msg()
	again.Text = "hi again"
	queued, err = s.QueueAnswerWithMessage(ctx, a, again)
	wantErr(t, "QueueAnswerWithMessage of a redelivery", err, memory.ErrConflict)
	if !queued {
		t.Error("a redelivery reports no entry queued")
	}
	if again.Seq != first.Seq || again.Text != first.Text {
		t.Errorf("redelivery captured as %+v, want the first %+v", again, first)
	}
	got, err := claim(t, s, "r2", a.LeaseUntil)
	if err != nil || got.Payload != a.Payload || got.Claims != 1 {
		t.Fatalf("ClaimAnswer = %+v, %v; want the entry once, unchanged", got, err)
	}
	_, err = claim(t, s, "r3", a.LeaseUntil)
	wantErr(t, "a second entry", err, memory.ErrNotFound)
	if msgs, err := s.RecentMessages(ctx, a.ConversationID, 10); err != nil || len(msgs) != 1 {
		t.Fatalf("messages = %+v, %v; want the one", msgs, err)
	}
}

// replyTo is the bot's answer to message id of conversation c.
func replyTo(c, id string) *memory.Message {
	return &memory.Message{ConversationID: c, PlatformID: memory.ReplyPlatformID(id), Role: memory.RoleAssistant,
		AuthorName: "membot", Text: "answer to " + id, ReplyTo: id, Time: answerT0}
}

// testAnswerFinishWithReply: the reply is captured, the setting written
// and the entry done in one call; the reply and the setting stand when the
// entry cannot be marked (taken over, done already, unknown), the reply is
// captured once however often, and an invalid reply or setting writes
// nothing and leaves the entry pending.
func testAnswerFinishWithReply(t *testing.T, s memory.Store) {
	ctx := t.Context()
	keep := answerT0.Add(48 * time.Hour)
	a := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, a)
	why := func(v string) *memory.Setting {
		return &memory.Setting{Key: "why:alice", Value: v, Expires: time.Now().Add(time.Hour)}
	}

	bad := replyTo(a.ConversationID, a.PlatformID)
	bad.Role = "robot"
	wantErr(t, "FinishAnswerWithReply with an invalid reply",
		s.FinishAnswerWithReply(ctx, a.ConversationID, a.PlatformID, "r1", answerT0, keep, bad, why("bad reply")), memory.ErrInvalid)
	badKey := &memory.Setting{Value: "no key"}
	wantErr(t, "FinishAnswerWithReply with an invalid setting",
		s.FinishAnswerWithReply(ctx, a.ConversationID, a.PlatformID, "r1", answerT0, keep, replyTo(a.ConversationID, a.PlatformID), badKey),
		memory.ErrInvalid)
	if msgs, err := s.RecentMessages(ctx, a.ConversationID, 10); err != nil || len(msgs) != 0 {
		t.Fatalf("messages after invalid calls = %+v, %v; want none", msgs, err)
	}
	_, err := s.Setting(ctx, "why:alice")
	wantErr(t, "Setting after invalid calls", err, memory.ErrNotFound)
	if got, err := claim(t, s, "r2", a.LeaseUntil); err != nil || got.PlatformID != a.PlatformID {
		t.Fatalf("entry after an invalid reply: %+v, %v; want it pending", got, err)
	}
	// r2 holds it now: r1's reply and setting stand, the entry stays r2's.
	r1 := replyTo(a.ConversationID, a.PlatformID)
	wantErr(t, "FinishAnswerWithReply by the replica that lost the lease",
		s.FinishAnswerWithReply(ctx, a.ConversationID, a.PlatformID, "r1", answerT0, keep, r1, why("from r1")), memory.ErrConflict)
	if r1.Seq == 0 {
		t.Fatal("reply not given a seq")
	}
	if v, err := s.Setting(ctx, "why:alice"); err != nil || v != "from r1" {
		t.Fatalf("setting written with a reply whose entry was taken over = %q, %v; want it to stand", v, err)
	}
	r2 := replyTo(a.ConversationID, a.PlatformID)
	r2.Text = "a second answer"
	if err := s.FinishAnswerWithReply(ctx, a.ConversationID, a.PlatformID, "r2", answerT0, keep, r2, why("from r2")); err != nil {
		t.Fatalf("FinishAnswerWithReply by the holder: %v", err)
	}
	if r2.Seq != r1.Seq || r2.Text != r1.Text {
		t.Errorf("reply captured again: %+v, want the first %+v", r2, r1)
	}
	if v, err := s.Setting(ctx, "why:alice"); err != nil || v != "from r2" {
		t.Fatalf("setting written with the holder's reply = %q, %v; want the holder's", v, err)
	}
	wantErr(t, "FinishAnswer after FinishAnswerWithReply",
		s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r2", answerT0, keep), memory.ErrConflict)
	_, err = claim(t, s, "r3", keep.Add(-time.Second))
	wantErr(t, "ClaimAnswer of an entry finished with its reply", err, memory.ErrNotFound)

	lone := replyTo("telegram:2", "20")
	wantErr(t, "FinishAnswerWithReply of an unknown entry",
		s.FinishAnswerWithReply(ctx, "telegram:2", "20", "r1", answerT0, keep, lone, nil), memory.ErrNotFound)
	if v, err := s.Setting(ctx, "why:alice"); err != nil || v != "from r2" {
		t.Fatalf("setting after a call without one = %q, %v; want it unchanged", v, err)
	}
	for _, c := range []string{a.ConversationID, "telegram:2"} {
		msgs, err := s.RecentMessages(ctx, c, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != 1 || msgs[0].Role != memory.RoleAssistant {
			t.Errorf("messages of %s = %+v, want the one reply", c, msgs)
		}
	}
}
