package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
)

// extractBench is a two-speaker conversation: Alice's puppy (m1), small
// talk (m2), Bob's sister (m3), hours apart so no turns are merged.
const extractBench = `{"format":"recall-bench/1","name":"tiny-extract","cases":[{"id":"c1","speakers":["Alice","Bob"],
"messages":[{"id":"D1:1","speaker":"Alice","time":"2024-01-01T10:00:00Z","text":"I adopted a puppy named Rex last week"},
{"id":"D1:2","speaker":"Bob","time":"2024-01-01T12:00:00Z","text":"The weather is nice today"},
{"id":"D1:3","speaker":"Bob","time":"2024-01-01T14:00:00Z","text":"My sister moved to Lisbon for work"}],
"queries":[{"id":"q1","text":"What is the name of Alice's puppy?","time":"2024-02-01T09:00:00Z","evidence":["D1:1"],"category":"single-hop"},
{"id":"q2","text":"Which city did Bob's sister move to?","time":"2024-02-01T09:00:00Z","evidence":["D1:3"],"category":"single-hop"}]}]}`

// extractSourceLine finds the citable lines of an extraction prompt, e.g.
// `[m3] 2024-01-01 14:00 Mon (+00:00) | "Bob" (author) | "My sister…"`.
var extractSourceLine = regexp.MustCompile(`(?m)^\[(m\d+)\] .*$`)

// scriptExtraction makes the fake model extract one memory per source line
// holding a key of facts, citing that line.
func scriptExtraction(m *fakeopenai.Server, facts map[string]string) {
	m.OnSchema("extract_memories", func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		memories := []map[string]any{}
		for _, line := range extractSourceLine.FindAllStringSubmatch(req.LastUser(), -1) {
			for key, text := range facts {
				if strings.Contains(line[0], key) {
					memories = append(memories, map[string]any{
						"text": text, "type": "fact", "lifecycle": "fact", "subject": strings.ToLower(key),
						"tags": []string{"family"}, "keywords": []string{key, strings.ToLower(key)},
						"importance": 0.8, "confidence": 0.95, "event_time": nil, "expires_at": nil,
						"source_ids": []string{line[1]},
					})
				}
			}
		}
		data, _ := json.Marshal(map[string]any{"memories": memories})
		return fakeopenai.Text(string(data))
	})
}

// writeBench writes doc to a file in a fresh directory.
func writeBench(t *testing.T, doc string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bench.json")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

var extractFacts = map[string]string{"Rex": "Has a puppy named Rex", "Lisbon": "Has a sister who moved to Lisbon"}

func TestEvalExtract(t *testing.T) {
	fake := fakeopenai.New(t)
	scriptExtraction(fake, extractFacts)
	bench := writeBench(t, extractBench)
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "test-model"}
	out, errOut, code := run(t, "", env, "eval", "recall", "--data", bench, "--extract", "--k", "1,5", "--json")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var rep struct {
		Unit       string             `json:"unit"`
		Pooled     map[string]float64 `json:"pooled"`
		Extraction struct {
			Model    string  `json:"model"`
			Messages int     `json:"messages"`
			Memories int     `json:"memories"`
			Per100   float64 `json:"memories_per_100_messages"`
			Added    int     `json:"added"`
			Cost     map[string]struct {
				Calls            int64 `json:"calls"`
				PromptTokens     int64 `json:"prompt_tokens"`
				CompletionTokens int64 `json:"completion_tokens"`
			} `json:"cost"`
			Calls        int64   `json:"calls"`
			Tokens       int64   `json:"tokens"`
			TokensPer100 float64 `json:"tokens_per_100_messages"`
		} `json:"extraction"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	// Each question's evidence is the message its memory was extracted
	// from, whichever speaker said it.
	if rep.Unit != "memories" || rep.Pooled["recall@1"] != 1 || rep.Pooled["n"] != 2 || rep.Pooled["covered@1"] != 1 {
		t.Errorf("recall = %s %v", rep.Unit, rep.Pooled)
	}
	x := rep.Extraction
	if x.Model != "test-model" || x.Messages != 3 || x.Memories != 2 || x.Added != 2 || x.Per100 != 66.67 {
		t.Errorf("extraction = %+v", x)
	}
	calls := fake.CountBySchema("extract_memories")
	ext := x.Cost["extraction"]
	if calls < 2 || ext.Calls != int64(calls) || ext.PromptTokens == 0 || ext.CompletionTokens == 0 {
		t.Errorf("extraction cost = %+v, the model saw %d extraction calls", x.Cost, calls)
	}
	if x.Calls < ext.Calls || x.Tokens < ext.PromptTokens+ext.CompletionTokens || x.TokensPer100 <= 0 {
		t.Errorf("cost totals = %+v", x)
	}
	// Every speaker is a person of their own: each is asked about their
	// own lines, named as in the bench.
	var prompts []string
	for _, r := range fake.ChatRequests() {
		if r.SchemaName == "extract_memories" {
			prompts = append(prompts, r.LastUser())
		}
	}
	joined := strings.Join(prompts, "\n---\n")
	for _, want := range []string{`"Alice" (author) | "I adopted a puppy named Rex last week"`, `"Bob" (author) | "My sister moved to Lisbon for work"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("no extraction prompt holds %q:\n%s", want, joined)
		}
	}
}

func TestEvalExtractTextDiscoversModel(t *testing.T) {
	fake := fakeopenai.New(t, fakeopenai.WithModels("local-llama"))
	scriptExtraction(fake, extractFacts)
	bench := writeBench(t, extractBench)
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_LOG_LEVEL": "warn"}
	out, errOut, code := run(t, "", env, "eval", "recall", "--data", bench, "--extract", "--k", "1")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	for _, want := range []string{
		"unit memories",
		"extraction (local-llama): 3 messages → 2 memories, 66.67 per 100 messages",
		"added 2",
		"prompt tokens",
		"per 100 messages",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if !regexp.MustCompile(`(?m)^\s+extraction\s+[1-9]\d*\s+0\s+[1-9]\d*\s+[1-9]\d*\s*$`).MatchString(out) {
		t.Errorf("no extraction cost row with calls and tokens:\n%s", out)
	}
	if last, _ := fake.LastChat(); last.Model != "local-llama" {
		t.Errorf("extraction used model %q, want the server's first", last.Model)
	}
}

func TestEvalExtractErrors(t *testing.T) {
	bench := writeBench(t, extractBench)
	refusing := fakeopenai.New(t)
	refusing.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Status(401) })
	withModel := map[string]string{"OPENAI_BASE_URL": refusing.URL(), "MEMBOT_MODEL": "m"}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"embedding model only", map[string]string{"MEMBOT_EMBEDDING_MODEL": "e"}, nil, []string{"invalid configuration", "model.embedding_model", "model.base_url"}},
		{"unit messages", withModel, []string{"--unit", "messages"}, []string{"drop --unit messages"}},
		{"direct", withModel, []string{"--direct"}, []string{"drop --direct"}},
		{"model refuses", withModel, nil, []string{`case "c1"`, "refused the credentials"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"eval", "recall", "--data", bench, "--extract"}, tt.args...)
			out, errOut, code := run(t, "", tt.env, args...)
			if code != 1 {
				t.Fatalf("exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if out != "" {
				t.Errorf("a failed run printed a report:\n%s", out)
			}
		})
	}
}

// offlineBench has a statement the offline rules keep (m2) beside small
// talk (m1).
const offlineBench = `{"format":"recall-bench/1","name":"tiny-offline","cases":[{"id":"c1","speakers":["Alice"],
"messages":[{"id":"m1","speaker":"Alice","time":"2024-01-01T10:00:00Z","text":"The weather is nice today"},
{"id":"m2","speaker":"Alice","time":"2024-01-01T12:00:00Z","text":"I'm allergic to penicillin"}],
"queries":[{"id":"q1","text":"Is Alice allergic to penicillin?","time":"2024-02-01T09:00:00Z","evidence":["m2"],"category":"single-hop"}]}]}`

func TestEvalExtractOffline(t *testing.T) {
	bench := writeBench(t, offlineBench)
	out, errOut, code := run(t, "", nil, "eval", "recall", "--data", bench, "--extract", "--k", "1", "--json")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var rep struct {
		Pooled     map[string]float64 `json:"pooled"`
		Extraction struct {
			Model    string `json:"model"`
			Memories int    `json:"memories"`
			Calls    int64  `json:"calls"`
		} `json:"extraction"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if x := rep.Extraction; x.Model != "offline rules" || x.Memories != 1 || x.Calls != 0 {
		t.Errorf("extraction = %+v, want one memory from the rules and no model call", x)
	}
	if rep.Pooled["recall@1"] != 1 {
		t.Errorf("recall = %v", rep.Pooled)
	}
	if !strings.Contains(errOut, "extracting offline with the rules") {
		t.Errorf("stderr does not say the rules extract:\n%s", errOut)
	}
}

// memoryBench holds memories only: eval recall measures them as a reply
// recalls them.
const memoryBench = `{"format":"recall-bench/1","name":"tiny-memories","cases":[{"id":"u1",
"memories":[{"id":"1","text":"Has a puppy called Rex"},{"id":"2","text":"Plays chess online"},{"id":"3","text":"Plays tennis on Sundays"}],
"queries":[{"id":"q","text":"which games does she play?","evidence":["2","3"],"category":"multi-hop"}]}]}`

func TestEvalRecallUsesConfiguredEmbeddingAndLimits(t *testing.T) {
	fake := fakeopenai.New(t)
	bench := writeBench(t, memoryBench)
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "m", "MEMBOT_EMBEDDING_MODEL": "emb", "MEMBOT_LOG_LEVEL": "warn"}
	out, errOut, code := run(t, "", env, "eval", "recall", "--data", bench, "--k", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// The three memories and the query.
	if n := fake.Count(fakeopenai.KindEmbeddings); n < 2 {
		t.Errorf("%d embedding requests, want the memories and the query embedded", n)
	}
	if n := fake.Count(fakeopenai.KindChat); n != 0 {
		t.Errorf("%d chat calls: recall alone needs none", n)
	}
	// A config capping the injected memories at one halves recall@2.
	cfgPath := filepath.Join(t.TempDir(), "membot.toml")
	if err := os.WriteFile(cfgPath, []byte("[memory]\nmax_injected = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	recallAt2 := func(args ...string) float64 {
		t.Helper()
		out, errOut, code := run(t, "", nil, append([]string{"eval", "recall", "--data", bench, "--k", "2", "--json", "--config", cfgPath}, args...)...)
		if code != 0 {
			t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
		}
		var rep struct {
			Pooled map[string]float64 `json:"pooled"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		return rep.Pooled["recall@2"]
	}
	if got := recallAt2(); got != 0.5 {
		t.Errorf("recall@2 with max_injected = 1: %v, want 0.5", got)
	}
	if got := recallAt2("--ranking-only"); got != 1 {
		t.Errorf("recall@2 ranking only: %v, want 1", got)
	}
}
