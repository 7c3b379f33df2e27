package fakeopenai

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// newClient is the real SDK pointed at s, without retries and without
// reading the environment's OPENAI_* settings.
func newClient(base string, opts ...option.RequestOption) *oai.Client {
	all := []option.RequestOption{
		option.WithBaseURL(base),
		option.WithAPIKey("test-key"),
		option.WithMaxRetries(0),
	}
	c := oai.NewClient(append(all, opts...)...)
	return &c
}

func chatParams(user string) oai.ChatCompletionNewParams {
	return oai.ChatCompletionNewParams{
		Model:    "fake-model",
		Messages: []oai.ChatCompletionMessageParamUnion{oai.SystemMessage("be brief"), oai.UserMessage(user)},
	}
}

func TestPathsWithAndWithoutV1(t *testing.T) {
	s := New(t)
	for _, base := range []string{s.URL(), strings.TrimSuffix(s.URL(), "/v1")} {
		t.Run(base, func(t *testing.T) {
			c := newClient(base)
			ctx := context.Background()
			got, err := c.Chat.Completions.New(ctx, chatParams("hi"))
			if err != nil {
				t.Fatalf("chat: %v", err)
			}
			if len(got.Choices) != 1 || got.Choices[0].Message.Content != "echo: hi" {
				t.Fatalf("chat answer = %+v", got.Choices)
			}
			emb, err := c.Embeddings.New(ctx, oai.EmbeddingNewParams{
				Model: "fake-embed",
				Input: oai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: []string{"a b"}},
			})
			if err != nil {
				t.Fatalf("embeddings: %v", err)
			}
			if len(emb.Data) != 1 || len(emb.Data[0].Embedding) != DefaultDims {
				t.Fatalf("embeddings answer = %d items", len(emb.Data))
			}
			models, err := c.Models.List(ctx)
			if err != nil {
				t.Fatalf("models: %v", err)
			}
			if len(models.Data) != 1 || models.Data[0].ID != DefaultModel {
				t.Fatalf("models = %+v", models.Data)
			}
		})
	}
	reqs := s.Requests()
	wantKinds := []Kind{KindChat, KindEmbeddings, KindModels, KindChat, KindEmbeddings, KindModels}
	if len(reqs) != len(wantKinds) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(wantKinds))
	}
	for i, k := range wantKinds {
		if reqs[i].Kind != k {
			t.Errorf("request %d kind = %s, want %s", i, reqs[i].Kind, k)
		}
	}
	if !strings.HasPrefix(reqs[0].Path, "/v1/") || strings.HasPrefix(reqs[3].Path, "/v1/") {
		t.Errorf("paths = %q, %q", reqs[0].Path, reqs[3].Path)
	}
}

func TestUnknownPathIs404AndRecorded(t *testing.T) {
	s := New(t)
	resp, err := http.Get(s.URL() + "/nothing")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Fatalf("status = %d", resp.StatusCode)
	}
	if s.Count(KindUnknown) != 1 {
		t.Fatalf("unknown count = %d", s.Count(KindUnknown))
	}
}

func TestMalformedChatBodyIs400(t *testing.T) {
	s := New(t)
	for _, body := range []string{"", "{", `{"model":"m"}`, `{"messages":[{"role":"user","content":"x"}]}`, `{"model":"m","messages":[{"role":"user","content":5}]}`} {
		resp, err := http.Post(s.URL()+"/chat/completions", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("body %q: status = %d, want 400", body, resp.StatusCode)
		}
	}
}

func TestAPIKeyChecked(t *testing.T) {
	s := New(t, WithAPIKey("right"))
	_, err := newClient(s.URL(), option.WithAPIKey("wrong")).Chat.Completions.New(context.Background(), chatParams("x"))
	var apiErr *oai.Error
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusUnauthorized {
		t.Fatalf("err = %v, want 401", err)
	}
	if _, err := newClient(s.URL(), option.WithAPIKey("right")).Chat.Completions.New(context.Background(), chatParams("x")); err != nil {
		t.Fatalf("right key: %v", err)
	}
}

func TestResetForgetsRequestsAndQueues(t *testing.T) {
	s := New(t)
	s.Enqueue(Text("queued"))
	s.EnqueueEmbedding(Status(500))
	c := newClient(s.URL())
	if _, err := c.Models.List(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Reset()
	if n := len(s.Requests()); n != 0 {
		t.Fatalf("requests after reset = %d", n)
	}
	got, err := c.Chat.Completions.New(context.Background(), chatParams("after"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Choices[0].Message.Content != "echo: after" {
		t.Fatalf("queue survived reset: %q", got.Choices[0].Message.Content)
	}
}

func TestRequestsIsACopy(t *testing.T) {
	s := New(t)
	if _, err := newClient(s.URL()).Chat.Completions.New(context.Background(), chatParams("orig")); err != nil {
		t.Fatal(err)
	}
	reqs := s.Requests()
	reqs[0].Chat.Messages[1].Content = "changed"
	reqs[0].Body[0] = 'X'
	again := s.Requests()
	if again[0].Chat.Messages[1].Content != "orig" || again[0].Body[0] == 'X' {
		t.Fatal("Requests exposed internal state")
	}
}

func TestWaitFor(t *testing.T) {
	s := New(t)
	go func() {
		_, _ = newClient(s.URL()).Chat.Completions.New(context.Background(), chatParams("async"))
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.WaitFor(ctx, KindChat, 1); err != nil {
		t.Fatal(err)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel2()
	if err := s.WaitFor(short, KindEmbeddings, 1); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("wait for missing request = %v", err)
	}
}

func TestCloseEndsHangingRequest(t *testing.T) {
	s := New(t)
	s.Enqueue(Response{Hang: true})
	errc := make(chan error, 1)
	go func() {
		_, err := newClient(s.URL()).Chat.Completions.New(context.Background(), chatParams("hang"))
		errc <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.WaitFor(ctx, KindChat, 1); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx.Done():
		t.Fatal("Close blocked on a hanging request")
	}
	select {
	case err := <-errc:
		if err == nil {
			t.Fatal("hanging request succeeded")
		}
	case <-ctx.Done():
		t.Fatal("client never saw the hang end")
	}
	s.Close() // idempotent
}
