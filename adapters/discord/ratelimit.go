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
)

// rest runs one REST call. call must build its request afresh each time
// (uploads are readers) and pass opts on. A 429 is retried after the
// wait Discord asks for, at most maxRateLimitRetries times, never for
// longer than maxRateLimitWait, and never past ctx.
func (a *Adapter) rest(ctx context.Context, call func(opts ...discordgo.RequestOption) error) error {
	opts := []discordgo.RequestOption{discordgo.WithContext(ctx), discordgo.WithRetryOnRatelimit(false)}
	for attempt := 0; ; attempt++ {
		err := call(opts...)
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
