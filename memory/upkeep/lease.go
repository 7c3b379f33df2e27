package upkeep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
)

// LeaseName is the lease whose holder runs the scheduled passes.
const LeaseName = "upkeep"

// Leases keep the upkeep lease shared by every replica; memory.Store
// implements it.
type Leases interface {
	AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error)
	ReleaseLease(ctx context.Context, name, holder string) error
}

// leaseTime is how long the upkeep lease lasts: two intervals, so that the
// holder renews it at every pass and a replica that stops passing (it
// crashed or hangs) gives it up within two intervals (plus the skew
// margin), and never less than four skew margins.
func leaseTime(interval time.Duration) time.Duration {
	return max(2*interval, 4*lease.SkewMargin)
}

// releaseTimeout bounds the release of the lease when the worker stops.
const releaseTimeout = 5 * time.Second

// upkeepLease is the worker's hold on the upkeep lease across scheduled
// passes; the loop goroutine alone uses it.
type upkeepLease struct {
	w    *Worker
	held *lease.Lease
}

// mine reports whether this replica runs the next scheduled pass: it keeps
// the lease it holds, or takes it when it is free. Without leases every
// pass is this replica's. A store failure is logged and skips the pass.
func (u *upkeepLease) mine(ctx context.Context) bool {
	o := u.w.opts
	if o.Leases == nil {
		return true
	}
	now := o.Now()
	if u.held != nil {
		err := u.held.Keep(ctx, now)
		if err == nil {
			return true
		}
		u.held = nil
		if !errors.Is(err, lease.ErrLost) {
			u.w.log.WarnContext(ctx, "renew the upkeep lease", slog.Any("err", err))
			return false
		}
		u.w.log.InfoContext(ctx, "upkeep lease lost; another replica runs the passes", slog.Any("err", err))
	}
	l, err := lease.Acquire(ctx, o.Leases, LeaseName, o.Holder, leaseTime(o.Interval), now)
	switch {
	case errors.Is(err, lease.ErrHeld):
		u.w.log.DebugContext(ctx, "upkeep runs on another replica", slog.Any("err", err))
		return false
	case err != nil:
		u.w.log.WarnContext(ctx, "take the upkeep lease", slog.Any("err", err))
		return false
	}
	u.held = l
	return true
}

// keep checks between the steps of a pass that the lease is still this
// replica's, so that one that hung in a step does not go on with the next
// one another replica already runs.
func (u *upkeepLease) keep(ctx context.Context) error {
	if u == nil || u.held == nil {
		return nil
	}
	return u.held.Keep(ctx, u.w.opts.Now())
}

// release lets the lease go when the worker stops, so that another
// replica takes over at its next pass rather than after the lease lapses.
func (u *upkeepLease) release(ctx context.Context) {
	if u.held == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if err := u.held.Release(ctx); err != nil {
		u.w.log.WarnContext(ctx, "release the upkeep lease; it lapses by itself", slog.Any("err", err))
	}
	u.held = nil
}

// keepErr is keep for a pass: false, with the error added to errs, when
// the pass must stop.
func (u *upkeepLease) keepErr(ctx context.Context, errs *[]error) bool {
	if err := u.keep(ctx); err != nil {
		*errs = append(*errs, fmt.Errorf("upkeep pass stopped: %w", err))
		return false
	}
	return true
}
