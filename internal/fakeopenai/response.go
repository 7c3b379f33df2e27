package fakeopenai

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// fixedCreated is the "created" timestamp of every answer, so answers are
// byte-for-byte reproducible.
const fixedCreated = 1700000000

// Usage is the token count the server reports for an answer.
type Usage struct {
	PromptTokens     int
	CompletionTokens int
}

// Response scripts one answer. The zero value is a successful answer with
// empty content; failures are injected by setting Status, Hang, Garbage,
// Truncate or RawBody.
type Response struct {
	// Content is the assistant's text (chat only).
	Content string
	// Refusal, when set, is sent as the assistant's refusal (chat only).
	Refusal string
	// FinishReason defaults to "stop".
	FinishReason string
	// NoChoices sends a well-formed answer with an empty choices list.
	NoChoices bool

	// Status, when >= 300, sends an OpenAI-style error body with this code.
	Status int
	// Message is the error message for Status (a default is derived).
	Message string
	// RetryAfter sets the retry-after-ms header and Retry-After in whole
	// seconds (rounded up).
	RetryAfter time.Duration
	// Header is added to the answer, whatever it is.
	Header http.Header
	// RawBody, when set, is written verbatim (status Status or 200,
	// content type ContentType or application/json).
	RawBody     string
	ContentType string

	// Delay postpones the answer; the request context is honoured.
	Delay time.Duration
	// Hang never answers: the handler waits until the client gives up or
	// the server closes, then drops the connection.
	Hang bool
	// Garbage sends a body that is not valid JSON (for a stream: one good
	// chunk, then an event whose data is cut off mid-JSON).
	Garbage bool
	// Truncate ends a stream after the content chunks, without a finish
	// chunk or [DONE], as if the connection dropped; a non-streamed answer
	// is cut in half.
	Truncate bool

	// Chunks splits a streamed Content into this many deltas (on rune
	// boundaries); 0 means up to 4.
	Chunks int
	// ChunkDelay is waited before each streamed delta.
	ChunkDelay time.Duration

	// Usage overrides the token counts (by default estimated from text).
	Usage *Usage
	// NoUsage omits usage from the answer, like some local servers.
	NoUsage bool

	// Vectors overrides the embedding vectors (embeddings only).
	Vectors [][]float32
}

// Text is a successful chat answer with content.
func Text(content string) Response { return Response{Content: content} }

// Status is an error answer with the given HTTP status.
func Status(code int) Response { return Response{Status: code} }

// RateLimited is a 429 answer carrying a retry hint.
func RateLimited(after time.Duration) Response {
	return Response{Status: http.StatusTooManyRequests, RetryAfter: after}
}

// failed reports whether the answer is an HTTP error.
func (r Response) failed() bool { return r.Status >= 300 }

// applyHeaders writes the scripted headers; it must run before WriteHeader.
func (r Response) applyHeaders(w http.ResponseWriter) {
	for k, vs := range r.Header {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	if r.RetryAfter > 0 {
		w.Header().Set("retry-after-ms", strconv.FormatInt(r.RetryAfter.Milliseconds(), 10))
		secs := int64((r.RetryAfter + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
	}
}

// writeRaw sends RawBody as scripted.
func (r Response) writeRaw(w http.ResponseWriter) {
	ct := r.ContentType
	if ct == "" {
		ct = "application/json"
	}
	status := r.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	_, _ = w.Write([]byte(r.RawBody))
}

// writeError sends an OpenAI-style error body.
func writeError(w http.ResponseWriter, r Response) {
	r.applyHeaders(w)
	typ, code := "invalid_request_error", ""
	switch {
	case r.Status == http.StatusTooManyRequests:
		typ, code = "requests", "rate_limit_exceeded"
	case r.Status == http.StatusUnauthorized:
		code = "invalid_api_key"
	case r.Status >= 500:
		typ = "server_error"
	}
	msg := r.Message
	if msg == "" {
		msg = http.StatusText(r.Status)
		if msg == "" {
			msg = "error " + strconv.Itoa(r.Status)
		}
	}
	body := map[string]any{"error": map[string]any{
		"message": msg, "type": typ, "param": nil, "code": nullable(code),
	}}
	writeJSON(w, r.Status, body)
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "encode answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// estimateTokens is a deterministic stand-in for a tokenizer: one token
// per four runes, at least one for non-empty text.
func estimateTokens(s string) int {
	n := 0
	for range s {
		n++
	}
	if n == 0 {
		return 0
	}
	return (n + 3) / 4
}
