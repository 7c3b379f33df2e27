package storetest

import (
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func answerContracts() []contract {
	return []contract{
		{name: "AnswerRoundTrip", run: testAnswerRoundTrip},
		{name: "AnswerQueuedOnce", run: testAnswerQueuedOnce},
		{name: "AnswerLease", run: testAnswerLease},
		{name: "AnswerClaimOrderAndPlatform", run: testAnswerClaimOrder},
		{name: "AnswerFinishByHolderOnly", run: testAnswerFinish},
		{name: "AnswerSettle", run: testAnswerSettle},
		{name: "AnswerReplyNotedByHolderOnly", run: testAnswerNoteReply},
		{name: "AnswerFinishWithReply", run: testAnswerFinishWithReply},
		{name: "AnswerQueueWithMessage", run: testAnswerQueueWithMessage},
		{name: "AnswerRenewAndRelease", run: testAnswerRenewRelease},
		{name: "AnswerPurge", run: testAnswerPurge},
		{name: "DropAnswers", run: testDropAnswers},
		{name: "AnswerRejectInvalid", run: testAnswerRejectInvalid},
		{name: "ConcurrentClaimAnswer", concurrent: true, run: testConcurrentClaimAnswer},
		{name: "ConcurrentQueueAnswer", concurrent: true, run: testConcurrentQueueAnswer},
		{name: "ConcurrentRenewFinishAnswer", concurrent: true, run: testConcurrentRenewFinishAnswer},
	}
}

// answerT0 is the suite's reference time for the answer queue: its
// operations take their times from the caller, so the suite sets them.
var answerT0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// newAnswer is an entry of conversation c, message id, held by holder for a
// minute from answerT0.
func newAnswer(c, id, holder string) memory.Answer {
	return memory.Answer{
		ConversationID: c, PlatformID: id, Platform: "telegram", Payload: `{"text":"hi ` + id + `"}`,
		ReceivedAt: answerT0, Holder: holder, LeaseUntil: answerT0.Add(time.Minute),
	}
}

func mustQueue(t *testing.T, s memory.Store, a memory.Answer) {
	t.Helper()
	if err := s.QueueAnswer(t.Context(), a); err != nil {
		t.Fatalf("QueueAnswer(%s/%s): %v", a.ConversationID, a.PlatformID, err)
	}
}

func claim(t *testing.T, s memory.Store, holder string, now time.Time) (memory.Answer, error) {
	t.Helper()
	return s.ClaimAnswer(t.Context(), memory.ClaimQuery{Platform: "telegram", Holder: holder, Now: now, Until: now.Add(time.Minute)})
}

func testAnswerRoundTrip(t *testing.T, s memory.Store) {
	a := newAnswer("telegram:1", "10", "r1")
	a.ReceivedAt, a.PersonID = answerT0.Add(1234567*time.Microsecond), "alice"
	mustQueue(t, s, a)
	now := a.LeaseUntil
	got, err := claim(t, s, "r2", now)
	if err != nil {
		t.Fatalf("ClaimAnswer at the end of the lease: %v", err)
	}
	want := a
	want.ReceivedAt, want.Holder, want.LeaseUntil, want.Claims = ms(a.ReceivedAt), "r2", now.Add(time.Minute), 1
	if got.ConversationID != want.ConversationID || got.PlatformID != want.PlatformID || got.Platform != want.Platform ||
		got.PersonID != want.PersonID || got.Payload != want.Payload || !sameMs(got.ReceivedAt, want.ReceivedAt) || got.Holder != want.Holder ||
		!sameMs(got.LeaseUntil, want.LeaseUntil) || got.Claims != 1 || got.Done {
		t.Errorf("claimed %+v, want %+v", got, want)
	}
	if got.ReceivedAt.Location() != time.UTC {
		t.Errorf("ReceivedAt in %v, want UTC", got.ReceivedAt.Location())
	}
}

func testAnswerQueuedOnce(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, a)
	again := a
	again.Holder, again.Payload = "r2", "other"
	wantErr(t, "QueueAnswer of a pending key", s.QueueAnswer(ctx, again), memory.ErrConflict)
	// The same id in another conversation is another message.
	mustQueue(t, s, newAnswer("telegram:2", "10", "r1"))
	if err := s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r1", answerT0, answerT0.Add(time.Hour)); err != nil {
		t.Fatalf("FinishAnswer: %v", err)
	}
	wantErr(t, "QueueAnswer of a done key", s.QueueAnswer(ctx, again), memory.ErrConflict)
	// The rejected entries changed nothing: the done one is not claimable,
	// and the other conversation's is still r1's with its own payload.
	got, err := claim(t, s, "r3", answerT0.Add(time.Hour))
	if err != nil {
		t.Fatalf("ClaimAnswer: %v", err)
	}
	if got.ConversationID != "telegram:2" || got.Payload != `{"text":"hi 10"}` {
		t.Errorf("claimed %s payload %q, want telegram:2's own", got.ConversationID, got.Payload)
	}
}

func testAnswerLease(t *testing.T, s memory.Store) {
	a := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, a)
	_, err := claim(t, s, "r2", a.LeaseUntil.Add(-time.Millisecond))
	wantErr(t, "ClaimAnswer before the lease ends", err, memory.ErrNotFound)
	_, err = claim(t, s, "r1", a.LeaseUntil.Add(-time.Millisecond))
	wantErr(t, "ClaimAnswer by the holder without Own", err, memory.ErrNotFound)
	got, err := claim(t, s, "r2", a.LeaseUntil)
	if err != nil || got.Holder != "r2" {
		t.Fatalf("ClaimAnswer when the lease ended = %+v, %v; want it held by r2", got, err)
	}
	// r2's lease now runs a minute from its claim: nobody takes it meanwhile.
	_, err = claim(t, s, "r3", a.LeaseUntil.Add(30*time.Second))
	wantErr(t, "ClaimAnswer during the new lease", err, memory.ErrNotFound)
	got, err = claim(t, s, "r3", a.LeaseUntil.Add(time.Minute))
	if err != nil || got.Holder != "r3" || got.Claims != 2 {
		t.Fatalf("second takeover = %+v, %v; want r3 holding it, claimed twice", got, err)
	}
}

func testAnswerClaimOrder(t *testing.T, s memory.Store) {
	late := newAnswer("telegram:1", "late", "r1")
	late.ReceivedAt = answerT0.Add(time.Second)
	early := newAnswer("telegram:2", "early", "r1")
	other := newAnswer("discord:3", "other", "r1")
	other.Platform, other.ReceivedAt = "discord", answerT0.Add(-time.Hour)
	for _, a := range []memory.Answer{late, early, other} {
		mustQueue(t, s, a)
	}
	now := answerT0.Add(time.Hour)
	var got []string
	for {
		a, err := claim(t, s, "r2", now)
		if errors.Is(err, memory.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatalf("ClaimAnswer: %v", err)
		}
		got = append(got, a.PlatformID)
	}
	if fmt.Sprint(got) != "[early late]" {
		t.Errorf("telegram claims = %v, want [early late] (oldest first, no discord entry)", got)
	}
}

func testAnswerFinish(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, a)
	keep := answerT0.Add(48 * time.Hour)
	wantErr(t, "FinishAnswer by another replica", s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r2", answerT0, keep), memory.ErrConflict)
	wantErr(t, "FinishAnswer of an unknown entry", s.FinishAnswer(ctx, a.ConversationID, "nope", "r1", answerT0, keep), memory.ErrNotFound)
	// r2 takes it over once r1's lease ran out: r1 may no longer finish it.
	if _, err := claim(t, s, "r2", a.LeaseUntil); err != nil {
		t.Fatalf("ClaimAnswer: %v", err)
	}
	wantErr(t, "FinishAnswer by the replica that lost the lease", s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r1", answerT0, keep), memory.ErrConflict)
	if err := s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r2", answerT0, keep); err != nil {
		t.Fatalf("FinishAnswer by the holder: %v", err)
	}
	wantErr(t, "FinishAnswer twice", s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r2", answerT0, keep), memory.ErrConflict)
	// Done is never claimed again, even long after.
	_, err := claim(t, s, "r3", keep.Add(-time.Second))
	wantErr(t, "ClaimAnswer of a done entry", err, memory.ErrNotFound)
}

// testAnswerNoteReply: the holder records the message its answer is
// written into; the next claim returns it, and the lease is left as it
// was. Nobody else may record one, nor anyone once the entry is done.
func testAnswerNoteReply(t *testing.T, s memory.Store) {
	ctx := t.Context()
	a := newAnswer("telegram:1", "10", "r1")
	mustQueue(t, s, a)
	wantErr(t, "NoteAnswerReply by another replica", s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r2", "77"), memory.ErrConflict)
	wantErr(t, "NoteAnswerReply of an unknown entry", s.NoteAnswerReply(ctx, a.ConversationID, "nope", "r1", "77"), memory.ErrNotFound)
	wantErr(t, "NoteAnswerReply of an empty ref", s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r1", ""), memory.ErrInvalid)
	if err := s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r1", "77"); err != nil {
		t.Fatalf("NoteAnswerReply by the holder: %v", err)
	}
	_, err := claim(t, s, "r2", a.LeaseUntil.Add(-time.Millisecond))
	wantErr(t, "ClaimAnswer before the lease ends, after NoteAnswerReply", err, memory.ErrNotFound)
	got, err := claim(t, s, "r2", a.LeaseUntil)
	if err != nil {
		t.Fatalf("ClaimAnswer: %v", err)
	}
	if got.ReplyRef != "77" {
		t.Errorf("claimed ReplyRef %q, want 77", got.ReplyRef)
	}
	// The new holder moves the answer to another message; the old one may
	// no longer record anything.
	wantErr(t, "NoteAnswerReply by the replica that lost the lease", s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r1", "78"), memory.ErrConflict)
	if err := s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r2", "79"); err != nil {
		t.Fatalf("NoteAnswerReply by the new holder: %v", err)
	}
	if got, err := claim(t, s, "r3", a.LeaseUntil.Add(time.Minute)); err != nil || got.ReplyRef != "79" {
		t.Fatalf("second takeover = %+v, %v; want ReplyRef 79", got, err)
	}
	if err := s.FinishAnswer(ctx, a.ConversationID, a.PlatformID, "r3", answerT0, answerT0.Add(time.Hour)); err != nil {
		t.Fatalf("FinishAnswer: %v", err)
	}
	wantErr(t, "NoteAnswerReply of a done entry", s.NoteAnswerReply(ctx, a.ConversationID, a.PlatformID, "r3", "80"), memory.ErrConflict)
	// A fresh entry carries no reply.
	b := newAnswer("telegram:2", "11", "r1")
	mustQueue(t, s, b)
	if got, err := claim(t, s, "r2", b.LeaseUntil); err != nil || got.ReplyRef != "" {
		t.Errorf("claim of an entry without a reply = %+v, %v; want an empty ReplyRef", got, err)
	}
}

// testDropAnswers: erasing a person drops their pending entries, payload
// and all, and nothing else: not others', not those of no person, and not
// their done ones (which keep recognising a redelivery).
func testDropAnswers(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for _, a := range []struct{ id, person string }{{"1", "alice"}, {"2", "alice"}, {"3", "bob"}, {"4", ""}, {"5", "alice"}} {
		e := newAnswer("telegram:1", a.id, "r1")
		e.PersonID = a.person
		mustQueue(t, s, e)
	}
	keep := answerT0.Add(48 * time.Hour)
	if err := s.FinishAnswer(ctx, "telegram:1", "5", "r1", answerT0, keep); err != nil {
		t.Fatalf("FinishAnswer: %v", err)
	}
	n, err := s.DropAnswers(ctx, "alice")
	if err != nil || n != 2 {
		t.Fatalf("DropAnswers(alice) = %d, %v; want 2, nil", n, err)
	}
	wantErr(t, "FinishAnswer of a dropped entry", s.FinishAnswer(ctx, "telegram:1", "1", "r1", answerT0, keep), memory.ErrNotFound)
	again := newAnswer("telegram:1", "5", "r2")
	wantErr(t, "QueueAnswer of a done entry kept after DropAnswers", s.QueueAnswer(ctx, again), memory.ErrConflict)
	var left []string
	for {
		a, err := claim(t, s, "r2", answerT0.Add(time.Hour))
		if errors.Is(err, memory.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatalf("ClaimAnswer: %v", err)
		}
		left = append(left, a.PlatformID+"/"+a.PersonID)
	}
	if fmt.Sprint(left) != "[3/bob 4/]" {
		t.Errorf("claimable after DropAnswers(alice): %v, want [3/bob 4/]", left)
	}
	if n, err := s.DropAnswers(ctx, "alice"); err != nil || n != 0 {
		t.Errorf("second DropAnswers(alice) = %d, %v; want 0, nil", n, err)
	}
	_, err = s.DropAnswers(ctx, "")
	wantErr(t, "DropAnswers without a person", err, memory.ErrInvalid)
}

func testAnswerRenewRelease(t *testing.T, s memory.Store) {
	ctx := t.Context()
	mine1, mine2, theirs := newAnswer("telegram:1", "1", "r1"), newAnswer("telegram:1", "2", "r1"), newAnswer("telegram:2", "3", "r2")
	for _, a := range []memory.Answer{mine1, mine2, theirs} {
		mustQueue(t, s, a)
	}
	if err := s.FinishAnswer(ctx, mine2.ConversationID, mine2.PlatformID, "r1", answerT0, answerT0.Add(time.Hour)); err != nil {
		t.Fatalf("FinishAnswer: %v", err)
	}
	n, err := s.RenewAnswers(ctx, "r1", answerT0.Add(time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("RenewAnswers = %d, %v; want 1 (done entries are not renewed)", n, err)
	}
	// After the first lease, only r2's entry is claimable: r1's was renewed.
	got, err := claim(t, s, "r3", answerT0.Add(2*time.Minute))
	if err != nil || got.PlatformID != "3" {
		t.Fatalf("ClaimAnswer after renewal = %+v, %v; want r2's entry", got, err)
	}
	_, err = claim(t, s, "r3", answerT0.Add(2*time.Minute))
	wantErr(t, "ClaimAnswer of a renewed entry", err, memory.ErrNotFound)
	n, err = s.ReleaseAnswers(ctx, "r1")
	if err != nil || n != 1 {
		t.Fatalf("ReleaseAnswers = %d, %v; want 1", n, err)
	}
	got, err = claim(t, s, "r3", answerT0)
	if err != nil || got.PlatformID != "1" {
		t.Fatalf("ClaimAnswer after release = %+v, %v; want r1's entry at once", got, err)
	}
}

func testAnswerPurge(t *testing.T, s memory.Store) {
	ctx := t.Context()
	soon, later, pending := newAnswer("telegram:1", "1", "r1"), newAnswer("telegram:1", "2", "r1"), newAnswer("telegram:1", "3", "r1")
	for _, a := range []memory.Answer{soon, later, pending} {
		mustQueue(t, s, a)
	}
	if err := s.FinishAnswer(ctx, soon.ConversationID, soon.PlatformID, "r1", answerT0, answerT0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishAnswer(ctx, later.ConversationID, later.PlatformID, "r1", answerT0, answerT0.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	n, err := s.PurgeAnswers(ctx, answerT0.Add(time.Hour))
	if err != nil || n != 1 {
		t.Fatalf("PurgeAnswers = %d, %v; want 1 (kept until exactly then)", n, err)
	}
	// The purged key is free again; the later one is still remembered.
	mustQueue(t, s, soon)
	wantErr(t, "QueueAnswer of a kept done key", s.QueueAnswer(ctx, later), memory.ErrConflict)
	if n, err := s.PurgeAnswers(ctx, answerT0.Add(100*time.Hour)); err != nil || n != 1 {
		t.Fatalf("PurgeAnswers much later = %d, %v; want 1 (pending entries stay)", n, err)
	}
	wantErr(t, "QueueAnswer of a pending key after purge", s.QueueAnswer(ctx, pending), memory.ErrConflict)
}

func testAnswerRejectInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for name, edit := range map[string]func(*memory.Answer){
		"no conversation": func(a *memory.Answer) { a.ConversationID = "" },
		"no message id":   func(a *memory.Answer) { a.PlatformID = "" },
		"no platform":     func(a *memory.Answer) { a.Platform = "" },
		"no holder":       func(a *memory.Answer) { a.Holder = "" },
		"no lease":        func(a *memory.Answer) { a.LeaseUntil = time.Time{} },
		"no time":         func(a *memory.Answer) { a.ReceivedAt = time.Time{} },
		"huge payload":    func(a *memory.Answer) { a.Payload = string(make([]byte, memory.MaxAnswerPayload+1)) },
	} {
		a := newAnswer("telegram:1", "10", "r1")
		edit(&a)
		wantErr(t, "QueueAnswer with "+name, s.QueueAnswer(ctx, a), memory.ErrInvalid)
	}
	_, err := s.ClaimAnswer(ctx, memory.ClaimQuery{Platform: "telegram", Now: answerT0, Until: answerT0})
	wantErr(t, "ClaimAnswer without a holder", err, memory.ErrInvalid)
	// Nothing invalid was stored.
	_, err = claim(t, s, "r2", answerT0.Add(time.Hour))
	wantErr(t, "ClaimAnswer after rejected writes", err, memory.ErrNotFound)
}

func testConcurrentClaimAnswer(t *testing.T, s memory.Store) {
	const entries = 5
	for i := range entries {
		mustQueue(t, s, newAnswer("telegram:1", fmt.Sprint(i), "dead"))
	}
	var got atomic.Int64
	seen := make([]atomic.Int64, entries)
	parallel(t, takers, func(i int) error {
		a, err := claim(t, s, fmt.Sprintf("r%d", i), answerT0.Add(time.Hour))
		if errors.Is(err, memory.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		got.Add(1)
		n, err := strconv.Atoi(a.PlatformID)
		if err != nil || n < 0 || n >= entries {
			return fmt.Errorf("claimed unknown entry %q", a.PlatformID)
		}
		seen[n].Add(1)
		return nil
	})
	if got.Load() != entries {
		t.Errorf("%d claims succeeded, want %d", got.Load(), entries)
	}
	for i := range seen {
		if c := seen[i].Load(); c != 1 {
			t.Errorf("entry %d claimed %d times, want once", i, c)
		}
	}
}

func testConcurrentQueueAnswer(t *testing.T, s memory.Store) {
	var ok atomic.Int64
	parallel(t, takers, func(i int) error {
		err := s.QueueAnswer(t.Context(), newAnswer("telegram:1", "10", fmt.Sprintf("r%d", i)))
		switch {
		case err == nil:
			ok.Add(1)
		case !errors.Is(err, memory.ErrConflict):
			return err
		}
		return nil
	})
	if ok.Load() != 1 {
		t.Errorf("%d of %d concurrent QueueAnswer calls of one key succeeded, want 1", ok.Load(), takers)
	}
}
