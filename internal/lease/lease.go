// Package lease is the policy over the store's leases
// (memory.Store.AcquireLease): how a holder takes one, when it renews it,
// when it stops trusting it, and the one margin that covers the clocks of
// replicas disagreeing. Extraction (one lease per conversation) and upkeep
// (one lease for the periodic pass) use it; the store only keeps the
// record.
//
// Clock skew: replicas may disagree by up to SkewMargin each way. A holder
// trusts its lease only until Until − SkewMargin on its own clock, and a
// taker asks the store with Now − SkewMargin, so it takes a lease only once
// it ended SkewMargin ago or more on the taker's clock. Between the two,
// the holder stops 2 × SkewMargin before any taker may start, by one
// clock, which keeps them apart for any two clocks at most 2 × SkewMargin
// apart (each off by up to SkewMargin).
//
// Renewal happens between steps of the work (Keep), never from a timer of
// its own: a holder that hangs (a model call that never returns) stops
// renewing, its lease lapses, and another replica takes over. What the
// hung holder does when it wakes is refused by Keep, which reports
// ErrLost when the store gave the lease to someone else meanwhile (the
// holder changed, so its Epoch moved) even if it is free again.
package lease

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/membot/membot/memory"
)

// SkewMargin is how far the clocks of two replicas may disagree, each way,
// without two holders of a lease working at once.
const SkewMargin = 30 * time.Second

// Errors of Acquire and Keep, checked with errors.Is.
var (
	// ErrHeld: another holder has the lease; its work covers what the
	// caller wanted to do, so the caller skips it and tries later.
	ErrHeld = errors.New("lease held by another replica")
	// ErrLost: the caller's lease went to another holder while it was
	// working (it hung or ran late); it must stop without writing.
	ErrLost = errors.New("lease lost to another replica")
)

// Store keeps the leases; memory.Store implements it.
type Store interface {
	AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error)
	ReleaseLease(ctx context.Context, name, holder string) error
}

// Lease is one lease held: who holds it, under which epoch, and until when
// its holder trusts it.
type Lease struct {
	store  Store
	name   string
	holder string
	ttl    time.Duration
	epoch  int64
	// good is when the holder stops trusting the lease, on its own clock.
	good time.Time
}

// Acquire takes name for holder for ttl (which must exceed SkewMargin) at
// now, the holder's clock. A lease another holder still has is ErrHeld,
// naming that holder; holder's own lease is renewed.
func Acquire(ctx context.Context, s Store, name, holder string, ttl time.Duration, now time.Time) (*Lease, error) {
	if ttl <= SkewMargin {
		return nil, fmt.Errorf("acquire lease %s: %w: it runs %s, not more than the skew margin %s", name, memory.ErrInvalid, ttl, SkewMargin)
	}
	got, err := s.AcquireLease(ctx, query(name, holder, ttl, now))
	if errors.Is(err, memory.ErrConflict) {
		return nil, fmt.Errorf("acquire lease %s: %w: %s has it until %s", name, ErrHeld, got.Holder, got.Until.Format(time.RFC3339))
	}
	if err != nil {
		return nil, fmt.Errorf("acquire lease %s: %w", name, err)
	}
	return &Lease{store: s, name: name, holder: holder, ttl: ttl, epoch: got.Epoch, good: got.Until.Add(-SkewMargin)}, nil
}

// query asks for name on behalf of holder at now: taken from another
// holder only when it ended SkewMargin ago or more.
func query(name, holder string, ttl time.Duration, now time.Time) memory.LeaseQuery {
	return memory.LeaseQuery{Name: name, Holder: holder, Now: now.Add(-SkewMargin), Until: now.Add(ttl)}
}

// Keep makes sure the lease is still the caller's, and will be for at
// least half its time from now, before a step of work (a model call, a
// write): with more than that left on the holder's clock it asks nothing;
// otherwise it renews. ErrLost when the lease changed hands since it was
// acquired (another holder has it, or had it and let go): work done under
// it may already have been done again, so the caller stops.
func (l *Lease) Keep(ctx context.Context, now time.Time) error {
	if now.Add(l.ttl / 2).Before(l.good) {
		return nil
	}
	got, err := l.store.AcquireLease(ctx, query(l.name, l.holder, l.ttl, now))
	switch {
	case errors.Is(err, memory.ErrConflict):
		return fmt.Errorf("renew lease %s: %w: %s has it", l.name, ErrLost, got.Holder)
	case err != nil:
		return fmt.Errorf("renew lease %s: %w", l.name, err)
	case got.Epoch != l.epoch:
		return fmt.Errorf("renew lease %s: %w: epoch %d since %d", l.name, ErrLost, got.Epoch, l.epoch)
	}
	l.good = got.Until.Add(-SkewMargin)
	return nil
}

// Release lets the lease go, so another replica need not wait for it to
// lapse. A lease already lost is left to its new holder.
func (l *Lease) Release(ctx context.Context) error {
	if err := l.store.ReleaseLease(ctx, l.name, l.holder); err != nil {
		return fmt.Errorf("release lease %s: %w", l.name, err)
	}
	return nil
}

// Epoch is the fencing token the lease was acquired under.
func (l *Lease) Epoch() int64 { return l.epoch }

// NewHolder names this process as a lease holder: host name, process id
// and a random part, so that two processes never share a name, not even
// one restarted with the same pid.
func NewHolder() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "host"
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b))
}
