package extract_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/llm/openai"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// t0 is the tests' reference time, a Saturday.
var t0 = time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)

// env is a store, a fake model server and a pipeline wired together.
type env struct {
	t      testing.TB
	ctx    context.Context
	store  *sqlite.Store
	srv    *fakeopenai.Server
	client llm.Client
	meter  *llm.Meter
	pipe   *extract.Pipeline

	mu      sync.Mutex
	stored  map[string][]memory.Memory
	removed []string
}

// envConfig chooses how an env is built.
type envConfig struct {
	offline   bool
	embedding bool
	usage     extract.UsageRecorder
	atT0      bool // the pipeline's clock at t0, not the system's
}

// newEnv builds an env with the model (through the real openai client
// against the fake server) unless offline.
func newEnv(tb testing.TB, cfg envConfig) *env {
	tb.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, tb.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { _ = st.Close() })
	e := &env{t: tb, ctx: ctx, store: st, meter: &llm.Meter{}, stored: make(map[string][]memory.Memory)}
	so := service.Options{Store: observed{Store: st, e: e}}
	clock := newFakeClock()
	if cfg.atT0 {
		so.Now = clock.Now
	}
	svc, err := service.New(so)
	if err != nil {
		tb.Fatalf("new memory service: %v", err)
	}
	opts := extract.Options{Conversations: st, Memories: svc, Usage: cfg.usage}
	if cfg.atT0 {
		// The pipeline's clock stands at the conversation's time, so that
		// a plan dated after t0 is still to come whatever day the tests
		// run.
		opts.Clock = clock
	}
	if !cfg.offline {
		e.srv = fakeopenai.New(tb)
		o := openai.Options{BaseURL: e.srv.URL(), APIKey: "test", Model: "fake-model", MaxRetries: -1, Meter: e.meter}
		if cfg.embedding {
			o.EmbeddingModel = "fake-embedding"
		}
		c, err := openai.New(o)
		if err != nil {
			tb.Fatalf("new client: %v", err)
		}
		e.client = c
		opts.Client = c
	}
	e.pipe, err = extract.NewPipeline(opts)
	if err != nil {
		tb.Fatalf("new pipeline: %v", err)
	}
	return e
}

// observed records the memories the pipeline writes, as stored.
type observed struct {
	memory.Store
	e *env
}

func (o observed) InsertMemory(ctx context.Context, m *memory.Memory) error {
	if err := o.Store.InsertMemory(ctx, m); err != nil {
		return err
	}
	o.e.mu.Lock()
	defer o.e.mu.Unlock()
	o.e.stored[m.Owner] = append(o.e.stored[m.Owner], *m)
	return nil
}

func (o observed) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	if err := o.Store.UpdateMemory(ctx, m); err != nil {
		return err
	}
	o.e.mu.Lock()
	defer o.e.mu.Unlock()
	if m.Status == memory.StatusSuperseded {
		o.e.removed = append(o.e.removed, m.ID)
	}
	return nil
}

// person resolves a console identity.
func (e *env) person(name string) memory.Person {
	e.t.Helper()
	p, err := e.store.ResolveIdentity(e.ctx, "console", strings.ToLower(name), name)
	if err != nil {
		e.t.Fatalf("resolve %s: %v", name, err)
	}
	return p
}

// conv creates a conversation.
func (e *env) conv(id string) memory.Conversation {
	e.t.Helper()
	c, err := e.store.EnsureConversation(e.ctx, memory.Conversation{ID: id, Platform: "console"})
	if err != nil {
		e.t.Fatalf("ensure conversation: %v", err)
	}
	return c
}

// say captures a user message, minutes after t0.
func (e *env) say(convID string, p memory.Person, minute int, text string) memory.Message {
	e.t.Helper()
	m := memory.Message{ConversationID: convID, PlatformID: fmt.Sprintf("%s-%d", convID, minute), PersonID: p.ID,
		AuthorName: p.DisplayName, Role: memory.RoleUser, Text: text, Time: t0.Add(time.Duration(minute) * time.Minute)}
	if m.AuthorName == "" {
		m.AuthorName = p.ID
	}
	if err := e.store.AppendMessage(e.ctx, &m); err != nil {
		e.t.Fatalf("append message: %v", err)
	}
	return m
}

// reply captures a bot message.
func (e *env) reply(convID string, minute int, text string) {
	e.t.Helper()
	m := memory.Message{ConversationID: convID, PlatformID: fmt.Sprintf("%s-bot-%d", convID, minute), Role: memory.RoleAssistant,
		Text: text, Time: t0.Add(time.Duration(minute) * time.Minute)}
	if err := e.store.AppendMessage(e.ctx, &m); err != nil {
		e.t.Fatalf("append reply: %v", err)
	}
}

// memories lists every memory of owner, any status, oldest first.
func (e *env) memories(owner string) []memory.Memory {
	e.t.Helper()
	ms, err := e.store.ListMemories(e.ctx, memory.MemoryQuery{Owner: owner, WithEmbedding: true})
	if err != nil {
		e.t.Fatalf("list memories: %v", err)
	}
	for i, j := 0, len(ms)-1; i < j; i, j = i+1, j-1 {
		ms[i], ms[j] = ms[j], ms[i]
	}
	return ms
}

// insert stores an existing memory of owner.
func (e *env) insert(owner, text, subject string) memory.Memory {
	e.t.Helper()
	m := memory.Memory{Owner: owner, Text: text, Subject: subject, Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive}
	if err := e.store.InsertMemory(e.ctx, &m); err != nil {
		e.t.Fatalf("insert memory: %v", err)
	}
	return m
}

// watermark reads a conversation's watermark.
func (e *env) watermark(convID string) int64 {
	e.t.Helper()
	c, err := e.store.Conversation(e.ctx, convID)
	if err != nil {
		e.t.Fatalf("conversation: %v", err)
	}
	return c.Watermark
}

// run runs the pipeline once.
func (e *env) run(convID string) (extract.Result, error) {
	return e.pipe.Run(e.ctx, convID, extract.RunOptions{})
}

// extractRequests are the extraction requests the fake server received.
func (e *env) extractRequests() []fakeopenai.ChatRequest {
	var out []fakeopenai.ChatRequest
	for _, r := range e.srv.ChatRequests() {
		if r.SchemaName == extract.ExtractSchemaName {
			out = append(out, r)
		}
	}
	return out
}

// firstUser is the conversation a request carried (a retry appends a
// second user message).
func firstUser(req *fakeopenai.ChatRequest) string {
	for _, m := range req.Messages {
		if m.Role == "user" {
			return m.Content
		}
	}
	return ""
}

// sourceLine matches a source line of the extraction prompt.
var sourceLine = regexp.MustCompile(`(?m)^\[(m\d+)\] .*$`)

// idFor returns the source id of the line containing substr, or "m0".
func idFor(req *fakeopenai.ChatRequest, substr string) string {
	for _, m := range sourceLine.FindAllStringSubmatch(firstUser(req), -1) {
		if strings.Contains(m[0], substr) {
			return m[1]
		}
	}
	return "m0"
}

// sourceIDs lists the source ids of a request.
func sourceIDs(req *fakeopenai.ChatRequest) []string {
	var out []string
	for _, m := range sourceLine.FindAllStringSubmatch(firstUser(req), -1) {
		out = append(out, m[1])
	}
	return out
}

// mem is one memory of a scripted extraction answer.
func mem(text, typ, lifecycle, subject string, sources ...string) map[string]any {
	if sources == nil {
		sources = []string{}
	}
	return map[string]any{
		"text": text, "type": typ, "lifecycle": lifecycle, "subject": subject,
		"tags": []string{typ}, "keywords": []string{subject, "关键词"}, "importance": 0.7, "confidence": 0.9,
		"event_time": nil, "expires_at": nil, "source_ids": sources,
	}
}

// memories is a scripted extract_memories answer.
func memoriesAnswer(ms ...map[string]any) fakeopenai.Response {
	if ms == nil {
		ms = []map[string]any{}
	}
	return jsonAnswer(map[string]any{"memories": ms})
}

// decision is one decision of a scripted reconcile answer.
func decision(candidate, action string, target any, text any) map[string]any {
	return map[string]any{"candidate": candidate, "action": action, "target_id": target, "text": text, "reason": "test"}
}

// decisionsAnswer is a scripted reconcile_memories answer.
func decisionsAnswer(ds ...map[string]any) fakeopenai.Response {
	if ds == nil {
		ds = []map[string]any{}
	}
	return jsonAnswer(map[string]any{"decisions": ds})
}

func jsonAnswer(v any) fakeopenai.Response {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return fakeopenai.Text(string(data))
}

func formatInt(n int64) string { return fmt.Sprintf("%d", n) }

// stateThenChange captures first, extracts, captures then ten minutes
// later, and extracts again, returning the second run's result: a fact and
// its correction, each in its own extraction. The author is Ann.
func (e *env) stateThenChange(first, then string) (memory.Person, extract.Result) {
	e.t.Helper()
	ann := e.person("Ann")
	e.conv("console:dm")
	e.say("console:dm", ann, 0, first)
	if _, err := e.run("console:dm"); err != nil {
		e.t.Fatalf("first run: %v", err)
	}
	e.say("console:dm", ann, 10, then)
	res, err := e.run("console:dm")
	if err != nil {
		e.t.Fatalf("second run: %v", err)
	}
	return ann, res
}
