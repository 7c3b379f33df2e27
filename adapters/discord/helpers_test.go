package discord

import (
	"bytes"
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

const testToken = "test-token-0123456789"

// scriptHandler is a scripted engine: it records what reaches it and
// answers addressed messages with reply, inline in Handle.
type scriptHandler struct {
	mu       sync.Mutex
	handled  []bot.Message
	edited   []bot.Message
	deleted  []string
	asked    []bot.Message // MemoryChoices calls
	prefixes []string
	sendErrs []error

	reply   func(ctx context.Context, msg bot.Message, r bot.Responder) error
	choices func(msg bot.Message, prefix string) []bot.Choice
}

func (h *scriptHandler) Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error) {
	h.mu.Lock()
	h.handled = append(h.handled, msg)
	reply := h.reply
	h.mu.Unlock()
	done := make(chan struct{})
	if reply != nil && msg.Addressed {
		if err := reply(ctx, msg, r); err != nil {
			h.mu.Lock()
			h.sendErrs = append(h.sendErrs, err)
			h.mu.Unlock()
		}
	}
	close(done)
	return done, nil
}

func (h *scriptHandler) Edited(_ context.Context, msg bot.Message) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.edited = append(h.edited, msg)
	return nil
}

func (h *scriptHandler) Deleted(_ context.Context, platform, chatID, threadID, messageID string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.deleted = append(h.deleted, platform+"/"+chatID+"/"+threadID+"/"+messageID)
	return nil
}

func (h *scriptHandler) MemoryChoices(_ context.Context, msg bot.Message, prefix string) ([]bot.Choice, error) {
	h.mu.Lock()
	h.asked = append(h.asked, msg)
	h.prefixes = append(h.prefixes, prefix)
	f := h.choices
	h.mu.Unlock()
	if f == nil {
		return nil, nil
	}
	return f(msg, prefix), nil
}

func (h *scriptHandler) handledMessages() []bot.Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]bot.Message(nil), h.handled...)
}

func (h *scriptHandler) errors() []error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]error(nil), h.sendErrs...)
}

// answer is a reply script that streams then sends text.
func answer(text string) func(context.Context, bot.Message, bot.Responder) error {
	return func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, text[:len(text)/2]); err != nil {
			return err
		}
		return r.Send(ctx, bot.Reply{Text: text})
	}
}

// lockedBuffer is a log sink safe for concurrent writes.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// harness is a running adapter against a fake Discord.
type harness struct {
	fake *fakediscord.Server
	a    *Adapter
	h    *scriptHandler
	logs *lockedBuffer
}

// start runs an adapter for the test, with options adjusted by tweak,
// and waits until it is connected and has registered its commands.
func start(tb testing.TB, h *scriptHandler, tweak func(*Options)) *harness {
	tb.Helper()
	hs := startWith(tb, h, tweak)
	hs.h = h
	return hs
}

// startWith is start for any Handler; the harness's h is left nil.
func startWith(tb testing.TB, h Handler, tweak func(*Options)) *harness {
	tb.Helper()
	fake := fakediscord.New(tb)
	logs := &lockedBuffer{}
	opts := Options{
		Token:        testToken,
		HTTPClient:   fake.Client(),
		EditInterval: time.Millisecond,
		DeferAfter:   time.Minute,
		Logger:       slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if tweak != nil {
		tweak(&opts)
	}
	a, err := New(opts, h)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- a.Run(ctx) }()
	tb.Cleanup(func() {
		cancel()
		select {
		case err := <-errc:
			if err != nil {
				tb.Errorf("Run: %v", err)
			}
		case <-time.After(30 * time.Second):
			tb.Errorf("Run did not return after cancel")
		}
	})
	fake.WaitUntil("the adapter is connected and ready", func() bool {
		return fake.Heartbeats() > 0 && a.self() != "" && len(fake.CallsTo("PUT", "/commands")) > 0
	})
	return &harness{fake: fake, a: a, logs: logs}
}

// finalReply waits until the bot's reply to question in channelID shows
// want, and returns the reply messages.
func (hs *harness) waitContent(channelID, want string) []fakediscord.Message {
	hs.fake.WaitUntil("the channel shows "+want, func() bool {
		for _, m := range hs.fake.Messages(channelID) {
			if m.Content == want {
				return true
			}
		}
		return false
	})
	return hs.fake.Messages(channelID)
}
