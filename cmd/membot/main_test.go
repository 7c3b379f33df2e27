package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
)

// run drives Main like a shell would, with piped input.
func run(t *testing.T, stdin string, env map[string]string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	notTTY := false
	code = Main(context.Background(), args, Env{
		Stdin:       strings.NewReader(stdin),
		Stdout:      &out,
		Stderr:      &errOut,
		Getenv:      func(k string) string { return env[k] },
		Interactive: &notTTY,
	})
	return out.String(), errOut.String(), code
}

func TestChatOffline(t *testing.T) {
	out, errOut, code := run(t, "hello\n/quit\nnot read\n", nil, "chat", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, "offline mode") {
		t.Fatalf("no offline-mode reply:\n%s", out)
	}
	if got := strings.Count(out, "membot>"); got != 1 {
		t.Fatalf("%d replies, want 1 (input after /quit must not be read):\n%s", got, out)
	}
}

func TestChatBadInput(t *testing.T) {
	huge := strings.Repeat("a", 1<<20+10)
	in := "\n\n   \n" + huge + "\n\xff\xfe invalid utf8\n/quit\n"
	out, errOut, code := run(t, in, nil, "chat", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	if got := strings.Count(out, "membot>"); got != 2 {
		t.Fatalf("%d replies, want 2 (empty lines ignored):\n%s", got, out)
	}
	if !strings.Contains(out, "the rest was dropped") {
		t.Errorf("no note about the over-long line:\n%s", out)
	}
}

func TestChatWithModelPersists(t *testing.T) {
	fake := fakeopenai.New(t)
	fake.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.SchemaName != "" {
			return fakeopenai.Response{Content: `{"memories":[]}`}
		}
		return fakeopenai.Response{Content: "reply to " + req.LastUser(), Chunks: 3}
	})
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "test-model"}
	data := t.TempDir()
	out, errOut, code := run(t, "first message\n", env, "chat", "--data", data, "--user", "alice")
	if code != 0 || !strings.Contains(out, "membot> reply to first message") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	out, errOut, code = run(t, "second message\n", env, "chat", "--data", data, "--user", "alice")
	if code != 0 || !strings.Contains(out, "reply to second message") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var last fakeopenai.ChatRequest
	for _, r := range fake.ChatRequests() {
		if r.SchemaName == "" {
			last = r
		}
	}
	var history []string
	for _, m := range last.Messages {
		history = append(history, m.Role+": "+m.Content)
	}
	joined := strings.Join(history, "\n")
	for _, want := range []string{"user: first message", "assistant: reply to first message", "user: second message"} {
		if !strings.Contains(joined, want) {
			t.Errorf("second run's prompt lacks %q; history:\n%s", want, joined)
		}
	}
	if !last.Stream {
		t.Error("reply was not streamed")
	}
}

func TestChatDiscoversModel(t *testing.T) {
	fake := fakeopenai.New(t, fakeopenai.WithModels("local-llama"))
	out, errOut, code := run(t, "hi\n", map[string]string{"OPENAI_BASE_URL": fake.URL()}, "chat", "--data", t.TempDir())
	if code != 0 || !strings.Contains(out, "echo: hi") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if last, _ := fake.LastChat(); last.Model != "local-llama" {
		got := last.Model
		t.Errorf("model = %q, want the server's first model", got)
	}
}

func TestModelRefusesConnection(t *testing.T) {
	env := map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:1/v1", "MEMBOT_MODEL": "m", "MEMBOT_MODEL_TIMEOUT": "2s"}
	out, errOut, code := run(t, "hello\n", env, "chat", "--data", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d; a refusing model must not end the chat\n%s", code, errOut)
	}
	if !strings.Contains(out, "could not reach the model") {
		t.Fatalf("no apology:\n%s", out)
	}
}

func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("[model]\nnmae = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		env      map[string]string
		wantCode int
		wantErr  string
	}{
		{"unknown flag", []string{"chat", "--nope"}, nil, 2, "nope"},
		{"unknown command", []string{"frobnicate"}, nil, 2, "unknown command"},
		{"unknown key", []string{"chat", "--config", bad, "--data", dir}, nil, 1, "model.nmae"},
		{"missing file", []string{"chat", "--config", filepath.Join(dir, "none.toml")}, nil, 1, "config file"},
		{"telegram without token", []string{"run", "--data", dir}, map[string]string{"MEMBOT_LOG_LEVEL": "loud"}, 1, "log_level"},
		{"extra argument", []string{"chat", "stray"}, nil, 2, "stray"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := run(t, "", tt.env, tt.args...)
			if code != tt.wantCode || !strings.Contains(errOut, tt.wantErr) {
				t.Fatalf("exit %d (want %d), stderr:\n%s\nwant it to mention %q", code, tt.wantCode, errOut, tt.wantErr)
			}
		})
	}
}

func TestSecretsNotInHelp(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "sk-verysecret", "TELEGRAM_BOT_TOKEN": "1:tgsecret"}
	for _, cmd := range []string{"run", "chat"} {
		_, errOut, code := run(t, "", env, cmd, "--help")
		if code != 0 || !strings.Contains(errOut, "-data") {
			t.Fatalf("%s --help: exit %d\n%s", cmd, code, errOut)
		}
		if strings.Contains(errOut, "verysecret") || strings.Contains(errOut, "tgsecret") {
			t.Fatalf("%s --help printed a secret", cmd)
		}
	}
}

func TestLockedDataDir(t *testing.T) {
	dir := t.TempDir()
	fake := fakeopenai.New(t)
	started := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	fake.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.SchemaName != "" {
			return fakeopenai.Response{Content: `{"memories":[]}`}
		}
		once.Do(func() { close(started) })
		<-release
		return fakeopenai.Response{Content: "ok"}
	})
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "m"}
	done := make(chan int)
	go func() {
		_, _, code := run(t, "hold the store\n", env, "chat", "--data", dir)
		done <- code
	}()
	<-started
	_, errOut, code := run(t, "hello\n", nil, "chat", "--data", dir)
	close(release)
	if code == 0 || !strings.Contains(errOut, "in use") {
		t.Fatalf("second process on the same data dir: exit %d\n%s", code, errOut)
	}
	if c := <-done; c != 0 {
		t.Fatalf("first process exit %d", c)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := run(t, "", nil, "version")
	if code != 0 || !strings.HasPrefix(out, "membot ") {
		t.Fatalf("version: %d %q", code, out)
	}
}

func TestEvalRecall(t *testing.T) {
	bench := filepath.Join(t.TempDir(), "tiny.json")
	doc := `{"format":"recall-bench/1","name":"tiny","cases":[{"id":"c1","speakers":["A","B"],
"messages":[{"id":"m1","speaker":"A","time":"2024-01-01T10:00:00Z","text":"I adopted a cat named Miso"},
{"id":"m2","speaker":"B","time":"2024-01-01T10:01:00Z","text":"The weather is nice today"},
{"id":"m3","speaker":"A","time":"2024-01-01T10:02:00Z","text":"I work as a nurse in Lyon"}],
"queries":[{"id":"q1","text":"What is the name of A's cat?","evidence":["m1"],"category":"single-hop"},
{"id":"q2","text":"Where does A work?","evidence":["m3"],"category":"single-hop"}]}]}`
	if err := os.WriteFile(bench, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := run(t, "", nil, "eval", "recall", "--data", bench, "--unit", "messages", "--k", "1,2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep struct {
		Data   string             `json:"data"`
		Unit   string             `json:"unit"`
		K      []int              `json:"k"`
		Pooled map[string]float64 `json:"pooled"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Data != "tiny" || rep.Unit != "messages" || len(rep.K) != 2 || rep.Pooled["recall@1"] != 1 || rep.Pooled["n"] != 2 {
		t.Fatalf("report = %+v", rep)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"cases":[{"id":"c1","messages":[{"id":"m1"}],"queries":[{"id":"q","text":"x","evidence":["zz"]}]}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run(t, "", nil, "eval", "recall", "--data", bad); code == 0 || !strings.Contains(errOut, "c1") {
		t.Fatalf("malformed bench: exit %d, %s", code, errOut)
	}
	if _, _, code := run(t, "", nil, "eval", "recall", "--data", bench, "--k", "0"); code == 0 {
		t.Fatal("--k 0 accepted")
	}
}
