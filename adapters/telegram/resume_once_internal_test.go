package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// dyingModel answers its first call as a replica about to die would, when
// dies: it streams partial (when not empty) and then never returns (until
// the test ends). Every other call streams and returns final.
type dyingModel struct {
	partial, final string
	dies           bool
	dead           chan struct{} // closed at the end of the test
	started        chan struct{} // closed when the first call began

	mu    sync.Mutex
	calls int
}

func newDyingModel(t *testing.T, partial, final string, dies bool) *dyingModel {
	m := &dyingModel{partial: partial, final: final, dies: dies, dead: make(chan struct{}), started: make(chan struct{})}
	t.Cleanup(func() { close(m.dead) })
	return m
}

func (m *dyingModel) Stream(ctx context.Context, _ llm.Request, onDelta func(string) error) (string, llm.Usage, error) {
	m.mu.Lock()
	m.calls++
	first := m.calls == 1
	m.mu.Unlock()
	if first {
		close(m.started)
	}
	if first && m.dies {
		if m.partial != "" {
			_ = onDelta(m.partial)
		}
		<-m.dead
		return "", llm.Usage{}, errors.New("the process died")
	}
	_ = onDelta(m.final[:len(m.final)/2])
	_ = onDelta(m.final[len(m.final)/2:])
	return m.final, llm.Usage{PromptTokens: 1, CompletionTokens: 1}, nil
}

func (m *dyingModel) JSON(context.Context, llm.Request, llm.Schema) (json.RawMessage, llm.Usage, error) {
	return nil, llm.Usage{}, errors.New("no JSON here")
}

func (m *dyingModel) Embed(context.Context, []string) ([][]float32, error) {
	return nil, llm.ErrNoEmbeddings
}

func (m *dyingModel) EmbeddingModel() string { return "" }

func (m *dyingModel) Calls() int { m.mu.Lock(); defer m.mu.Unlock(); return m.calls }

// notingStore is the store of a replica: it signals each reply message
// recorded, and dies (never returns) in FinishAnswer when dieOnFinish.
type notingStore struct {
	*sqlite.Store
	noted       chan string
	dieOnFinish bool
	dead        <-chan struct{}
}

func (s *notingStore) NoteAnswerReply(ctx context.Context, conv, id, holder, ref string) error {
	err := s.Store.NoteAnswerReply(ctx, conv, id, holder, ref)
	if err == nil {
		s.noted <- ref
	}
	return err
}

func (s *notingStore) FinishAnswer(ctx context.Context, conv, id, holder string, at, keep time.Time) error {
	if s.dieOnFinish {
		<-s.dead
		return errors.New("the process died")
	}
	return s.Store.FinishAnswer(ctx, conv, id, holder, at, keep)
}

// replicaClock is the clock both replicas share: moving it past a lease
// makes the dead replica's entries claimable.
type replicaClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *replicaClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *replicaClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// startReplica starts an engine named replica over st, never renewing its
// leases on its own (the test moves the clock).
func startReplica(t *testing.T, st bot.AnswerQueue, store *sqlite.Store, model llm.Client, clk *replicaClock, replica string) *bot.Engine {
	t.Helper()
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Model: model, Answers: st},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Answers: bot.AnswerOptions{Replica: replica, SweepInterval: time.Hour, Freshness: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestResumedAnswerIsFinishedInItsMessage kills a replica (its engine
// dropped without Close, its adapter gone) while it answers, lets its
// lease run out and has another replica take the answer over: the asker
// sees exactly one bot message replying to the question, with the final
// text, and the entry is done.
func TestResumedAnswerIsFinishedInItsMessage(t *testing.T) {
	cases := []struct {
		name  string
		final string
		// partial is what the dying replica streamed ("" : nothing).
		partial string
		// deleted: the streamed message is deleted before the takeover.
		deleted bool
		// finished: the dying replica delivered the whole answer and died
		// marking it done; its captured reply is delivered again.
		finished  bool
		wantCalls int
	}{
		{name: "killed after the first message", partial: "Let me think", wantCalls: 2},
		{name: "killed before any message", wantCalls: 2},
		{name: "first message deleted meanwhile", partial: "Let me think", deleted: true, wantCalls: 2},
		{name: "killed after the answer, before it was marked done", finished: true, wantCalls: 1},
		// The log keeps the reply redacted: delivering it would show
		// placeholders, so the answer is generated again.
		{name: "killed after a redacted answer, before it was marked done", final: "Ask chef.anna@example.com for the recipe.", finished: true, wantCalls: 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			final := "The final answer, complete."
			if c.final != "" {
				final = c.final
			}
			fake := faketelegram.New(t, faketelegram.Config{})
			clk := &replicaClock{now: time.Now()}
			store, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clk.Now))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = store.Close() })
			model := newDyingModel(t, c.partial, final, !c.finished)
			dead := make(chan struct{})
			t.Cleanup(func() { close(dead) })
			first := &notingStore{Store: store, noted: make(chan string, 4), dieOnFinish: c.finished, dead: dead}
			opts := func(o *Options) { o.EditInterval, o.ShutdownTimeout = time.Millisecond, 10*time.Millisecond }
			hs1 := startHarnessWith(t, fake, startReplica(t, first, store, model, clk, "r1"), opts)
			chat := faketelegram.PrivateChat(alice)
			question := fake.NewMessage(chat, alice, "what should I cook tonight?")
			fake.PushMessage(question)

			switch {
			case c.finished:
				fake.Wait(t, waitTimeout, "the whole answer", func() bool {
					s := fake.Sent(alice.ID)
					return len(s) == 1 && s[0].Text == final
				})
				waitMessages(t, store, question, 2) // the reply is captured
			case c.partial != "":
				fake.Wait(t, waitTimeout, "the partial answer", func() bool {
					s := fake.Sent(alice.ID)
					return len(s) == 1 && s[0].Text == c.partial
				})
				select {
				case <-first.noted:
				case <-time.After(waitTimeout):
					t.Error("the answer's first message was not recorded")
				}
				if c.deleted {
					if err := hs1.a.deleteMessage(t.Context(), alice.ID, fake.Sent(alice.ID)[0].ID); err != nil {
						t.Fatal(err)
					}
				}
			default:
				<-model.started
			}
			hs1.stop() // the replica dies: its engine is never closed
			clk.Add(time.Minute)

			second := &notingStore{Store: store, noted: make(chan string, 4), dead: dead}
			e2 := startReplica(t, second, store, model, clk, "r2")
			hs2 := startHarnessWith(t, fake, e2, opts)
			defer hs2.stop()
			fake.Wait(t, waitTimeout, "the final answer", func() bool {
				for _, m := range fake.Sent(alice.ID) {
					if m.Text == final {
						return true
					}
				}
				return false
			})
			if err := e2.Close(t.Context()); err != nil {
				t.Fatal(err)
			}
			var replies []string
			for _, m := range fake.Sent(alice.ID) {
				replies = append(replies, m.Text)
				if m.ReplyTo != question.ID {
					t.Errorf("bot message %d replies to %d, want the question %d", m.ID, m.ReplyTo, question.ID)
				}
			}
			if len(replies) != 1 || replies[0] != final {
				t.Errorf("bot messages %q, want exactly one %q", replies, final)
			}
			if n := model.Calls(); n != c.wantCalls {
				t.Errorf("%d model calls, want %d", n, c.wantCalls)
			}
			_, err = store.ClaimAnswer(t.Context(), memory.ClaimQuery{Platform: Platform, Holder: "r3", Now: clk.Now().Add(time.Hour), Until: clk.Now().Add(2 * time.Hour)})
			if !errors.Is(err, memory.ErrNotFound) {
				t.Errorf("the answer is still claimable after the takeover (%v)", err)
			}
		})
	}
}

// waitMessages waits until the question's conversation holds n messages.
func waitMessages(t *testing.T, store *sqlite.Store, q *models.Message, n int) {
	t.Helper()
	conv := Platform + ":" + strconv.FormatInt(q.Chat.ID, 10)
	deadline := time.Now().Add(waitTimeout)
	for {
		msgs, err := store.RecentMessages(t.Context(), conv, 10)
		if err == nil && len(msgs) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("conversation %s holds %d messages (%v), want %d", conv, len(msgs), err, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
