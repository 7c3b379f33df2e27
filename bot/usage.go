package bot

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/membot/membot/memory/llm"
)

// A person's model use (calls and tokens, per UTC day and purpose) is
// recorded in the store's windowed counters for `membot memories stats`.
// Like the memories' use counters (usecounts.go) it is gathered in the
// process and written every usageFlushInterval and at Close, never once a
// call: a reply costs no store call more, and an interval of any number of
// replies costs two counter writes per person, day and purpose. A crash
// loses at most the last interval.
//
// The counters hold no words (a number of calls and of tokens), so erasing
// a person's memories leaves them, as it leaves the token budget's: they
// are the operator's record of what the person's use cost, and they go by
// themselves usageKeepDays after their day.
const (
	usageFlushInterval = 5 * time.Second
	usageFlushTimeout  = 10 * time.Second
	maxPendingUsage    = 10000
	// usageKeepDays is how long a day's counters outlive it: stats shows
	// the last 30 days.
	usageKeepDays = 35
)

// UsagePurposes are the purposes whose use is recorded per person, in the
// order stats shows them. Embeddings report no usage and are not among
// them.
var UsagePurposes = []llm.Purpose{llm.PurposeReply, llm.PurposeExtraction, llm.PurposeReconcile, llm.PurposeSummary}

// UsageKeys names the counters of person's model calls and tokens for
// purpose on the UTC day of day: "usage:<person>:<YYYY-MM-DD>:<purpose>:calls"
// and "…:tokens".
func UsageKeys(person string, day time.Time, purpose llm.Purpose) (calls, tokens string) {
	k := "usage:" + person + ":" + today(day) + ":" + string(purpose)
	return k + ":calls", k + ":tokens"
}

// usageKey is one counter pair: a person's use for one purpose on one day.
type usageKey struct {
	person  string
	day     string // UTC, YYYY-MM-DD
	purpose llm.Purpose
}

// usageCount is what is gathered for a usageKey.
type usageCount struct {
	calls, tokens int64
	at            time.Time // a time of the day, for the counters' expiry
}

// UsageLog gathers people's model calls and tokens and writes them to the
// shared counters in batches. The engine records replies and summaries,
// the extraction pipeline its extraction and reconcile calls. It is safe
// for concurrent use; Close writes what is pending and stops it.
type UsageLog struct {
	counters Counters
	now      func() time.Time
	log      *slog.Logger
	interval time.Duration

	mu        sync.Mutex
	pending   map[usageKey]usageCount
	scheduled bool
	closed    bool
	done      chan struct{} // closed by Close
	flushes   sync.WaitGroup
}

// NewUsageLog returns a log writing to counters. A nil now is time.Now, a
// nil logger discards.
func NewUsageLog(counters Counters, now func() time.Time, log *slog.Logger) *UsageLog {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &UsageLog{counters: counters, now: now, log: log, interval: usageFlushInterval,
		pending: map[usageKey]usageCount{}, done: make(chan struct{})}
}

// RecordCall counts one model call of person for purpose, spending tokens,
// made at at. A call after Close is written at once.
func (u *UsageLog) RecordCall(person string, purpose llm.Purpose, tokens int64, at time.Time) {
	if u == nil || person == "" {
		return
	}
	k := usageKey{person: person, day: today(at), purpose: purpose}
	u.mu.Lock()
	c := u.pending[k]
	c.calls++
	c.tokens += max(tokens, 0)
	c.at = at
	u.pending[k] = c
	switch {
	case u.closed:
		taken := u.takeLocked()
		u.mu.Unlock()
		u.flush(taken)
		return
	case len(u.pending) >= maxPendingUsage:
		taken := u.takeLocked()
		u.flushes.Add(1)
		u.mu.Unlock()
		go func() {
			defer u.flushes.Done()
			u.flush(taken)
		}()
		return
	case !u.scheduled:
		u.scheduled = true
		u.flushes.Add(1)
		go func() {
			defer u.flushes.Done()
			u.flushLater()
		}()
	}
	u.mu.Unlock()
}

// flushLater writes what is pending once the interval is over, or at once
// when the log closes.
func (u *UsageLog) flushLater() {
	timer := time.NewTimer(u.interval)
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-u.done:
	}
	u.mu.Lock()
	taken := u.takeLocked()
	u.scheduled = false
	u.mu.Unlock()
	u.flush(taken)
}

// takeLocked hands over what is pending. The caller holds u.mu.
func (u *UsageLog) takeLocked() map[usageKey]usageCount {
	taken := u.pending
	u.pending = map[usageKey]usageCount{}
	return taken
}

// flush writes taken: two counter writes per person, day and purpose (the
// tokens only when there are some). A failed write is logged and its
// counts lost: they feed a report, not a limit.
func (u *UsageLog) flush(taken map[usageKey]usageCount) {
	if len(taken) == 0 || u.counters == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), usageFlushTimeout)
	defer cancel()
	keys := slices.SortedFunc(maps.Keys(taken), func(a, b usageKey) int {
		return cmp.Or(cmp.Compare(a.person, b.person), cmp.Compare(a.day, b.day), cmp.Compare(a.purpose, b.purpose))
	})
	now := u.now()
	for _, k := range keys {
		c := taken[k]
		callsKey, tokensKey := UsageKeys(k.person, c.at, k.purpose)
		expires := dayExpiry(c.at).AddDate(0, 0, usageKeepDays-1)
		if _, err := u.counters.AddCount(ctx, callsKey, c.calls, now, expires); err != nil {
			u.log.Warn("count model calls", "person", k.person, "purpose", k.purpose, "calls", c.calls, "err", err)
			continue
		}
		if c.tokens == 0 {
			continue
		}
		if _, err := u.counters.AddCount(ctx, tokensKey, c.tokens, now, expires); err != nil {
			u.log.Warn("count model tokens", "person", k.person, "purpose", k.purpose, "tokens", c.tokens, "err", err)
		}
	}
}

// Close writes what is pending and waits for the writes under way, or
// for ctx. Calls recorded later are written at once.
func (u *UsageLog) Close(ctx context.Context) error {
	if u == nil {
		return nil
	}
	u.mu.Lock()
	if !u.closed {
		u.closed = true
		close(u.done)
	}
	taken := u.takeLocked()
	u.mu.Unlock()
	u.flush(taken)
	waited := make(chan struct{})
	go func() {
		u.flushes.Wait()
		close(waited)
	}()
	select {
	case <-waited:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("close usage log: %w", ctx.Err())
	}
}
