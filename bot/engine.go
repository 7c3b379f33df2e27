// Package bot is membot's conversation engine: it takes platform-neutral
// messages from the adapters, captures them, answers through the model with
// the person's recalled memories, runs the commands, and schedules
// extraction. It knows no platform and no storage backend.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
	// MaxInjected memories at most go into one prompt (default 5).
	MaxInjected int
	// TokenBudget caps the memory block (default 400).
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
}

// Deps are the engine's collaborators. Messages, People, Settings and
// Memories are required; a nil Model runs offline; a nil Recall or
// Extractor disables that stage.
type Deps struct {
	Messages  MessageLog
	People    People
	Settings  Settings
	Memories  Memories
	Model     llm.Client
	Recall    Recaller
	Extractor Extractor
	Prompts   *prompts.Set
}

// Engine is the conversation engine. Create it with New, feed it with
// Handle, stop it with Close.
type Engine struct {
	msgs     MessageLog
	people   People
	settings Settings
	mems     Memories
	model    llm.Client
	recall   Recaller
	extract  Extractor
	prompts  *prompts.Set
	opts     Options
	log      *slog.Logger

	ctx    context.Context // lives until Close gives up waiting
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	closed   bool
	queues   map[string]*queue
	injected map[string]Injection // person id → last reply's memories
	// forgetAsked holds when each person asked to forget everything,
	// awaiting confirmation.
	forgetAsked map[string]time.Time
	meter       *meter
	// answered holds the messages already queued for an answer.
	answered *seenSet
	// pending holds messages captured while the store was down.
	pending captureBuffer
}

// Injection records which memories went into a person's last reply.
type Injection struct {
	At             time.Time
	ConversationID string
	MessageID      string
	Memories       []Recalled
}

// answeredMemory is how many recent messages the engine remembers having
// answered, to answer a redelivered one only once.
const answeredMemory = 10000

// ErrClosed is returned by Handle after Close.
var ErrClosed = errors.New("engine closed")

// New builds an engine.
func New(d Deps, o Options) (*Engine, error) {
	if d.Messages == nil || d.People == nil || d.Settings == nil || d.Memories == nil {
		return nil, errors.New("bot: messages, people, settings and memories are required")
	}
	if d.Prompts == nil {
		p, err := prompts.Load()
		if err != nil {
			return nil, err
		}
		d.Prompts = p
	}
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
	ctx, cancel := context.WithCancel(context.Background())
	return &Engine{
		msgs: d.Messages, people: d.People, settings: d.Settings, mems: d.Memories,
		model: d.Model, recall: d.Recall,
		extract: d.Extractor, prompts: d.Prompts, opts: o, log: o.Logger,
		ctx: ctx, cancel: cancel,
		queues:      make(map[string]*queue),
		injected:    make(map[string]Injection),
		forgetAsked: make(map[string]time.Time),
		meter:       newMeter(),
		answered:    newSeenSet(answeredMemory),
	}, nil
}

// Offline reports whether no model is configured.
func (e *Engine) Offline() bool { return e.model == nil }

// Handle captures msg and, when it needs an answer, queues the answer
// behind earlier ones of the same conversation. It returns once the message
// is captured; done is closed when every reply to it has been delivered.
// A non-nil error other than ErrClosed means the message was not captured;
// ErrClosed may come after capture, when Close raced with Handle.
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
	e.mu.Lock()
	closed := e.closed
	e.mu.Unlock()
	if closed {
		return nil, ErrClosed
	}
	if !e.opts.Limits.allowed(msg) {
		e.refuse(msg, r, msgDenied, msg.Addressed, done)
		return done, nil
	}
	guild, err := e.guildSettings(ctx, msg.Platform, msg.GuildID)
	if err != nil {
		e.log.Warn("server settings unavailable; using defaults", "guild", msg.GuildID, "err", err)
	}
	if !e.listening(msg, guild) {
		close(done)
		return done, nil
	}
	// A flood is refused before it costs a capture, an extraction or a
	// model call, and told so privately once a minute.
	account := msg.Platform + ":" + msg.Author.ID
	if msg.Addressed && !e.meter.allowMessage(account, e.opts.Now(), e.opts.Limits.MessagesPerMinute) {
		e.refuse(msg, r, msgSlowDown, e.meter.warnOnce(account, e.opts.Now()), done)
		return done, nil
	}
	t, err := e.capture(ctx, msg)
	if storeDown(err) && e.buffer(msg) {
		// The store is down: the message waits in the buffer and the
		// answer goes out without memories or history.
		e.log.Warn("store unavailable; message buffered", "conversation", msg.ConversationID(), "err", err)
		text, _ := clean(msg.Text)
		t, err = turn{msg: msg, text: text, conv: memory.Conversation{ID: msg.ConversationID()}}, nil
	}
	if err != nil {
		return nil, err
	}
	t.guild = guild
	if !msg.Addressed || (msg.ID != "" && !e.answered.add(msg.ConversationID()+"\x00"+msg.ID)) {
		close(done)
		return done, nil
	}
	if !e.enqueue(msg.ConversationID(), func(ctx context.Context) {
		defer close(done)
		e.answer(ctx, t, r)
	}) {
		return nil, ErrClosed
	}
	return done, nil
}

// refuse answers msg privately with p instead of handling it (when tell is
// set; otherwise silently), without capturing it. done is closed once the
// refusal is delivered.
func (e *Engine) refuse(msg Message, r Responder, p phrase, tell bool, done chan struct{}) {
	if !tell || !e.enqueue(msg.ConversationID(), func(ctx context.Context) {
		defer close(done)
		lang := e.language(turn{msg: msg, text: msg.Text})
		if err := r.Send(ctx, Reply{Text: e.say(lang, p), Private: true}); err != nil {
			e.log.Warn("deliver refusal", "conversation", msg.ConversationID(), "err", err)
		}
	}) {
		close(done)
	}
}

// listening reports whether the engine takes in msg at all: in a server,
// only in the channels its admins chose (commands always), and messages not
// addressed to the bot only when the server enabled passive capture.
func (e *Engine) listening(msg Message, g GuildSettings) bool {
	if msg.IsDM || msg.GuildID == "" {
		return true
	}
	if len(g.Channels) > 0 && !msg.IsCommand() && !slices.Contains(g.Channels, msg.ChatID) {
		return false
	}
	return msg.Addressed || g.Passive
}

// Edited updates a captured message after a platform edit.
func (e *Engine) Edited(ctx context.Context, msg Message) error {
	text, _ := clean(sanitize(msg.Text))
	err := e.msgs.EditMessage(ctx, msg.ConversationID(), msg.ID, text)
	if errors.Is(err, memory.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("edit captured message %s: %w", msg.ID, err)
	}
	return nil
}

// Deleted removes a captured message.
func (e *Engine) Deleted(ctx context.Context, platform, chatID, threadID, messageID string) error {
	conv := Message{Platform: platform, ChatID: chatID, ThreadID: threadID}.ConversationID()
	err := e.msgs.DeleteMessage(ctx, conv, messageID)
	if errors.Is(err, memory.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("delete captured message %s: %w", messageID, err)
	}
	return nil
}

// LastInjection returns what went into a person's last reply.
func (e *Engine) LastInjection(personID string) (Injection, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	in, ok := e.injected[personID]
	return in, ok
}

// Close stops taking messages, lets queued replies finish and pending
// extraction run, bounded by ctx, then releases everything. It does not
// close the store.
func (e *Engine) Close(ctx context.Context) error {
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil
	}
	e.closed = true
	e.mu.Unlock()

	drained := make(chan struct{})
	go func() { e.wg.Wait(); close(drained) }()
	var err error
	select {
	case <-drained:
	case <-ctx.Done():
		err = fmt.Errorf("close engine: replies still running: %w", ctx.Err())
	}
	if e.extract != nil {
		if xerr := e.extract.Close(ctx); xerr != nil {
			err = errors.Join(err, fmt.Errorf("close extractor: %w", xerr))
		}
	}
	// Replies still running are cancelled; give them a moment to notice
	// before giving up on them.
	e.cancel()
	select {
	case <-drained:
	case <-time.After(closeGrace):
		err = errors.Join(err, errors.New("close engine: replies did not stop after cancellation"))
	}
	return err
}

// closeGrace is how long Close waits for cancelled replies to return.
const closeGrace = 5 * time.Second

// sanitize makes text valid UTF-8 without NULs and bounds its length.
func sanitize(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = strings.ReplaceAll(s, "\x00", "")
	if utf8.RuneCountInString(s) > MaxMessageRunes {
		r := []rune(s)
		s = string(r[:MaxMessageRunes]) + " …[truncated]"
	}
	return s
}
