package bot

import (
	"context"
	"fmt"
	"strconv"
	"time"
)

// Counter keys. Each names its window (the UTC minute as a Unix minute, or
// the UTC day) so that a window is one counter and needs no reset; each
// outlives its window by one more window, then the store drops it. Keys of
// a person put the person right after the kind, as the per-person settings
// do ("undelivered:<person>:…"). Erasing a person's memories leaves them:
// they hold no words, and forgetting must not refill a budget.
func minuteKey(account string, now time.Time) string {
	return "limit:answer:" + account + ":" + minuteOf(now)
}

func noticeKey(account string, now time.Time) string {
	return "limit:notice:" + account + ":" + minuteOf(now)
}

func tokensKey(person string, now time.Time) string { return "tokens:" + person + ":" + today(now) }

func guildDayKey(key string, now time.Time) string { return "guild:" + key + ":" + today(now) }

// minuteOf is the UTC minute of now as a Unix minute.
func minuteOf(now time.Time) string { return strconv.FormatInt(now.Unix()/60, 10) }

// minuteExpiry is when a counter of now's minute may go: the end of the
// next minute.
func minuteExpiry(now time.Time) time.Time {
	return now.UTC().Truncate(time.Minute).Add(2 * time.Minute)
}

// dayExpiry is when a counter of now's UTC day may go: the end of the next
// day.
func dayExpiry(now time.Time) time.Time {
	y, m, d := now.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 2)
}

// With shared counters (Deps.Counters) the limits are fixed windows: at
// most perMinute answered messages in each UTC minute, and the daily
// budgets per UTC day, counted across every replica. Without them, or
// while the store fails, each process counts alone in its meter (token
// buckets for the minute limits): answering goes on, bounded per process,
// and no message is lost to a counter that cannot be read.

// admitShared is meter.admit over the shared counters: one counter of the
// account's addressed messages in the minute. The n-th is answered within
// perMinute, captured within capturePerMinute (never below perMinute), and
// dropped past it, which is what counting answers apart would give, at one
// store call a message.
func (m *meter) admitShared(ctx context.Context, account string, now time.Time, perMinute, capturePerMinute int) admission {
	if perMinute <= 0 {
		return admitAnswer
	}
	if m.shared == nil {
		return m.admit(account, now, perMinute, capturePerMinute)
	}
	n, err := m.shared.AddCount(ctx, minuteKey(account, now), 1, now, minuteExpiry(now))
	if err != nil {
		m.sharedFailed(ctx, "count an addressed message", err)
		return m.admit(account, now, perMinute, capturePerMinute)
	}
	switch {
	case n <= int64(perMinute):
		return admitAnswer
	case n <= int64(max(capturePerMinute, perMinute)):
		return admitCapture
	}
	return admitDrop
}

// noticeOnce is meter.warnOnce over the shared counters: whichever replica
// sees the flood, the person is told once a minute.
func (m *meter) noticeOnce(ctx context.Context, account string, now time.Time) bool {
	if m.shared == nil {
		return m.warnOnce(account, now)
	}
	n, err := m.shared.AddCount(ctx, noticeKey(account, now), 1, now, minuteExpiry(now))
	if err != nil {
		m.sharedFailed(ctx, "count a slow-down notice", err)
		return m.warnOnce(account, now)
	}
	return n == 1
}

// tokensLeftShared is meter.tokensLeft over the shared counters.
func (m *meter) tokensLeftShared(ctx context.Context, person string, now time.Time, budget int64) bool {
	if budget <= 0 {
		return true
	}
	if m.shared == nil {
		return m.tokensLeft(person, now, budget)
	}
	n, err := m.shared.Count(ctx, tokensKey(person, now), now)
	if err != nil {
		m.sharedFailed(ctx, "read a token budget", err)
		return m.tokensLeft(person, now, budget)
	}
	return n < budget
}

// addTokensShared records tokens spent by person: always in the meter (the
// fallback when the store fails), and in the shared counters when a budget
// is set.
func (m *meter) addTokensShared(ctx context.Context, person string, now time.Time, budget, n int64) {
	m.addTokens(person, now, n)
	if m.shared == nil || budget <= 0 || n <= 0 {
		return
	}
	if _, err := m.shared.AddCount(ctx, tokensKey(person, now), n, now, dayExpiry(now)); err != nil {
		m.sharedFailed(ctx, "record spent tokens", err)
	}
}

// guildMessageShared is meter.allowGuildMessage over the shared counters.
// Every message counts, also those over the limit.
func (m *meter) guildMessageShared(ctx context.Context, key string, now time.Time, limit int) bool {
	if limit <= 0 {
		return true
	}
	if m.shared == nil {
		return m.allowGuildMessage(key, now, limit)
	}
	n, err := m.shared.AddCount(ctx, guildDayKey(key, now), 1, now, dayExpiry(now))
	if err != nil {
		m.sharedFailed(ctx, "count a server message", err)
		return m.allowGuildMessage(key, now, limit)
	}
	return n <= int64(limit)
}

// sharedFailed logs a failure of the shared counters, after which the
// meter decides alone.
func (m *meter) sharedFailed(ctx context.Context, what string, err error) {
	m.log.WarnContext(ctx, "limits: shared counters unavailable; counting in this process", "err", fmt.Errorf("%s: %w", what, err))
}
