package memory

import (
	"fmt"
	"time"
	"unicode/utf8"
)

// Answer is one addressed message awaiting its answer: the durable answer
// queue that lets a restarted process, or another replica, answer what a
// killed one had captured but not answered. An entry is keyed by
// (ConversationID, PlatformID), so a platform redelivering a message finds
// it queued (or already answered) instead of queueing it twice.
//
// An entry is held by one replica at a time, until its lease ends: the
// replica that queued it, or one that claimed it after the lease ran out.
// Only the holder marks it done. Done entries are kept until KeepUntil, so
// that a late redelivery is still recognised, and then purged.
type Answer struct {
	ConversationID string `json:"conversation_id"`
	PlatformID     string `json:"platform_id"`
	// Platform is the adapter that can deliver the answer ("telegram", …).
	Platform string `json:"platform"`
	// PersonID is the message's author, so that erasing the person drops
	// the entries still holding their words (DropAnswers). Empty when the
	// author was not known (the store was down at capture) and for
	// entries queued before the field existed: those belong to nobody and
	// are never dropped by a person's erasure.
	PersonID string `json:"person_id,omitempty"`
	// Payload is what the engine needs to answer after a restart: the
	// (redacted) message and where to reply. Opaque to the store; cleared
	// when the entry is done.
	Payload string `json:"payload,omitempty"`
	// ReceivedAt is when the message was sent, deciding whether it is
	// still fresh enough to answer.
	ReceivedAt time.Time `json:"received_at"`
	// Holder names the replica answering it; LeaseUntil is when another
	// replica may take it over.
	Holder     string    `json:"holder"`
	LeaseUntil time.Time `json:"lease_until"`
	// ReplyRef is the platform id of the message the answer is being
	// written into, recorded by NoteAnswerReply as soon as the platform
	// created it, so that whoever takes the entry over finishes the answer
	// in that message instead of sending a second one. Opaque to the
	// store; empty until recorded.
	ReplyRef string `json:"reply_ref,omitempty"`
	// Claims counts how many times the entry was taken over after it was
	// queued, to give up on one that keeps failing.
	Claims int `json:"claims"`
	// Done is set once the answer was delivered or given up on, at DoneAt;
	// the entry is purged from KeepUntil on.
	Done      bool      `json:"done,omitempty"`
	DoneAt    time.Time `json:"done_at,omitzero"`
	KeepUntil time.Time `json:"keep_until,omitzero"`
}

// MaxReplyRef bounds Answer.ReplyRef, in bytes: a platform message id is
// far shorter.
const MaxReplyRef = 1024

// CheckReplyRef checks a ReplyRef before it is recorded: set, valid
// UTF-8, within MaxReplyRef.
func CheckReplyRef(ref string) error {
	switch {
	case ref == "":
		return fmt.Errorf("%w: empty reply ref", ErrInvalid)
	case len(ref) > MaxReplyRef:
		return fmt.Errorf("%w: reply ref is %d bytes, over %d", ErrInvalid, len(ref), MaxReplyRef)
	case !utf8.ValidString(ref):
		return fmt.Errorf("%w: reply ref is not valid UTF-8", ErrInvalid)
	}
	return nil
}

// MaxAnswerPayload bounds an answer queue entry's payload, in bytes.
const MaxAnswerPayload = 1 << 20

// Validate checks that a can be queued: keys, platform and holder set,
// the payload within MaxAnswerPayload, a received time and a lease.
func (a Answer) Validate() error {
	switch {
	case a.ConversationID == "" || a.PlatformID == "":
		return fmt.Errorf("%w: answer needs a conversation and a platform message id", ErrInvalid)
	case a.Platform == "" || a.Holder == "":
		return fmt.Errorf("%w: answer needs a platform and a holder", ErrInvalid)
	case len(a.Payload) > MaxAnswerPayload:
		return fmt.Errorf("%w: answer payload is %d bytes, over %d", ErrInvalid, len(a.Payload), MaxAnswerPayload)
	case a.ReceivedAt.IsZero() || a.LeaseUntil.IsZero():
		return fmt.Errorf("%w: answer needs a received time and a lease", ErrInvalid)
	}
	return nil
}

// ClaimQuery selects the answer queue entry a replica takes over.
type ClaimQuery struct {
	// Platform restricts the claim to one adapter's entries.
	Platform string
	// Holder is the claiming replica; the entry's lease is set to Until.
	Holder string
	Now    time.Time
	Until  time.Time
}
