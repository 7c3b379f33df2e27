package discord

import (
	"context"
	"log/slog"
	"sync"
)

// maxQueued bounds the events waiting in one conversation, so a flood in
// one channel cannot exhaust memory.
const maxQueued = 1000

// job is one unit of work for a conversation.
type job func(ctx context.Context)

// lanes runs jobs one at a time per key (a conversation) and concurrently
// across keys. A lane's goroutine exists only while it has work.
type lanes struct {
	ctx context.Context
	wg  *sync.WaitGroup
	log *slog.Logger

	mu     sync.Mutex
	queues map[string][]job
	closed bool
}

func newLanes(ctx context.Context, wg *sync.WaitGroup, log *slog.Logger) *lanes {
	return &lanes{ctx: ctx, wg: wg, log: log, queues: map[string][]job{}}
}

// push queues j on key's lane. It reports false when the lanes are
// closed or the lane is full.
func (l *lanes) push(key string, j job) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false
	}
	q, running := l.queues[key]
	if len(q) >= maxQueued {
		return false
	}
	l.queues[key] = append(q, j)
	if !running {
		l.wg.Add(1)
		go l.drain(key)
	}
	return true
}

// drain runs key's jobs until its lane is empty.
func (l *lanes) drain(key string) {
	defer l.wg.Done()
	for {
		l.mu.Lock()
		q := l.queues[key]
		if len(q) == 0 {
			delete(l.queues, key)
			l.mu.Unlock()
			return
		}
		j := q[0]
		q[0] = nil
		l.queues[key] = q[1:]
		l.mu.Unlock()
		l.run(key, j)
	}
}

// run runs one job; a panic in it is logged and the lane goes on with
// the next job.
func (l *lanes) run(key string, j job) {
	defer func() {
		if v := recover(); v != nil {
			logPanic(l.log, "handling a conversation's event", v, "conversation", key)
		}
	}()
	j(l.ctx)
}

// close stops accepting jobs; queued jobs still run.
func (l *lanes) close() {
	l.mu.Lock()
	l.closed = true
	l.mu.Unlock()
}
