package bot_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// tokenModel answers every reply with "ok" at a fixed cost in tokens and
// counts its calls.
type tokenModel struct {
	cost  int64
	calls atomic.Int64
}

func (m *tokenModel) Stream(_ context.Context, _ llm.Request, onDelta func(string) error) (string, llm.Usage, error) {
	m.calls.Add(1)
	_ = onDelta("ok")
	return "ok", llm.Usage{PromptTokens: m.cost - 1, CompletionTokens: 1}, nil
}

func (m *tokenModel) JSON(context.Context, llm.Request, llm.Schema) (json.RawMessage, llm.Usage, error) {
	return nil, llm.Usage{}, llm.ErrUnreachable
}

func (m *tokenModel) Embed(context.Context, []string) ([][]float32, error) {
	return nil, llm.ErrNoEmbeddings
}

func (m *tokenModel) EmbeddingModel() string { return "" }

// counting says where meteredReplicas count their limits.
type counting int

const (
	alone   counting = iota // each in its own process (no Deps.Counters)
	inStore                 // in the store they share
	failing                 // in counters that fail every call
)

// meteredReplicas are engines over one SQLite store, as processes behind a load
// balancer are.
type meteredReplicas struct {
	engines []*bot.Engine
	model   *tokenModel
}

func newMeteredReplicas(t *testing.T, n int, shared counting, now func() time.Time, limits bot.Limits) *meteredReplicas {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	rs := &meteredReplicas{model: &tokenModel{cost: 100}}
	for range n {
		mems, err := service.New(service.Options{Store: st})
		if err != nil {
			t.Fatal(err)
		}
		d := bot.Deps{Messages: st, People: st, Settings: st, Memories: mems, Model: rs.model}
		switch shared {
		case inStore:
			d.Counters = st
		case failing:
			d.Counters = failingCounters{}
		}
		e, err := bot.New(d, bot.Options{Logger: slog.New(slog.DiscardHandler), Now: now, Limits: limits})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Start(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			defer cancel()
			if err := e.Close(cctx); err != nil {
				t.Error(err)
			}
		})
		rs.engines = append(rs.engines, e)
	}
	return rs
}

// send hands msg to replica i and returns what it answered.
func (rs *meteredReplicas) send(t *testing.T, i int, msg bot.Message) string {
	t.Helper()
	r := &bottest.Recorder{}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done, err := rs.engines[i%len(rs.engines)].Handle(ctx, msg, r)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("no answer")
	}
	return r.Text()
}

// TestLimitsHoldAcrossReplicas: one person's messages spread over two
// engines on one store get one budget and one per-minute limit, not one
// per engine.
func TestLimitsHoldAcrossReplicas(t *testing.T) {
	now := time.Date(2026, 5, 1, 9, 0, 10, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); defer mu.Unlock(); now = now.Add(d) }

	t.Run("daily tokens", func(t *testing.T) {
		// 250 tokens at 100 a reply: the third reply goes over, and
		// nothing is answered after it, whichever replica is asked.
		rs := newMeteredReplicas(t, 2, inStore, clock, bot.Limits{DailyTokens: 250})
		budget := 0
		for i := range 8 {
			if strings.Contains(rs.send(t, i, bottest.DM("telegram", "fox", "hello there")), "budget") {
				budget++
			}
			advance(5 * time.Minute)
		}
		if got := rs.model.calls.Load(); got != 3 {
			t.Errorf("%d model answers across two meteredReplicas, want 3 (a budget of 250 at 100 each)", got)
		}
		if budget != 5 {
			t.Errorf("%d budget notices, want 5", budget)
		}
		// Counting alone, each replica allows the whole budget.
		rs = newMeteredReplicas(t, 2, alone, clock, bot.Limits{DailyTokens: 250})
		for i := range 8 {
			rs.send(t, i, bottest.DM("telegram", "fox", "hello there"))
		}
		if got := rs.model.calls.Load(); got != 6 {
			t.Errorf("%d model answers from two meteredReplicas counting alone, want 3 each", got)
		}
	})
	t.Run("messages per minute", func(t *testing.T) {
		rs := newMeteredReplicas(t, 2, inStore, clock, bot.Limits{MessagesPerMinute: 2, CapturePerMinute: 10})
		advance(time.Minute)
		slow := 0
		for i := range 6 {
			if strings.Contains(rs.send(t, i, bottest.DM("telegram", "owl", "hello there")), "too fast") {
				slow++
			}
		}
		if got := rs.model.calls.Load(); got != 2 {
			t.Errorf("%d answers in a minute across two meteredReplicas, want 2", got)
		}
		if slow != 1 {
			t.Errorf("%d slow-down notices across two meteredReplicas, want 1", slow)
		}
		advance(time.Minute)
		rs.send(t, 1, bottest.DM("telegram", "owl", "hello again"))
		if got := rs.model.calls.Load(); got != 3 {
			t.Errorf("the next minute's first message got no answer (%d answers)", got)
		}
	})
	t.Run("counters failing", func(t *testing.T) {
		// A store that cannot count leaves each replica counting alone:
		// answers go on, within the limit of each process.
		rs := newMeteredReplicas(t, 1, failing, clock, bot.Limits{MessagesPerMinute: 2, DailyTokens: 250})
		advance(time.Minute)
		for range 3 {
			rs.send(t, 0, bottest.DM("telegram", "elk", "hello there"))
		}
		if got := rs.model.calls.Load(); got != 2 {
			t.Errorf("%d answers with the counters failing, want the per-process limit of 2", got)
		}
		for range 3 {
			advance(time.Minute)
			rs.send(t, 0, bottest.DM("telegram", "elk", "hello there"))
		}
		if got := rs.model.calls.Load(); got != 3 {
			t.Errorf("%d answers with the counters failing, want the per-process budget of 3", got)
		}
	})
}

// failingCounters refuse every count.
type failingCounters struct{}

func (failingCounters) AddCount(context.Context, string, int64, time.Time, time.Time) (int64, error) {
	return 0, errFull
}

func (failingCounters) Count(context.Context, string, time.Time) (int64, error) { return 0, errFull }
