package bot

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"sync"
)

// ErrClosed is returned by Handle after Close, and by Start after Close.
var ErrClosed = errors.New("engine closed")

// ErrNotStarted is returned by Handle before Start.
var ErrNotStarted = errors.New("engine not started")

// workers own every goroutine of the engine: one per conversation with
// queued replies (so replies in a conversation never interleave, and a
// worker exists only while its queue has work) and the background jobs the
// replies leave behind. They live under the context Start was given.
type workers struct {
	log *slog.Logger

	mu       sync.Mutex
	state    workState
	ctx      context.Context // from Start; cancelled at Close
	cancel   context.CancelFunc
	stopping chan struct{} // closed when Close begins
	queues   map[string]*queue
	wg       sync.WaitGroup
	// drained is closed once every job and background task has ended
	// after Close began.
	drained chan struct{}
}

type workState int

const (
	idle workState = iota
	running
	closed
)

// queue holds one conversation's jobs, run one after another.
type queue struct {
	jobs []func(context.Context)
	// running is set while a job runs; inFlight, set when Close begins,
	// counts the jobs still to run as in flight (the one about to start
	// when none runs): the later ones run with draining set.
	running  bool
	inFlight int
}

// drainingKey marks the context of a job queued behind the one in flight
// when Close began: a job that can be left for the next run (its message
// is queued in the store) returns at once.
type drainingKey struct{}

// draining reports whether ctx is such a job's.
func draining(ctx context.Context) bool {
	d, _ := ctx.Value(drainingKey{}).(bool)
	return d
}

func newWorkers(log *slog.Logger) *workers {
	return &workers{log: log, stopping: make(chan struct{}), queues: make(map[string]*queue)}
}

// start lets work in; it runs under a context derived from ctx.
func (w *workers) start(ctx context.Context) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch w.state {
	case running:
		return errors.New("engine already started")
	case closed:
		return ErrClosed
	}
	w.ctx, w.cancel = context.WithCancel(ctx)
	w.state = running
	return nil
}

// accepting reports why new work is refused, if it is: before start,
// after Close began, or once Start's context ended.
func (w *workers) accepting() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.state == idle:
		return ErrNotStarted
	case w.state == closed || w.ctx.Err() != nil:
		return ErrClosed
	}
	return nil
}

// enqueue appends job to the conversation's queue, starting its worker if
// idle. It returns false unless the engine is running.
func (w *workers) enqueue(conversationID string, job func(context.Context)) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state != running {
		return false
	}
	q, busy := w.queues[conversationID]
	if !busy {
		q = &queue{}
		w.queues[conversationID] = q
	}
	q.jobs = append(q.jobs, job)
	if !busy {
		w.wg.Add(1)
		go w.work(conversationID, q)
	}
	return true
}

func (w *workers) work(conversationID string, q *queue) {
	defer w.wg.Done()
	for {
		w.mu.Lock()
		if len(q.jobs) == 0 {
			delete(w.queues, conversationID)
			w.mu.Unlock()
			return
		}
		job := q.jobs[0]
		q.jobs[0] = nil
		q.jobs = q.jobs[1:]
		ctx := w.ctx
		if w.state == closed {
			if q.inFlight > 0 {
				q.inFlight--
			} else {
				ctx = context.WithValue(ctx, drainingKey{}, true)
			}
		}
		q.running = true
		w.mu.Unlock()
		w.run(ctx, conversationID, job)
		w.mu.Lock()
		q.running = false
		w.mu.Unlock()
	}
}

// run runs one job; a panic in it is logged and costs only that reply,
// not the process and every other conversation.
func (w *workers) run(ctx context.Context, conversationID string, job func(context.Context)) {
	defer func() {
		if p := recover(); p != nil {
			w.log.Error("reply job panicked", "conversation", conversationID, "panic", p, "stack", string(debug.Stack()))
		}
	}()
	job(ctx)
}

// goIntake runs f on a tracked goroutine for work that comes from outside
// (a message being handled); it returns false unless the engine is
// running.
func (w *workers) goIntake(f func(ctx context.Context)) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state != running {
		return false
	}
	w.wg.Add(1)
	go w.background(f)
	return true
}

// goTracked runs f on a tracked goroutine. It is called only from a
// goroutine the workers already track (a reply leaving work behind), so
// it is allowed while Close drains the queues.
func (w *workers) goTracked(f func(ctx context.Context)) {
	w.wg.Add(1)
	go w.background(f)
}

func (w *workers) background(f func(ctx context.Context)) {
	defer w.wg.Done()
	f(w.ctx)
}

// closing is closed when Close begins, so that background work can hurry.
func (w *workers) closing() <-chan struct{} { return w.stopping }

// stop refuses new work and returns a channel closed once every tracked
// goroutine has returned; first is false when stop was already called.
func (w *workers) stop() (drained <-chan struct{}, first bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.state == closed {
		return w.drained, false
	}
	w.state = closed
	for _, q := range w.queues {
		if !q.running {
			q.inFlight = 1
		}
	}
	close(w.stopping)
	w.drained = make(chan struct{})
	go func(ch chan struct{}) {
		w.wg.Wait()
		close(ch)
	}(w.drained)
	return w.drained, true
}

// abort cancels whatever still runs.
func (w *workers) abort() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		w.cancel()
	}
}
