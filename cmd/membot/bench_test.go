package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/adapters/console"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/sqlite"
)

// benchDims is the size of a text-embedding-3-small vector.
const benchDims = 1536

// benchUser is the terminal user the benchmark memories belong to.
const benchUser = "alice"

// promptWriter discards output but notes when the first prompt is written.
type promptWriter struct {
	mu   sync.Mutex
	seen bool
	at   time.Time
	buf  bytes.Buffer
}

func (w *promptWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.seen {
		w.buf.Write(p)
		if strings.Contains(w.buf.String(), "you> ") {
			w.seen, w.at = true, time.Now()
		}
	}
	return len(p), nil
}

// BenchmarkChatStartup runs "membot chat" on a fresh, empty data directory
// with empty input, as the terminal would: one op is start-up, the first
// prompt, and shutdown at end of input. The first-prompt metrics time the
// call up to the prompt alone.
func BenchmarkChatStartup(b *testing.B) {
	interactive := true
	var toPrompt []time.Duration
	for b.Loop() {
		b.StopTimer()
		dir, err := os.MkdirTemp(b.TempDir(), "data-")
		if err != nil {
			b.Fatal(err)
		}
		out := &promptWriter{}
		var errOut bytes.Buffer
		env := Env{
			Stdin:       strings.NewReader(""),
			Stdout:      out,
			Stderr:      &errOut,
			Getenv:      func(string) string { return "" },
			Interactive: &interactive,
		}
		b.StartTimer()
		start := time.Now()
		code := Main(context.Background(), []string{"chat", "--data", dir}, env)
		b.StopTimer()
		if code != 0 {
			b.Fatalf("exit %d, stderr:\n%s", code, errOut.String())
		}
		if !out.seen {
			b.Fatal("no prompt written")
		}
		toPrompt = append(toPrompt, out.at.Sub(start))
		b.StartTimer()
	}
	reportPercentiles(b, toPrompt, "first-prompt")
}

// reportPercentiles adds the mean, 50th and 95th percentile of ds as
// metrics named after what.
func reportPercentiles(b *testing.B, ds []time.Duration, what string) {
	b.Helper()
	if len(ds) == 0 {
		return
	}
	slices.Sort(ds)
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(sum/time.Duration(len(ds))), what+"-mean-ms")
	b.ReportMetric(ms(ds[len(ds)/2]), what+"-p50-ms")
	b.ReportMetric(ms(ds[len(ds)*95/100]), what+"-p95-ms")
}

// firstStream is a responder that notes when the first streamed text of
// a reply arrives.
type firstStream struct {
	mu   sync.Mutex
	at   time.Time
	text string
}

func (r *firstStream) Typing(context.Context) error { return nil }

func (r *firstStream) Stream(_ context.Context, text string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.at.IsZero() {
		r.at, r.text = time.Now(), text
	}
	return nil
}

func (r *firstStream) Send(ctx context.Context, reply bot.Reply) error {
	return r.Stream(ctx, reply.Text)
}

func (r *firstStream) first() (time.Time, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.at, r.text
}

// BenchmarkEngineFirstStream measures what the engine adds before the
// model's first token: from a terminal message reaching the engine to the
// first streamed text, for a person with 1,000 or 10,000 memories with
// 1536-d vectors, against a model server on the loopback interface that
// answers at once. It covers identity resolution, capture, the query
// embedding call, recall, history, prompt assembly and the streaming
// request, so the loopback round trips make it an upper bound.
func BenchmarkEngineFirstStream(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint("memories=", n), func(b *testing.B) { benchmarkEngineFirstStream(b, n) })
	}
}

func benchmarkEngineFirstStream(b *testing.B, memories int) {
	fake := fakeopenai.New(b, fakeopenai.WithEmbeddingDims(benchDims))
	fake.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.SchemaName != "" {
			return fakeopenai.Response{Content: `{"memories":[]}`}
		}
		return fakeopenai.Response{Content: answer, Chunks: 4}
	})
	cfg := config.Default()
	cfg.DataDir = b.TempDir()
	cfg.Model.Name = "fake-model"
	cfg.Model.BaseURL = fake.URL()
	cfg.Model.EmbeddingModel = "text-embedding-3-small"
	cfg.Limits.MessagesPerMinute = 0
	cfg.Limits.DailyTokens = 0
	ctx := context.Background()
	a, err := app.Open(ctx, cfg, app.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = a.Close(context.Background()) })
	owner, err := seedMemories(ctx, a.Store, memories)
	if err != nil {
		b.Fatal(err)
	}
	if err := a.Memory.Index().Warm(ctx, owner); err != nil {
		b.Fatal(err)
	}
	var lat []time.Duration
	i := 0
	for b.Loop() {
		i++
		msg := bot.Message{
			Platform: console.Platform, ChatID: benchUser, ID: fmt.Sprint("bench-", i),
			Author: bot.Author{ID: benchUser, Username: benchUser},
			Text:   questions[i%len(questions)], Time: time.Now(), IsDM: true, Addressed: true,
		}
		r := &firstStream{}
		start := time.Now()
		done, err := a.Engine.Handle(ctx, msg, r)
		if err != nil {
			b.Fatal(err)
		}
		<-done
		at, text := r.first()
		if !strings.HasPrefix(answer, text) || text == "" {
			b.Fatalf("message %d: first streamed text %q is not part of the model's answer", i, text)
		}
		lat = append(lat, at.Sub(start))
	}
	reportPercentiles(b, lat, "first-stream")
}

// answer is the model's reply in BenchmarkEngineFirstStream.
const answer = "Sure, here is what I remember about that."

// questions are the terminal messages of BenchmarkEngineFirstStream.
var questions = []string{
	"what should I cook this weekend?",
	"remind me which books I wanted to read",
	"any ideas for my trip next month?",
	"我周末去哪里跑步比较好？",
	"which programming language do I prefer for the frontend?",
}

// Vocabulary of the generated memories: common topics, so that recall
// has overlapping terms to rank, in both languages.
var (
	memVerbs    = []string{"likes", "prefers", "is learning", "plans to visit", "avoids", "owns", "works on", "recommends", "dislikes", "collects"}
	memObjects  = []string{"green tea", "hiking in the Alps", "TypeScript for frontend work", "Go for backend services", "Italian cooking", "jazz records", "a cat named Miso", "Japanese lessons", "running on weekends", "science fiction novels", "board games", "mechanical keyboards", "the Kyoto trip", "vegetarian food", "early mornings", "photography", "chess openings", "the quarterly report", "gardening", "cycling to work"}
	memDetails  = []string{"since last year", "every Sunday", "with a friend from work", "because it is relaxing", "when the weather is good", "for the new project", "after the move", "on holidays", "more than before", "as a long-term goal"}
	memChinese  = []string{"喜欢喝绿茶", "周末去公园跑步", "正在学习日语", "计划下个月去京都旅行", "不吃香菜", "在游戏公司工作", "养了一只猫", "喜欢复古风格", "对花生过敏", "每天早上写代码"}
	memSubjects = []string{"food", "travel", "work", "hobby", "language", "pets", "health", "books"}
)

// benchMemory is memory i of owner: a varied sentence, tags, keywords,
// provenance and a full-size vector.
func benchMemory(r *rand.Rand, owner string, i int) memory.Memory {
	var text string
	if i%5 == 4 {
		text = fmt.Sprintf("%s，%s（%d）", memChinese[r.IntN(len(memChinese))], memChinese[r.IntN(len(memChinese))], i)
	} else {
		verb := memVerbs[r.IntN(len(memVerbs))]
		text = fmt.Sprintf("%s %s %s, and %s %s (note %d)", strings.ToUpper(verb[:1])+verb[1:],
			memObjects[r.IntN(len(memObjects))], memDetails[r.IntN(len(memDetails))],
			memVerbs[r.IntN(len(memVerbs))], memObjects[r.IntN(len(memObjects))], i)
	}
	v := make([]float32, benchDims)
	for j := range v {
		v[j] = float32(r.NormFloat64())
	}
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
	subject := memSubjects[r.IntN(len(memSubjects))]
	return memory.Memory{
		Owner:      owner,
		Text:       text,
		Type:       memory.Types[r.IntN(len(memory.Types))],
		Lifecycle:  []memory.Lifecycle{memory.LifecycleLongTerm, memory.LifecycleFact}[r.IntN(2)],
		Subject:    subject,
		Tags:       []string{subject},
		Keywords:   strings.Fields(memObjects[r.IntN(len(memObjects))]),
		Importance: 0.3 + 0.7*r.Float64(),
		Confidence: 0.6 + 0.4*r.Float64(),
		Status:     memory.StatusActive,
		Source: memory.Source{Platform: console.Platform, ConversationID: "console:" + benchUser,
			MessageIDs: []string{fmt.Sprint("m", 2*i), fmt.Sprint("m", 2*i+1)}, Time: at},
		Embedding: &memory.Embedding{Model: "text-embedding-3-small", Vector: v},
		CreatedAt: at,
		UpdatedAt: at,
	}
}

// seedMemories gives the terminal user benchUser n memories and returns
// the person's id.
func seedMemories(ctx context.Context, s memory.Store, n int) (string, error) {
	p, err := s.ResolveIdentity(ctx, console.Platform, benchUser, benchUser)
	if err != nil {
		return "", fmt.Errorf("resolve %s: %w", benchUser, err)
	}
	r := rand.New(rand.NewPCG(42, uint64(n)))
	for i := range n {
		m := benchMemory(r, p.ID, i)
		if err := s.InsertMemory(ctx, &m); err != nil {
			return "", fmt.Errorf("insert memory %d of %s: %w", i, p.ID, err)
		}
	}
	return p.ID, nil
}

// rssMemories is how many memories TestWriteRSSData stores.
const rssMemories = 10000

// TestWriteRSSData prepares the data directory for measuring the resident
// size of "membot chat" (see BENCHMARKS.md): when MEMBOT_RSS_DATA names a
// directory, it stores 10,000 memories with 1536-d vectors for the
// terminal user alice there, then loads them into a recall index and logs
// the bytes the index holds per memory. Without the variable it is
// skipped.
func TestWriteRSSData(t *testing.T) {
	dir := os.Getenv("MEMBOT_RSS_DATA")
	if dir == "" {
		t.Skip("set MEMBOT_RSS_DATA=dir to write the resident-size data set")
	}
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p, err := s.ResolveIdentity(ctx, console.Platform, benchUser, benchUser)
	if err != nil {
		t.Fatal(err)
	}
	have, err := s.ListMemories(ctx, memory.MemoryQuery{Owner: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(have) == 0 {
		if _, err := seedMemories(ctx, s, rssMemories); err != nil {
			t.Fatal(err)
		}
	} else if len(have) != rssMemories {
		t.Fatalf("%s already holds %d memories of %s, want 0 or %d", dir, len(have), benchUser, rssMemories)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := recall.NewIndex(recall.StoreLoader{Store: s}, recall.DefaultConfig())
	if err := x.Warm(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	n, size := x.Stats(p.ID)
	if n != rssMemories {
		t.Fatalf("index holds %d memories, want %d", n, rssMemories)
	}
	res, err := x.Search(ctx, p.ID, recall.Query{Text: questions[0]})
	if err != nil || len(res) == 0 {
		t.Fatalf("search the loaded index: %d results, %v", len(res), err)
	}
	t.Logf("person %s (console user %s): %d memories; index %d bytes (%.0f bytes/memory); Go heap grew %d bytes (%.0f bytes/memory)",
		p.ID, benchUser, n, size, float64(size)/float64(n),
		int64(after.HeapAlloc)-int64(before.HeapAlloc), float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/float64(n))
	runtime.KeepAlive(x)
}
