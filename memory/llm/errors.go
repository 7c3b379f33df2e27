package llm

import (
	"errors"
	"fmt"
	"time"
)

// Error kinds, checked with errors.Is on an *Error.
var (
	ErrRateLimited  = errors.New("model rate limited")
	ErrServer       = errors.New("model server error")
	ErrTimeout      = errors.New("model timed out")
	ErrUnreachable  = errors.New("model endpoint unreachable")
	ErrAuth         = errors.New("model refused the credentials")
	ErrBadRequest   = errors.New("model rejected the request")
	ErrBadResponse  = errors.New("model answer malformed")
	ErrNoEmbeddings = errors.New("no embedding model configured")
)

// Error is a failed model call, after the client's own bounded retries.
type Error struct {
	// Kind is one of the Err* sentinels of this package.
	Kind error
	// Status is the HTTP status, when there was one.
	Status int
	// RetryAfter is the server's hint, when it gave one.
	RetryAfter time.Duration
	// Purpose is what the call was for.
	Purpose Purpose
	// Err is the underlying cause.
	Err error
}

// Error says which call failed, how, and why.
func (e *Error) Error() string {
	msg := fmt.Sprintf("%s call: %v", e.Purpose, e.Kind)
	if e.Status != 0 {
		msg += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap exposes both the kind and the cause to errors.Is / errors.As.
func (e *Error) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// Retryable reports whether err is a transient model failure worth trying
// again later (rate limits, server errors, time-outs, unreachable).
func Retryable(err error) bool {
	return errors.Is(err, ErrRateLimited) || errors.Is(err, ErrServer) ||
		errors.Is(err, ErrTimeout) || errors.Is(err, ErrUnreachable)
}
