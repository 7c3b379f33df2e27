package lease_test

import (
	"context"
	"errors"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

var t0 = time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)

// counted counts the store's acquisitions.
type counted struct {
	*sqlite.Store
	acquired atomic.Int64
}

func (c *counted) AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error) {
	c.acquired.Add(1)
	return c.Store.AcquireLease(ctx, q)
}

func open(t *testing.T) *counted {
	t.Helper()
	st, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return &counted{Store: st}
}

const ttl = 4 * time.Minute

// TestKeepRenewsOnlyPastHalfItsTime: Keep asks the store nothing while
// more than half the lease is left to trust, and renews it after, keeping
// its epoch.
func TestKeepRenewsOnlyPastHalfItsTime(t *testing.T) {
	s := open(t)
	l, err := lease.Acquire(t.Context(), s, "job", "a", ttl, t0)
	if err != nil {
		t.Fatal(err)
	}
	// Trusted until t0 + 4m - 30s; half the lease is 2m.
	if err := l.Keep(t.Context(), t0.Add(time.Minute)); err != nil || s.acquired.Load() != 1 {
		t.Fatalf("Keep with 2m30s left: %v, %d acquisitions, want none more", err, s.acquired.Load())
	}
	if err := l.Keep(t.Context(), t0.Add(2*time.Minute)); err != nil || s.acquired.Load() != 2 {
		t.Fatalf("Keep with 1m30s left: %v, %d acquisitions, want a renewal", err, s.acquired.Load())
	}
	if err := l.Keep(t.Context(), t0.Add(3*time.Minute)); err != nil || s.acquired.Load() != 2 {
		t.Fatalf("Keep right after a renewal: %v, %d acquisitions", err, s.acquired.Load())
	}
	if l.Epoch() != 1 {
		t.Fatalf("epoch %d after renewals, want 1", l.Epoch())
	}
}

// TestHeldAndLost: another holder is refused while the lease runs and
// until the skew margin after it ended; a holder whose lease went to
// another meanwhile is told it lost it, even once that one let it go.
func TestHeldAndLost(t *testing.T) {
	s := open(t)
	a, err := lease.Acquire(t.Context(), s, "job", "a", ttl, t0)
	if err != nil {
		t.Fatal(err)
	}
	end := t0.Add(ttl)
	for _, at := range []time.Time{t0, end, end.Add(lease.SkewMargin - time.Second)} {
		if _, err := lease.Acquire(t.Context(), s, "job", "b", ttl, at); !errors.Is(err, lease.ErrHeld) {
			t.Fatalf("another holder at %s: %v, want ErrHeld", at.Sub(t0), err)
		}
	}
	b, err := lease.Acquire(t.Context(), s, "job", "b", ttl, end.Add(lease.SkewMargin))
	if err != nil {
		t.Fatalf("another holder once the lease ended the margin ago: %v", err)
	}
	if err := a.Keep(t.Context(), end.Add(lease.SkewMargin+2*time.Second)); !errors.Is(err, lease.ErrLost) {
		t.Fatalf("the first holder waking while b holds it: %v, want ErrLost", err)
	}
	if err := b.Release(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := a.Keep(t.Context(), end.Add(time.Minute)); !errors.Is(err, lease.ErrLost) {
		t.Fatalf("the first holder waking after b let it go: %v, want ErrLost", err)
	}
	if _, err := lease.Acquire(t.Context(), s, "job", "a", lease.SkewMargin, t0); !errors.Is(err, memory.ErrInvalid) {
		t.Fatalf("a lease no longer than the margin: %v, want ErrInvalid", err)
	}
}
