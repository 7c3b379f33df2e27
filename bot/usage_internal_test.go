package bot

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory/llm"
)

// mapCounters is Counters over a map, counting its writes.
type mapCounters struct {
	mu     sync.Mutex
	values map[string]int64
	adds   int
}

func (c *mapCounters) AddCount(_ context.Context, key string, delta int64, _, _ time.Time) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.adds++
	c.values[key] += delta
	return c.values[key], nil
}

func (c *mapCounters) Count(_ context.Context, key string, _ time.Time) (int64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.values[key], nil
}

// Calls are gathered per person, day and purpose and written at Close as
// two counter writes each, whatever the number of calls.
func TestUsageLogBatches(t *testing.T) {
	ctx := context.Background()
	store := &mapCounters{values: map[string]int64{}}
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	u := NewUsageLog(store, func() time.Time { return now }, nil)
	u.interval = time.Hour
	for range 3 {
		u.RecordCall("p1", llm.PurposeReply, 100, now)
	}
	u.RecordCall("p1", llm.PurposeExtraction, 40, now)
	u.RecordCall("p1", llm.PurposeReply, 7, now.AddDate(0, 0, -1))
	u.RecordCall("p2", llm.PurposeReply, 0, now)
	u.RecordCall("", llm.PurposeReply, 5, now)
	store.mu.Lock()
	if store.adds != 0 {
		t.Errorf("%d counter writes before the flush, want 0", store.adds)
	}
	store.mu.Unlock()
	if err := u.Close(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		person  string
		day     time.Time
		purpose llm.Purpose
		calls   int64
		tokens  int64
	}{
		{"p1", now, llm.PurposeReply, 3, 300},
		{"p1", now, llm.PurposeExtraction, 1, 40},
		{"p1", now.AddDate(0, 0, -1), llm.PurposeReply, 1, 7},
		{"p1", now, llm.PurposeSummary, 0, 0},
		{"p2", now, llm.PurposeReply, 1, 0},
		{"p2", now, llm.PurposeExtraction, 0, 0},
	} {
		ck, tk := UsageKeys(tc.person, tc.day, tc.purpose)
		if c, _ := store.Count(ctx, ck, now); c != tc.calls {
			t.Errorf("%s = %d, want %d", ck, c, tc.calls)
		}
		if n, _ := store.Count(ctx, tk, now); n != tc.tokens {
			t.Errorf("%s = %d, want %d", tk, n, tc.tokens)
		}
	}
	// Three pairs with tokens, one count of calls without.
	if store.adds != 7 {
		t.Errorf("%d counter writes for 4 person-day-purposes, want 7", store.adds)
	}
	// A call after Close is written at once.
	u.RecordCall("p1", llm.PurposeSummary, 9, now)
	if ck, _ := UsageKeys("p1", now, llm.PurposeSummary); store.values[ck] != 1 {
		t.Errorf("call after Close not written: %s = %d", ck, store.values[ck])
	}
}

func TestUsageKeys(t *testing.T) {
	calls, tokens := UsageKeys("p1", time.Date(2026, 3, 10, 23, 30, 0, 0, time.FixedZone("x", -3600)), llm.PurposeReply)
	if calls != "usage:p1:2026-03-11:reply:calls" || tokens != "usage:p1:2026-03-11:reply:tokens" {
		t.Errorf("keys %q %q", calls, tokens)
	}
}
