package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
)

// DeliveryError is a reply the platform did not take. Adapters return it
// (wrapped or not) from Responder.Send so that the engine knows whether,
// and after how long, trying again is worth it; any other error is
// retried with back-off.
type DeliveryError struct {
	// RetryAfter is how long the platform asked to wait (0: not said).
	RetryAfter time.Duration
	// Permanent means another attempt cannot succeed (no permission, the
	// message is too large): the answer is kept for the person's next
	// message at once.
	Permanent bool
	// Err is the platform's answer.
	Err error
}

// Error says that delivery failed, and why.
func (e *DeliveryError) Error() string { return "deliver reply: " + e.Err.Error() }

// Unwrap exposes the platform's answer.
func (e *DeliveryError) Unwrap() error { return e.Err }

// Delivery bounds: a reply the platform refuses is tried again for at
// most DeliveryPatience (a person waiting for an answer should not wait
// minutes), at most maxDeliveryAttempts times. An answer still not
// delivered is kept for undeliveredTTL and offered on the person's next
// message in that conversation.
const (
	DeliveryPatience    = 30 * time.Second
	maxDeliveryAttempts = 5
	undeliveredTTL      = 24 * time.Hour
	keepTimeout         = 5 * time.Second
)

// deliverer sends finished replies and keeps those no platform took.
//
// Almost no message has an answer waiting, so whether one may is on the
// person record, which capture reads anyway (memory.Person.NoUndelivered):
// a person marked as having none costs no read of the kept answers. The
// mark is set only after a count of the person's kept answers found none,
// and cleared after every answer kept, both by UpdatePerson, which writes
// only over the version it read. Clearing always writes (moving the
// version) even when the mark is already clear, so a replica that counted
// none before another kept an answer cannot set the mark over the clear:
// either its write comes first and is cleared after, or the clear moved
// the version and its write fails, is read again and counted again.
type deliverer struct {
	settings Settings
	people   People
	log      *slog.Logger
	now      func() time.Time
}

// undelivered is an answer kept for the person's next message.
type undelivered struct {
	Text    string    `json:"text"`
	Private bool      `json:"private,omitempty"`
	At      time.Time `json:"at"`
}

// undeliveredKey is where t's undelivered answer is kept. Answers kept
// under the earlier key form (conversation first) are not read: they
// expire within undeliveredTTL.
func undeliveredKey(t turn) string {
	return memory.UndeliveredKey(t.person.ID, t.conv.ID)
}

// send delivers reply through r, retrying what the platform refused
// (honouring its retry_after) within DeliveryPatience. It reports whether
// the reply got through.
func (d *deliverer) send(ctx context.Context, t turn, r Responder, reply Reply) bool {
	start := d.now()
	for attempt := 1; ; attempt++ {
		err := r.Send(ctx, reply)
		if err == nil {
			return true
		}
		wait := time.Duration(1<<min(attempt-1, 4)) * time.Second
		var de *DeliveryError
		if errors.As(err, &de) {
			if de.Permanent {
				d.log.Warn("reply refused by the platform", "conversation", t.conv.ID, "err", err)
				return false
			}
			if de.RetryAfter > 0 {
				wait = de.RetryAfter
			}
		}
		if attempt >= maxDeliveryAttempts || ctx.Err() != nil || d.now().Add(wait).Sub(start) > DeliveryPatience {
			d.log.Warn("reply not delivered", "conversation", t.conv.ID, "attempts", attempt, "err", err)
			return false
		}
		d.log.Info("reply refused by the platform; trying again", "conversation", t.conv.ID, "attempt", attempt, "wait", wait, "err", err)
		if sleepCtx(ctx, wait) != nil {
			return false
		}
	}
}

// keep stores an answer that could not be delivered, so that the
// person's next message in the conversation brings it (a restart does
// not lose it).
func (d *deliverer) keep(ctx context.Context, t turn, reply Reply) {
	d.log.Error("answer could not be delivered; kept for the next message",
		"conversation", t.conv.ID, "person", t.person.ID, "bytes", len(reply.Text))
	if t.person.ID == "" || reply.Text == "" {
		return
	}
	raw, err := json.Marshal(undelivered{Text: reply.Text, Private: reply.Private, At: d.now().UTC()})
	if err == nil && len(raw) > memory.MaxSettingValue {
		err = fmt.Errorf("%d bytes is over the setting limit", len(raw))
	}
	if err == nil {
		// Shutdown may be what ended delivery: the answer is kept all
		// the same, within a short bound of its own.
		kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), keepTimeout)
		err = d.settings.PutSetting(kctx, undeliveredKey(t), string(raw), d.now().Add(undeliveredTTL))
		cancel()
	}
	if err != nil {
		d.log.Error("keep undelivered answer", "conversation", t.conv.ID, "err", err)
		return
	}
	kctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), keepTimeout)
	defer cancel()
	if err := d.markKept(kctx, t.person.ID, false); err != nil {
		// The answer stays kept; only a person marked as having none
		// misses it, and the mark is set only after counting none.
		d.log.Error("mark the person as having an answer kept", "person", t.person.ID, "err", err)
	}
}

// markAttempts bounds the optimistic retries of the person's mark.
const markAttempts = 5

// markKept writes whether person is known to have no answer kept: none
// true only while a count finds none, none false always (see deliverer).
func (d *deliverer) markKept(ctx context.Context, personID string, none bool) error {
	return memory.RetryConflict(ctx, markAttempts, func() error {
		p, err := d.people.Person(ctx, personID)
		if err != nil {
			return err
		}
		if none {
			if p.NoUndelivered {
				return nil
			}
			n, err := d.settings.CountSettings(ctx, memory.UndeliveredPrefix(personID))
			if err != nil || n > 0 {
				return err
			}
		}
		p.NoUndelivered = none
		return d.people.UpdatePerson(ctx, &p)
	})
}

// offer delivers an answer kept from an earlier message of the same
// person in the same conversation, once: taken from the store, then sent
// with a note; kept again if this delivery fails too.
func (d *deliverer) offer(ctx context.Context, t turn, r Responder, note string) {
	if t.person.ID == "" || t.conv.ID == "" || t.person.NoUndelivered {
		return
	}
	// A read first: taking is a write, and almost every message has
	// nothing waiting.
	_, err := d.settings.Setting(ctx, undeliveredKey(t))
	if errors.Is(err, memory.ErrNotFound) {
		d.noneKept(ctx, t)
		return
	}
	raw, err := d.settings.TakeSetting(ctx, undeliveredKey(t))
	if err != nil {
		if !errors.Is(err, memory.ErrNotFound) {
			d.log.Warn("read undelivered answer", "conversation", t.conv.ID, "err", err)
		}
		return
	}
	d.noneKept(ctx, t)
	var u undelivered
	if err := json.Unmarshal([]byte(raw), &u); err != nil || u.Text == "" {
		d.log.Warn("undelivered answer unreadable; dropped", "conversation", t.conv.ID, "err", err)
		return
	}
	reply := Reply{Text: note + "\n\n" + u.Text, Private: u.Private}
	if !d.send(ctx, t, r, reply) {
		d.keep(ctx, t, Reply{Text: u.Text, Private: u.Private})
	}
}

// noneKept marks t's person as having no answer kept, if a count finds
// none (answers kept in other conversations stay): later messages skip
// the read. A failure only costs that read again.
func (d *deliverer) noneKept(ctx context.Context, t turn) {
	if err := d.markKept(ctx, t.person.ID, true); err != nil {
		d.log.Warn("mark the person as having no answer kept", "person", t.person.ID, "err", err)
	}
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
