package bottest

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// DyingModel is a model for kill tests. When Dies, its first call answers
// as a replica about to be killed would: it streams Partial (when not
// empty), then never returns until the test ends. Every other call
// streams Final in two pieces and returns it.
type DyingModel struct {
	Partial, Final string
	Dies           bool
	// Started is closed when the first call began.
	Started chan struct{}
	dead    chan struct{}

	mu    sync.Mutex
	calls int
}

// NewDyingModel builds a DyingModel whose stalled call ends with the test.
func NewDyingModel(tb testing.TB, partial, final string, dies bool) *DyingModel {
	m := &DyingModel{Partial: partial, Final: final, Dies: dies, Started: make(chan struct{}), dead: make(chan struct{})}
	tb.Cleanup(func() { close(m.dead) })
	return m
}

// Stream is llm.Client.Stream, as described on DyingModel.
func (m *DyingModel) Stream(_ context.Context, _ llm.Request, onDelta func(string) error) (string, llm.Usage, error) {
	m.mu.Lock()
	m.calls++
	first := m.calls == 1
	m.mu.Unlock()
	if first {
		close(m.Started)
	}
	if first && m.Dies {
		if m.Partial != "" {
			_ = onDelta(m.Partial)
		}
		<-m.dead
		return "", llm.Usage{}, errors.New("the process died")
	}
	_ = onDelta(m.Final[:len(m.Final)/2])
	_ = onDelta(m.Final[len(m.Final)/2:])
	return m.Final, llm.Usage{PromptTokens: 1, CompletionTokens: 1}, nil
}

// JSON refuses: kill tests extract nothing.
func (m *DyingModel) JSON(context.Context, llm.Request, llm.Schema) (json.RawMessage, llm.Usage, error) {
	return nil, llm.Usage{}, errors.New("no structured answers here")
}

// Embed has no embedding model.
func (m *DyingModel) Embed(context.Context, []string) ([][]float32, error) {
	return nil, llm.ErrNoEmbeddings
}

// EmbeddingModel names no embedding model.
func (m *DyingModel) EmbeddingModel() string { return "" }

// Calls counts the Stream calls so far.
func (m *DyingModel) Calls() int { m.mu.Lock(); defer m.mu.Unlock(); return m.calls }

// ReplicaStore is the answer queue of one replica over a shared store: it
// signals each reply message recorded on Noted and each answer marked done
// on Finished (its platform message id), refuses to record them
// when RefuseNotes, and dies (never returns until Dead is closed) in
// FinishAnswer or FinishAnswerWithReply when DieOnFinish.
type ReplicaStore struct {
	*sqlite.Store
	Noted       chan string
	Finished    chan string
	RefuseNotes bool
	DieOnFinish bool
	Dead        <-chan struct{}
}

// NewReplicaStore wraps store; its dying calls end with the test.
func NewReplicaStore(tb testing.TB, store *sqlite.Store) *ReplicaStore {
	dead := make(chan struct{})
	tb.Cleanup(func() { close(dead) })
	return &ReplicaStore{Store: store, Noted: make(chan string, 16), Finished: make(chan string, 16), Dead: dead}
}

// NoteAnswerReply is the store's, signalled on Noted.
func (s *ReplicaStore) NoteAnswerReply(ctx context.Context, conv, id, holder, ref string) error {
	if s.RefuseNotes {
		return errors.New("the store is unreachable")
	}
	err := s.Store.NoteAnswerReply(ctx, conv, id, holder, ref)
	if err == nil {
		s.Noted <- ref
	}
	return err
}

// FinishAnswer is the store's, unless the replica dies there.
func (s *ReplicaStore) FinishAnswer(ctx context.Context, conv, id, holder string, at, keep time.Time) error {
	if s.DieOnFinish {
		<-s.Dead
		return errors.New("the process died")
	}
	err := s.Store.FinishAnswer(ctx, conv, id, holder, at, keep)
	if err == nil {
		s.Finished <- id
	}
	return err
}

// FinishAnswerWithReply is the store's, signalled on Finished, unless the
// replica dies there: then the reply (and the setting) are captured first
// and the mark never made, as on a store that writes them one after the
// other (MongoDB).
func (s *ReplicaStore) FinishAnswerWithReply(ctx context.Context, conv, id, holder string, at, keep time.Time, reply *memory.Message, also *memory.Setting) error {
	if s.DieOnFinish {
		if err := s.Store.AppendMessage(ctx, reply); err != nil {
			return err
		}
		if also != nil {
			if err := s.Store.PutSetting(ctx, also.Key, also.Value, also.Expires); err != nil {
				return err
			}
		}
		<-s.Dead
		return errors.New("the process died")
	}
	err := s.Store.FinishAnswerWithReply(ctx, conv, id, holder, at, keep, reply, also)
	if err == nil {
		s.Finished <- id
	}
	return err
}

// Clock is a clock replicas share: moving it past a lease makes a dead
// replica's entries claimable.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at now.
func NewClock(now time.Time) *Clock { return &Clock{now: now} }

// Now is the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Add moves the clock by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// StartReplica starts an engine named replica over store with answers
// queued in q (a ReplicaStore over the same store), answering with
// model. It never renews its leases on its own, so a test moving clk past
// the lease plays a replica that died; it is never closed by the test's
// end (a killed replica is not), only cancelled.
func StartReplica(tb testing.TB, q bot.AnswerQueue, store *sqlite.Store, model llm.Client, clk *Clock, replica string) *bot.Engine {
	tb.Helper()
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		tb.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Model: model, Answers: q},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Answers: bot.AnswerOptions{Replica: replica, SweepInterval: time.Hour, Freshness: time.Hour}})
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	if err := e.Start(ctx); err != nil {
		tb.Fatal(err)
	}
	return e
}
