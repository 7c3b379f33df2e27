package bot

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// recordingCounters keep counts by key, ignoring expiry, and remember the
// expiry each key got; fail makes every call fail.
type recordingCounters struct {
	mu      sync.Mutex
	n       map[string]int64
	expires map[string]time.Time
	fail    bool
}

func newRecordingCounters() *recordingCounters {
	return &recordingCounters{n: map[string]int64{}, expires: map[string]time.Time{}}
}

var errCounters = errors.New("counters down")

func (c *recordingCounters) AddCount(_ context.Context, key string, delta int64, _, expires time.Time) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return 0, errCounters
	}
	if _, ok := c.expires[key]; !ok {
		c.expires[key] = expires
	}
	c.n[key] += delta
	return c.n[key], nil
}

func (c *recordingCounters) Count(_ context.Context, key string, _ time.Time) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail {
		return 0, errCounters
	}
	return c.n[key], nil
}

func sharedMeter(c Counters) *meter {
	m := newMeter()
	m.shared, m.log = c, slog.New(slog.DiscardHandler)
	return m
}

func TestSharedCounterKeysAndWindows(t *testing.T) {
	now := time.Date(2026, 3, 1, 23, 59, 30, 0, time.FixedZone("east", 8*3600))
	ctx := context.Background()
	c := newRecordingCounters()
	m := sharedMeter(c)
	m.admitShared(ctx, "telegram:7", now, 2, 10)
	m.addTokensShared(ctx, "p1", now, 100, 40)
	m.guildMessageShared(ctx, "discord:g:p1", now, 5)
	minute := now.Unix() / 60
	for key, want := range map[string]time.Time{
		"limit:answer:telegram:7:" + strconv.FormatInt(minute, 10): time.Date(2026, 3, 1, 16, 1, 0, 0, time.UTC),
		"tokens:p1:2026-03-01":          time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC),
		"guild:discord:g:p1:2026-03-01": time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC),
	} {
		got, ok := c.expires[key]
		if !ok {
			t.Errorf("no counter %q (have %v)", key, c.expires)
			continue
		}
		if !got.Equal(want) {
			t.Errorf("%s expires %s, want %s", key, got, want)
		}
	}
	if len(c.expires) != 3 {
		t.Errorf("counters %v, want exactly three", c.expires)
	}
}

// TestGuildLimitSharedAndFallback: two meters over one set of counters
// share a server's daily limit; when the counters fail, each meter keeps
// the limit alone.
func TestGuildLimitSharedAndFallback(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	c := newRecordingCounters()
	a, b := sharedMeter(c), sharedMeter(c)
	allowed := 0
	for i := range 6 {
		m := a
		if i%2 == 1 {
			m = b
		}
		if m.guildMessageShared(ctx, "discord:g:p", now, 3) {
			allowed++
		}
	}
	if allowed != 3 {
		t.Fatalf("%d messages allowed over two meters, want the limit of 3", allowed)
	}
	if !a.guildMessageShared(ctx, "discord:g:p", now.Add(24*time.Hour), 3) {
		t.Fatal("the next day's first message refused")
	}
	c.fail = true
	f := sharedMeter(c)
	allowed = 0
	for range 5 {
		if f.guildMessageShared(ctx, "discord:g:q", now, 3) {
			allowed++
		}
	}
	if allowed != 3 {
		t.Fatalf("%d messages allowed with the counters failing, want this meter's own limit of 3", allowed)
	}
	if !f.tokensLeftShared(ctx, "q", now, 10, 1) {
		t.Fatal("a failing budget read refused an answer")
	}
	if got := f.admitShared(ctx, "telegram:q", now, 1, 5); got != admitAnswer {
		t.Fatalf("failing counters: first message admitted as %v", got)
	}
}

// TestSharedAdmissionOfAFlood: over shared counters a flood is answered
// within the answer limit, captured within the capture bound and dropped
// past it, as the meter does, and the next minute starts afresh.
func TestSharedAdmissionOfAFlood(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 5, 0, time.UTC)
	c := newRecordingCounters()
	a, b := sharedMeter(c), sharedMeter(c)
	var got []admission
	for i := range 5 {
		m := a
		if i%2 == 1 {
			m = b
		}
		got = append(got, m.admitShared(ctx, "telegram:p", now, 1, 3))
	}
	want := []admission{admitAnswer, admitCapture, admitCapture, admitDrop, admitDrop}
	if !slices.Equal(got, want) {
		t.Fatalf("admissions %v, want %v", got, want)
	}
	if got := b.admitShared(ctx, "telegram:p", now.Add(time.Minute), 1, 3); got != admitAnswer {
		t.Fatalf("the next minute's first message: %v, want an answer", got)
	}
	if !a.noticeOnce(ctx, "telegram:p", now) || b.noticeOnce(ctx, "telegram:p", now) {
		t.Fatal("a flood over two meters is not told exactly once a minute")
	}
}

// countingCounters are recordingCounters that count the budget reads.
type countingCounters struct {
	*recordingCounters
	reads int
}

func (c *countingCounters) Count(ctx context.Context, key string, now time.Time) (int64, error) {
	c.reads++
	return c.recordingCounters.Count(ctx, key, now)
}

// TestTokenBudgetReadSkipped: the budget check reads the store only when
// the total this replica last saw is stale, at half the budget or more,
// or without a per-minute limit to bound what other replicas spend
// meanwhile; another replica's spending is seen at the next read.
func TestTokenBudgetReadSkipped(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name      string
		spent     int64         // this replica's spending before the check
		after     time.Duration // from the spending to the check
		perMinute int
		reads     int
	}{
		{"recent and below half", 40, 30 * time.Second, 20, 0},
		{"at half", 50, 30 * time.Second, 20, 1},
		{"a minute old", 40, time.Minute, 20, 1},
		{"no per-minute limit", 40, 30 * time.Second, 0, 1},
		{"next day", 40, 12 * time.Hour, 20, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &countingCounters{recordingCounters: newRecordingCounters()}
			m := sharedMeter(c)
			m.addTokensShared(ctx, "p", now, 100, tc.spent)
			if !m.tokensLeftShared(ctx, "p", now.Add(tc.after), 100, tc.perMinute) {
				t.Fatal("budget refused below it")
			}
			if c.reads != tc.reads {
				t.Errorf("%d budget reads, want %d", c.reads, tc.reads)
			}
		})
	}
	// What another replica spent counts at the next read.
	c := &countingCounters{recordingCounters: newRecordingCounters()}
	here, there := sharedMeter(c), sharedMeter(c)
	here.addTokensShared(ctx, "p", now, 100, 10)
	there.addTokensShared(ctx, "p", now, 100, 95)
	if !here.tokensLeftShared(ctx, "p", now.Add(time.Second), 100, 20) {
		t.Fatal("fresh total below half refused")
	}
	if here.tokensLeftShared(ctx, "p", now.Add(time.Minute), 100, 20) {
		t.Error("a budget spent on another replica still admits replies after a minute")
	}
	if there.tokensLeftShared(ctx, "p", now.Add(time.Second), 100, 20) {
		t.Error("the replica that spent past half did not read the budget")
	}
}
