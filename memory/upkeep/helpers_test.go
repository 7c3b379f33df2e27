package upkeep_test

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/llm/openai"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/upkeep"
)

// The worker's small interfaces are met by the real types it is wired to.
var (
	_ upkeep.Store    = memory.Store(nil)
	_ upkeep.Embedder = llm.Client(nil)
	_ upkeep.Memories = (*service.Service)(nil)
)

// now is the fixed clock of every test.
var now = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

const day = 24 * time.Hour

// embedModel is the embedding model the fake server is asked for.
const embedModel = "embed-model"

// dims is the length of the fake server's vectors.
const dims = 16

func clock() time.Time { return now }

// openStore opens a fresh SQLite store whose clock is now.
func openStore(t *testing.T) *sqlite.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clock), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// newEmbedder returns the real OpenAI client pointed at srv, without
// retries so that one scripted failure is one failed call.
func newEmbedder(t *testing.T, srv *fakeopenai.Server, model string) *openai.Client {
	t.Helper()
	c, err := openai.New(openai.Options{
		BaseURL:        srv.URL(),
		Model:          "chat-model",
		EmbeddingModel: model,
		Timeout:        30 * time.Second,
		MaxRetries:     -1,
		MaxRetryDelay:  time.Millisecond,
	})
	if err != nil {
		t.Fatalf("new embedder: %v", err)
	}
	return c
}

// fact returns an active fact of owner created and updated at created.
func fact(owner, text string, created time.Time) memory.Memory {
	return memory.Memory{
		Owner:      owner,
		Text:       text,
		Type:       memory.TypeFact,
		Lifecycle:  memory.LifecycleFact,
		Importance: 0.5,
		Confidence: 0.8,
		Status:     memory.StatusActive,
		CreatedAt:  created,
		UpdatedAt:  created,
	}
}

// insert stores m and returns it as stored.
func insert(t *testing.T, s memory.Store, m memory.Memory) memory.Memory {
	t.Helper()
	if err := s.InsertMemory(t.Context(), &m); err != nil {
		t.Fatalf("insert %q: %v", m.Text, err)
	}
	return get(t, s, m.Owner, m.ID)
}

// get reads a memory or fails the test.
func get(t *testing.T, s memory.Store, owner, id string) memory.Memory {
	t.Helper()
	m, err := s.Memory(t.Context(), owner, id)
	if err != nil {
		t.Fatalf("read memory %s/%s: %v", owner, id, err)
	}
	return m
}

// runOnce runs one pass and fails the test on an error.
func runOnce(t *testing.T, w *upkeep.Worker) upkeep.Report {
	t.Helper()
	rep, err := w.RunOnce(t.Context())
	if err != nil {
		t.Fatalf("RunOnce: %v", err)
	}
	return rep
}

// recorder is the memory service over a store, remembering what the
// worker wrote through it.
type recorder struct {
	*service.Service
	mu       sync.Mutex
	removed  []memory.MemoryRef
	upserted []memory.Memory
}

// memoriesOf returns a recording memory service over s.
func memoriesOf(t *testing.T, s memory.Store) *recorder {
	t.Helper()
	svc, err := service.New(service.Options{Store: s, Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	return &recorder{Service: svc}
}

func (r *recorder) Archive(ctx context.Context, at time.Time, p service.ArchivePolicy) ([]memory.MemoryRef, error) {
	refs, err := r.Service.Archive(ctx, at, p)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.removed = append(r.removed, refs...)
	return refs, err
}

func (r *recorder) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	if err := r.Service.SetEmbedding(ctx, owner, id, version, e); err != nil {
		return err
	}
	m, err := r.Memory(ctx, owner, id)
	if err != nil {
		return err
	}
	m.Embedding = e
	r.mu.Lock()
	defer r.mu.Unlock()
	r.upserted = append(r.upserted, m)
	return nil
}

// removedKeys returns the removed refs as sorted "owner/id" strings.
func (r *recorder) removedKeys() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, len(r.removed))
	for i, ref := range r.removed {
		out[i] = ref.Owner + "/" + ref.ID
	}
	slices.Sort(out)
	return out
}

// upserts returns a copy of the upserted memories.
func (r *recorder) upserts() []memory.Memory {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.upserted)
}

// logs is a slog handler that keeps every record, so tests can check that
// a failure was reported.
type logs struct {
	mu      sync.Mutex
	records []slog.Record
}

func (l *logs) Enabled(context.Context, slog.Level) bool { return true }
func (l *logs) WithAttrs([]slog.Attr) slog.Handler       { return l }
func (l *logs) WithGroup(string) slog.Handler            { return l }

func (l *logs) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.records = append(l.records, r.Clone())
	return nil
}

// warned reports whether a warning whose message contains part was logged.
func (l *logs) warned(part string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range l.records {
		if r.Level >= slog.LevelWarn && strings.Contains(r.Message, part) {
			return true
		}
	}
	return false
}

// warnings counts the warnings logged.
func (l *logs) warnings() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range l.records {
		if r.Level >= slog.LevelWarn {
			n++
		}
	}
	return n
}

// logger returns a logger writing into l.
func (l *logs) logger() *slog.Logger { return slog.New(l) }
