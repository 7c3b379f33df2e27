// Package bot is membot's conversation engine: it takes platform-neutral
// messages from the adapters, captures them, answers through the model with
// the person's recalled memories, runs the commands, and schedules
// extraction. It knows no platform and no storage backend.
//
// The engine is a thin router over three pieces: capture (capture.go,
// buffer.go), the reply path (reply.go) and the table of command handlers
// (commands.go and the files named after each command). Its goroutines
// belong to workers (workers.go).
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/prompts"
)

// MaxMessageRunes bounds the text taken from one incoming message; the rest
// is cut off with a note, so a 1 MB paste cannot blow up a prompt or the
// store.
const MaxMessageRunes = 16000

// Options tune the engine. Zero values take the documented defaults.
type Options struct {
	// BotName is how the bot calls itself (default "membot").
	BotName string
	// Persona is extra system-prompt text from the operator.
	Persona string
	// HistoryMessages recent messages go into each reply prompt: 20 when
	// zero, none (only the message being answered) when negative.
	HistoryMessages int
	// Language is the fallback reply language, "en" or "zh".
	Language string
	// MaxInjected recalled memories at most go into one prompt (default
	// 5); a private reply's profile comes on top of them.
	MaxInjected int
	// TokenBudget caps the memory block, profile and recalled memories
	// together (default 400).
	TokenBudget int
	// Temperature of replies; 0.7 when nil. A pointer so that 0 (the most
	// deterministic replies) can be asked for.
	Temperature *float64
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Logger receives the engine's logs (default slog.Default()).
	Logger *slog.Logger
	// Limits guard against abuse and runaway costs.
	Limits Limits
	// Answers tune the durable answer queue (with Deps.Answers).
	Answers AnswerOptions
	// Reminders tune the reminders of tasks and events (with Deps.Due and
	// Deps.Leases).
	Reminders ReminderOptions
	// PanelURL is the memory panel's public address ("https://host", no
	// trailing slash), the start of the sign-in links "/memories panel"
	// sends; empty when the panel is off.
	PanelURL string
}

// Deps are the engine's collaborators. Messages, People, Settings and
// Memories are required; a nil Model runs offline; a nil Recall or
// Extractor disables that stage.
type Deps struct {
	// Messages is the conversation log: captures and reply history.
	Messages MessageLog
	// People resolves accounts to persons (and links them).
	People People
	// Settings hold server settings, link codes and why records.
	Settings Settings
	// Memories is the memory service the commands read and change.
	Memories Memories
	// Model answers; nil runs offline.
	Model llm.Client
	// Recall picks the memories for a reply; nil answers without.
	Recall Recaller
	// Extractor turns captured messages into memories; the engine closes
	// it at Close. Nil: no extraction.
	Extractor Extractor
	// Prompts are the prompt templates (default: the embedded set).
	Prompts *prompts.Set
	// Spool keeps the messages a store refusing writes could not take;
	// nil holds them in memory only.
	Spool Spool
	// Answers is the durable queue of messages awaiting an answer; nil
	// keeps that queue in memory only (lost with the process).
	Answers AnswerQueue
	// Counters hold the limits and budgets shared by every replica; nil
	// counts them in this process only (and sends no reminders).
	Counters Counters
	// Due lists the tasks and events falling due, and Leases keep the
	// reminder pass to one replica at a time; either nil sends no
	// reminders.
	Due    DueLister
	Leases lease.Store
	// Usage records each person's model calls and tokens (replies and
	// summaries); its owner closes it after the engine. Nil records none.
	Usage *UsageLog
}

// Engine is the conversation engine. New builds it idle; Start lets
// messages in; Handle feeds it one message; Close stops it.
type Engine struct {
	opts Options
	base *base

	// The pieces a message goes through, in order.
	guilds   guilds         // server settings: where to listen, limits
	meter    *meter         // per-person rates and budgets
	intake   *capturer      // persist first
	buffer   *captureBuffer // captures waiting for the store
	answered *seenSet       // messages already queued for an answer
	commands commands       // slash commands
	reply    *replier       // model answers

	// What the adapters call besides Handle.
	msgs     MessageLog  // Edited, Deleted
	people   People      // MemoryChoices
	memories Memories    // MemoryChoices
	why      *injections // LastInjection
	deliver  *deliverer  // retries and keeps undelivered answers

	extract Extractor    // flushed at Close
	work    *workers     // every goroutine
	queue   *answerQueue // nil: no durable queue
	remind  *reminders   // where people are reached, and the passes
}

// knownConversationsMax is how many conversations the engine remembers
// exist, to open them without asking the store.
const knownConversationsMax = 10000

// answeredMemory is how many recent messages the engine remembers having
// answered, to answer a redelivered one only once.
const answeredMemory = 10000

// New builds an idle engine: nothing runs until Start.
func New(d Deps, o Options) (*Engine, error) {
	if d.Messages == nil || d.People == nil || d.Settings == nil || d.Memories == nil {
		return nil, errors.New("bot: messages, people, settings and memories are required")
	}
	if d.Prompts == nil {
		p, err := prompts.Load()
		if err != nil {
			return nil, fmt.Errorf("bot: load prompts: %w", err)
		}
		d.Prompts = p
	}
	o = withDefaults(o)
	b := &base{log: o.Logger, now: o.Now, fallback: o.Language, memories: d.Memories}
	work := newWorkers(o.Logger)
	why := &injections{settings: d.Settings, memories: d.Memories, work: work, log: o.Logger, now: o.Now, last: make(map[string]localInjection), recent: make(map[string][]whyRecord)}
	m := newMeter()
	m.shared, m.log = d.Counters, o.Logger
	remind := newReminders(b, d, o)
	capture := &capturer{people: d.People, msgs: d.Messages, extract: d.Extractor, now: o.Now, convs: newKnownConversations(knownConversationsMax)}
	e := &Engine{
		opts: o, base: b,
		msgs: d.Messages, people: d.People, memories: d.Memories,
		guilds: guilds{settings: d.Settings},
		intake: capture,
		buffer: &captureBuffer{capture: func(ctx context.Context, msg Message) (turn, error) { return capture.capture(ctx, msg, nil) }, work: work, log: o.Logger, spool: d.Spool, now: o.Now},
		reply: &replier{
			base: b, msgs: d.Messages, model: d.Model, recall: d.Recall, uses: newUseCounts(d.Memories, work, o.Logger), usage: d.Usage,
			prompts: d.Prompts, why: why, meter: m, work: work, opts: o,
		},
		commands: newCommands(b, d, why, o, remind),
		remind:   remind,
		why:      why,
		deliver:  &deliverer{settings: d.Settings, people: d.People, log: o.Logger, now: o.Now},
		meter:    m,
		answered: newSeenSet(answeredMemory),
		extract:  d.Extractor,
		work:     work,
	}
	if d.Answers != nil {
		e.queue = newAnswerQueue(d.Answers, o)
	}
	return e, nil
}

func withDefaults(o Options) Options {
	if o.BotName == "" {
		o.BotName = "membot"
	}
	switch {
	case o.HistoryMessages == 0:
		o.HistoryMessages = 20
	case o.HistoryMessages < 0:
		o.HistoryMessages = 0
	}
	if o.Language == "" {
		o.Language = "en"
	}
	if o.MaxInjected == 0 {
		o.MaxInjected = 5
	}
	if o.TokenBudget == 0 {
		o.TokenBudget = 400
	}
	if o.Temperature == nil {
		t := 0.7
		o.Temperature = &t
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Answers.Freshness <= 0 {
		o.Answers.Freshness = DefaultFreshness
	}
	if o.Answers.DrainTimeout <= 0 {
		o.Answers.DrainTimeout = DefaultDrainTimeout
	}
	if o.Answers.SweepInterval <= 0 {
		o.Answers.SweepInterval = answerLease / 3
	}
	return o
}

// Start lets messages in. Replies and the work they leave behind run
// under a context derived from ctx: cancelling it cancels them and stops
// intake, but only Close waits for them. Start starts no goroutine itself
// (each conversation gets one while it has replies queued, and one saves
// what an earlier process left in the spool); it fails when called twice
// or after Close.
func (e *Engine) Start(ctx context.Context) error {
	if e.queue != nil {
		// What an earlier run under this replica's name left queued is
		// claimable at once: that run is over.
		e.queue.release(ctx)
	}
	if err := e.work.start(ctx); err != nil {
		return err
	}
	e.buffer.resume(ctx)
	return nil
}

// Unsaved counts the captured messages not in the store: after Close,
// what this process leaves behind.
func (e *Engine) Unsaved() Unsaved { return e.buffer.unsaved() }

// Offline reports whether no model is configured.
func (e *Engine) Offline() bool { return e.reply.model == nil }

// Handle captures msg and, when it needs an answer, queues the answer
// behind earlier ones of the same conversation: in the store too, with
// Deps.Answers, so that it survives the process (a message queued there
// before, a redelivery, is not answered again; one older than the
// freshness window gets the missed-message notice instead). It returns
// once the message is captured; done is closed when every reply to it has
// been delivered. A message the engine would take in is refused with
// ErrNotStarted before Start. A non-nil error other than ErrClosed means
// the message was not captured; ErrClosed may come after capture, when
// Close raced with Handle.
func (e *Engine) Handle(ctx context.Context, msg Message, r Responder) (<-chan struct{}, error) {
	done := make(chan struct{})
	if msg.Author.IsBot {
		close(done)
		return done, nil
	}
	msg.Text = sanitize(msg.Text)
	if msg.Time.IsZero() {
		msg.Time = e.opts.Now()
	}
	if strings.TrimSpace(msg.Text) == "" {
		close(done)
		return done, nil
	}
	if err := e.work.accepting(); err != nil {
		return nil, err
	}
	if !e.opts.Limits.allowed(msg) {
		e.refuse(msg, r, msgDenied, msg.Addressed, done)
		return done, nil
	}
	guild, err := e.guilds.load(ctx, msg.Platform, msg.GuildID)
	if err != nil {
		e.base.log.Warn("server settings unavailable; using defaults", "guild", msg.GuildID, "err", err)
	}
	if !listening(msg, guild) {
		close(done)
		return done, nil
	}
	// A flood is captured up to a bound but not answered (no model call),
	// and told so privately once a minute.
	admit := e.admit(ctx, msg)
	if admit == admitDrop {
		e.refuse(msg, r, msgSlowDown, e.meter.noticeOnce(ctx, msg.Platform+":"+msg.Author.ID, e.opts.Now()), done)
		return done, nil
	}
	q := e.queueAnswer(msg, admit)
	t, err := e.intake.capture(ctx, msg, q)
	if storeDown(err) && e.buffer.hold(ctx, msg, err) {
		// The store is down: the message waits in the buffer or the
		// spool, the person is told (now and then), and the answer goes
		// out without memories or history.
		text, _ := clean(msg.Text)
		t, err = turn{msg: msg, text: text, conv: memory.Conversation{ID: msg.ConversationID()}}, nil
		q.queueAlone(ctx, t)
		if msg.Addressed && !msg.IsCommand() && e.buffer.tell(msg.ConversationID()) {
			e.refuse(msg, r, msgCannotSave, true, make(chan struct{}))
		}
	}
	if err != nil {
		if q.durable {
			// Queued, then not captured: its entry restores and answers
			// it at the next run; answering now would answer it twice.
			e.base.log.Warn("message queued but not captured; left for the next run", "conversation", msg.ConversationID(), "err", err)
			close(done)
			return done, nil
		}
		return nil, err
	}
	t.guild = guild
	e.remind.note(ctx, t)
	if admit == admitCapture {
		e.refuse(msg, r, msgSlowDown, e.meter.noticeOnce(ctx, msg.Platform+":"+msg.Author.ID, e.opts.Now()), done)
		return done, nil
	}
	if !q.answer {
		close(done)
		return done, nil
	}
	durable, fresh := q.durable, q.fresh
	if !e.work.enqueue(msg.ConversationID(), e.queuedJob(t, r, durable, fresh, done)) {
		return nil, ErrClosed
	}
	return done, nil
}

// answer produces the reply to one addressed message, in its
// conversation's queue: a command's output, or a model answer with the
// person's memories as background.
func (e *Engine) answer(ctx context.Context, t turn, r Responder) {
	e.deliver.offer(ctx, t, r, e.base.say(e.base.language(t), msgUndelivered))
	e.queue.trackReply(ctx, t.msg, r)
	var reply Reply
	answered := false
	switch {
	case e.overGuildLimit(ctx, t):
		reply = Reply{Text: e.base.say(e.base.language(t), msgGuildLimit), Private: true}
	case t.msg.IsCommand():
		reply = e.commands.dispatch(ctx, t)
	default:
		reply, answered = e.reply.chat(ctx, t, r)
	}
	if reply.Text == "" && reply.File == nil {
		return
	}
	if !e.deliver.send(ctx, t, r, reply) && answered {
		e.deliver.keep(ctx, t, reply)
	}
}

// Close stops the engine: it takes no more messages, lets the replies in
// flight finish and the buffered captures go in, then has the extractor
// flush what is pending, all within ctx and the drain bound
// (AnswerOptions.DrainTimeout, counted from the start of Close). In flight
// is each conversation's reply running (or about to run) when Close
// begins; replies queued in the store behind it are not run but stay
// queued, released for the next run or another replica to answer, and so
// do the ones cut off at the bound. When ctx ends first, what still runs
// is cancelled (it ends on its own shortly after) and Close returns at
// once with an error matching ctx's. It never returns later than ctx
// allows. Closing again, or before Start, is fine. It does not close the
// store.
func (e *Engine) Close(ctx context.Context) error {
	drained, first := e.work.stop()
	if !first {
		// A later Close waits for what the first one left running.
		select {
		case <-drained:
			return nil
		case <-ctx.Done():
			return fmt.Errorf("close engine: replies still running: %w", ctx.Err())
		}
	}
	var err error
	drainCtx, cancel := context.WithTimeout(ctx, e.opts.Answers.DrainTimeout)
	defer cancel()
	select {
	case <-drained:
	case <-drainCtx.Done():
		e.work.abort()
		if ctx.Err() != nil {
			err = fmt.Errorf("close engine: replies still running: %w", ctx.Err())
		} else {
			e.base.log.Warn("replies cut off at the drain bound; they stay queued", "bound", e.opts.Answers.DrainTimeout)
		}
	}
	if e.queue != nil {
		e.queue.release(ctx)
	}
	if e.extract != nil {
		// The flush shares the drain bound: what it leaves is past its
		// conversation's watermark and extracted at the next start.
		xerr := e.extract.Close(drainCtx)
		switch {
		case xerr == nil:
		case ctx.Err() == nil && drainCtx.Err() != nil:
			e.base.log.Warn("extraction cut off at the drain bound; it resumes at the next start", "err", xerr)
		default:
			err = errors.Join(err, fmt.Errorf("close extractor: %w", xerr))
		}
	}
	e.work.abort()
	return err
}
