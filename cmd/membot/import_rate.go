package main

import (
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/membot/membot/memory/llm"
)

// rateLimited spaces a model's chat calls so that at most perMinute start
// in any minute: a bulk import must not exhaust a provider's quota.
// Embeddings are not capped (they are cheap and batched).
type rateLimited struct {
	llm.Client
	gap   time.Duration
	sleep func(context.Context, time.Duration) error
	now   func() time.Time
	mu    sync.Mutex
	next  time.Time
}

func newRateLimited(c llm.Client, perMinute int, sleep func(context.Context, time.Duration) error) *rateLimited {
	return &rateLimited{Client: c, gap: time.Minute / time.Duration(perMinute), sleep: sleep, now: time.Now}
}

// realSleep waits d or until ctx ends.
func realSleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// wait takes the next slot, sleeping until it comes.
func (r *rateLimited) wait(ctx context.Context) error {
	r.mu.Lock()
	now := r.now()
	slot := r.next
	if now.After(slot) {
		slot = now
	}
	r.next = slot.Add(r.gap)
	r.mu.Unlock()
	if d := slot.Sub(now); d > 0 {
		return r.sleep(ctx, d)
	}
	return nil
}

// Stream waits for a slot, then streams.
func (r *rateLimited) Stream(ctx context.Context, req llm.Request, onDelta func(string) error) (string, llm.Usage, error) {
	if err := r.wait(ctx); err != nil {
		return "", llm.Usage{}, err
	}
	return r.Client.Stream(ctx, req, onDelta)
}

// JSON waits for a slot, then asks.
func (r *rateLimited) JSON(ctx context.Context, req llm.Request, schema llm.Schema) (json.RawMessage, llm.Usage, error) {
	if err := r.wait(ctx); err != nil {
		return nil, llm.Usage{}, err
	}
	return r.Client.JSON(ctx, req, schema)
}
