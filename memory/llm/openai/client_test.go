package openai

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

// newTestClient points a Client at the fake with fast retries; change
// adjusts the options before the client is built.
func newTestClient(t *testing.T, s *fakeopenai.Server, change func(*Options)) *Client {
	t.Helper()
	opts := Options{
		BaseURL:        s.URL(),
		Model:          "chat-model",
		EmbeddingModel: "embed-model",
		Timeout:        10 * time.Second,
		MaxRetries:     2,
		MaxRetryDelay:  5 * time.Millisecond,
		Meter:          &llm.Meter{},
		Logger:         slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if change != nil {
		change(&opts)
	}
	c, err := New(opts)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func userRequest(p llm.Purpose, text string) llm.Request {
	return llm.Request{
		Purpose:     p,
		Messages:    []llm.Message{{Role: llm.RoleSystem, Content: "You are terse."}, {Role: llm.RoleUser, Content: text}},
		Temperature: 0.3,
	}
}

// wantKind fails unless err is an *llm.Error of kind.
func wantKind(t *testing.T, err, kind error) *llm.Error {
	t.Helper()
	var le *llm.Error
	if !errors.As(err, &le) {
		t.Fatalf("err = %v (%T), want *llm.Error of kind %v", err, err, kind)
	}
	if !errors.Is(err, kind) {
		t.Fatalf("err kind = %v, want %v (err: %v)", le.Kind, kind, err)
	}
	return le
}

func TestNewValidatesOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    Options
		wantErr string
	}{
		{"no model", Options{BaseURL: "http://localhost:1/v1"}, "model is required"},
		{"relative URL", Options{Model: "m", BaseURL: "localhost/v1"}, "absolute http(s)"},
		{"wrong scheme", Options{Model: "m", BaseURL: "ftp://host/v1"}, "absolute http(s)"},
		{"bad URL", Options{Model: "m", BaseURL: "http://[::1"}, "parse base URL"},
		{"openai without key", Options{Model: "m"}, "needs an API key"},
		{"negative timeout", Options{Model: "m", BaseURL: "http://localhost:1", Timeout: -time.Second}, "negative"},
		{"local without key", Options{Model: "m", BaseURL: "http://localhost:11434/v1"}, ""},
		{"openai with key", Options{Model: "m", APIKey: "sk-test"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New(tt.opts)
			if tt.wantErr == "" {
				if err != nil || c == nil {
					t.Fatalf("New = %v, %v", c, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("New error = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
}

func TestConfigurationIgnoresEnvironment(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "env-key")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
	t.Setenv("OPENAI_ORG_ID", "env-org")
	s := fakeopenai.New(t)
	c := newTestClient(t, s, nil)
	if _, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil); err != nil {
		t.Fatalf("Stream: %v", err)
	}
	reqs := s.Requests()
	if len(reqs) != 1 {
		t.Fatalf("fake saw %d requests", len(reqs))
	}
	if got := reqs[0].Header.Get("Authorization"); got != "Bearer "+placeholderKey {
		t.Errorf("Authorization = %q, want the placeholder key", got)
	}
	if got := reqs[0].Header.Get("OpenAI-Organization"); got != "" {
		t.Errorf("organization leaked from the environment: %q", got)
	}
}

func TestAPIKeySent(t *testing.T) {
	s := fakeopenai.New(t, fakeopenai.WithAPIKey("secret"))
	good := newTestClient(t, s, func(o *Options) { o.APIKey = "secret" })
	if _, _, err := good.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil); err != nil {
		t.Fatalf("right key: %v", err)
	}
	bad := newTestClient(t, s, func(o *Options) { o.APIKey = "wrong" })
	_, _, err := bad.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
	le := wantKind(t, err, llm.ErrAuth)
	if le.Status != 401 || le.Purpose != llm.PurposeReply {
		t.Fatalf("error = %+v", le)
	}
}

func TestRequestShape(t *testing.T) {
	s := fakeopenai.New(t)
	c := newTestClient(t, s, nil)
	req := userRequest(llm.PurposeReply, "bad utf8 \xff here")
	req.MaxTokens = 77
	if _, _, err := c.Stream(context.Background(), req, nil); err != nil {
		t.Fatal(err)
	}
	req.Temperature = -1
	req.MaxTokens = 0
	if _, _, err := c.Stream(context.Background(), req, nil); err != nil {
		t.Fatal(err)
	}
	chats := s.ChatRequests()
	first, second := chats[0], chats[1]
	if first.Model != "chat-model" || first.Temperature == nil || *first.Temperature != 0.3 || first.MaxTokens != 77 {
		t.Errorf("first request = model %q temp %v max %d", first.Model, first.Temperature, first.MaxTokens)
	}
	if first.Messages[1].Content != "bad utf8 \uFFFD here" || first.Messages[0].Role != "system" {
		t.Errorf("messages = %+v", first.Messages)
	}
	if second.Temperature != nil || second.MaxTokens != 0 {
		t.Errorf("defaults not left to the server: temp %v max %d", second.Temperature, second.MaxTokens)
	}
}

func TestBadRequestsRefusedLocally(t *testing.T) {
	s := fakeopenai.New(t)
	c := newTestClient(t, s, nil)
	ctx := context.Background()
	tests := []struct {
		name string
		req  llm.Request
	}{
		{"no messages", llm.Request{Purpose: llm.PurposeReply}},
		{"unknown role", llm.Request{Purpose: llm.PurposeReply, Messages: []llm.Message{{Role: "tool", Content: "x"}}}},
		{"negative max tokens", llm.Request{Purpose: llm.PurposeReply, Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}, MaxTokens: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := c.Stream(ctx, tt.req, nil)
			wantKind(t, err, llm.ErrBadRequest)
			_, _, err = c.JSON(ctx, tt.req, llm.Schema{Name: "s", Schema: []byte(`{"type":"object"}`)})
			wantKind(t, err, llm.ErrBadRequest)
		})
	}
	if n := len(s.Requests()); n != 0 {
		t.Fatalf("invalid requests reached the server %d times", n)
	}
}
