package fakeopenai

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

func TestChatRequestParsed(t *testing.T) {
	s := New(t)
	params := oai.ChatCompletionNewParams{
		Model: "m1",
		Messages: []oai.ChatCompletionMessageParamUnion{
			oai.SystemMessage([]oai.ChatCompletionContentPartTextParam{{Text: "part one, "}, {Text: "part two"}}),
			oai.UserMessage("question"),
			oai.AssistantMessage("answer"),
			oai.UserMessage([]oai.ChatCompletionContentPartUnionParam{oai.TextContentPart("follow "), oai.TextContentPart("up")}),
		},
		Temperature: oai.Float(0.2),
		MaxTokens:   oai.Int(50),
	}
	if _, err := newClient(s.URL()).Chat.Completions.New(context.Background(), params); err != nil {
		t.Fatal(err)
	}
	c, ok := s.LastChat()
	if !ok {
		t.Fatal("no chat recorded")
	}
	want := []Message{{"system", "part one, part two"}, {"user", "question"}, {"assistant", "answer"}, {"user", "follow up"}}
	if len(c.Messages) != len(want) {
		t.Fatalf("messages = %+v", c.Messages)
	}
	for i := range want {
		if c.Messages[i] != want[i] {
			t.Errorf("message %d = %+v, want %+v", i, c.Messages[i], want[i])
		}
	}
	if c.Model != "m1" || c.Stream || c.Temperature == nil || *c.Temperature != 0.2 || c.MaxTokens != 50 {
		t.Errorf("parsed = model %q stream %v temp %v max %d", c.Model, c.Stream, c.Temperature, c.MaxTokens)
	}
	if s.LastSystemPrompt() != "part one, part two" || c.LastUser() != "follow up" {
		t.Errorf("system %q, last user %q", s.LastSystemPrompt(), c.LastUser())
	}
	if len(c.Raw) == 0 || !json.Valid(c.Raw) {
		t.Error("raw body missing")
	}
}

func TestQueueThenSchemaThenHandler(t *testing.T) {
	s := New(t)
	s.SetHandler(func(req *ChatRequest) Response { return Text("handler:" + req.LastUser()) })
	s.OnSchema("extract_memories", func(req *ChatRequest) Response { return Text(`{"memories":["x"]}`) })
	s.Enqueue(Text("first"), Text("second"))
	c := newClient(s.URL())
	ctx := context.Background()
	schemaParams := chatParams("s")
	schemaParams.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
		JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "extract_memories", Schema: json.RawMessage(`{"type":"object"}`), Strict: oai.Bool(true)},
	}}
	var got []string
	for _, p := range []oai.ChatCompletionNewParams{chatParams("a"), schemaParams, schemaParams, chatParams("b")} {
		r, err := c.Chat.Completions.New(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r.Choices[0].Message.Content)
	}
	want := []string{"first", "second", `{"memories":["x"]}`, "handler:b"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("answers = %q, want %q", got, want)
	}
	if n := s.CountBySchema("extract_memories"); n != 2 {
		t.Fatalf("CountBySchema = %d", n)
	}
	last := s.ChatRequests()[2]
	if last.ResponseFormat != "json_schema" || !last.Strict || string(last.Schema) != `{"type":"object"}` {
		t.Fatalf("schema request parsed as %+v", last)
	}
	s.SetHandler(nil)
	s.OnSchema("extract_memories", nil)
	r, err := c.Chat.Completions.New(ctx, chatParams("c"))
	if err != nil || r.Choices[0].Message.Content != "echo: c" {
		t.Fatalf("default not restored: %v %v", r, err)
	}
}

func TestDefaultStructuredAnswerIsMinimalInstance(t *testing.T) {
	s := New(t)
	p := chatParams("x")
	p.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
		JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "reconcile_memories", Schema: json.RawMessage(
			`{"type":"object","properties":{"decisions":{"type":"array","items":{"type":"object"}},"note":{"type":"string"}},"required":["decisions","note"]}`)},
	}}
	r, err := newClient(s.URL()).Chat.Completions.New(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Choices[0].Message.Content; got != `{"decisions":[],"note":""}` {
		t.Fatalf("default structured answer = %s", got)
	}
}

func TestStreamDeliversChunksFinishAndUsage(t *testing.T) {
	s := New(t)
	s.Enqueue(Response{Content: "你好, streaming world", Chunks: 5, Usage: &Usage{PromptTokens: 7, CompletionTokens: 3}})
	p := chatParams("go")
	p.StreamOptions = oai.ChatCompletionStreamOptionsParam{IncludeUsage: oai.Bool(true)}
	stream := newClient(s.URL()).Chat.Completions.NewStreaming(context.Background(), p)
	var acc oai.ChatCompletionAccumulator
	var deltas []string
	finished := ""
	for stream.Next() {
		chunk := stream.Current()
		acc.AddChunk(chunk)
		if len(chunk.Choices) > 0 && chunk.Choices[0].Delta.Content != "" {
			deltas = append(deltas, chunk.Choices[0].Delta.Content)
		}
		if content, ok := acc.JustFinishedContent(); ok {
			finished = content
		}
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if len(deltas) != 5 || strings.Join(deltas, "") != "你好, streaming world" {
		t.Fatalf("deltas = %q", deltas)
	}
	if finished != "你好, streaming world" {
		t.Fatalf("accumulator finished content = %q", finished)
	}
	if acc.Usage.PromptTokens != 7 || acc.Usage.CompletionTokens != 3 {
		t.Fatalf("usage = %+v", acc.Usage)
	}
	if c, _ := s.LastChat(); !c.Stream || !c.IncludeUsage {
		t.Fatalf("stream flags not parsed: %+v", c)
	}
}

func TestStreamWithoutUsageWhenNotAsked(t *testing.T) {
	s := New(t)
	stream := newClient(s.URL()).Chat.Completions.NewStreaming(context.Background(), chatParams("abc"))
	var acc oai.ChatCompletionAccumulator
	for stream.Next() {
		acc.AddChunk(stream.Current())
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	if got := acc.Choices[0].Message.Content; got != "echo: abc" {
		t.Fatalf("content = %q", got)
	}
	if acc.Usage.TotalTokens != 0 {
		t.Fatalf("usage sent without include_usage: %+v", acc.Usage)
	}
}

func TestStreamFailures(t *testing.T) {
	tests := []struct {
		name    string
		resp    Response
		wantErr bool
		// wantFinish says whether a finish_reason arrives.
		wantFinish bool
	}{
		{name: "server error", resp: Status(500), wantErr: true},
		{name: "garbage", resp: Response{Content: "some text", Garbage: true}, wantErr: true},
		{name: "truncated", resp: Response{Content: "some text", Truncate: true}},
		{name: "complete", resp: Text("some text"), wantFinish: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(t)
			s.Enqueue(tt.resp)
			stream := newClient(s.URL()).Chat.Completions.NewStreaming(context.Background(), chatParams("x"))
			finished := false
			for stream.Next() {
				for _, ch := range stream.Current().Choices {
					finished = finished || ch.FinishReason != ""
				}
			}
			if gotErr := stream.Err() != nil; gotErr != tt.wantErr {
				t.Fatalf("stream error = %v, want error %v", stream.Err(), tt.wantErr)
			}
			if finished != tt.wantFinish {
				t.Fatalf("finish seen = %v, want %v", finished, tt.wantFinish)
			}
		})
	}
}

func TestErrorInjection(t *testing.T) {
	tests := []struct {
		name       string
		resp       Response
		wantStatus int
		wantHeader map[string]string
	}{
		{name: "rate limited", resp: RateLimited(1500 * time.Millisecond), wantStatus: 429,
			wantHeader: map[string]string{"Retry-After": "2", "Retry-After-Ms": "1500"}},
		{name: "server error", resp: Status(500), wantStatus: 500},
		{name: "bad credentials", resp: Status(401), wantStatus: 401},
		{name: "custom header", resp: Response{Status: 400, Message: "no json_schema", Header: http.Header{"X-Test": {"yes"}}},
			wantStatus: 400, wantHeader: map[string]string{"X-Test": "yes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(t)
			s.Enqueue(tt.resp)
			_, err := newClient(s.URL()).Chat.Completions.New(context.Background(), chatParams("x"))
			var apiErr *oai.Error
			if !errors.As(err, &apiErr) {
				t.Fatalf("err = %v, want *openai.Error", err)
			}
			if apiErr.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", apiErr.StatusCode, tt.wantStatus)
			}
			if apiErr.Message == "" {
				t.Error("error body has no message")
			}
			for k, v := range tt.wantHeader {
				if got := apiErr.Response.Header.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestGarbageAndEmptyChoices(t *testing.T) {
	s := New(t)
	s.Enqueue(Response{Garbage: true}, Response{NoChoices: true}, Response{RawBody: "not json", ContentType: "text/plain", Status: 502})
	c := newClient(s.URL())
	if _, err := c.Chat.Completions.New(context.Background(), chatParams("x")); err == nil {
		t.Error("garbage body parsed without error")
	}
	r, err := c.Chat.Completions.New(context.Background(), chatParams("x"))
	if err != nil || len(r.Choices) != 0 {
		t.Errorf("no-choices answer = %v, %v", r, err)
	}
	if _, err := c.Chat.Completions.New(context.Background(), chatParams("x")); err == nil {
		t.Error("raw 502 answered without error")
	}
}

func TestDelayHonoursRequestContext(t *testing.T) {
	s := New(t)
	s.Enqueue(Response{Delay: time.Hour, Content: "late"})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := newClient(s.URL()).Chat.Completions.New(ctx, chatParams("x"))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
}

func TestRetriesAreRecorded(t *testing.T) {
	s := New(t)
	s.Enqueue(RateLimited(time.Millisecond), Status(503), Text("finally"))
	c := newClient(s.URL(), option.WithMaxRetries(2), option.WithMaxRetryDelay(10*time.Millisecond))
	r, err := c.Chat.Completions.New(context.Background(), chatParams("x"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Choices[0].Message.Content != "finally" || s.Count(KindChat) != 3 {
		t.Fatalf("content %q after %d requests", r.Choices[0].Message.Content, s.Count(KindChat))
	}
}
