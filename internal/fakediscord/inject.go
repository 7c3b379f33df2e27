package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// failure is an injected error answer for matching requests.
type failure struct {
	method   string
	pathPart string
	status   int
	header   http.Header
	body     []byte
	times    int
	// hang holds the request instead of answering it.
	hang bool
	// after lets the request take effect before answering the failure.
	after bool
	// skip lets that many matching requests through first.
	skip int
}

func (f *failure) matches(r *http.Request) bool {
	return f.times > 0 && (f.method == "" || f.method == r.Method) && strings.Contains(r.URL.Path, f.pathPart)
}

// RateLimitNext makes the next request with method whose path contains
// pathPart answer 429 with retry_after (and, when global, the global
// rate limit headers).
func (s *Server) RateLimitNext(method, pathPart string, retryAfter time.Duration, global bool) {
	secs := retryAfter.Seconds()
	body, _ := json.Marshal(map[string]any{
		"message":     "You are being rate limited.",
		"retry_after": secs,
		"global":      global,
	})
	h := http.Header{}
	h.Set("Retry-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Scope", "user")
	if global {
		h.Set("X-RateLimit-Global", "true")
		h.Set("X-RateLimit-Scope", "global")
	}
	s.addFailure(&failure{method: method, pathPart: pathPart, status: http.StatusTooManyRequests, header: h, body: body, times: 1})
}

// RateLimitBucketNext is RateLimitNext with the bucket headers Discord
// sends with it (X-RateLimit-Remaining 0, X-RateLimit-Reset-After), which
// make discordgo hold back later calls on the same bucket until the reset.
func (s *Server) RateLimitBucketNext(method, pathPart string, retryAfter time.Duration) {
	s.RateLimitNext(method, pathPart, retryAfter, false)
	s.mu.Lock()
	f := s.failures[len(s.failures)-1]
	f.header.Set("X-RateLimit-Remaining", "0")
	f.header.Set("X-RateLimit-Reset-After", strconv.FormatFloat(retryAfter.Seconds(), 'f', 3, 64))
	f.header.Set("X-RateLimit-Bucket", "fake-"+pathPart)
	s.mu.Unlock()
}

// HangNext makes the next `times` requests with method whose path
// contains pathPart hang: the fake answers only once the client gives up
// (its request context ends) or the server closes. The call is recorded
// when it arrives, with status 0.
func (s *Server) HangNext(method, pathPart string, times int) {
	s.addFailure(&failure{method: method, pathPart: pathPart, hang: true, times: times})
}

// FailNext makes the next `times` requests with method whose path
// contains pathPart answer status with a Discord JSON error of the given
// code and message.
func (s *Server) FailNext(method, pathPart string, times, status, code int, message string) {
	body, _ := json.Marshal(map[string]any{"message": message, "code": code})
	s.addFailure(&failure{method: method, pathPart: pathPart, status: status, body: body, times: times})
}

// FailNth makes the n-th request from now with method whose path contains
// pathPart (the n-th edit of a streamed reply, say) answer status.
func (s *Server) FailNth(method, pathPart string, n, status int) {
	body, _ := json.Marshal(map[string]any{"message": http.StatusText(status), "code": 0})
	s.addFailure(&failure{method: method, pathPart: pathPart, status: status, body: body, times: 1, skip: n - 1})
}

// FailAfterNext makes the next `times` requests with method whose path
// contains pathPart take effect (a create stores its message) and then
// answer status with a Discord JSON error, as an API whose answer was
// lost after it acted.
func (s *Server) FailAfterNext(method, pathPart string, times, status int) {
	body, _ := json.Marshal(map[string]any{"message": http.StatusText(status), "code": 0})
	s.addFailure(&failure{method: method, pathPart: pathPart, status: status, body: body, times: times, after: true})
}

func (s *Server) addFailure(f *failure) {
	s.mu.Lock()
	s.failures = append(s.failures, f)
	s.mu.Unlock()
}

// takeFailure consumes the first injected failure matching r; callers
// hold s.mu.
func (s *Server) takeFailureLocked(r *http.Request) *failure {
	for _, f := range s.failures {
		if f.matches(r) {
			if f.skip > 0 {
				f.skip--
				continue
			}
			f.times--
			return f
		}
	}
	return nil
}

func writeFailure(w http.ResponseWriter, f *failure) {
	for k, v := range f.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.status)
	_, _ = w.Write(f.body)
}

// writeError answers a Discord JSON error.
func writeError(w http.ResponseWriter, status, code int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": message, "code": code})
}

// ClearFailures removes every injected failure not yet used.
func (s *Server) ClearFailures() {
	s.mu.Lock()
	s.failures = nil
	s.mu.Unlock()
}
