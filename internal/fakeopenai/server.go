// Package fakeopenai is an in-process OpenAI-compatible HTTP server for tests.
//
// It serves chat completions (plain, streamed and structured), embeddings and
// the model list on 127.0.0.1, answers from a script the test controls, can
// inject every kind of failure a real endpoint produces (rate limits, server
// errors, bad credentials, slowness, hangs, malformed bodies) and records every
// request, so suites can drive the real openai-go client without a network.
//
// Paths are accepted with and without the /v1 prefix, so a client configured
// with either URL() or URL() minus "/v1" works.
//
// A typical test:
//
//	srv := fakeopenai.New(t)
//	srv.OnSchema("extract_memories", func(req *fakeopenai.ChatRequest) fakeopenai.Response {
//		return fakeopenai.Text(`{"memories":[]}`)
//	})
//	srv.Enqueue(fakeopenai.RateLimited(time.Millisecond)) // first call fails once
//	client := newClientFor(srv.URL())                      // the real SDK
//	...
//	if srv.CountBySchema("extract_memories") != 1 { t.Fatal("no extraction call") }
//
// Answers are chosen in this order: the Enqueue queue, a handler registered
// with OnSchema for the request's schema name, the SetHandler handler, then
// Default.
package fakeopenai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// DefaultDims is the length of the embedding vectors when neither the server
// options nor the request choose one.
const DefaultDims = 64

// DefaultModel is the model name listed by /models when none is configured.
const DefaultModel = "fake-model"

// maxBody bounds a request body so a runaway test cannot exhaust memory.
const maxBody = 32 << 20

// Kind tells which endpoint a recorded request went to.
type Kind string

// The endpoints the server distinguishes.
const (
	KindChat       Kind = "chat"
	KindEmbeddings Kind = "embeddings"
	KindModels     Kind = "models"
	KindUnknown    Kind = "unknown"
)

// Request is one HTTP request the server received, recorded before it was
// answered, so tests can assert on what the client really sent.
type Request struct {
	Kind   Kind
	Method string
	Path   string
	Header http.Header
	Body   []byte
	// Chat is the parsed body of a chat completion request (nil otherwise or
	// when the body did not parse).
	Chat *ChatRequest
	// Embedding is the parsed body of an embeddings request (nil otherwise
	// or when the body did not parse).
	Embedding *EmbeddingRequest
}

func (r Request) clone() Request {
	out := r
	out.Header = r.Header.Clone()
	out.Body = slices.Clone(r.Body)
	if r.Chat != nil {
		out.Chat = r.Chat.clone()
	}
	if r.Embedding != nil {
		out.Embedding = r.Embedding.clone()
	}
	return out
}

// ChatHandler decides the answer to one chat completion request.
type ChatHandler func(req *ChatRequest) Response

// EmbeddingHandler decides the answer to one embeddings request. A Response
// with no failure set and no Vectors gets the deterministic vectors.
type EmbeddingHandler func(req *EmbeddingRequest) Response

// Option configures a Server at creation.
type Option func(*Server)

// WithEmbeddingDims sets the default vector length (DefaultDims when n <= 0).
func WithEmbeddingDims(n int) Option {
	return func(s *Server) {
		if n > 0 {
			s.dims = n
		}
	}
}

// WithModels sets the model names listed by /models.
func WithModels(names ...string) Option {
	return func(s *Server) {
		if len(names) > 0 {
			s.models = slices.Clone(names)
		}
	}
}

// WithAPIKey makes the server answer 401 to requests that do not carry
// "Authorization: Bearer key", to exercise credential failures.
func WithAPIKey(key string) Option {
	return func(s *Server) { s.apiKey = key }
}

// WithChatHandler sets the initial chat handler (see SetHandler).
func WithChatHandler(fn ChatHandler) Option {
	return func(s *Server) { s.handler = fn }
}

// Server is a running fake endpoint. All methods are safe for concurrent use,
// including from inside handlers.
type Server struct {
	srv       *httptest.Server
	dims      int
	models    []string
	apiKey    string
	done      chan struct{}
	closeOnce sync.Once

	mu           sync.Mutex
	handler      ChatHandler
	schemas      map[string]ChatHandler
	queue        []Response
	embedHandler EmbeddingHandler
	embedQueue   []Response
	requests     []Request
	changed      chan struct{}
	seq          int
}

// New starts a server on 127.0.0.1 and stops it when the test ends.
func New(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s := &Server{
		dims:    DefaultDims,
		models:  []string{DefaultModel},
		done:    make(chan struct{}),
		schemas: make(map[string]ChatHandler),
		changed: make(chan struct{}),
	}
	for _, opt := range opts {
		opt(s)
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	tb.Cleanup(s.Close)
	return s
}

// URL is the base URL to give a client, ending in /v1.
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Close stops the server, ending hanging and slow answers at once. It is
// idempotent and also runs automatically at the end of the test.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.done)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// SetHandler replaces the chat handler used when neither the queue nor a
// schema handler answers; nil restores the default (see Default).
func (s *Server) SetHandler(fn ChatHandler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handler = fn
}

// OnSchema answers structured-output requests whose
// response_format.json_schema.name equals name; nil removes the handler.
// Schema handlers take precedence over the handler set with SetHandler.
func (s *Server) OnSchema(name string, fn ChatHandler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if fn == nil {
		delete(s.schemas, name)
		return
	}
	s.schemas[name] = fn
}

// Enqueue appends chat answers consumed one per request, in order, before
// any handler is asked.
func (s *Server) Enqueue(resps ...Response) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, resps...)
}

// SetEmbeddingHandler replaces the embeddings handler; nil restores the
// deterministic vectors.
func (s *Server) SetEmbeddingHandler(fn EmbeddingHandler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.embedHandler = fn
}

// EnqueueEmbedding appends embeddings answers consumed one per request, in
// order, before the embeddings handler is asked.
func (s *Server) EnqueueEmbedding(resps ...Response) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.embedQueue = append(s.embedQueue, resps...)
}

// Reset forgets the recorded requests and the queued answers; handlers stay.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = nil
	s.queue = nil
	s.embedQueue = nil
}

// Requests returns a copy of every request received, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.requests))
	for i, r := range s.requests {
		out[i] = r.clone()
	}
	return out
}

// Count returns how many requests of kind were received.
func (s *Server) Count(kind Kind) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.countLocked(kind)
}

func (s *Server) countLocked(kind Kind) int {
	n := 0
	for _, r := range s.requests {
		if r.Kind == kind {
			n++
		}
	}
	return n
}

// ChatRequests returns the parsed chat completion requests, in order.
func (s *Server) ChatRequests() []ChatRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []ChatRequest
	for _, r := range s.requests {
		if r.Chat != nil {
			out = append(out, *r.Chat.clone())
		}
	}
	return out
}

// EmbeddingRequests returns the parsed embeddings requests, in order.
func (s *Server) EmbeddingRequests() []EmbeddingRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []EmbeddingRequest
	for _, r := range s.requests {
		if r.Embedding != nil {
			out = append(out, *r.Embedding.clone())
		}
	}
	return out
}

// LastChat returns the most recent parsed chat request, if any.
func (s *Server) LastChat() (ChatRequest, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.requests) - 1; i >= 0; i-- {
		if c := s.requests[i].Chat; c != nil {
			return *c.clone(), true
		}
	}
	return ChatRequest{}, false
}

// LastSystemPrompt returns the system text of the most recent chat request,
// or "" when there was none.
func (s *Server) LastSystemPrompt() string {
	c, ok := s.LastChat()
	if !ok {
		return ""
	}
	return c.System()
}

// CountBySchema returns how many chat requests asked for structured output
// with the schema called name.
func (s *Server) CountBySchema(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if r.Chat != nil && r.Chat.SchemaName == name {
			n++
		}
	}
	return n
}

// WaitFor blocks until at least n requests of kind have been received, the
// context ends or the server closes; it lets tests of asynchronous code wait
// for a model call without sleeping.
func (s *Server) WaitFor(ctx context.Context, kind Kind, n int) error {
	for {
		s.mu.Lock()
		got := s.countLocked(kind)
		ch := s.changed
		s.mu.Unlock()
		if got >= n {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("wait for %d %s requests (have %d): %w", n, kind, got, ctx.Err())
		case <-s.done:
			return fmt.Errorf("wait for %d %s requests (have %d): server closed", n, kind, got)
		}
	}
}

func (s *Server) record(r Request) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r)
	s.seq++
	close(s.changed)
	s.changed = make(chan struct{})
	return s.seq
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	rec := Request{
		Kind:   routeKind(r.Method, r.URL.Path),
		Method: r.Method,
		Path:   r.URL.Path,
		Header: r.Header.Clone(),
		Body:   body,
	}
	if err != nil {
		s.record(rec)
		status := http.StatusBadRequest
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			status = http.StatusRequestEntityTooLarge
		}
		writeError(w, Response{Status: status, Message: "read body: " + err.Error()})
		return
	}
	if s.apiKey != "" && r.Header.Get("Authorization") != "Bearer "+s.apiKey {
		s.record(rec)
		writeError(w, Response{Status: http.StatusUnauthorized, Message: "Incorrect API key provided."})
		return
	}
	switch rec.Kind {
	case KindChat:
		s.serveChat(w, r, rec)
	case KindEmbeddings:
		s.serveEmbeddings(w, r, rec)
	case KindModels:
		s.record(rec)
		s.serveModels(w)
	default:
		s.record(rec)
		writeError(w, Response{Status: http.StatusNotFound, Message: "unknown path " + r.URL.Path})
	}
}

func routeKind(method, path string) Kind {
	p := strings.TrimSuffix(strings.TrimPrefix(path, "/v1"), "/")
	switch {
	case p == "/chat/completions" && method == http.MethodPost:
		return KindChat
	case p == "/embeddings" && method == http.MethodPost:
		return KindEmbeddings
	case p == "/models" && method == http.MethodGet:
		return KindModels
	}
	return KindUnknown
}

func (s *Server) serveModels(w http.ResponseWriter) {
	type model struct {
		ID      string `json:"id"`
		Object  string `json:"object"`
		Created int64  `json:"created"`
		OwnedBy string `json:"owned_by"`
	}
	list := struct {
		Object string  `json:"object"`
		Data   []model `json:"data"`
	}{Object: "list"}
	for _, m := range s.models {
		list.Data = append(list.Data, model{ID: m, Object: "model", Created: fixedCreated, OwnedBy: "fakeopenai"})
	}
	writeJSON(w, http.StatusOK, list)
}

// pause waits out a delay or a hang; it reports false when the client went
// away or the server is closing, in which case the answer must be abandoned.
func (s *Server) pause(ctx context.Context, d time.Duration, hang bool) bool {
	if hang {
		select {
		case <-ctx.Done():
		case <-s.done:
		}
		return false
	}
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	case <-s.done:
		return false
	}
}
