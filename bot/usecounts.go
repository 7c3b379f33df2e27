package bot

import (
	"context"
	"log/slog"
	"maps"
	"slices"
	"sync"
	"time"
)

// Use counters are not content: they only feed ranking (a memory used
// often is a little more likely to be recalled) and archiving (a memory
// unused for long goes). So the uses of a reply are not written as it
// ends but gathered per owner and written every useFlushInterval, at most
// maxPendingUses memories at a time, and when the engine closes. A crash
// loses at most the uses of the last interval; a memory's last use is
// recorded as the latest use of its batch, up to useFlushInterval later
// than it was. Counts stay exact: a memory used n times in an interval is
// counted n times (one store call per level of use, see flush), so an
// owner whose replies use different memories costs one call an interval,
// not one a reply.
const (
	useFlushInterval = 5 * time.Second
	maxPendingUses   = 10000
	useFlushTimeout  = 10 * time.Second
)

// pendingUse is one memory's uses not yet written.
type pendingUse struct {
	count int
	last  time.Time
}

// useCounts gathers the memories' uses until they are written.
type useCounts struct {
	touch    memoryToucher
	work     *workers
	log      *slog.Logger
	interval time.Duration

	mu        sync.Mutex
	pending   map[string]map[string]pendingUse // owner → memory id → uses
	size      int                              // memories in pending
	scheduled bool                             // a flush waits for its time
}

func newUseCounts(touch memoryToucher, work *workers, log *slog.Logger) *useCounts {
	return &useCounts{touch: touch, work: work, log: log, interval: useFlushInterval, pending: map[string]map[string]pendingUse{}}
}

// add records that owner's memories ids went into a reply at t. It runs
// inside a reply job, so the flush it may schedule is tracked by the
// workers and done by Close at the latest.
func (u *useCounts) add(owner string, ids []string, t time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	uses := u.pending[owner]
	if uses == nil {
		uses = map[string]pendingUse{}
		u.pending[owner] = uses
	}
	for _, id := range slices.Compact(slices.Sorted(slices.Values(ids))) {
		p, ok := uses[id]
		if !ok {
			u.size++
		}
		p.count++
		if t.After(p.last) {
			p.last = t
		}
		uses[id] = p
	}
	if u.size >= maxPendingUses {
		taken := u.takeLocked()
		u.work.goTracked(func(ctx context.Context) { u.flush(ctx, taken) })
		return
	}
	if !u.scheduled {
		u.scheduled = true
		u.work.goTracked(u.flushLater)
	}
}

// flushLater writes what is pending once the interval is over, or at once
// when the engine closes.
func (u *useCounts) flushLater(ctx context.Context) {
	timer := time.NewTimer(u.interval)
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-u.work.closing():
	case <-ctx.Done():
	}
	u.mu.Lock()
	taken := u.takeLocked()
	u.scheduled = false
	u.mu.Unlock()
	u.flush(ctx, taken)
}

// takeLocked hands over what is pending. The caller holds u.mu.
func (u *useCounts) takeLocked() map[string]map[string]pendingUse {
	taken := u.pending
	u.pending, u.size = map[string]map[string]pendingUse{}, 0
	return taken
}

// flush writes taken: per owner, one call for the memories used at least
// once, one for those used at least twice, and so on, each with the
// latest use of its memories. A cancelled engine (Close past its drain
// bound) still gets a short bound of its own.
func (u *useCounts) flush(ctx context.Context, taken map[string]map[string]pendingUse) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), useFlushTimeout)
	defer cancel()
	for _, owner := range slices.Sorted(maps.Keys(taken)) {
		uses := taken[owner]
		for level := 1; ; level++ {
			var ids []string
			var last time.Time
			for id, p := range uses {
				if p.count >= level {
					ids = append(ids, id)
					if p.last.After(last) {
						last = p.last
					}
				}
			}
			if len(ids) == 0 {
				break
			}
			slices.Sort(ids)
			if err := u.touch.Touch(ctx, owner, ids, last); err != nil {
				u.log.Warn("count memory use", "owner", owner, "memories", len(ids), "err", err)
				break
			}
		}
	}
}
