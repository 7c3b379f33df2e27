package openai

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"syscall"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/ssestream"

	"github.com/membot/membot/memory/llm"
)

// maxRetryAfter bounds a server's retry hint so a hostile header cannot
// overflow a duration.
const maxRetryAfter = 24 * time.Hour

// maxServerMessage bounds how much of a server's error message is kept.
const maxServerMessage = 300

func badRequest(p llm.Purpose, err error) *llm.Error {
	return &llm.Error{Kind: llm.ErrBadRequest, Purpose: p, Err: err}
}

func badResponse(p llm.Purpose, err error) *llm.Error {
	return &llm.Error{Kind: llm.ErrBadResponse, Purpose: p, Err: err}
}

// classify turns whatever the SDK or the transport returned into an
// *llm.Error of the right kind. resp is the last HTTP response, when the
// caller captured one; it supplies the status when the error body could not
// be decoded.
func classify(p llm.Purpose, err error, resp *http.Response) *llm.Error {
	var le *llm.Error
	if errors.As(err, &le) {
		return le
	}
	e := &llm.Error{Purpose: p, Err: err}
	status := 0
	var header http.Header
	var apiErr *oai.Error
	switch {
	case errors.As(err, &apiErr):
		status = apiErr.StatusCode
		if apiErr.Response != nil {
			header = apiErr.Response.Header
		}
		if msg := apiErr.Message; msg != "" {
			if len(msg) > maxServerMessage {
				msg = msg[:maxServerMessage] + "…"
			}
			e.Err = fmt.Errorf("%w: %s", err, msg)
		}
	case resp != nil && resp.StatusCode >= 400:
		status = resp.StatusCode
		header = resp.Header
	}
	if status != 0 {
		e.Status = status
		e.Kind = kindOfStatus(status)
		e.RetryAfter = retryAfter(header, time.Now())
		return e
	}
	var streamErr *ssestream.StreamError
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled),
		errors.Is(err, os.ErrDeadlineExceeded), isNetTimeout(err):
		e.Kind = llm.ErrTimeout
	case errors.As(err, &streamErr):
		e.Kind = llm.ErrServer
	case errors.Is(err, io.ErrUnexpectedEOF):
		e.Kind = llm.ErrBadResponse
	case isUnreachable(err):
		e.Kind = llm.ErrUnreachable
	default:
		e.Kind = llm.ErrBadResponse
	}
	return e
}

func kindOfStatus(status int) error {
	switch {
	case status == http.StatusTooManyRequests:
		return llm.ErrRateLimited
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return llm.ErrAuth
	case status == http.StatusRequestTimeout || status == http.StatusGatewayTimeout:
		return llm.ErrTimeout
	case status >= 500:
		return llm.ErrServer
	case status >= 400:
		return llm.ErrBadRequest
	}
	return llm.ErrBadResponse
}

func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// isUnreachable reports transport failures that happened before any answer:
// refused or reset connections, DNS failures, dial errors.
func isUnreachable(err error) bool {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	var urlErr *url.Error
	return errors.As(err, &dnsErr) || errors.As(err, &opErr) || errors.As(err, &urlErr) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET)
}

// retryAfter reads the server's hint: retry-after-ms, then Retry-After in
// seconds or as an HTTP date. Absent, malformed or negative hints give 0.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if h == nil {
		return 0
	}
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil {
			return clampHint(ms * float64(time.Millisecond))
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		return clampHint(secs * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		return clampHint(float64(t.Sub(now)))
	}
	return 0
}

func clampHint(d float64) time.Duration {
	switch {
	case math.IsNaN(d) || d <= 0:
		return 0
	case d >= float64(maxRetryAfter):
		return maxRetryAfter
	}
	return time.Duration(d)
}
