package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

var extractSchema = llm.Schema{
	Name:        "extract_memories",
	Description: "memories worth keeping",
	Schema: json.RawMessage(`{
		"type": "object",
		"properties": {"memories": {"type": "array", "items": {"type": "string"}}},
		"required": ["memories"],
		"additionalProperties": false
	}`),
}

func compactJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("compact %s: %v", raw, err)
	}
	return b.String()
}

func TestJSONSendsSchemaAndReturnsAnswer(t *testing.T) {
	s := fakeopenai.New(t)
	s.OnSchema("extract_memories", func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: `{"memories":["Prefers tea"]}`, Usage: &fakeopenai.Usage{PromptTokens: 40, CompletionTokens: 8}}
	})
	c := newTestClient(t, s, nil)
	out, usage, err := c.JSON(context.Background(), userRequest(llm.PurposeExtraction, "I prefer tea"), extractSchema)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"memories":["Prefers tea"]}` {
		t.Fatalf("answer = %s", out)
	}
	if usage != (llm.Usage{PromptTokens: 40, CompletionTokens: 8}) {
		t.Fatalf("usage = %+v", usage)
	}
	if s.CountBySchema("extract_memories") != 1 {
		t.Fatal("schema name did not arrive")
	}
	got, _ := s.LastChat()
	if got.ResponseFormat != "json_schema" || !got.Strict || got.Stream {
		t.Fatalf("request = format %q strict %v stream %v", got.ResponseFormat, got.Strict, got.Stream)
	}
	if compactJSON(t, got.Schema) != compactJSON(t, extractSchema.Schema) {
		t.Fatalf("schema arrived as %s", got.Schema)
	}
}

func TestJSONUnwrapsLocalModelAnswers(t *testing.T) {
	tests := []struct {
		name, content, want string
	}{
		{"bare", `{"a":1}`, `{"a":1}`},
		{"spaces", "\n  {\"a\":1}  \n", `{"a":1}`},
		{"json fence", "```json\n{\"a\":1}\n```", `{"a":1}`},
		{"plain fence", "```\n{\"a\":[1,2]}\n```", `{"a":[1,2]}`},
		{"fence with prose", "Here you go:\n```json\n{\"a\":1}\n```\nAnything else?", `{"a":1}`},
		{"unterminated fence", "```json\n{\"a\":1}", `{"a":1}`},
		{"one-line fence", "```{\"a\":1}```", `{"a":1}`},
		{"think block", "<think>the user wants a</think>\n{\"a\":1}", `{"a":1}`},
		{"prose around", "Sure! {\"a\":{\"b\":2}} Hope it helps.", `{"a":{"b":2}}`},
		{"array", "[1,2]", "[1,2]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fakeopenai.New(t)
			s.Enqueue(fakeopenai.Text(tt.content))
			c := newTestClient(t, s, nil)
			out, _, err := c.JSON(context.Background(), userRequest(llm.PurposeExtraction, "x"), extractSchema)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Fatalf("answer = %s, want %s", out, tt.want)
			}
		})
	}
}

func TestJSONBadAnswers(t *testing.T) {
	tests := []struct {
		name string
		resp fakeopenai.Response
	}{
		{"prose", fakeopenai.Text("I cannot answer in JSON.")},
		{"empty", fakeopenai.Text("")},
		{"truncated json", fakeopenai.Response{Content: `{"memories":["Prefers`, FinishReason: "length"}},
		{"broken fence", fakeopenai.Text("```json\n{\"a\":\n```")},
		{"refusal", fakeopenai.Response{Refusal: "I can't help with that."}},
		{"no choices", fakeopenai.Response{NoChoices: true}},
		{"garbage body", fakeopenai.Response{Garbage: true}},
		{"null body", fakeopenai.Response{RawBody: "null"}},
		{"empty object body", fakeopenai.Response{RawBody: "{}"}},
		{"choices not a list", fakeopenai.Response{RawBody: `{"choices":"x"}`}},
		{"choice is null", fakeopenai.Response{RawBody: `{"choices":[null]}`}},
		{"invalid utf8 content", fakeopenai.Response{RawBody: "{\"choices\":[{\"message\":{\"content\":\"\xff\xfe\"}}]}"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fakeopenai.New(t)
			s.Enqueue(tt.resp)
			c := newTestClient(t, s, nil)
			out, _, err := c.JSON(context.Background(), userRequest(llm.PurposeExtraction, "x"), extractSchema)
			wantKind(t, err, llm.ErrBadResponse)
			if out != nil {
				t.Fatalf("returned %s alongside the error", out)
			}
		})
	}
}

func TestJSONFallsBackToJSONObjectOn400(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Response{Status: 400, Message: "response_format type json_schema is not supported"})
	s.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if req.ResponseFormat != "json_object" {
			return fakeopenai.Response{Status: 400, Message: "json_schema unsupported"}
		}
		return fakeopenai.Text("```json\n{\"memories\":[]}\n```")
	})
	c := newTestClient(t, s, nil)
	ctx := context.Background()
	out, _, err := c.JSON(ctx, userRequest(llm.PurposeExtraction, "x"), extractSchema)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != `{"memories":[]}` {
		t.Fatalf("answer = %s", out)
	}
	chats := s.ChatRequests()
	if len(chats) != 2 || chats[0].ResponseFormat != "json_schema" || chats[1].ResponseFormat != "json_object" {
		t.Fatalf("requests = %d, formats %v", len(chats), formats(chats))
	}
	sys := chats[1].System()
	if !strings.HasPrefix(sys, "You are terse.") || !strings.Contains(sys, `"memories"`) || !strings.Contains(sys, "JSON") {
		t.Fatalf("fallback system prompt lacks the schema: %q", sys)
	}
	if len(chats[1].Messages) != 2 {
		t.Fatalf("fallback added a message instead of extending the system one: %+v", chats[1].Messages)
	}
	// The server's limitation is remembered: the next call goes straight to
	// json_object.
	if _, _, err := c.JSON(ctx, userRequest(llm.PurposeExtraction, "y"), extractSchema); err != nil {
		t.Fatal(err)
	}
	chats = s.ChatRequests()
	if len(chats) != 3 || chats[2].ResponseFormat != "json_object" {
		t.Fatalf("second call formats %v", formats(chats))
	}
}

func TestJSONFallbackAddsSystemMessageWhenMissing(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Status(400), fakeopenai.Text(`{"memories":[]}`))
	c := newTestClient(t, s, nil)
	req := llm.Request{Purpose: llm.PurposeExtraction, Messages: []llm.Message{{Role: llm.RoleUser, Content: "x"}}}
	if _, _, err := c.JSON(context.Background(), req, extractSchema); err != nil {
		t.Fatal(err)
	}
	last, _ := s.LastChat()
	if len(last.Messages) != 2 || last.Messages[0].Role != "system" || !strings.Contains(last.Messages[0].Content, `"memories"`) {
		t.Fatalf("fallback messages = %+v", last.Messages)
	}
}

func TestJSONFallbackFailingIsBadRequestAndNotRemembered(t *testing.T) {
	s := fakeopenai.New(t)
	s.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Status(400) })
	c := newTestClient(t, s, nil)
	ctx := context.Background()
	_, _, err := c.JSON(ctx, userRequest(llm.PurposeReconcile, "x"), extractSchema)
	le := wantKind(t, err, llm.ErrBadRequest)
	if le.Status != 400 {
		t.Fatalf("status = %d", le.Status)
	}
	_, _, _ = c.JSON(ctx, userRequest(llm.PurposeReconcile, "x"), extractSchema)
	if got := formats(s.ChatRequests()); strings.Join(got, ",") != "json_schema,json_object,json_schema,json_object" {
		t.Fatalf("formats = %v", got)
	}
}

func TestJSONRejectsBadSchemaLocally(t *testing.T) {
	tests := []struct {
		name   string
		schema llm.Schema
	}{
		{"empty name", llm.Schema{Schema: json.RawMessage(`{"type":"object"}`)}},
		{"name with space", llm.Schema{Name: "bad name", Schema: json.RawMessage(`{"type":"object"}`)}},
		{"long name", llm.Schema{Name: strings.Repeat("a", 65), Schema: json.RawMessage(`{"type":"object"}`)}},
		{"no schema", llm.Schema{Name: "ok"}},
		{"invalid schema", llm.Schema{Name: "ok", Schema: json.RawMessage(`{"type":`)}},
		{"array schema", llm.Schema{Name: "ok", Schema: json.RawMessage(`[]`)}},
	}
	s := fakeopenai.New(t)
	c := newTestClient(t, s, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := c.JSON(context.Background(), userRequest(llm.PurposeExtraction, "x"), tt.schema)
			wantKind(t, err, llm.ErrBadRequest)
		})
	}
	if len(s.Requests()) != 0 {
		t.Fatal("a bad schema reached the server")
	}
}

func formats(chats []fakeopenai.ChatRequest) []string {
	out := make([]string, len(chats))
	for i, c := range chats {
		out[i] = c.ResponseFormat
	}
	return out
}
