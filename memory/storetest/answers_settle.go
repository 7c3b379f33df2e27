package storetest

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// testAnswerSettle: SettleAnswer finishes an entry its caller holds, and
// writes one done where there is none, so that a QueueAnswer of it that
// arrives afterwards (a write the server applied late) is refused rather
// than left pending for another answer. The entry written holds no payload,
// is never claimed and is purged as a finished one is. An entry held by
// another replica, or done already, is ErrConflict and stays as it was.
func testAnswerSettle(t *testing.T, s memory.Store) {
	ctx := t.Context()
	keep := answerT0.Add(48 * time.Hour)

	held := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, held)
	if err := s.SettleAnswer(ctx, held.ConversationID, held.PlatformID, "r1", answerT0, keep); err != nil {
		t.Fatalf("SettleAnswer of an entry held: %v", err)
	}
	wantErr(t, "SettleAnswer twice", s.SettleAnswer(ctx, held.ConversationID, held.PlatformID, "r1", answerT0, keep), memory.ErrConflict)

	if err := s.SettleAnswer(ctx, "telegram:1", "11", "r1", answerT0, keep); err != nil {
		t.Fatalf("SettleAnswer of no entry: %v", err)
	}
	late := newAnswer("telegram:1", "11", "r1")
	wantErr(t, "QueueAnswer after SettleAnswer wrote the entry done", s.QueueAnswer(ctx, late), memory.ErrConflict)
	wantErr(t, "FinishAnswer of the entry SettleAnswer wrote", s.FinishAnswer(ctx, "telegram:1", "11", "r1", answerT0, keep), memory.ErrConflict)

	other := newAnswer("telegram:1", "12", "r2")
	mustQueue(t, s, other)
	wantErr(t, "SettleAnswer of an entry another replica holds", s.SettleAnswer(ctx, other.ConversationID, other.PlatformID, "r1", answerT0, keep), memory.ErrConflict)

	// Only r2's entry is claimable, with its payload; neither done one is.
	got, err := claim(t, s, "r3", other.LeaseUntil)
	if err != nil || got.PlatformID != "12" || got.Payload != other.Payload {
		t.Fatalf("ClaimAnswer = %+v, %v; want r2's entry 12 untouched", got, err)
	}
	if err := s.FinishAnswer(ctx, other.ConversationID, other.PlatformID, "r3", answerT0, keep.Add(time.Hour)); err != nil {
		t.Fatalf("FinishAnswer by the replica that took entry 12: %v", err)
	}
	_, err = claim(t, s, "r3", keep.Add(-time.Second))
	wantErr(t, "ClaimAnswer of a settled entry", err, memory.ErrNotFound)

	if n, err := s.PurgeAnswers(ctx, keep); err != nil || n != 2 {
		t.Fatalf("PurgeAnswers at keepUntil = %d, %v; want the 2 settled entries (12 is kept longer)", n, err)
	}
	mustQueue(t, s, late) // the key is free once purged
}
