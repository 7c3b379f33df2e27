package app

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/memory"
)

// perfAnswer is the fake model's reply to every chat message.
const perfAnswer = "Noted, and I remember what you told me about it."

// perfTopics are what the seeded memories and the messages are about, so
// that recall finds memories for every message.
var perfTopics = []string{"tea", "running", "guitar", "garden", "sister", "bicycle", "novels", "piano", "hiking", "coffee"}

// openPerf assembles the bot as Open does (embedded store in a temporary
// directory, memory service with its recall index, extraction scheduler,
// upkeep, the engine with its durable answer queue), its store calls
// counted as in production (internal/observe), and a fake
// OpenAI-compatible server on the loopback interface that answers every
// chat request after delay. The limits are off (the benchmark measures
// throughput, not them); openProduction keeps them as configured.
func openPerf(tb testing.TB, delay time.Duration) (*App, opCounts) {
	tb.Helper()
	return openPerfWith(tb, delay, func(cfg *config.Config) {
		cfg.Limits.MessagesPerMinute = 0
		cfg.Limits.DailyTokens = 0
	})
}

// openProduction is openPerf with the production defaults
// (config.Default: the per-minute limit and the daily token budget on).
func openProduction(tb testing.TB) (*App, opCounts) {
	tb.Helper()
	return openPerfWith(tb, 0, func(*config.Config) {})
}

// openPerfWith is openPerf with the configuration given to adjust before
// Open.
func openPerfWith(tb testing.TB, delay time.Duration, adjust func(*config.Config)) (*App, opCounts) {
	tb.Helper()
	fake := fakeopenai.New(tb)
	fake.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.SchemaName != "" {
			return fakeopenai.Response{Content: `{"memories":[]}`, Delay: delay}
		}
		return fakeopenai.Response{Content: perfAnswer, Chunks: 4, Delay: delay}
	})
	cfg := config.Default()
	cfg.DataDir = tb.TempDir()
	cfg.Model.Name = "fake-model"
	cfg.Model.BaseURL = fake.URL()
	adjust(&cfg)
	a, err := Open(context.Background(), cfg, WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = a.Close(context.Background()) })
	return a, opCounts{a.StoreOps}
}

// opCounts reads the app's own count of store calls, by method.
type opCounts struct{ s *observe.Store }

// snapshot returns the counts so far, by method.
func (c opCounts) snapshot() map[string]int {
	out := make(map[string]int)
	for method, n := range c.s.Counts() {
		out[method] = int(n.Calls)
	}
	return out
}

// since returns the calls made after before was taken, by method, and
// their total.
func (c opCounts) since(before map[string]int) (map[string]int, int) {
	diff := make(map[string]int)
	total := 0
	for m, n := range c.snapshot() {
		if d := n - before[m]; d > 0 {
			diff[m] = d
			total += d
		}
	}
	return diff, total
}

// seedPerson creates the Telegram user u and gives the person behind it
// memories, one per topic and more as asked.
func seedPerson(ctx context.Context, s memory.Store, u string, memories int) error {
	p, err := s.ResolveIdentity(ctx, "telegram", u, u)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", u, err)
	}
	now := time.Now()
	for i := range memories {
		topic := perfTopics[i%len(perfTopics)]
		m := memory.Memory{Owner: p.ID, Text: fmt.Sprintf("Enjoys %s, mentioned %d times this year", topic, i+1),
			Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm, Importance: 0.7, Confidence: 0.9,
			Status: memory.StatusActive, CreatedAt: now, UpdatedAt: now}
		if err := s.InsertMemory(ctx, &m); err != nil {
			return fmt.Errorf("seed memory of %s: %w", u, err)
		}
	}
	return nil
}

// perfMessage is the n-th message of Telegram user u, in their private
// chat with the bot; short makes it a follow-up under 40 runes.
func perfMessage(u string, n int, short bool) bot.Message {
	topic := perfTopics[n%len(perfTopics)]
	text := fmt.Sprintf("Could you remind me what I told you about my %s lately, please?", topic)
	if short {
		text = "and my " + topic + "?"
	}
	return bot.Message{
		Platform: "telegram", ChatID: u, ID: fmt.Sprint(n), IsDM: true, Addressed: true,
		Author: bot.Author{ID: u, Username: u}, Text: text, Time: time.Now(),
	}
}

// timedResponder notes when the complete reply is delivered, and what it
// said.
type timedResponder struct {
	mu   sync.Mutex
	at   time.Time
	text string
}

func (r *timedResponder) Typing(context.Context) error         { return nil }
func (r *timedResponder) Stream(context.Context, string) error { return nil }

func (r *timedResponder) Send(_ context.Context, reply bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.at.IsZero() {
		r.at, r.text = time.Now(), reply.Text
	}
	return nil
}

func (r *timedResponder) sent() (time.Time, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.at, r.text
}

// trackingResponder is a timedResponder that names its messages, as the
// Telegram and Discord responders do (bot.ReplyTracker): the engine then
// records the answer's first message in the answer queue.
type trackingResponder struct {
	timedResponder
	mu      sync.Mutex
	onFirst func(id string)
	id      string
}

func (r *trackingResponder) OnFirstMessage(f func(id string)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.onFirst = f
}

func (r *trackingResponder) ResumeInto(string) {}

// created reports the reply's first message, once.
func (r *trackingResponder) created() {
	r.mu.Lock()
	f := r.onFirst
	r.onFirst = nil
	r.mu.Unlock()
	if f != nil {
		f(r.id)
	}
}

func (r *trackingResponder) Stream(context.Context, string) error {
	r.created()
	return nil
}

func (r *trackingResponder) Send(ctx context.Context, reply bot.Reply) error {
	r.created()
	return r.timedResponder.Send(ctx, reply)
}

// handleAndWait hands msg to the engine and waits until every reply to it
// is delivered; it returns the time from Handle to the delivered reply.
func handleAndWait(ctx context.Context, e *bot.Engine, msg bot.Message) (time.Duration, error) {
	return handleAndWaitWith(ctx, e, msg, &timedResponder{})
}

// sentReporter is the part of a responder handleAndWait reads back.
type sentReporter interface {
	bot.Responder
	sent() (time.Time, string)
}

// handleAndWaitTracked is handleAndWait through a responder that names
// its messages.
func handleAndWaitTracked(ctx context.Context, e *bot.Engine, msg bot.Message) (time.Duration, error) {
	return handleAndWaitWith(ctx, e, msg, &trackingResponder{id: "r" + msg.ID})
}

func handleAndWaitWith(ctx context.Context, e *bot.Engine, msg bot.Message, r sentReporter) (time.Duration, error) {
	start := time.Now()
	done, err := e.Handle(ctx, msg, r)
	if err != nil {
		return 0, fmt.Errorf("handle message %s of %s: %w", msg.ID, msg.Author.ID, err)
	}
	<-done
	at, text := r.sent()
	if text != perfAnswer {
		return 0, fmt.Errorf("message %s of %s answered %q", msg.ID, msg.Author.ID, text)
	}
	return at.Sub(start), nil
}
