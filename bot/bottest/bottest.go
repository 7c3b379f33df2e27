// Package bottest builds a real membot engine for tests: the production
// wiring (internal/app) over a temporary embedded store, answering through
// the real model client against a fake OpenAI-compatible server.
package bottest

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
)

// Bot is an assembled engine with its fake model.
type Bot struct {
	*app.App
	// Model is the fake model server; nil in offline mode.
	Model *fakeopenai.Server
	// Dir is the data directory.
	Dir string
}

// Option adjusts the bot under test.
type Option func(*settings)

type settings struct {
	offline bool
	dir     string
	edit    []func(*config.Config)
	now     func() time.Time
	model   *fakeopenai.Server
	wrap    func(memory.Store) memory.Store
}

// Offline builds the bot with no model.
func Offline() Option { return func(s *settings) { s.offline = true } }

// WithDir reuses a data directory (to test restarts).
func WithDir(dir string) Option { return func(s *settings) { s.dir = dir } }

// WithModel reuses a fake model server.
func WithModel(m *fakeopenai.Server) Option { return func(s *settings) { s.model = m } }

// WithConfig edits the configuration before the bot is built.
func WithConfig(f func(*config.Config)) Option {
	return func(s *settings) { s.edit = append(s.edit, f) }
}

// WithStoreWrapper puts wrap around the opened store (see
// app.WithStoreWrapper).
func WithStoreWrapper(wrap func(memory.Store) memory.Store) Option {
	return func(s *settings) { s.wrap = wrap }
}

// WithClock replaces the clock.
func WithClock(now func() time.Time) Option { return func(s *settings) { s.now = now } }

// New builds a bot and closes it when the test ends.
func New(tb testing.TB, opts ...Option) *Bot {
	tb.Helper()
	s := settings{now: time.Now}
	for _, o := range opts {
		o(&s)
	}
	if s.dir == "" {
		s.dir = tb.TempDir()
	}
	cfg := config.Default()
	cfg.DataDir = s.dir
	cfg.Memory.ExtractionDelay = config.Duration(time.Hour) // tests flush explicitly
	b := &Bot{Dir: s.dir}
	if !s.offline {
		if s.model == nil {
			s.model = fakeopenai.New(tb)
		}
		b.Model = s.model
		cfg.Model.BaseURL = s.model.URL()
		cfg.Model.Name = "test-model"
		cfg.Model.Timeout = config.Duration(10 * time.Second)
	}
	for _, f := range s.edit {
		f(&cfg)
	}
	if err := cfg.Validate(); err != nil {
		tb.Fatalf("bottest config: %v", err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(testWriter{tb}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	appOpts := []app.Option{app.WithClock(s.now), app.WithLogger(log)}
	if s.wrap != nil {
		appOpts = append(appOpts, app.WithStoreWrapper(s.wrap))
	}
	a, err := app.Open(context.Background(), cfg, appOpts...)
	if err != nil {
		tb.Fatalf("bottest: %v", err)
	}
	b.App = a
	tb.Cleanup(func() { b.Stop(tb) })
	return b
}

// Stop closes the bot (idempotent), as a process exit would.
func (b *Bot) Stop(tb testing.TB) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if b.App == nil {
		return
	}
	if err := b.App.Close(ctx); err != nil {
		tb.Errorf("bottest close: %v", err)
	}
	b.App = nil
}

type testWriter struct{ tb testing.TB }

// Write sends a log line to the test's log.
func (w testWriter) Write(p []byte) (int, error) {
	w.tb.Logf("%s", p)
	return len(p), nil
}

// Recorder is a bot.Responder that records what a person would see.
type Recorder struct {
	mu      sync.Mutex
	typing  int
	streams []string
	replies []bot.Reply
}

var _ bot.Responder = (*Recorder)(nil)

// Typing records a typing indicator.
func (r *Recorder) Typing(context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.typing++
	return nil
}

// Stream records a partial reply.
func (r *Recorder) Stream(_ context.Context, text string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.streams = append(r.streams, text)
	return nil
}

// Send records a complete reply.
func (r *Recorder) Send(_ context.Context, rep bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.replies = append(r.replies, rep)
	return nil
}

// Replies returns the complete replies so far.
func (r *Recorder) Replies() []bot.Reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]bot.Reply(nil), r.replies...)
}

// Streams returns the partial texts so far.
func (r *Recorder) Streams() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.streams...)
}

// Text is the text of the last reply, or "".
func (r *Recorder) Text() string {
	reps := r.Replies()
	if len(reps) == 0 {
		return ""
	}
	return reps[len(reps)-1].Text
}

// Send hands msg to the engine and waits for its replies.
func (b *Bot) Send(tb testing.TB, msg bot.Message) *Recorder {
	tb.Helper()
	r := &Recorder{}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done, err := b.Engine.Handle(ctx, msg, r)
	if err != nil {
		tb.Fatalf("handle %q: %v", msg.Text, err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		tb.Fatalf("no reply to %q within 30s", msg.Text)
	}
	return r
}

var seq struct {
	sync.Mutex
	n int
}

func nextID() string {
	seq.Lock()
	defer seq.Unlock()
	seq.n++
	return fmt.Sprintf("m%d", seq.n)
}

// DM builds a direct message from user on platform.
func DM(platform, user, text string) bot.Message {
	return bot.Message{
		Platform: platform, ChatID: "dm-" + user, ID: nextID(),
		Author: bot.Author{ID: user, Username: user, DisplayName: user},
		Text:   text, Time: time.Now(), IsDM: true, Addressed: true,
	}
}

// Group builds a message from user in a group chat; addressed says whether
// it speaks to the bot.
func Group(platform, group, user, text string, addressed bool) bot.Message {
	return bot.Message{
		Platform: platform, ChatID: group, GuildID: group, ID: nextID(),
		Author: bot.Author{ID: user, Username: user, DisplayName: user},
		Text:   text, Time: time.Now(), Addressed: addressed,
	}
}

// AnswerKept reports whether exactly one undelivered answer is kept and
// the person behind the platform account is marked as having it. Keeping
// is two writes, the answer and then the mark; a message that comes
// between them reads the mark of none and leaves the answer for the
// message after, so a test sending the next message waits for both.
func (b *Bot) AnswerKept(ctx context.Context, platform, userID string) bool {
	n, err := b.Store.CountSettings(ctx, "undelivered:")
	if err != nil || n != 1 {
		return false
	}
	// No name: the account is known by now, and reading it writes nothing.
	p, err := b.Store.ResolveIdentity(ctx, platform, userID, "")
	return err == nil && !p.NoUndelivered
}
