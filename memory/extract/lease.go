package extract

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

// DefaultLeaseTime is how long a run's lease on its conversation lasts
// between renewals. The run renews it before each model call and before
// each write, never from a timer, so a run that hangs lets it lapse: this
// is how long a hung replica can hold a conversation up (plus
// lease.SkewMargin).
const DefaultLeaseTime = 5 * time.Minute

// ErrElsewhere reports a run that did not extract because another replica
// holds the conversation's lease, or took it over while the run was held
// up: that replica's run covers the messages. The scheduler tries again
// later without counting a failure.
var ErrElsewhere = errors.New("conversation is being extracted by another replica")

// Leases keep the per-conversation extraction leases shared by every
// replica; memory.Store implements it.
type Leases interface {
	AcquireLease(ctx context.Context, q memory.LeaseQuery) (memory.Lease, error)
	ReleaseLease(ctx context.Context, name, holder string) error
}

// leaseName names the extraction lease of a conversation.
func leaseName(convID string) string { return "extract:" + convID }

// releaseTimeout bounds the release of a lease at the end of a run whose
// context already ended.
const releaseTimeout = 5 * time.Second

// acquire takes the conversation's lease for a run; nil (and no error)
// when the pipeline has no leases. A lease held elsewhere is ErrElsewhere.
func (p *Pipeline) acquire(ctx context.Context, convID string) (*lease.Lease, error) {
	if p.opts.Leases == nil {
		return nil, nil
	}
	l, err := lease.Acquire(ctx, p.opts.Leases, leaseName(convID), p.opts.Holder, p.opts.LeaseTime, p.opts.Clock.Now())
	if errors.Is(err, lease.ErrHeld) {
		return nil, fmt.Errorf("%w: %w", ErrElsewhere, err)
	}
	return l, err
}

// release lets the lease go at the end of a run, even a cancelled one.
func (p *Pipeline) release(ctx context.Context, l *lease.Lease) {
	if l == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if err := l.Release(ctx); err != nil {
		p.log.WarnContext(ctx, "release extraction lease; it lapses by itself", "err", err)
	}
}

// keep makes sure the run still holds its conversation before a model call
// or a write (see lease.Lease.Keep). A lease lost to another replica is
// ErrElsewhere: that replica extracts from the watermark, and nothing this
// run would store now could be told apart from what it stores.
func (r *run) keep(ctx context.Context) error {
	if r.lease == nil {
		return nil
	}
	err := r.lease.Keep(ctx, r.p.opts.Clock.Now())
	if errors.Is(err, lease.ErrLost) {
		return fmt.Errorf("%w: %w", ErrElsewhere, err)
	}
	return err
}

// lastNewSeq is the sequence of the last message a window brought in.
func lastNewSeq(w preprocess.Window) int64 {
	var last int64
	for _, part := range w.Parts[min(w.Overlap, len(w.Parts)):] {
		for _, key := range part.IDs {
			if seq, err := strconv.ParseInt(key, 10, 64); err == nil && seq > last {
				last = seq
			}
		}
	}
	return last
}
