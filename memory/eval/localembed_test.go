package eval

import (
	"bufio"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm/openai"
	"github.com/membot/membot/memory/recall"
)

// localEmbedModel is the model ../shared/tools/localembed serves.
const localEmbedModel = "use-lite-en"

// localEmbedder returns a client of the local embedding server: the one
// MEMBOT_TEST_EMBEDDINGS_URL names (.ci/run starts it), or OPENAI_BASE_URL
// when MEMBOT_EMBEDDING_MODEL is use-lite-en on a loopback address (as
// start.sh prints them), otherwise one this test starts with
// ../shared/tools/localembed/start.sh and stops when it ends. Without node
// the test skips, except under CI=true, where it fails: CI installs node
// so that vectors are measured on every run.
func localEmbedder(t *testing.T) *openai.Client {
	t.Helper()
	base := os.Getenv("MEMBOT_TEST_EMBEDDINGS_URL")
	if base == "" && os.Getenv("MEMBOT_EMBEDDING_MODEL") == localEmbedModel && loopback(os.Getenv("OPENAI_BASE_URL")) {
		base = os.Getenv("OPENAI_BASE_URL")
	}
	if base == "" {
		base = startLocalEmbed(t)
	}
	c, err := openai.New(openai.Options{
		BaseURL: base, Model: "unused", EmbeddingModel: localEmbedModel,
		Timeout: 2 * time.Minute, MaxRetries: 2,
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// loopback reports whether u is an http URL on this machine.
func loopback(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	h := p.Hostname()
	return h == "127.0.0.1" || h == "localhost" || h == "::1"
}

// startLocalEmbed runs start.sh and returns the server's base URL.
func startLocalEmbed(t *testing.T) string {
	t.Helper()
	unavailable := func(format string, args ...any) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI must measure vectors: "+format, args...)
		}
		t.Skipf(format, args...)
	}
	script := filepath.Join("..", "..", "..", "shared", "tools", "localembed", "start.sh")
	if _, err := os.Stat(script); err != nil {
		unavailable("no local embedding server at %s (set OPENAI_BASE_URL and MEMBOT_EMBEDDING_MODEL=%s)", script, localEmbedModel)
	}
	if _, err := exec.LookPath("node"); err != nil {
		unavailable("node is not on PATH: the local embedding model cannot run (apt-get install nodejs npm)")
	}
	out, err := exec.Command("bash", script).Output()
	if err != nil {
		t.Fatalf("start local embedding server: %v", err)
	}
	vars := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		for _, f := range strings.Fields(strings.TrimPrefix(sc.Text(), "export ")) {
			if k, v, ok := strings.Cut(f, "="); ok {
				vars[k] = v
			}
		}
	}
	pid, err := strconv.Atoi(vars["LOCALEMBED_PID"])
	if err != nil || vars["OPENAI_BASE_URL"] == "" {
		t.Fatalf("start.sh printed %q", out)
	}
	t.Cleanup(func() {
		if p, err := os.FindProcess(pid); err == nil {
			_ = p.Kill()
		}
	})
	return vars["OPENAI_BASE_URL"]
}

// embedAll embeds texts in batches.
func embedAll(ctx context.Context, c *openai.Client, texts []string) ([][]float32, error) {
	const batch = 64
	out := make([][]float32, 0, len(texts))
	for lo := 0; lo < len(texts); lo += batch {
		vs, err := c.Embed(ctx, texts[lo:min(lo+batch, len(texts))])
		if err != nil {
			return nil, fmt.Errorf("embed texts %d–%d: %w", lo, min(lo+batch, len(texts)), err)
		}
		out = append(out, vs...)
	}
	return out, nil
}

// embeddedCase is one bench case with the vectors of its memories and of
// the queries that are scored.
type embeddedCase struct {
	c       *Case
	mems    []memory.Memory
	queries []Query
	qvecs   [][]float32
}

// embedCase embeds a case's memories and its queries (adversarial ones
// left out: they are not pooled).
func embedCase(ctx context.Context, emb *openai.Client, c *Case) (*embeddedCase, error) {
	ec := &embeddedCase{c: c}
	texts := make([]string, len(c.Memories))
	for i, bm := range c.Memories {
		texts[i] = bm.Text
	}
	vecs, err := embedAll(ctx, emb, texts)
	if err != nil {
		return nil, err
	}
	for i, bm := range c.Memories {
		ec.mems = append(ec.mems, memory.Memory{
			ID: bm.ID, Owner: "bench:" + c.ID, Text: bm.Text, Type: memory.TypeFact,
			Lifecycle: memory.LifecycleFact, Importance: benchImportance, Confidence: benchConfidence,
			Status: memory.StatusActive, Source: memory.Source{Platform: "bench", MessageIDs: bm.Source, Time: bm.Time},
			CreatedAt: bm.Time, UpdatedAt: bm.Time, Version: 1,
			Embedding: &memory.Embedding{Model: localEmbedModel, Vector: vecs[i]},
		})
	}
	texts = texts[:0]
	for _, q := range c.Queries {
		if q.Category != AdversarialCategory {
			ec.queries = append(ec.queries, q)
			texts = append(texts, q.Text)
		}
	}
	if ec.qvecs, err = embedAll(ctx, emb, texts); err != nil {
		return nil, err
	}
	return ec, nil
}

// rankCase asks every query of ec through the production index (default
// configuration, no relevance bar or token budget, as a top-k ranking is
// scored), with its vector when hybrid, and scores the top k.
func rankCase(ctx context.Context, ec *embeddedCase, hybrid bool, ks []int) ([]outcome, error) {
	latest := time.Time{}
	for _, m := range ec.mems {
		if m.CreatedAt.After(latest) {
			latest = m.CreatedAt
		}
	}
	now := latest
	cfg := recall.DefaultConfig()
	cfg.Now = func() time.Time { return now }
	x := recall.NewIndex(fixedMemories(ec.mems), cfg)
	owner := "bench:" + ec.c.ID
	covers := make(map[string][]string, len(ec.c.Memories))
	for _, bm := range ec.c.Memories {
		covers[bm.ID] = bm.Source
		if len(ec.c.Messages) == 0 {
			covers[bm.ID] = []string{bm.ID}
		}
	}
	outs := make([]outcome, 0, len(ec.queries))
	for i, q := range ec.queries {
		now = q.Time
		if now.IsZero() {
			now = latest
		}
		rq := recall.Query{Text: q.Text, Context: q.Context, Limit: ks[len(ks)-1], MinScore: -1, TokenBudget: -1}
		if hybrid {
			rq.Vector = ec.qvecs[i]
		}
		rs, err := x.Search(ctx, owner, rq)
		if err != nil {
			return nil, fmt.Errorf("query %s: %w", q.ID, err)
		}
		got := make([][]string, len(rs))
		for j, r := range rs {
			got[j] = covers[r.Memory.ID]
		}
		o := scoreQuery(got, q.Evidence, ks)
		o.category = q.Category
		outs = append(outs, o)
	}
	return outs, nil
}

// TestHybridRecallWithRealEmbeddings measures recall over memories with a
// real sentence encoder through the production index: the hybrid of
// words and vectors must never rank below words alone.
func TestHybridRecallWithRealEmbeddings(t *testing.T) {
	if testing.Short() {
		t.Skip("embeds about two thousand texts")
	}
	dir := benchDir(t)
	emb := localEmbedder(t)
	ctx := context.Background()
	ks := []int{5, 10}
	for _, file := range []string{"locomo-dev.json", "madial-en-dev.json"} {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			b, err := Load(f, file)
			if err != nil {
				t.Fatal(err)
			}
			var lex, hyb []outcome
			for i := range b.Cases {
				ec, err := embedCase(ctx, emb, &b.Cases[i])
				if err != nil {
					t.Fatal(err)
				}
				l, err := rankCase(ctx, ec, false, ks)
				if err != nil {
					t.Fatal(err)
				}
				h, err := rankCase(ctx, ec, true, ks)
				if err != nil {
					t.Fatal(err)
				}
				lex, hyb = append(lex, l...), append(hyb, h...)
			}
			ls, _ := summarise(lex, len(ks))
			hs, _ := summarise(hyb, len(ks))
			for i, k := range ks {
				t.Logf("%s recall@%d: lexical %.3f, hybrid %.3f (%d queries)", file, k, ls.Recall[i], hs.Recall[i], ls.N)
				if hs.Recall[i] < ls.Recall[i] {
					t.Errorf("recall@%d: hybrid %.3f below lexical %.3f", k, hs.Recall[i], ls.Recall[i])
				}
			}
		})
	}
}
