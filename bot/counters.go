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

// spentFresh is how long a person's spent total this replica last read
// or added stands in for reading the counter again.
const spentFresh = time.Minute

// spentSeen is a person's day total of spent tokens as the store last
// returned it to this replica.
type spentSeen struct {
	key   string // the day's counter
	total int64
	at    time.Time
}

// tokensLeftShared is meter.tokensLeft over the shared counters.
//
// The store is not read while the total this replica last saw for the
// person (returned by its own AddCount or Count) is under spentFresh old
// and below half the budget, and a per-minute answer limit is on
// (perMinute > 0). What other replicas spent since is then at most a
// minute of the person's answers elsewhere: perMinute replies per account
// of the person. Those take the person past the budget only if they
// average more than budget/(2·perMinute) tokens each (5,000 with the
// defaults of 200,000 tokens a day and 20 messages a minute: a prompt
// full of long history can), and then by at most that minute of replies;
// the next read, a minute later or once this replica's own total passes
// half, refuses the rest. Reading every time bounds the overshoot only
// by the replies in flight at once, since the check admits a reply
// before it spends.
func (m *meter) tokensLeftShared(ctx context.Context, person string, now time.Time, budget int64, perMinute int) bool {
	if budget <= 0 {
		return true
	}
	if m.shared == nil {
		return m.tokensLeft(person, now, budget)
	}
	key := tokensKey(person, now)
	if perMinute > 0 && m.spentBelow(person, key, now, budget/2) {
		return true
	}
	n, err := m.shared.Count(ctx, key, now)
	if err != nil {
		m.sharedFailed(ctx, "read a token budget", err)
		return m.tokensLeft(person, now, budget)
	}
	m.sawSpent(person, key, n, now)
	return n < budget
}

// spentBelow reports whether the total last seen for person's counter key
// is under spentFresh old and below limit.
func (m *meter) spentBelow(person, key string, now time.Time, limit int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.spent[person]
	return ok && s.key == key && s.total < limit && now.Sub(s.at) < spentFresh && !now.Before(s.at)
}

// sawSpent remembers the total the store returned for person's counter.
func (m *meter) sawSpent(person, key string, total int64, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.spent[person]; !ok && len(m.spent) >= maxTracked {
		for k, s := range m.spent {
			if now.Sub(s.at) >= spentFresh {
				delete(m.spent, k)
			}
		}
	}
	m.spent[person] = spentSeen{key: key, total: total, at: now}
}

// addTokensShared records tokens spent by person: always in the meter (the
// fallback when the store fails), and in the shared counters when a budget
// is set.
func (m *meter) addTokensShared(ctx context.Context, person string, now time.Time, budget, n int64) {
	m.addTokens(person, now, n)
	if m.shared == nil || budget <= 0 || n <= 0 {
		return
	}
	key := tokensKey(person, now)
	total, err := m.shared.AddCount(ctx, key, n, now, dayExpiry(now))
	if err != nil {
		m.sharedFailed(ctx, "record spent tokens", err)
		return
	}
	m.sawSpent(person, key, total, now)
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
