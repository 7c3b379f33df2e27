package storetest

import (
	"context"
	"time"

	"github.com/membot/membot/memory"
)

// The counter and lease methods of Faulty, kept apart from faulty.go for
// its size.

// AddCount is memory.Store.AddCount, with faults.
func (f *Faulty) AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (n int64, err error) {
	err = f.call("AddCount", func() (err error) { n, err = f.s.AddCount(ctx, key, delta, now, expires); return })
	return n, err
}

// Count is memory.Store.Count, with faults.
func (f *Faulty) Count(ctx context.Context, key string, now time.Time) (n int64, err error) {
	err = f.call("Count", func() (err error) { n, err = f.s.Count(ctx, key, now); return })
	return n, err
}

// AcquireLease is memory.Store.AcquireLease, with faults.
func (f *Faulty) AcquireLease(ctx context.Context, q memory.LeaseQuery) (l memory.Lease, err error) {
	err = f.call("AcquireLease", func() (err error) { l, err = f.s.AcquireLease(ctx, q); return })
	return l, err
}

// ReleaseLease is memory.Store.ReleaseLease, with faults.
func (f *Faulty) ReleaseLease(ctx context.Context, name, holder string) error {
	return f.call("ReleaseLease", func() error { return f.s.ReleaseLease(ctx, name, holder) })
}

// Leases is memory.Store.Leases, with faults.
func (f *Faulty) Leases(ctx context.Context, prefix string, now time.Time) (out []memory.Lease, err error) {
	err = f.call("Leases", func() (err error) { out, err = f.s.Leases(ctx, prefix, now); return })
	return out, err
}
