package openai

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

func TestStreamAssemblesDeltasInOrder(t *testing.T) {
	s := fakeopenai.New(t)
	const answer = "你好！Here is a longer answer, streamed in pieces."
	s.Enqueue(fakeopenai.Response{Content: answer, Chunks: 6, Usage: &fakeopenai.Usage{PromptTokens: 11, CompletionTokens: 9}})
	c := newTestClient(t, s, nil)
	var deltas []string
	text, usage, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), func(d string) error {
		deltas = append(deltas, d)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if text != answer || strings.Join(deltas, "") != answer || len(deltas) != 6 {
		t.Fatalf("text %q from %d deltas %q", text, len(deltas), deltas)
	}
	if usage != (llm.Usage{PromptTokens: 11, CompletionTokens: 9}) {
		t.Fatalf("usage = %+v", usage)
	}
	got, _ := s.LastChat()
	if !got.Stream || !got.IncludeUsage || got.LastUser() != "hi" {
		t.Fatalf("server saw %+v", got)
	}
}

func TestStreamToleratesMissingUsage(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Response{Content: "no usage here", NoUsage: true})
	c := newTestClient(t, s, nil)
	text, usage, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
	if err != nil || text != "no usage here" {
		t.Fatalf("Stream = %q, %v", text, err)
	}
	if usage != (llm.Usage{}) {
		t.Fatalf("usage = %+v, want zero", usage)
	}
}

// A platform that refuses one edit must not stop the model: the answer is
// read to its end and returned without an error.
func TestStreamFinishesWhenOnDeltaFails(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Response{Content: "one two three four", Chunks: 4})
	c := newTestClient(t, s, nil)
	calls := 0
	text, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), func(string) error {
		calls++
		if calls == 2 {
			return errors.New("platform message edit failed")
		}
		return nil
	})
	if err != nil {
		t.Fatalf("err = %v, want none: the model answered", err)
	}
	if calls != 2 || text != "one two three four" {
		t.Fatalf("calls %d, text %q; want 2 calls and the whole answer", calls, text)
	}
}

func TestStreamFailureKinds(t *testing.T) {
	sse := "text/event-stream"
	tests := []struct {
		name string
		resp fakeopenai.Response
		kind error
	}{
		{"bad request", fakeopenai.Status(400), llm.ErrBadRequest},
		{"not found", fakeopenai.Status(404), llm.ErrBadRequest},
		{"unauthorized", fakeopenai.Status(401), llm.ErrAuth},
		{"forbidden", fakeopenai.Status(403), llm.ErrAuth},
		{"garbage event", fakeopenai.Response{Content: "partial answer", Garbage: true}, llm.ErrBadResponse},
		{"truncated", fakeopenai.Response{Content: "partial answer", Truncate: true}, llm.ErrBadResponse},
		{"no choices", fakeopenai.Response{NoChoices: true}, llm.ErrBadResponse},
		{"not an event stream", fakeopenai.Response{RawBody: "hello there"}, llm.ErrBadResponse},
		{"empty body", fakeopenai.Response{RawBody: " ", ContentType: sse}, llm.ErrBadResponse},
		{"error event", fakeopenai.Response{RawBody: "data: {\"error\":{\"message\":\"overloaded\"}}\n\n", ContentType: sse}, llm.ErrServer},
		{"chunk of wrong shape", fakeopenai.Response{RawBody: "data: {\"choices\":\"nope\"}\n\n", ContentType: sse}, llm.ErrBadResponse},
		{"html error page", fakeopenai.Response{Status: 502, RawBody: "<html>bad gateway</html>", ContentType: "text/html"}, llm.ErrServer},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fakeopenai.New(t)
			s.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return tt.resp })
			c := newTestClient(t, s, nil)
			_, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
			le := wantKind(t, err, tt.kind)
			if le.Purpose != llm.PurposeReply {
				t.Errorf("purpose = %q", le.Purpose)
			}
		})
	}
}
