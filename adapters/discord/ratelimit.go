package discord

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Bounds on waiting out Discord's rate limits. discordgo's own retry
// sleeps for whatever Discord asks, as often as it asks, and cannot be
// interrupted; the adapter turns it off and retries here instead.
const (
	// maxRateLimitWait is the longest retry_after honoured; a longer one
	// fails the call.
	maxRateLimitWait = 10 * time.Second
	// maxRateLimitRetries bounds the retries of one call.
	maxRateLimitRetries = 3
	// serverRetryWait spaces the one repeat of a call answered 5xx.
	serverRetryWait = 250 * time.Millisecond
)

// rest runs one REST call. call must build its request afresh each time
// (uploads are readers) and pass opts on. A 429 is retried after the
// wait Discord asks for, at most maxRateLimitRetries times, never for
// longer than maxRateLimitWait, and never past ctx. A 5xx answer
// (Discord said the call failed) is repeated once after serverRetryWait;
// a timeout is not, since the call may have taken effect.
func (a *Adapter) rest(ctx context.Context, call func(opts ...discordgo.RequestOption) error) error {
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	serverErrors := 0
	for attempt := 0; ; attempt++ {
		err := call(opts...)
		if isServerAnswer(err) {
			serverErrors++
			if serverErrors > 1 {
				return err
			}
			a.log.Debug("server error; repeating once", "err", err)
			if werr := sleepContext(ctx, serverRetryWait); werr != nil {
				return fmt.Errorf("waiting to repeat a failed call: %w", errors.Join(werr, err))
			}
			continue
		}
		wait, limited := rateLimitWait(err)
		if !limited || attempt >= maxRateLimitRetries || wait > maxRateLimitWait {
			return err
		}
		a.log.Debug("rate limited; retrying", "wait", wait, "attempt", attempt+1)
		if werr := sleepContext(ctx, wait); werr != nil {
			return fmt.Errorf("waiting out a rate limit: %w", errors.Join(werr, err))
		}
	}
}

// bucketWait is how long discordgo would pause a call on bucketID before
// sending it, as its record of Discord's rate-limit headers says: 0 when
// it would not, or when a call holds the bucket (that call updates it).
func (a *Adapter) bucketWait(bucketID string) time.Duration {
	b := a.s.Ratelimiter.GetBucket(bucketID)
	if !b.TryLock() {
		return 0
	}
	defer b.Unlock()
	return a.s.Ratelimiter.GetWaitTime(b, 1)
}

// limitedFor fails a call on bucketID at once when discordgo would pause
// it for longer than maxRateLimitWait (its pause cannot be interrupted):
// the error is a rate limit carrying the wait, as Discord's own 429.
func (a *Adapter) limitedFor(bucketID string) error {
	wait := a.bucketWait(bucketID)
	if wait <= maxRateLimitWait {
		return nil
	}
	return &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{
		TooManyRequests: &discordgo.TooManyRequests{Message: "rate limit bucket exhausted", RetryAfter: wait},
		URL:             bucketID,
	}}
}

// rateLimitWait reports whether err is a 429, and how long Discord asked
// to wait.
func rateLimitWait(err error) (time.Duration, bool) {
	var rl *discordgo.RateLimitError
	if !errors.As(err, &rl) || rl.RateLimit == nil || rl.TooManyRequests == nil {
		return 0, false
	}
	return max(rl.RetryAfter, 0), true
}

// sleepContext waits d or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
