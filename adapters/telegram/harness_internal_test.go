package telegram

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

// waitTimeout bounds every wait for the adapter's effects; it is a
// safety net, not a measurement.
const waitTimeout = 15 * time.Second

// fakeClock is a clock whose sleeps return at once, moving the time
// forward by what was asked, and recording it.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func newFakeClock() *fakeClock { return &fakeClock{t: time.Now()} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.sleeps = append(c.sleeps, d)
	c.mu.Unlock()
	runtime.Gosched()
	return nil
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// Slept reports the recorded sleeps of at least min.
func (c *fakeClock) Slept(min time.Duration) []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []time.Duration
	for _, d := range c.sleeps {
		if d >= min {
			out = append(out, d)
		}
	}
	return out
}

// replyFunc answers one message through r.
type replyFunc func(ctx context.Context, msg bot.Message, r bot.Responder)

// fakeHandler is a scripted engine: it records what it is given, fails
// captures on demand, and answers addressed messages with reply, in order
// per conversation.
type fakeHandler struct {
	reply replyFunc
	// fail, when set, decides whether a capture fails.
	fail func(msg bot.Message, attempt int) error

	mu       sync.Mutex
	msgs     []bot.Message
	edits    []bot.Message
	attempts map[string]int
	last     map[string]chan struct{}
	errs     []error
}

func newFakeHandler(reply replyFunc) *fakeHandler {
	return &fakeHandler{reply: reply, attempts: map[string]int{}, last: map[string]chan struct{}{}}
}

func (h *fakeHandler) Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	key := msg.ChatID + "/" + msg.ID
	h.attempts[key]++
	if h.fail != nil {
		if err := h.fail(msg, h.attempts[key]); err != nil {
			return nil, err
		}
	}
	h.msgs = append(h.msgs, msg)
	done := make(chan struct{})
	if h.reply == nil || !msg.Addressed {
		close(done)
		return done, nil
	}
	conv := msg.ConversationID()
	prev := h.last[conv]
	h.last[conv] = done
	go func() {
		defer close(done)
		if prev != nil {
			<-prev
		}
		h.reply(ctx, msg, r)
	}()
	return done, nil
}

func (h *fakeHandler) Edited(_ context.Context, msg bot.Message) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.edits = append(h.edits, msg)
	return nil
}

func (h *fakeHandler) Deleted(context.Context, string, string, string, string) error { return nil }

func (h *fakeHandler) Messages() []bot.Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]bot.Message(nil), h.msgs...)
}

func (h *fakeHandler) Edits() []bot.Message {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]bot.Message(nil), h.edits...)
}

func (h *fakeHandler) Attempts(chatID, id string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.attempts[chatID+"/"+id]
}

// noteErr records an error a reply script saw, for the test to check.
func (h *fakeHandler) noteErr(err error) {
	if err == nil {
		return
	}
	h.mu.Lock()
	h.errs = append(h.errs, err)
	h.mu.Unlock()
}

func (h *fakeHandler) Errors() []error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]error(nil), h.errs...)
}

// syncBuffer is a log sink safe for concurrent writes.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// newTestLogger logs everything to w.
func newTestLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// harness runs an adapter against a fake Bot API server.
type harness struct {
	t     testing.TB
	fake  *faketelegram.Server
	a     *Adapter
	h     *fakeHandler // nil when the handler is a real engine
	clock *fakeClock
	logs  *syncBuffer

	cancel  context.CancelFunc
	runErr  chan error
	stopped bool
}

// startHarness starts an adapter for h; mod adjusts its options.
func startHarness(t testing.TB, h *fakeHandler, mod func(*Options)) *harness {
	t.Helper()
	fake := faketelegram.New(t, faketelegram.Config{})
	return startHarnessOn(t, fake, h, mod)
}

func startHarnessOn(t testing.TB, fake *faketelegram.Server, h *fakeHandler, mod func(*Options)) *harness {
	t.Helper()
	return startHarnessWith(t, fake, h, mod)
}

// startHarnessWith runs an adapter for any handler (a real engine in
// end-to-end tests).
func startHarnessWith(t testing.TB, fake *faketelegram.Server, handler Handler, mod func(*Options)) *harness {
	t.Helper()
	logs := &syncBuffer{}
	opts := Options{
		Token:          fake.Token,
		APIURL:         fake.URL,
		PollTimeout:    10 * time.Second,
		RequestTimeout: 5 * time.Second,
		EditInterval:   time.Second,
		Logger:         newTestLogger(logs),
	}
	if mod != nil {
		mod(&opts)
	}
	a, err := New(opts, handler)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	h, _ := handler.(*fakeHandler)
	clock := newFakeClock()
	a.now, a.sleep = clock.Now, clock.Sleep
	ctx, cancel := context.WithCancel(context.Background())
	hs := &harness{t: t, fake: fake, a: a, h: h, clock: clock, logs: logs, cancel: cancel, runErr: make(chan error, 1)}
	go func() { hs.runErr <- a.Run(ctx) }()
	select {
	case <-a.Ready():
	case err := <-hs.runErr:
		t.Fatalf("Run ended before ready: %v", err)
	case <-time.After(waitTimeout):
		t.Fatal("adapter not ready")
	}
	t.Cleanup(hs.stop)
	return hs
}

// stop cancels Run, waits for it, and checks the token never reached the
// logs.
func (hs *harness) stop() {
	if hs.stopped {
		return
	}
	hs.stopped = true
	hs.cancel()
	select {
	case err := <-hs.runErr:
		if err != nil {
			hs.t.Errorf("Run: %v", err)
		}
	case <-time.After(2 * waitTimeout):
		hs.t.Error("Run did not return after cancel")
	}
	if strings.Contains(hs.logs.String(), hs.fake.Token) {
		hs.t.Error("the bot token appears in the logs")
	}
}

// waitSent waits until chat shows n messages and returns their texts.
func (hs *harness) waitSent(chatID int64, n int) []faketelegram.Message {
	hs.t.Helper()
	hs.fake.Wait(hs.t, waitTimeout, "messages in chat", func() bool { return len(hs.fake.Sent(chatID)) >= n })
	return hs.fake.Sent(chatID)
}

// waitHandled waits until the handler captured n messages.
func (hs *harness) waitHandled(n int) []bot.Message {
	hs.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for len(hs.h.Messages()) < n {
		if time.Now().After(deadline) {
			hs.t.Fatalf("handler got %d messages, want %d", len(hs.h.Messages()), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return hs.h.Messages()
}

// waitIdle waits until every queued update is confirmed and processed.
func (hs *harness) waitIdle() {
	hs.t.Helper()
	hs.fake.Wait(hs.t, waitTimeout, "updates confirmed", func() bool { return hs.fake.Pending() == 0 })
}

// sendText replies with a fixed text to every addressed message.
func sendText(text string) replyFunc {
	return func(ctx context.Context, msg bot.Message, r bot.Responder) {
		_ = r.Send(ctx, bot.Reply{Text: text})
	}
}

// echoReply answers "echo: <text>", noting errors in h.
func echoReply(h *fakeHandler) replyFunc {
	return func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Send(ctx, bot.Reply{Text: "echo: " + msg.Text}))
	}
}

// newEchoHandler is a handler answering every addressed message with
// echoReply.
func newEchoHandler() *fakeHandler {
	h := newFakeHandler(nil)
	h.reply = echoReply(h)
	return h
}

var errCaptureFailed = errors.New("store unavailable")
