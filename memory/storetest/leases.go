package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// acquirers is how many goroutines race for one free lease.
const acquirers = 16

func leaseContracts() []contract {
	return []contract{
		{name: "LeaseAcquireRenewTakeOver", run: testLeaseAcquire},
		{name: "LeaseRelease", run: testLeaseRelease},
		{name: "LeasesListHeld", run: testLeasesList},
		{name: "LeaseRejectsInvalid", run: testLeaseRejectsInvalid},
		{name: "ConcurrentAcquireLease", concurrent: true, run: testConcurrentAcquireLease},
	}
}

// leaseT0 is the reference time of the lease contracts, which take their
// times from the caller. It carries nanoseconds, which the store drops.
var leaseT0 = time.Date(2026, 3, 1, 12, 0, 0, 123_456_789, time.UTC)

// acquire asks for lease name for holder at now until now+d.
func acquire(t *testing.T, s memory.Store, name, holder string, now time.Time, d time.Duration) (memory.Lease, error) {
	t.Helper()
	return s.AcquireLease(t.Context(), memory.LeaseQuery{Name: name, Holder: holder, Now: now, Until: now.Add(d)})
}

// mustAcquire acquires a lease and fails t unless it is holder's with the
// given epoch, until now+d (at millisecond precision).
func mustAcquire(t *testing.T, s memory.Store, name, holder string, now time.Time, d time.Duration, epoch int64) memory.Lease {
	t.Helper()
	l, err := acquire(t, s, name, holder, now, d)
	if err != nil {
		t.Fatalf("AcquireLease(%q, %q): %v", name, holder, err)
	}
	want := memory.Lease{Name: name, Holder: holder, Until: now.Add(d).Truncate(time.Millisecond), Epoch: epoch}
	if !sameLease(l, want) {
		t.Errorf("AcquireLease(%q, %q) = %+v, want %+v", name, holder, l, want)
	}
	return l
}

// wantHeld acquires as holder and fails t unless it is ErrConflict with
// the lease current returned.
func wantHeld(t *testing.T, s memory.Store, name, holder string, now time.Time, current memory.Lease) {
	t.Helper()
	l, err := acquire(t, s, name, holder, now, time.Minute)
	if !errors.Is(err, memory.ErrConflict) {
		t.Errorf("AcquireLease(%q, %q) of a held lease = %+v, %v; want ErrConflict", name, holder, l, err)
		return
	}
	if !sameLease(l, current) {
		t.Errorf("AcquireLease(%q, %q) refused with %+v, want the current lease %+v", name, holder, l, current)
	}
}

func sameLease(a, b memory.Lease) bool {
	return a.Name == b.Name && a.Holder == b.Holder && a.Until.Equal(b.Until) && a.Epoch == b.Epoch &&
		a.Until.Location() == time.UTC
}

// mustLeases lists held leases or fails t.
func mustLeases(t *testing.T, s memory.Store, prefix string, now time.Time) []memory.Lease {
	t.Helper()
	ls, err := s.Leases(t.Context(), prefix, now)
	if err != nil {
		t.Fatalf("Leases(%q): %v", prefix, err)
	}
	return ls
}

// leaseNames is "name=holder/epoch" for each lease, in order.
func leaseNames(ls []memory.Lease) []string {
	out := make([]string, 0, len(ls))
	for _, l := range ls {
		out = append(out, fmt.Sprintf("%s=%s/%d", l.Name, l.Holder, l.Epoch))
	}
	return out
}

func testLeaseAcquire(t *testing.T, s memory.Store) {
	const name = "extract:telegram:42"
	t0 := leaseT0
	first := mustAcquire(t, s, name, "replica-a", t0, time.Minute, 1)

	// A renewal moves Until, earlier or later, and keeps the epoch.
	mustAcquire(t, s, name, "replica-a", t0.Add(30*time.Second), time.Minute, 1)
	mustAcquire(t, s, name, "replica-a", t0.Add(40*time.Second), 10*time.Second, 1)
	renewed := mustAcquire(t, s, name, "replica-a", t0.Add(45*time.Second), 2*time.Minute, 1)
	if !renewed.Until.After(first.Until) {
		t.Errorf("renewal left Until at %s", renewed.Until)
	}

	// Another holder is refused while the lease runs, up to its last
	// millisecond, and told who holds it.
	wantHeld(t, s, name, "replica-b", t0.Add(41*time.Second), renewed)
	wantHeld(t, s, name, "replica-b", renewed.Until.Add(-time.Millisecond), renewed)

	// From Until on, another holder takes it over: a new epoch.
	taken := mustAcquire(t, s, name, "replica-b", renewed.Until, time.Minute, 2)
	wantHeld(t, s, name, "replica-a", renewed.Until.Add(time.Second), taken)
	// The previous holder coming back after that lapse is a change too.
	mustAcquire(t, s, name, "replica-a", taken.Until.Add(time.Hour), time.Minute, 3)

	// A holder re-acquiring its own lapsed lease keeps the epoch: the
	// holder did not change, so no one else can have worked under it.
	mustAcquire(t, s, name, "replica-a", t0.Add(5*time.Hour), time.Minute, 3)

	// Leases are independent of one another.
	mustAcquire(t, s, "extract:telegram:43", "replica-b", t0, time.Minute, 1)
}

func testLeaseRelease(t *testing.T, s memory.Store) {
	ctx := t.Context()
	const name = "upkeep"
	t0 := leaseT0
	held := mustAcquire(t, s, name, "replica-a", t0, time.Hour, 1)

	// Releasing as another holder, or an absent lease, is a no-op.
	for _, tc := range []struct{ name, holder string }{{name, "replica-b"}, {"absent", "replica-a"}} {
		if err := s.ReleaseLease(ctx, tc.name, tc.holder); err != nil {
			t.Errorf("ReleaseLease(%q, %q): %v, want no error", tc.name, tc.holder, err)
		}
	}
	wantHeld(t, s, name, "replica-b", t0.Add(time.Minute), held)
	if got := leaseNames(mustLeases(t, s, "", t0.Add(time.Minute))); len(got) != 1 || got[0] != "upkeep=replica-a/1" {
		t.Errorf("after a release by a non-holder, Leases = %v, want [upkeep=replica-a/1]", got)
	}

	// Released, it is free at once, for anyone; the epoch stays until the
	// holder changes.
	if err := s.ReleaseLease(ctx, name, "replica-a"); err != nil {
		t.Fatalf("ReleaseLease: %v", err)
	}
	if got := mustLeases(t, s, "", t0.Add(time.Minute)); len(got) != 0 {
		t.Errorf("after release, Leases = %v, want none held", leaseNames(got))
	}
	mustAcquire(t, s, name, "replica-a", t0.Add(time.Minute), time.Hour, 1)
	if err := s.ReleaseLease(ctx, name, "replica-a"); err != nil {
		t.Fatalf("ReleaseLease: %v", err)
	}
	taken := mustAcquire(t, s, name, "replica-b", t0.Add(2*time.Minute), time.Hour, 2)

	// The old holder releasing again does not free the new holder's.
	if err := s.ReleaseLease(ctx, name, "replica-a"); err != nil {
		t.Fatalf("ReleaseLease by the old holder: %v", err)
	}
	wantHeld(t, s, name, "replica-a", t0.Add(3*time.Minute), taken)
}

func testLeasesList(t *testing.T, s memory.Store) {
	ctx := t.Context()
	t0 := leaseT0
	now := t0.Add(10 * time.Minute)
	mustAcquire(t, s, "extract:c2", "b", t0, time.Hour, 1)
	mustAcquire(t, s, "extract:c1", "a", t0, time.Hour, 1)
	mustAcquire(t, s, "extract:c3", "a", t0, time.Hour, 1)
	if err := s.ReleaseLease(ctx, "extract:c3", "a"); err != nil {
		t.Fatal(err)
	}
	mustAcquire(t, s, "extract:c4", "a", t0, 10*time.Minute, 1) // lapses exactly at now
	mustAcquire(t, s, "Extract:c5", "a", t0, time.Hour, 1)
	mustAcquire(t, s, "extractor", "a", t0, time.Hour, 1)
	mustAcquire(t, s, "x.y:1", "a", t0, time.Hour, 1)
	mustAcquire(t, s, "xzy:1", "a", t0, time.Hour, 1)
	mustAcquire(t, s, "upkeep", "c", t0, time.Hour, 1)

	for _, tc := range []struct {
		prefix string
		want   []string
	}{
		{"extract:", []string{"extract:c1=a/1", "extract:c2=b/1"}},
		{"extract", []string{"extract:c1=a/1", "extract:c2=b/1", "extractor=a/1"}},
		{"extract:c1", []string{"extract:c1=a/1"}},
		{"x.", []string{"x.y:1=a/1"}},
		{"nothing", nil},
		{"", []string{"Extract:c5=a/1", "extract:c1=a/1", "extract:c2=b/1", "extractor=a/1", "upkeep=c/1", "x.y:1=a/1", "xzy:1=a/1"}},
	} {
		got := leaseNames(mustLeases(t, s, tc.prefix, now))
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("Leases(%q) = %v, want %v", tc.prefix, got, tc.want)
		}
	}
	// Until comes back as acquired.
	ls := mustLeases(t, s, "upkeep", now)
	want := memory.Lease{Name: "upkeep", Holder: "c", Until: t0.Add(time.Hour).Truncate(time.Millisecond), Epoch: 1}
	if len(ls) != 1 || !sameLease(ls[0], want) {
		t.Errorf("Leases(upkeep) = %+v, want [%+v]", ls, want)
	}
	// Earlier, the lapsed one was held.
	if got := leaseNames(mustLeases(t, s, "extract:c4", now.Add(-time.Millisecond))); len(got) != 1 {
		t.Errorf("Leases(extract:c4) a millisecond before it lapses = %v, want it", got)
	}
}

func testLeaseRejectsInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	t0 := leaseT0
	for _, tc := range []struct {
		name string
		q    memory.LeaseQuery
	}{
		{"empty name", memory.LeaseQuery{Holder: "a", Now: t0, Until: t0.Add(time.Minute)}},
		{"empty holder", memory.LeaseQuery{Name: "l", Now: t0, Until: t0.Add(time.Minute)}},
		{"zero now", memory.LeaseQuery{Name: "l", Holder: "a", Until: t0.Add(time.Minute)}},
		{"zero until", memory.LeaseQuery{Name: "l", Holder: "a", Now: t0}},
		{"until at now", memory.LeaseQuery{Name: "l", Holder: "a", Now: t0, Until: t0}},
		{"until before now", memory.LeaseQuery{Name: "l", Holder: "a", Now: t0, Until: t0.Add(-time.Second)}},
		{"name too long", memory.LeaseQuery{Name: strings.Repeat("l", memory.MaxSettingKey+1), Holder: "a", Now: t0, Until: t0.Add(time.Minute)}},
		{"name with NUL", memory.LeaseQuery{Name: "l\x00", Holder: "a", Now: t0, Until: t0.Add(time.Minute)}},
		{"name not UTF-8", memory.LeaseQuery{Name: "l\xff", Holder: "a", Now: t0, Until: t0.Add(time.Minute)}},
		{"holder not UTF-8", memory.LeaseQuery{Name: "l", Holder: "a\xff", Now: t0, Until: t0.Add(time.Minute)}},
		{"holder too long", memory.LeaseQuery{Name: "l", Holder: strings.Repeat("a", memory.MaxLeaseHolder+1), Now: t0, Until: t0.Add(time.Minute)}},
	} {
		if l, err := s.AcquireLease(ctx, tc.q); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("AcquireLease with %s = %+v, %v; want ErrInvalid", tc.name, l, err)
		}
	}
	for _, tc := range []struct{ name, holder string }{{"", "a"}, {"l", ""}, {"l\x00", "a"}} {
		if err := s.ReleaseLease(ctx, tc.name, tc.holder); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("ReleaseLease(%q, %q) = %v; want ErrInvalid", tc.name, tc.holder, err)
		}
	}
	for _, prefix := range []string{"l\x00", "l\xff", strings.Repeat("l", memory.MaxSettingKey+1)} {
		if ls, err := s.Leases(ctx, prefix, t0); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("Leases(%q) = %v, %v; want ErrInvalid", prefix, ls, err)
		}
	}
	if got := mustLeases(t, s, "", t0); len(got) != 0 {
		t.Errorf("rejected acquisitions left leases: %v", leaseNames(got))
	}
	// The longest valid name and holder are accepted.
	mustAcquire(t, s, strings.Repeat("l", memory.MaxSettingKey), strings.Repeat("a", memory.MaxLeaseHolder), t0, time.Minute, 1)
}

func testConcurrentAcquireLease(t *testing.T, s memory.Store) {
	ctx := t.Context()
	const name = "extract:discord:busy"
	t0 := leaseT0
	// Round 0 races for a lease never held, round 1 for the same lease
	// once it has lapsed: each time exactly one wins, with the next epoch.
	var until time.Time
	for round := range 2 {
		now := t0
		if round > 0 {
			now = until
		}
		got := make([]memory.Lease, acquirers)
		won := make([]bool, acquirers)
		start := newBarrier(acquirers)
		parallel(t, acquirers, func(i int) error {
			start.wait(ctx)
			l, err := s.AcquireLease(ctx, memory.LeaseQuery{Name: name, Holder: fmt.Sprintf("r%d-%02d", round, i), Now: now, Until: now.Add(time.Minute)})
			got[i] = l
			switch {
			case err == nil:
				won[i] = true
			case !errors.Is(err, memory.ErrConflict):
				return err
			}
			return nil
		})
		var winner memory.Lease
		winners := 0
		for i, ok := range won {
			if ok {
				winners++
				winner = got[i]
			}
		}
		if winners != 1 {
			t.Fatalf("round %d: %d of %d concurrent acquirers got the lease, want exactly 1", round, winners, acquirers)
		}
		if winner.Epoch != int64(round+1) {
			t.Errorf("round %d: winner's epoch %d, want %d", round, winner.Epoch, round+1)
		}
		for i, l := range got {
			if !won[i] && !sameLease(l, winner) {
				t.Errorf("round %d: acquirer %d was refused with %+v, want the winner's lease %+v", round, i, l, winner)
			}
		}
		until = winner.Until
	}
}
