package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"sync"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
)

// ResponderFor rebuilds the Responder of a message stored in the answer
// queue, from the message alone (chat, thread and message ids), when the
// platform update it came in is gone: after a restart, or on the replica
// that took the message over. done is closed once the engine is finished
// with the responder (as Handle's is). An adapter gives one to
// Engine.Resume.
type ResponderFor func(ctx context.Context, msg Message, done <-chan struct{}) (Responder, error)

// Defaults of the answer queue.
const (
	// DefaultFreshness is how old a message may be and still be answered
	// after a restart; an older one gets the missed-message notice.
	DefaultFreshness = 2 * time.Minute
	// DefaultDrainTimeout bounds how long Close lets the answers in flight
	// and the extraction flush take.
	DefaultDrainTimeout = 10 * time.Second
	// answerLease is how long a replica holds a queued answer without
	// renewing it; a replica that dies loses its entries after it.
	answerLease = 30 * time.Second
	// answerKeep is how long an answered message is remembered, so that a
	// platform redelivering it (Telegram does, for a day) gets no second
	// answer.
	answerKeep = 48 * time.Hour
	// maxAnswerClaims gives up on an entry taken over this many times: it
	// is likely what kills the replicas answering it.
	maxAnswerClaims = 5
)

// AnswerOptions tune the durable answer queue.
type AnswerOptions struct {
	// Freshness is how old a message left unanswered by a restart may be
	// and still be answered (default DefaultFreshness); older ones get
	// the missed-message notice.
	Freshness time.Duration
	// Silent skips the notice: a missed message is only logged.
	Silent bool
	// DrainTimeout bounds how long Close lets the answers in flight and
	// the extraction flush take (default DefaultDrainTimeout); the answers
	// not started stay queued in the store, and the extraction left
	// resumes, at the next run.
	DrainTimeout time.Duration
	// Replica names this process among those sharing the store. A replica
	// starting under the name of an earlier run takes back that run's
	// queued answers at once; others wait for their lease to run out.
	// Empty: a random name (right when replicas share one store).
	Replica string
	// SweepInterval is how often leases are renewed and abandoned entries
	// taken over (default 10 s).
	SweepInterval time.Duration
}

// answerQueue is the engine's side of the durable answer queue: it queues
// an addressed message in the store as it is captured, marks it done once
// answered, and takes over what a dead process left behind.
type answerQueue struct {
	store  AnswerQueue
	holder string
	now    func() time.Time
	log    *slog.Logger
	fresh  time.Duration
	silent bool
	sweep  time.Duration

	mu       sync.Mutex
	rebuild  map[string]ResponderFor // by platform, from Resume
	sweeping bool
	// unfinished are entries answered here whose marking as done failed,
	// with how they were answered; see markDone.
	unfinished map[answerRef]string
}

func newAnswerQueue(store AnswerQueue, o Options) *answerQueue {
	holder := o.Answers.Replica
	if holder == "" {
		var b [8]byte
		_, _ = rand.Read(b[:])
		holder = hex.EncodeToString(b[:])
	}
	return &answerQueue{
		store: store, holder: holder, now: o.Now, log: o.Logger,
		fresh: o.Answers.Freshness, silent: o.Answers.Silent, sweep: o.Answers.SweepInterval,
		rebuild: make(map[string]ResponderFor),
	}
}

// release makes what this replica leaves queued claimable at once by the
// next run or another replica.
func (q *answerQueue) release(ctx context.Context) {
	if !q.settle(ctx) {
		q.log.Error("answered messages not marked done; another run may answer them again")
	}
	n, err := q.store.ReleaseAnswers(ctx, q.holder)
	switch {
	case err != nil:
		q.log.Warn("release queued answers", "err", err)
	case n > 0:
		q.log.Info("answers left queued for the next run", "count", n)
	}
}

// queuedMessage is an entry's payload: the message as the engine saw it,
// with its text redacted (the store holds no more than the messages
// table does).
type queuedMessage struct {
	Message Message `json:"message"`
}

// answerKey is the entry's platform message id: the message's id, or the one
// capture gives a message without one.
func answerKey(msg Message) string {
	if msg.ID != "" {
		return msg.ID
	}
	return fmt.Sprintf("t%d", msg.Time.UnixNano())
}

// entry is the queue entry of t's message, held by this replica.
func (q *answerQueue) entry(t turn) (memory.Answer, error) {
	msg := t.msg
	msg.Text = t.text
	payload, err := json.Marshal(queuedMessage{Message: msg})
	if err != nil {
		return memory.Answer{}, fmt.Errorf("encode queued message: %w", err)
	}
	now := q.now()
	return memory.Answer{
		ConversationID: msg.ConversationID(), PlatformID: answerKey(msg), Platform: msg.Platform, PersonID: t.person.ID,
		Payload: string(payload), ReceivedAt: msg.Time, Holder: q.holder, LeaseUntil: now.Add(answerLease),
	}, nil
}

// isFresh reports whether a message sent at sent may still be answered.
func (q *answerQueue) isFresh(sent time.Time) bool {
	return q.now().Sub(sent) <= q.fresh
}

// finish marks msg's entry done (see markDone), capturing reply and
// writing also with it when not nil, and reports whether all of it was
// written; maybeQueued says its QueueAnswer failed, so the entry may
// exist or not.
func (q *answerQueue) finish(ctx context.Context, msg Message, how string, maybeQueued bool, reply *memory.Message, also *memory.Setting) bool {
	return q.markDone(ctx, answerRef{msg.ConversationID(), answerKey(msg)}, how, maybeQueued, reply, also)
}

// register records how to deliver to platform and reports whether the
// sweeper still has to start.
func (q *answerQueue) register(platform string, f ResponderFor) (startSweeper bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.rebuild[platform] = f
	startSweeper, q.sweeping = !q.sweeping, true
	return startSweeper
}

// platforms returns the platforms registered by Resume, with their
// ResponderFor.
func (q *answerQueue) platforms() map[string]ResponderFor {
	q.mu.Lock()
	defer q.mu.Unlock()
	return maps.Clone(q.rebuild)
}

// Resume answers the messages of platform that an earlier run of this
// replica, or another replica that died, queued and did not answer: those
// younger than the freshness window are answered, older ones get one
// notice (or, configured so, nothing), each logged. It keeps taking over
// abandoned entries periodically until Close. An adapter calls it once it
// can send, with how to deliver to a stored message; what was left is
// queued behind the conversations' replies before Resume returns. Without
// a durable queue (no Deps.Answers) it does nothing.
func (e *Engine) Resume(ctx context.Context, platform string, f ResponderFor) error {
	if e.queue == nil {
		return nil
	}
	if err := e.work.accepting(); err != nil {
		return err
	}
	if e.queue.register(platform, f) {
		e.work.goIntake(e.sweepAnswers)
		if e.remind.enabled() {
			e.work.goIntake(e.remindLoop)
		}
	}
	e.takeOver(ctx, platform, f)
	return nil
}

// sweepAnswers keeps this replica's leases alive, takes over entries
// whose lease ran out and purges old done ones, until Close.
func (e *Engine) sweepAnswers(ctx context.Context) {
	q := e.queue
	tick := time.NewTicker(q.sweep)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-e.work.closing():
			return
		case <-tick.C:
		}
		q.settle(ctx)
		now := q.now()
		if _, err := q.store.RenewAnswers(ctx, q.holder, now.Add(answerLease)); err != nil {
			q.log.Warn("renew answer leases", "err", err)
		}
		if _, err := q.store.PurgeAnswers(ctx, now); err != nil {
			q.log.Warn("purge answered messages", "err", err)
		}
		for platform, f := range q.platforms() {
			e.takeOver(ctx, platform, f)
		}
	}
}

// takeOver claims the claimable entries of platform one by one and queues
// each behind its conversation's replies.
func (e *Engine) takeOver(ctx context.Context, platform string, f ResponderFor) {
	q := e.queue
	for ctx.Err() == nil && e.work.accepting() == nil {
		// Another replica's clock may be behind: its lease is taken only
		// lease.SkewMargin after it ended by this clock (a released one at
		// once).
		now := q.now()
		a, err := q.store.ClaimAnswer(ctx, memory.ClaimQuery{Platform: platform, Holder: q.holder,
			Now: now.Add(-lease.SkewMargin), Until: now.Add(answerLease)})
		if errors.Is(err, memory.ErrNotFound) {
			return
		}
		if err != nil {
			q.log.Warn("take over queued answers", "platform", platform, "err", err)
			return
		}
		e.resumeOne(ctx, a, f)
	}
}

// resumeOne answers, notices or gives up on one claimed entry.
func (e *Engine) resumeOne(ctx context.Context, a memory.Answer, f ResponderFor) {
	q := e.queue
	if q.answeredHere(answerRef{a.ConversationID, a.PlatformID}) {
		q.finishKey(ctx, a, "answered before its lease ran out")
		return
	}
	var qm queuedMessage
	err := json.Unmarshal([]byte(a.Payload), &qm)
	if err == nil && a.Claims > maxAnswerClaims {
		err = fmt.Errorf("taken over %d times", a.Claims)
	}
	var r Responder
	done := make(chan struct{})
	if err == nil {
		r, err = f(ctx, qm.Message, done)
	}
	if err != nil {
		close(done)
		q.log.Error("giving up on a queued answer", "conversation", a.ConversationID, "message", a.PlatformID, "err", err)
		q.finishKey(ctx, a, "given up")
		return
	}
	msg := qm.Message
	t, err := e.intake.capture(ctx, msg, nil)
	if err != nil {
		// As in Handle when the store is down: answer without memories
		// rather than hold the entry (renewed, so never retried) forever.
		q.log.Warn("resume queued answer without capture", "conversation", a.ConversationID, "message", a.PlatformID, "err", err)
		t = turn{msg: msg, text: msg.Text, conv: memory.Conversation{ID: msg.ConversationID()}}
	}
	e.answered.add(msg.ConversationID() + "\x00" + msg.ID)
	if !e.work.enqueue(msg.ConversationID(), e.queuedJobWith(t, r, true, q.isFresh(a.ReceivedAt), done, e.resumeAnswer(a.ReplyRef))) {
		close(done)
		return // closing: the entry stays pending for the next run
	}
	q.log.Info("resuming a queued answer", "conversation", a.ConversationID, "message", a.PlatformID,
		"age", q.now().Sub(a.ReceivedAt).Round(time.Second), "fresh", q.isFresh(a.ReceivedAt))
}

// finishKey marks an entry done by its stored key.
func (q *answerQueue) finishKey(ctx context.Context, a memory.Answer, how string) {
	q.markDone(ctx, answerRef{a.ConversationID, a.PlatformID}, how, false, nil, nil)
}

// queuedJob is the job answering t in its conversation's queue. A durable
// one queued behind the reply in flight when Close began is left pending
// in the store for the next run; one cut off by Close's bound likewise. A
// fresh message is answered; a stale one gets the missed-message notice
// or silence. done is closed when the job ends. A durable job captures
// the reply as it marks the entry done.
func (e *Engine) queuedJob(t turn, r Responder, durable, fresh bool, done chan struct{}) func(context.Context) {
	return e.queuedJobWith(t, r, durable, fresh, done, e.answer)
}

// queuedJobWith is queuedJob answering a fresh message with answer.
func (e *Engine) queuedJobWith(t turn, r Responder, durable, fresh bool, done chan struct{},
	answer func(context.Context, turn, Responder)) func(context.Context) {
	var slot *replySlot
	if durable {
		slot = &replySlot{}
		t.reply = slot
	}
	return func(ctx context.Context) {
		defer close(done)
		if durable && draining(ctx) {
			return
		}
		how := "answered"
		switch {
		case fresh:
			answer(ctx, t, r)
		case e.queue.silent:
			how = "missed, silent"
			e.base.log.Info("not answering a message missed while down", "conversation", t.conv.ID, "message", t.msg.ID, "sent", t.msg.Time)
		default:
			how = "missed, noticed"
			e.base.log.Info("telling a person their message was missed while down", "conversation", t.conv.ID, "message", t.msg.ID, "sent", t.msg.Time)
			if err := r.Send(ctx, Reply{Text: e.base.say(e.base.language(t), msgMissed)}); err != nil {
				e.base.log.Warn("deliver missed-message notice", "conversation", t.conv.ID, "err", err)
			}
		}
		var reply *memory.Message
		var why *whyWrite
		if slot != nil {
			reply, why = slot.msg, slot.why
		}
		// The why record goes with the reply's capture; without one, or
		// without the mark, on its own.
		if why != nil && (reply == nil || e.queue == nil || ctx.Err() != nil) {
			e.why.putLater(*why)
			why = nil
		}
		// Not durable: its QueueAnswer failed, but the entry may have
		// been written all the same (a connection reset mid-write).
		if e.queue != nil && ctx.Err() == nil {
			var also *memory.Setting
			if why != nil {
				also = &why.setting
			}
			if e.queue.finish(ctx, t.msg, how, !durable, reply, also) && why != nil {
				e.why.stored(*why)
			}
		}
	}
}
