package openai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

func TestRateLimitRetriedThenSucceeds(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.RateLimited(2 * time.Millisecond))
	c := newTestClient(t, s, func(o *Options) { o.MaxRetryDelay = time.Second })
	text, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if text != "echo: hi" {
		t.Fatalf("text = %q", text)
	}
	reqs := s.Requests()
	if len(reqs) != 2 || reqs[1].Header.Get("X-Stainless-Retry-Count") != "1" {
		t.Fatalf("requests = %d", len(reqs))
	}
}

func TestRetryAfterBeyondCapSurfacesHint(t *testing.T) {
	s := fakeopenai.New(t)
	s.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.RateLimited(30 * time.Second) })
	c := newTestClient(t, s, nil)
	_, _, err := c.JSON(context.Background(), userRequest(llm.PurposeExtraction, "x"), extractSchema)
	le := wantKind(t, err, llm.ErrRateLimited)
	if le.RetryAfter != 30*time.Second || le.Status != 429 || !llm.Retryable(err) {
		t.Fatalf("error = %+v", le)
	}
	if n := s.Count(fakeopenai.KindChat); n != 1 {
		t.Fatalf("a 30 s hint was retried: %d requests", n)
	}
}

func TestPersistentServerErrorIsBounded(t *testing.T) {
	tests := []struct {
		name       string
		maxRetries int
		want       int
	}{
		{"default retries", 0, DefaultMaxRetries + 1},
		{"three retries", 3, 4},
		{"no retries", -1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fakeopenai.New(t)
			s.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Status(500) })
			s.SetEmbeddingHandler(func(*fakeopenai.EmbeddingRequest) fakeopenai.Response { return fakeopenai.Status(503) })
			c := newTestClient(t, s, func(o *Options) { o.MaxRetries = tt.maxRetries })
			_, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
			if le := wantKind(t, err, llm.ErrServer); le.Status != 500 {
				t.Fatalf("status = %d", le.Status)
			}
			_, err = c.Embed(context.Background(), []string{"x"})
			wantKind(t, err, llm.ErrServer)
			if got := s.Count(fakeopenai.KindChat); got != tt.want {
				t.Fatalf("chat attempts = %d, want %d", got, tt.want)
			}
			if got := s.Count(fakeopenai.KindEmbeddings); got != tt.want {
				t.Fatalf("embedding attempts = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestTimeoutIsReportedNotRetried(t *testing.T) {
	s := fakeopenai.New(t)
	s.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Response{Hang: true} })
	s.SetEmbeddingHandler(func(*fakeopenai.EmbeddingRequest) fakeopenai.Response { return fakeopenai.Response{Hang: true} })
	c := newTestClient(t, s, func(o *Options) { o.Timeout = 50 * time.Millisecond })
	ctx := context.Background()
	_, _, err := c.Stream(ctx, userRequest(llm.PurposeReply, "hi"), nil)
	wantKind(t, err, llm.ErrTimeout)
	_, _, err = c.JSON(ctx, userRequest(llm.PurposeExtraction, "hi"), extractSchema)
	wantKind(t, err, llm.ErrTimeout)
	_, err = c.Embed(ctx, []string{"x"})
	wantKind(t, err, llm.ErrTimeout)
	if n := len(s.Requests()); n != 3 {
		t.Fatalf("requests = %d, want one per call", n)
	}
}

func TestSlowStreamTimesOut(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Response{Content: "slow answer", Chunks: 3, ChunkDelay: time.Hour})
	c := newTestClient(t, s, func(o *Options) { o.Timeout = 50 * time.Millisecond })
	_, _, err := c.Stream(context.Background(), userRequest(llm.PurposeReply, "hi"), nil)
	wantKind(t, err, llm.ErrTimeout)
}

func TestCallerCancellationIsTimeoutKind(t *testing.T) {
	s := fakeopenai.New(t)
	s.Enqueue(fakeopenai.Response{Hang: true})
	c := newTestClient(t, s, nil)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		_ = s.WaitFor(context.Background(), fakeopenai.KindChat, 1)
		cancel()
	}()
	_, _, err := c.Stream(ctx, userRequest(llm.PurposeReply, "hi"), nil)
	wantKind(t, err, llm.ErrTimeout)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cause lost: %v", err)
	}
}

func TestRefusedConnectionIsUnreachable(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	c, err := New(Options{BaseURL: "http://" + addr + "/v1", Model: "m", EmbeddingModel: "e", MaxRetryDelay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	_, _, err = c.Stream(ctx, userRequest(llm.PurposeReply, "hi"), nil)
	wantKind(t, err, llm.ErrUnreachable)
	_, _, err = c.JSON(ctx, userRequest(llm.PurposeExtraction, "hi"), extractSchema)
	wantKind(t, err, llm.ErrUnreachable)
	_, err = c.Embed(ctx, []string{"x"})
	wantKind(t, err, llm.ErrUnreachable)
}

func TestMeterCountsPerPurpose(t *testing.T) {
	s := fakeopenai.New(t)
	meter := &llm.Meter{}
	c := newTestClient(t, s, func(o *Options) { o.Meter = meter; o.MaxRetries = -1 })
	ctx := context.Background()
	s.Enqueue(
		fakeopenai.Response{Content: "reply", Usage: &fakeopenai.Usage{PromptTokens: 10, CompletionTokens: 2}},
		fakeopenai.Response{Content: "reply", Usage: &fakeopenai.Usage{PromptTokens: 20, CompletionTokens: 3}},
		fakeopenai.Response{Content: `{"memories":[]}`, Usage: &fakeopenai.Usage{PromptTokens: 100, CompletionTokens: 5}},
		fakeopenai.Status(500),
	)
	for range 2 {
		if _, _, err := c.Stream(ctx, userRequest(llm.PurposeReply, "hi"), nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := c.JSON(ctx, userRequest(llm.PurposeExtraction, "x"), extractSchema); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.JSON(ctx, userRequest(llm.PurposeReconcile, "x"), extractSchema); err == nil {
		t.Fatal("want the scripted 500")
	}
	if _, err := c.Embed(ctx, []string{"abcdefgh"}); err != nil {
		t.Fatal(err)
	}
	got := meter.Snapshot()
	want := map[llm.Purpose]llm.Counts{
		llm.PurposeReply:      {Calls: 2, PromptTokens: 30, CompletionTokens: 5},
		llm.PurposeExtraction: {Calls: 1, PromptTokens: 100, CompletionTokens: 5},
		llm.PurposeReconcile:  {Calls: 1, Failures: 1},
		llm.PurposeEmbedding:  {Calls: 1, PromptTokens: 2},
	}
	if len(got) != len(want) {
		t.Fatalf("meter = %+v", got)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: %+v, want %+v", p, got[p], w)
		}
	}
}

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		header http.Header
		want   time.Duration
	}{
		{"none", http.Header{}, 0},
		{"nil", nil, 0},
		{"milliseconds win", http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"9"}}, 250 * time.Millisecond},
		{"seconds", http.Header{"Retry-After": {"3"}}, 3 * time.Second},
		{"fractional seconds", http.Header{"Retry-After": {"1.5"}}, 1500 * time.Millisecond},
		{"http date", http.Header{"Retry-After": {now.Add(20 * time.Second).Format(http.TimeFormat)}}, 20 * time.Second},
		{"past date", http.Header{"Retry-After": {now.Add(-time.Hour).Format(http.TimeFormat)}}, 0},
		{"negative", http.Header{"Retry-After": {"-5"}}, 0},
		{"garbage", http.Header{"Retry-After": {"soon"}}, 0},
		{"NaN", http.Header{"Retry-After-Ms": {"NaN"}}, 0},
		{"huge", http.Header{"Retry-After": {"1e300"}}, maxRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retryAfter(tt.header, now); got != tt.want {
				t.Fatalf("retryAfter = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestClassifyTransportErrors(t *testing.T) {
	tests := []struct {
		name string
		err  error
		kind error
	}{
		{"deadline", fmt.Errorf("wrapped: %w", context.DeadlineExceeded), llm.ErrTimeout},
		{"canceled", context.Canceled, llm.ErrTimeout},
		{"dns", &url.Error{Op: "Post", URL: "http://x", Err: &net.DNSError{Err: "no such host", Name: "x", IsNotFound: true}}, llm.ErrUnreachable},
		{"dial", &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}, llm.ErrUnreachable},
		{"net timeout", &url.Error{Op: "Post", URL: "http://x", Err: &net.DNSError{Err: "timeout", IsTimeout: true}}, llm.ErrTimeout},
		{"cut body", fmt.Errorf("read: %w", io.ErrUnexpectedEOF), llm.ErrBadResponse},
		{"unknown", errors.New("error parsing response json"), llm.ErrBadResponse},
		{"already classified", &llm.Error{Kind: llm.ErrAuth}, llm.ErrAuth},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			le := classify(llm.PurposeReply, tt.err, nil)
			if !errors.Is(le, tt.kind) {
				t.Fatalf("kind = %v, want %v", le.Kind, tt.kind)
			}
		})
	}
	resp := &http.Response{StatusCode: 503, Header: http.Header{"Retry-After": {"2"}}}
	le := classify(llm.PurposeReply, errors.New("undecodable error body"), resp)
	if !errors.Is(le, llm.ErrServer) || le.Status != 503 || le.RetryAfter != 2*time.Second {
		t.Fatalf("status fallback = %+v", le)
	}
}
