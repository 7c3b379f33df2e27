package storetest

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// adders is how many goroutines add to one counter at once.
const adders = 16

func counterContracts() []contract {
	return []contract{
		{name: "CounterAdds", run: testCounterAdds},
		{name: "CounterWindow", run: testCounterWindow},
		{name: "CounterRejectsInvalid", run: testCounterRejectsInvalid},
		{name: "ConcurrentAddCount", concurrent: true, run: testConcurrentAddCount},
	}
}

// counterT0 is the reference time of the counter contracts. Counters take
// their times from the caller, but a MongoDB TTL index removes them by the
// server's clock, so every expiry the suite sets lies in the real future
// and only the expiries the suite means are ever crossed.
func counterT0() time.Time {
	return time.Now().Add(24 * time.Hour).Truncate(time.Second).UTC()
}

// mustAdd adds to a counter and fails t unless the new value is want.
func mustAdd(t *testing.T, s memory.Store, key string, delta int64, now, expires time.Time, want int64) {
	t.Helper()
	got, err := s.AddCount(t.Context(), key, delta, now, expires)
	if err != nil {
		t.Fatalf("AddCount(%q, %d): %v", key, delta, err)
	}
	if got != want {
		t.Errorf("AddCount(%q, %d) = %d, want %d", key, delta, got, want)
	}
}

// wantCount fails t unless the counter reads want at now.
func wantCount(t *testing.T, s memory.Store, key string, now time.Time, want int64) {
	t.Helper()
	got, err := s.Count(t.Context(), key, now)
	if err != nil {
		t.Fatalf("Count(%q): %v", key, err)
	}
	if got != want {
		t.Errorf("Count(%q) at %s = %d, want %d", key, now.Format(time.RFC3339Nano), got, want)
	}
}

func testCounterAdds(t *testing.T, s memory.Store) {
	t0 := counterT0()
	end := t0.Add(time.Hour)
	key := "budget:tokens:小明:day"
	wantCount(t, s, key, t0, 0)
	mustAdd(t, s, key, 0, t0, end, 0)
	mustAdd(t, s, key, 1, t0, end, 1)
	mustAdd(t, s, key, 1500, t0, end, 1501)
	mustAdd(t, s, key, -501, t0, end, 1000)
	mustAdd(t, s, key, -2000, t0, end, -1000)
	mustAdd(t, s, key, 0, t0, end, -1000)
	wantCount(t, s, key, t0.Add(time.Minute), -1000)

	// Keys are distinct byte for byte, and counters are not settings.
	wantCount(t, s, "budget:tokens:小明:Day", t0, 0)
	wantCount(t, s, "budget:tokens:小明:", t0, 0)
	mustAdd(t, s, "budget:tokens:小明:", 7, t0, end, 7)
	wantCount(t, s, key, t0, -1000)
	mustPut(t, s, "setting:and:counter", "text", time.Time{})
	wantCount(t, s, "setting:and:counter", t0, 0)
	mustAdd(t, s, "setting:and:counter", 2, t0, end, 2)
	wantSetting(t, s, "setting:and:counter", "text")

	long := strings.Repeat("k", memory.MaxSettingKey)
	mustAdd(t, s, long, 3, t0, end, 3)
	wantCount(t, s, long, t0, 3)
}

func testCounterWindow(t *testing.T, s memory.Store) {
	t0 := counterT0()
	key := "limit:minute:alice"
	mustAdd(t, s, key, 3, t0, t0.Add(time.Minute), 3)
	// An add to a live counter keeps its expiry, whatever it is given.
	mustAdd(t, s, key, 1, t0.Add(30*time.Second), t0.Add(10*time.Minute), 4)
	wantCount(t, s, key, t0.Add(time.Minute-time.Millisecond), 4)
	// Expired at its expiry, and absent counters read alike.
	wantCount(t, s, key, t0.Add(time.Minute), 0)
	wantCount(t, s, key, t0.Add(time.Hour), 0)

	// The next add starts again from 0, with the new expiry: the old
	// count does not leak into the new window.
	mustAdd(t, s, key, 2, t0.Add(time.Minute), t0.Add(2*time.Minute), 2)
	wantCount(t, s, key, t0.Add(2*time.Minute-time.Millisecond), 2)
	wantCount(t, s, key, t0.Add(2*time.Minute), 0)
	// Long after the expiry too, and with a negative first add.
	mustAdd(t, s, key, -5, t0.Add(time.Hour), t0.Add(time.Hour+time.Minute), -5)
	mustAdd(t, s, key, 6, t0.Add(time.Hour+time.Second), t0.Add(3*time.Hour), 1)
	wantCount(t, s, key, t0.Add(time.Hour+time.Minute-time.Millisecond), 1)
	wantCount(t, s, key, t0.Add(time.Hour+time.Minute), 0)

	// Reading at an earlier time than an add does not bring back a
	// previous window: a counter holds one window only.
	wantCount(t, s, key, t0, 1)

	// Another counter's expiry is its own.
	other := "limit:minute:bob"
	mustAdd(t, s, other, 9, t0.Add(time.Hour), t0.Add(5*time.Hour), 9)
	mustAdd(t, s, key, 1, t0.Add(2*time.Hour), t0.Add(2*time.Hour+time.Minute), 1)
	wantCount(t, s, other, t0.Add(4*time.Hour), 9)
}

func testCounterRejectsInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	t0 := counterT0()
	end := t0.Add(time.Hour)
	mustAdd(t, s, "ok", 5, t0, end, 5)
	for _, tc := range []struct {
		name, key    string
		now, expires time.Time
	}{
		{"empty key", "", t0, end},
		{"key too long", strings.Repeat("k", memory.MaxSettingKey+1), t0, end},
		{"invalid UTF-8", "ok\xff", t0, end},
		{"NUL byte", "ok\x00", t0, end},
		{"zero now", "ok", time.Time{}, end},
		{"zero expiry", "ok", t0, time.Time{}},
	} {
		if got, err := s.AddCount(ctx, tc.key, 1, tc.now, tc.expires); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("AddCount with %s = %d, %v; want ErrInvalid", tc.name, got, err)
		}
	}
	for _, key := range []string{"", strings.Repeat("k", memory.MaxSettingKey+1), "ok\xff", "ok\x00"} {
		if got, err := s.Count(ctx, key, t0); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("Count(%q) = %d, %v; want ErrInvalid", key, got, err)
		}
	}
	wantCount(t, s, "ok", t0, 5)
}

func testConcurrentAddCount(t *testing.T, s memory.Store) {
	ctx := t.Context()
	t0 := counterT0()
	const perAdder = 10
	for _, tc := range []struct {
		name string
		// before sets the counter up: nothing, or a window that ends
		// at t0, so that every adder finds it expired.
		before func()
	}{
		{"fresh counter", func() {}},
		{"expired counter", func() { mustAdd(t, s, "budget:expired", 1000, t0.Add(-time.Hour), t0, 1000) }},
	} {
		key := "budget:" + strings.Fields(tc.name)[0]
		tc.before()
		var total atomic.Int64
		start := newBarrier(adders)
		parallel(t, adders, func(i int) error {
			start.wait(ctx)
			for j := range perAdder {
				delta := int64(i + 1)
				if j%3 == 2 {
					delta = -1
				}
				total.Add(delta)
				if _, err := s.AddCount(ctx, key, delta, t0, t0.Add(time.Hour)); err != nil {
					return err
				}
			}
			return nil
		})
		got, err := s.Count(ctx, key, t0)
		if err != nil {
			t.Fatalf("%s: Count: %v", tc.name, err)
		}
		if want := total.Load(); got != want {
			t.Errorf("%s: after %d concurrent adds the counter is %d, want %d", tc.name, adders*perAdder, got, want)
		}
	}
}
