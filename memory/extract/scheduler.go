package extract

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/membot/membot/internal/lifecycle"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// Errors of the scheduler's life cycle, checked with errors.Is.
var (
	// ErrClosed is returned by a Scheduler after Close.
	ErrClosed = errors.New("extraction scheduler closed")
	// ErrStarted is returned by a second Start.
	ErrStarted = errors.New("extraction scheduler already started")
	// ErrNotStarted is returned by ExtractNow and Recover before Start.
	ErrNotStarted = errors.New("extraction scheduler not started")
)

// Defaults of the scheduler.
const (
	// DefaultStabilityWindow is how long a conversation must be quiet
	// before it is extracted.
	DefaultStabilityWindow = 30 * time.Second
	// DefaultMaxRetryDelay caps the backoff after failures.
	DefaultMaxRetryDelay = 10 * time.Minute
	// DefaultMaxFailures is how many failed runs in a row are retried
	// automatically; after that a conversation waits for its next message.
	DefaultMaxFailures = 6
	// DefaultSkipMalformedAfter is how many runs in a row may fail on a
	// malformed answer before the next run skips such windows.
	DefaultSkipMalformedAfter = 3
	// DefaultMaxConcurrent bounds simultaneous background runs.
	DefaultMaxConcurrent = 2
	// recoverLimit bounds the conversations Recover picks up at once.
	recoverLimit = 1000
)

// Runner runs extraction over one conversation; *Pipeline is the Runner.
type Runner interface {
	Run(ctx context.Context, convID string, opts RunOptions) (Result, error)
}

// PendingLister lists conversations with unextracted messages;
// memory.Store is one.
type PendingLister interface {
	PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error)
}

// SchedulerOptions configure a Scheduler.
type SchedulerOptions struct {
	// Window is the stability window (DefaultStabilityWindow when 0).
	Window time.Duration
	// Clock drives timers; nil is the system clock.
	Clock Clock
	// Pending finds work left over from a previous process: Start
	// schedules it (see Recover). Nil leaves that to the caller.
	Pending PendingLister
	Logger  *slog.Logger
	// MaxConcurrent bounds simultaneous background runs.
	MaxConcurrent int
	// RetryDelay is the first backoff after a failure (Window when 0);
	// it doubles per failure up to MaxRetryDelay.
	RetryDelay    time.Duration
	MaxRetryDelay time.Duration
	// MaxFailures and SkipMalformedAfter default to the Default* values.
	MaxFailures        int
	SkipMalformedAfter int
}

// Scheduler decides when conversations are extracted: after a stability
// window that each new message resets, at once for an explicit "remember
// that…", on demand for a manual pass, with backoff after failures. At most
// one run per conversation happens at a time. It is built idle; Start runs
// it under the caller's context and Close stops the timers, waits for
// running extractions and flushes what is pending, within the caller's
// deadline.
type Scheduler struct {
	runner Runner
	opts   SchedulerOptions
	log    *slog.Logger
	group  lifecycle.Group
	sem    chan struct{}

	mu      sync.Mutex
	started bool
	closed  bool
	// closeDone is closed when the first Close returns.
	closeDone chan struct{}
	convs     map[string]*convState
}

// convState is the scheduling state of one conversation.
type convState struct {
	timer Timer
	// gen identifies the current timer, so a stale one that fires after
	// being replaced does nothing.
	gen uint64
	// dirty means there may be messages no run has started on yet.
	dirty     bool
	running   bool
	failures  int
	malformed int
}

// NewScheduler returns an idle scheduler over runner: nothing runs and no
// timer is armed until Start. Notify before Start only records the
// conversation, which Start then extracts.
func NewScheduler(runner Runner, opts SchedulerOptions) *Scheduler {
	if opts.Window <= 0 {
		opts.Window = DefaultStabilityWindow
	}
	if opts.Clock == nil {
		opts.Clock = SystemClock{}
	}
	if opts.MaxConcurrent <= 0 {
		opts.MaxConcurrent = DefaultMaxConcurrent
	}
	if opts.RetryDelay <= 0 {
		opts.RetryDelay = opts.Window
	}
	if opts.MaxRetryDelay <= 0 {
		opts.MaxRetryDelay = DefaultMaxRetryDelay
	}
	if opts.MaxFailures <= 0 {
		opts.MaxFailures = DefaultMaxFailures
	}
	if opts.SkipMalformedAfter <= 0 {
		opts.SkipMalformedAfter = DefaultSkipMalformedAfter
	}
	return &Scheduler{runner: runner, opts: opts, log: orDiscard(opts.Logger), closeDone: make(chan struct{}),
		sem: make(chan struct{}, opts.MaxConcurrent), convs: make(map[string]*convState)}
}

// Notify tells the scheduler that m was captured. The conversation is
// extracted once it has been quiet for the stability window, or at once
// when m explicitly asks to remember something.
func (s *Scheduler) Notify(m memory.Message) {
	if m.ConversationID == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	st := s.state(m.ConversationID)
	st.dirty = true
	st.failures = 0
	if !s.started {
		return // Start extracts it
	}
	if m.Role == memory.RoleUser && IsExplicit(m.Text) {
		s.stopTimer(st)
		s.startLocked(m.ConversationID, st)
		return
	}
	s.scheduleLocked(m.ConversationID, st, s.opts.Window)
}

// ExtractNow runs extraction of a conversation immediately and returns its
// result: the manual /memories extract, aggressive when asked. It waits for
// a background run of the same conversation to finish first. It fails
// with ErrNotStarted before Start and ErrClosed after Close.
func (s *Scheduler) ExtractNow(ctx context.Context, convID string, aggressive bool) (Result, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return Result{ConversationID: convID}, ErrClosed
	}
	if !s.started {
		s.mu.Unlock()
		return Result{ConversationID: convID}, ErrNotStarted
	}
	st := s.state(convID)
	s.stopTimer(st)
	st.dirty = false
	s.mu.Unlock()

	res, err := s.runner.Run(ctx, convID, RunOptions{Aggressive: aggressive})
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil && !s.closed {
		st := s.state(convID)
		st.dirty = true
		s.failedLocked(convID, st, err)
	}
	s.forgetIdleLocked(convID)
	return res, err
}

// Recover schedules every conversation the store says has unextracted
// messages (left by a crash or a shutdown deadline). It returns how many.
// Start does it once; calling it again retries after a failure.
func (s *Scheduler) Recover(ctx context.Context) (int, error) {
	if s.opts.Pending == nil {
		return 0, errors.New("recover extraction: no pending lister configured")
	}
	convs, err := s.opts.Pending.PendingConversations(ctx, recoverLimit)
	if err != nil {
		return 0, fmt.Errorf("recover extraction: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return 0, ErrClosed
	}
	if !s.started {
		return 0, ErrNotStarted
	}
	for _, c := range convs {
		st := s.state(c.ID)
		st.dirty = true
		s.stopTimer(st)
		s.startLocked(c.ID, st)
	}
	return len(convs), nil
}

// state returns (creating) the state of a conversation; s.mu is held.
func (s *Scheduler) state(id string) *convState {
	st := s.convs[id]
	if st == nil {
		st = &convState{}
		s.convs[id] = st
	}
	return st
}

// stopTimer cancels a pending trigger; s.mu is held.
func (s *Scheduler) stopTimer(st *convState) {
	if st.timer != nil {
		st.timer.Stop()
		st.timer = nil
	}
	st.gen++
}

// scheduleLocked (re)arms the conversation's trigger after d.
func (s *Scheduler) scheduleLocked(id string, st *convState, d time.Duration) {
	s.stopTimer(st)
	gen := st.gen
	st.timer = s.opts.Clock.AfterFunc(d, func() { s.fire(id, gen) })
}

// fire is a trigger going off.
func (s *Scheduler) fire(id string, gen uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.convs[id]
	if s.closed || st == nil || st.gen != gen {
		return
	}
	st.timer = nil
	if st.running {
		return // the run's completion starts another, as st is dirty
	}
	s.startLocked(id, st)
}

// startLocked starts a background run unless one is going on; s.mu is
// held.
func (s *Scheduler) startLocked(id string, st *convState) {
	if st.running {
		return
	}
	opts := RunOptions{SkipMalformed: st.malformed >= s.opts.SkipMalformedAfter}
	if !s.group.Go(func(ctx context.Context) { s.runBackground(ctx, id, opts) }) {
		return // not started, or closing: st stays dirty
	}
	st.running = true
	st.dirty = false
}

// runBackground is one background run with its bookkeeping.
func (s *Scheduler) runBackground(ctx context.Context, id string, opts RunOptions) {
	var err error
	select {
	case s.sem <- struct{}{}:
		_, err = s.runner.Run(ctx, id, opts)
		<-s.sem
	case <-ctx.Done():
		err = ctx.Err()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.state(id)
	st.running = false
	if err != nil {
		st.dirty = true
		if !s.closed {
			s.failedLocked(id, st, err)
		}
		return
	}
	st.failures, st.malformed = 0, 0
	if st.dirty && st.timer == nil && !s.closed {
		s.startLocked(id, st)
		return
	}
	s.forgetIdleLocked(id)
}

// failedLocked records a failed run and schedules a retry with backoff. A
// conversation another replica is extracting is no failure: it is tried
// again after a stability window, so that what that replica's run did not
// cover is not left behind.
func (s *Scheduler) failedLocked(id string, st *convState, err error) {
	if errors.Is(err, ErrElsewhere) {
		s.log.Debug("conversation extracted by another replica; will look again", "conversation", id, "err", err)
		s.scheduleLocked(id, st, s.opts.Window)
		return
	}
	st.failures++
	if errors.Is(err, ErrMalformed) {
		st.malformed++
	}
	if st.failures > s.opts.MaxFailures {
		s.log.Error("extraction keeps failing; waiting for the next message", "conversation", id, "failures", st.failures, "err", err)
		return
	}
	delay := s.opts.RetryDelay << min(st.failures-1, 20)
	delay = min(delay, s.opts.MaxRetryDelay)
	var le *llm.Error
	if errors.As(err, &le) && le.RetryAfter > delay {
		delay = min(le.RetryAfter, s.opts.MaxRetryDelay)
	}
	s.log.Warn("extraction failed; will retry", "conversation", id, "failures", st.failures, "retry_in", delay, "err", err)
	s.scheduleLocked(id, st, delay)
}

// forgetIdleLocked drops the state of a conversation with nothing pending,
// so the map does not grow with every conversation ever seen.
func (s *Scheduler) forgetIdleLocked(id string) {
	st := s.convs[id]
	if st != nil && !st.running && !st.dirty && st.timer == nil && st.failures == 0 {
		delete(s.convs, id)
	}
}
