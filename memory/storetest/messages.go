package storetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func messageContracts() []contract {
	return []contract{
		{name: "AppendMessageSeq", run: testAppendMessageSeq},
		{name: "AppendMessageRoundTrip", run: testAppendMessageRoundTrip},
		{name: "AppendMessageIdempotent", run: testAppendMessageIdempotent},
		{name: "AppendMessageRejectsInvalid", run: testAppendMessageRejectsInvalid},
		{name: "MessagesAfterSeq", run: testMessagesAfterSeq},
		{name: "RecentMessages", run: testRecentMessages},
		{name: "EditMessage", run: testEditMessage},
		{name: "DeleteMessage", run: testDeleteMessage},
		{name: "DeleteMessagesBefore", run: testDeleteMessagesBefore},
	}
}

// mustAppend captures m or fails the test.
func mustAppend(t *testing.T, s memory.Store, m *memory.Message) {
	t.Helper()
	if err := s.AppendMessage(t.Context(), m); err != nil {
		t.Fatalf("AppendMessage(%s/%s): %v", m.ConversationID, m.PlatformID, err)
	}
}

// mustMessages reads messages or fails the test.
func mustMessages(t *testing.T, s memory.Store, conv string, afterSeq int64, limit int) []memory.Message {
	t.Helper()
	msgs, err := s.Messages(t.Context(), conv, afterSeq, limit)
	if err != nil {
		t.Fatalf("Messages(%s, %d, %d): %v", conv, afterSeq, limit, err)
	}
	return msgs
}

// appendN captures n user messages with platform ids "1".."n", one minute
// apart from base, and returns them.
func appendN(t *testing.T, s memory.Store, conv string, n int) []memory.Message {
	t.Helper()
	out := make([]memory.Message, n)
	for i := range n {
		m := memory.Message{
			ConversationID: conv,
			PlatformID:     fmt.Sprint(i + 1),
			PersonID:       "p1",
			Role:           memory.RoleUser,
			Text:           fmt.Sprintf("message %d", i+1),
			Time:           base.Add(time.Duration(i) * time.Minute),
		}
		mustAppend(t, s, &m)
		out[i] = m
	}
	return out
}

func testAppendMessageSeq(t *testing.T, s memory.Store) {
	a := mustEnsure(t, s, "discord:a").ID
	b := mustEnsure(t, s, "discord:b").ID
	got := appendN(t, s, a, 3)
	if want := []int64{1, 2, 3}; !slices.Equal(seqs(got), want) {
		t.Errorf("seqs in %s = %v, want %v", a, seqs(got), want)
	}
	if got := appendN(t, s, b, 1); got[0].Seq != 1 {
		t.Errorf("first seq in %s = %d, want 1 (numbering is per conversation)", b, got[0].Seq)
	}
	if got := appendN(t, s, "console:never-ensured", 2); !slices.Equal(seqs(got), []int64{1, 2}) {
		t.Errorf("seqs in a conversation never ensured = %v, want [1 2]", seqs(got))
	}

	if err := s.DeleteMessage(t.Context(), a, "3"); err != nil {
		t.Fatalf("DeleteMessage: %v", err)
	}
	next := memory.Message{ConversationID: a, PlatformID: "4", Role: memory.RoleUser, Text: "after delete", Time: base}
	mustAppend(t, s, &next)
	if next.Seq <= 3 {
		t.Errorf("seq after deleting the newest message = %d, want more than 3 (never reused)", next.Seq)
	}
}

func testAppendMessageRoundTrip(t *testing.T, s memory.Store) {
	conv := mustEnsure(t, s, "discord:c1").ID
	in := memory.Message{
		ConversationID: conv,
		PlatformID:     "1234567890123456789",
		PersonID:       "person-1",
		AuthorName:     "小明🐱",
		Role:           memory.RoleUser,
		Text:           "记住：我下周三去上海出差 ✈️ — remember that",
		ReplyTo:        "1234567890123456000",
		Time:           base.In(shanghai),
		Addressed:      true,
	}
	m := in
	mustAppend(t, s, &m)
	msgs := mustMessages(t, s, conv, 0, 0)
	if len(msgs) != 1 {
		t.Fatalf("Messages = %+v, want one", msgs)
	}
	got := msgs[0]
	want := in
	want.Seq = m.Seq
	if !sameMs(got.Time, want.Time) || got.Time.Location() != time.UTC {
		t.Errorf("time = %v, want %v in UTC", got.Time, ms(want.Time))
	}
	got.Time, want.Time = time.Time{}, time.Time{}
	if got != want {
		t.Errorf("message round-trip:\n got %+v\nwant %+v", got, want)
	}

	zero := memory.Message{ConversationID: conv, PlatformID: "no-time", Role: memory.RoleAssistant, Text: "reply"}
	mustAppend(t, s, &zero)
	if msgs := mustMessages(t, s, conv, m.Seq, 0); len(msgs) != 1 || msgs[0].Time.IsZero() {
		t.Errorf("a message captured without a time = %+v, want it stamped with the capture time", msgs)
	}
}

func testAppendMessageIdempotent(t *testing.T, s memory.Store) {
	conv := mustEnsure(t, s, "discord:c1").ID
	first := memory.Message{ConversationID: conv, PlatformID: "x", Role: memory.RoleUser, Text: "first", Time: base}
	mustAppend(t, s, &first)
	dup := memory.Message{ConversationID: conv, PlatformID: "x", Role: memory.RoleUser, Text: "second", Time: base.Add(time.Hour)}
	mustAppend(t, s, &dup)
	if dup.Seq != first.Seq || dup.Text != "first" || !sameMs(dup.Time, base) {
		t.Errorf("re-capture returned %+v, want the stored message (seq %d, text first)", dup, first.Seq)
	}
	if msgs := mustMessages(t, s, conv, 0, 0); len(msgs) != 1 || msgs[0].Text != "first" {
		t.Errorf("after a re-capture the conversation holds %+v, want the first message only", msgs)
	}
	next := memory.Message{ConversationID: conv, PlatformID: "y", Role: memory.RoleUser, Text: "next", Time: base}
	mustAppend(t, s, &next)
	if next.Seq <= first.Seq {
		t.Errorf("seq after a re-capture = %d, want more than %d", next.Seq, first.Seq)
	}
}

func testAppendMessageRejectsInvalid(t *testing.T, s memory.Store) {
	for _, tc := range []struct {
		name string
		msg  memory.Message
	}{
		{"no conversation", memory.Message{PlatformID: "1", Role: memory.RoleUser, Text: "hi"}},
		{"unknown role", memory.Message{ConversationID: "discord:c1", PlatformID: "1", Role: "system", Text: "hi"}},
	} {
		m := tc.msg
		wantErr(t, "AppendMessage with "+tc.name, s.AppendMessage(t.Context(), &m), memory.ErrInvalid)
	}
	if msgs := mustMessages(t, s, "discord:c1", 0, 0); len(msgs) != 0 {
		t.Errorf("rejected messages were stored: %+v", msgs)
	}
}

func testMessagesAfterSeq(t *testing.T, s memory.Store) {
	conv := mustEnsure(t, s, "discord:c1").ID
	appendN(t, s, conv, 10)
	appendN(t, s, "discord:other", 12)
	for _, tc := range []struct {
		after int64
		limit int
		want  []int64
	}{
		{3, 4, []int64{4, 5, 6, 7}},
		{8, 10, []int64{9, 10}},
		{10, 5, []int64{}},
		{3, 0, []int64{4, 5, 6, 7, 8, 9, 10}},
		{0, 2, []int64{1, 2}},
	} {
		got := mustMessages(t, s, conv, tc.after, tc.limit)
		if !slices.Equal(seqs(got), tc.want) {
			t.Errorf("Messages(after %d, limit %d) = %v, want %v", tc.after, tc.limit, seqs(got), tc.want)
		}
	}
	if got := mustMessages(t, s, "discord:none", 0, 0); len(got) != 0 {
		t.Errorf("messages of an unknown conversation = %v, want none", seqs(got))
	}
}

func testRecentMessages(t *testing.T, s memory.Store) {
	conv := mustEnsure(t, s, "discord:c1").ID
	appendN(t, s, conv, 5)
	appendN(t, s, "discord:other", 8)
	for _, tc := range []struct {
		limit int
		want  []int64
	}{
		{3, []int64{3, 4, 5}},
		{1, []int64{5}},
		{10, []int64{1, 2, 3, 4, 5}},
	} {
		got, err := s.RecentMessages(t.Context(), conv, tc.limit)
		if err != nil {
			t.Fatalf("RecentMessages: %v", err)
		}
		if !slices.Equal(seqs(got), tc.want) {
			t.Errorf("RecentMessages(%d) = %v, want %v (oldest first)", tc.limit, seqs(got), tc.want)
		}
	}
}

func testEditMessage(t *testing.T, s memory.Store) {
	ctx := t.Context()
	conv := mustEnsure(t, s, "discord:c1").ID
	appendN(t, s, conv, 3)
	if err := s.EditMessage(ctx, conv, "2", "edited ✏️ 改过了"); err != nil {
		t.Fatalf("EditMessage: %v", err)
	}
	msgs := mustMessages(t, s, conv, 0, 0)
	if len(msgs) != 3 {
		t.Fatalf("after edit %d messages, want 3", len(msgs))
	}
	if m := msgs[1]; m.Text != "edited ✏️ 改过了" || !m.Edited || m.Seq != 2 {
		t.Errorf("edited message = %+v, want new text, Edited and seq 2", m)
	}
	for _, m := range []memory.Message{msgs[0], msgs[2]} {
		if m.Edited || m.Text != fmt.Sprintf("message %d", m.Seq) {
			t.Errorf("untouched message changed: %+v", m)
		}
	}
	wantErr(t, "EditMessage of an unknown message", s.EditMessage(ctx, conv, "99", "x"), memory.ErrNotFound)
	wantErr(t, "EditMessage in another conversation", s.EditMessage(ctx, "discord:other", "2", "x"), memory.ErrNotFound)
}

func testDeleteMessage(t *testing.T, s memory.Store) {
	ctx := t.Context()
	conv := mustEnsure(t, s, "discord:c1").ID
	appendN(t, s, conv, 3)
	if err := s.DeleteMessage(ctx, conv, "2"); err != nil {
		t.Fatalf("DeleteMessage: %v", err)
	}
	if got := seqs(mustMessages(t, s, conv, 0, 0)); !slices.Equal(got, []int64{1, 3}) {
		t.Errorf("after delete seqs = %v, want [1 3]", got)
	}
	wantErr(t, "DeleteMessage of a deleted message", s.DeleteMessage(ctx, conv, "2"), memory.ErrNotFound)
	wantErr(t, "DeleteMessage in another conversation", s.DeleteMessage(ctx, "discord:other", "1"), memory.ErrNotFound)
}

func testDeleteMessagesBefore(t *testing.T, s memory.Store) {
	a := mustEnsure(t, s, "discord:a").ID
	b := mustEnsure(t, s, "discord:b").ID
	appendN(t, s, a, 5)
	appendN(t, s, b, 3)
	n, err := s.DeleteMessagesBefore(t.Context(), base.Add(2*time.Minute))
	if err != nil {
		t.Fatalf("DeleteMessagesBefore: %v", err)
	}
	if n != 4 {
		t.Errorf("DeleteMessagesBefore removed %d, want 4", n)
	}
	if got := seqs(mustMessages(t, s, a, 0, 0)); !slices.Equal(got, []int64{3, 4, 5}) {
		t.Errorf("left in %s: %v, want [3 4 5] (the message exactly at the cut stays)", a, got)
	}
	if got := seqs(mustMessages(t, s, b, 0, 0)); !slices.Equal(got, []int64{3}) {
		t.Errorf("left in %s: %v, want [3]", b, got)
	}
}
