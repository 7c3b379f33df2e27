package telegram

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"
)

const (
	baseBackoff = 300 * time.Millisecond
	maxBackoff  = 5 * time.Second
)

// call runs one idempotent Bot API call (an edit, a chat action, a
// query), retrying flood control (429, waiting what Telegram asks for),
// 5xx and network errors with back-off, at most MaxAttempts times and
// never past ctx. Each attempt is bounded by RequestTimeout. The error
// returned names the method and never holds the token.
func (a *Adapter) call(ctx context.Context, method string, fn func(context.Context) error) error {
	return a.retry(ctx, method, a.opts.MaxAttempts, true, fn)
}

// callN is call with at most attempts attempts.
func (a *Adapter) callN(ctx context.Context, method string, attempts int, fn func(context.Context) error) error {
	return a.retry(ctx, method, attempts, true, fn)
}

// post runs a Bot API call that creates a message (sendMessage,
// sendDocument). Repeating one whose answer was lost would post the
// message twice, so it retries flood control, requests that never left
// this host (dial and DNS failures), and once a 5xx answer (Telegram said
// it failed). A timeout after the request was sent ends it.
func (a *Adapter) post(ctx context.Context, method string, fn func(context.Context) error) error {
	return a.retry(ctx, method, a.opts.MaxAttempts, false, fn)
}

// retry runs fn at most attempts times, waiting at most MaxRetryAfter in
// all between them; idempotent says whether failures that may have
// reached Telegram are worth repeating (a call that is not is repeated
// after one 5xx answer, never after a second).
func (a *Adapter) retry(ctx context.Context, method string, attempts int, idempotent bool, fn func(context.Context) error) error {
	var err error
	serverErrors := 0
	var waited time.Duration // in total, bounded by MaxRetryAfter
	for attempt := 1; ; attempt++ {
		actx, cancel := context.WithTimeout(ctx, a.opts.RequestTimeout)
		err = fn(actx)
		cancel()
		if err == nil {
			return nil
		}
		if attempt >= attempts || ctx.Err() != nil {
			break
		}
		wait, ok := a.retryDelay(err, attempt, idempotent)
		if !ok && !idempotent && isServerAnswer(err) && serverErrors == 0 {
			wait, ok = backoff(attempt), true
		}
		if isServerAnswer(err) {
			serverErrors++
		}
		if !ok || waited+wait > a.opts.MaxRetryAfter {
			break
		}
		waited += wait
		a.log.Debug("telegram call failed, retrying", "method", method, "attempt", attempt, "wait", wait, "err", a.redact.err(err))
		if serr := a.sleep(ctx, wait); serr != nil {
			break
		}
	}
	return a.redact.err(fmt.Errorf("telegram %s: %w", method, err))
}

// retryDelay says whether err is worth another attempt, and after how
// long. Only flood control and undelivered requests are retried when the
// call is not idempotent.
func (a *Adapter) retryDelay(err error, attempt int, idempotent bool) (time.Duration, bool) {
	if secs, ok := retryAfter(err); ok {
		wait := time.Duration(secs) * time.Second
		if wait > a.opts.MaxRetryAfter {
			return 0, false
		}
		return wait, true
	}
	if isTransient(err) && (idempotent || notSent(err)) {
		return backoff(attempt), true
	}
	return 0, false
}

// backoff is an exponential delay with ±20 % jitter, so that replicas do
// not retry in lockstep.
func backoff(attempt int) time.Duration {
	d := baseBackoff << min(attempt-1, 10)
	d = min(d, maxBackoff)
	jitter := time.Duration(rand.Int64N(int64(d)/5+1)) * 2
	return d - d/5 + jitter
}

// sleepContext waits d or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
