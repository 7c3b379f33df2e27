package extract_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
)

// fakeRunner records runs and answers from a script.
type fakeRunner struct {
	mu      sync.Mutex
	calls   []runCall
	errs    []error // consumed one per run; nil afterwards
	block   chan struct{}
	running map[string]int
	overlap bool // two runs of one conversation at once
	ran     chan runCall
}

type runCall struct {
	conv string
	opts extract.RunOptions
}

func newFakeRunner() *fakeRunner {
	return &fakeRunner{running: make(map[string]int), ran: make(chan runCall, 100)}
}

func (r *fakeRunner) Run(ctx context.Context, convID string, opts extract.RunOptions) (extract.Result, error) {
	r.mu.Lock()
	r.running[convID]++
	if r.running[convID] > 1 {
		r.overlap = true
	}
	block := r.block
	var err error
	if len(r.errs) > 0 {
		err, r.errs = r.errs[0], r.errs[1:]
	}
	r.mu.Unlock()
	if block != nil {
		select {
		case <-block:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	r.mu.Lock()
	r.running[convID]--
	r.calls = append(r.calls, runCall{convID, opts})
	r.mu.Unlock()
	r.ran <- runCall{convID, opts}
	return extract.Result{ConversationID: convID, Added: 1}, err
}

func (r *fakeRunner) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.calls)
}

// waitRun waits for the next completed run.
func waitRun(t *testing.T, r *fakeRunner) runCall {
	t.Helper()
	select {
	case c := <-r.ran:
		return c
	case <-time.After(10 * time.Second):
		t.Fatalf("no run happened")
		return runCall{}
	}
}

// waitTimer waits until the scheduler has armed a timer (a retry is
// scheduled after the run returns).
func waitTimer(t *testing.T, clock *fakeClock) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); clock.Pending() == 0; {
		if time.Now().After(deadline) {
			t.Fatal("no timer was armed")
		}
		time.Sleep(time.Millisecond)
	}
}

// noRun checks that no run completes while the scheduler settles.
func noRun(t *testing.T, r *fakeRunner) {
	t.Helper()
	select {
	case c := <-r.ran:
		t.Fatalf("unexpected run of %s", c.conv)
	case <-time.After(20 * time.Millisecond):
	}
}

func userMsg(conv, text string) memory.Message {
	return memory.Message{ConversationID: conv, Role: memory.RoleUser, Text: text, PersonID: "p1"}
}

func newTestScheduler(t *testing.T, r extract.Runner, clock *fakeClock, pending extract.PendingLister) *extract.Scheduler {
	t.Helper()
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: 30 * time.Second, Clock: clock, Pending: pending,
		RetryDelay: time.Minute, MaxRetryDelay: 8 * time.Minute, MaxFailures: 3, SkipMalformedAfter: 2})
	start(t, s)
	return s
}

// start starts s and closes it when the test ends.
func start(t *testing.T, s *extract.Scheduler) {
	t.Helper()
	if err := s.Start(t.Context()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
}

func TestSchedulerStabilityWindowIsResetByNewMessages(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "I like tea"))
	clock.Advance(20 * time.Second)
	noRun(t, r)
	s.Notify(userMsg("c1", "and green tea in particular"))
	clock.Advance(20 * time.Second)
	noRun(t, r)
	clock.Advance(10 * time.Second)
	if c := waitRun(t, r); c.conv != "c1" || c.opts.Aggressive {
		t.Errorf("run %+v", c)
	}
	clock.Advance(time.Hour)
	noRun(t, r)
	if n := r.count(); n != 1 {
		t.Errorf("%d runs, want exactly 1", n)
	}
}

func TestSchedulerExplicitSignalRunsAtOnce(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "hello"))
	s.Notify(userMsg("c1", "记住我不吃香菜"))
	if c := waitRun(t, r); c.conv != "c1" {
		t.Errorf("run %+v", c)
	}
	if clock.Pending() != 0 {
		t.Errorf("the stability timer is still pending after an explicit run")
	}
}

func TestSchedulerRunsOneConversationAtATime(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	r.block = make(chan struct{})
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "remember that I like tea"))
	// Wait for the first run to be in progress, then trigger again twice.
	for deadline := time.Now().Add(5 * time.Second); ; {
		r.mu.Lock()
		busy := r.running["c1"] == 1
		r.mu.Unlock()
		if busy {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("first run never started")
		}
		time.Sleep(time.Millisecond)
	}
	s.Notify(userMsg("c1", "remember that I like coffee too"))
	s.Notify(userMsg("c1", "and I live in Rome"))
	clock.Advance(time.Minute)
	close(r.block)
	waitRun(t, r)
	waitRun(t, r) // the follow-up for the messages that came during the run
	noRun(t, r)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.overlap {
		t.Error("two runs of one conversation overlapped")
	}
	if len(r.calls) != 2 {
		t.Errorf("%d runs, want 2", len(r.calls))
	}
}

func TestSchedulerRetriesFailuresWithBackoff(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	down := &llm.Error{Kind: llm.ErrServer, Status: 503, Purpose: llm.PurposeExtraction}
	r.errs = []error{down, extract.ErrMalformed, extract.ErrMalformed}
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "I like tea"))
	clock.Advance(30 * time.Second)
	waitRun(t, r) // model down: retry in 1 minute
	waitTimer(t, clock)
	clock.Advance(59 * time.Second)
	noRun(t, r)
	clock.Advance(time.Second)
	if c := waitRun(t, r); c.opts.SkipMalformed { // malformed: retry in 2 minutes
		t.Errorf("second run skips malformed windows before any malformed answer")
	}
	waitTimer(t, clock)
	clock.Advance(119 * time.Second)
	noRun(t, r)
	clock.Advance(time.Second)
	if c := waitRun(t, r); c.opts.SkipMalformed { // malformed again: retry in 4 minutes
		t.Errorf("third run skips malformed windows after one malformed failure")
	}
	waitTimer(t, clock)
	clock.Advance(4 * time.Minute)
	if c := waitRun(t, r); !c.opts.SkipMalformed {
		t.Errorf("fourth run does not skip windows that stay malformed")
	}
	clock.Advance(time.Hour)
	noRun(t, r)
}

func TestSchedulerGivesUpAfterMaxFailuresUntilNextMessage(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	down := &llm.Error{Kind: llm.ErrTimeout, Purpose: llm.PurposeExtraction}
	r.errs = []error{down, down, down, down}
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "I like tea"))
	clock.Advance(time.Minute)
	for i := range 4 {
		waitRun(t, r)
		if i < 3 {
			waitTimer(t, clock)
			clock.Advance(time.Hour)
		}
	}
	clock.Advance(24 * time.Hour)
	noRun(t, r)
	s.Notify(userMsg("c1", "still there?"))
	clock.Advance(time.Minute)
	waitRun(t, r)
}

func TestSchedulerCloseFlushesPending(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Hour, Clock: clock})
	start(t, s)
	s.Notify(userMsg("c1", "I like tea"))
	s.Notify(userMsg("c2", "I like coffee"))
	if err := s.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if n := r.count(); n != 2 {
		t.Errorf("%d runs at close, want the 2 pending conversations", n)
	}
	if clock.Pending() != 0 {
		t.Errorf("timers left after Close")
	}
	s.Notify(userMsg("c1", "after close"))
	if _, err := s.ExtractNow(context.Background(), "c1", false); !errors.Is(err, extract.ErrClosed) {
		t.Errorf("ExtractNow after Close = %v, want ErrClosed", err)
	}
	if n := r.count(); n != 2 {
		t.Errorf("runs after Close: %d", n)
	}
}

func TestSchedulerCloseIsBoundedByContext(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	r.block = make(chan struct{}) // never released: runs end only when cancelled
	s := extract.NewScheduler(r, extract.SchedulerOptions{Window: time.Second, Clock: clock})
	start(t, s)
	s.Notify(userMsg("c1", "remember that I like tea"))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := s.Close(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Close = %v, want the deadline", err)
	}
}

func TestSchedulerExtractNowAndRecover(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	pending := pendingList{{ID: "c7"}, {ID: "c8"}}
	s := newTestScheduler(t, r, clock, pending)
	// Start resumed what the store lists as pending.
	started := map[string]bool{waitRun(t, r).conv: true, waitRun(t, r).conv: true}
	if !started["c7"] || !started["c8"] {
		t.Errorf("runs at start %v, want the pending conversations", started)
	}
	s.Notify(userMsg("c1", "I like tea"))
	res, err := s.ExtractNow(context.Background(), "c1", true)
	if err != nil || res.ConversationID != "c1" || res.Added != 1 {
		t.Fatalf("ExtractNow = %+v, %v", res, err)
	}
	if c := waitRun(t, r); !c.opts.Aggressive {
		t.Errorf("manual pass was not aggressive")
	}
	clock.Advance(time.Hour)
	noRun(t, r) // the manual pass replaced the pending timer
	n, err := s.Recover(context.Background())
	if err != nil || n != 2 {
		t.Fatalf("Recover = %d, %v", n, err)
	}
	got := map[string]bool{waitRun(t, r).conv: true, waitRun(t, r).conv: true}
	if !got["c7"] || !got["c8"] {
		t.Errorf("recovered runs %v", got)
	}
}

// countingLister counts the conversations it listed.
type countingLister struct {
	extract.PendingLister
	mu sync.Mutex
	n  int
}

func (c *countingLister) PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error) {
	convs, err := c.PendingLister.PendingConversations(ctx, limit)
	c.mu.Lock()
	c.n += len(convs)
	c.mu.Unlock()
	return convs, err
}

func (c *countingLister) listed() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

type pendingList []memory.Conversation

func (p pendingList) PendingConversations(context.Context, int) ([]memory.Conversation, error) {
	return p, nil
}

func TestSchedulerWithPipeline(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	clock := newFakeClock()
	s := extract.NewScheduler(e.pipe, extract.SchedulerOptions{Window: time.Hour, Clock: clock, Pending: e.store})
	start(t, s)

	m := e.say("console:dm", ann, 0, "I live in Lisbon")
	s.Notify(m)
	if n := len(e.memories(ann.ID)); n != 0 {
		t.Fatalf("extracted before the window: %d memories", n)
	}
	m = e.say("console:dm", ann, 1, "I work at a hospital")
	s.Notify(m)
	if err := s.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if n := len(e.memories(ann.ID)); n != 2 {
		t.Errorf("%d memories after Close, want the 2 pending ones", n)
	}
	if wm := e.watermark("console:dm"); wm != m.Seq {
		t.Errorf("watermark %d, want %d", wm, m.Seq)
	}

	// A new process picks up what was captured but never extracted.
	e.say("console:dm", ann, 2, "I'm allergic to peanuts")
	pending := &countingLister{PendingLister: e.store}
	s2 := extract.NewScheduler(e.pipe, extract.SchedulerOptions{Window: time.Hour, Clock: clock, Pending: pending})
	if err := s2.Start(t.Context()); err != nil {
		t.Fatalf("Start: %v", err)
	}
	if n := pending.listed(); n != 1 {
		t.Fatalf("Start resumed %d conversations, want 1", n)
	}
	if err := s2.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if n := len(e.memories(ann.ID)); n != 3 {
		t.Errorf("%d memories after recovery, want 3", n)
	}
}

func TestSchedulerExplicitSignalEndToEnd(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	s := extract.NewScheduler(e.pipe, extract.SchedulerOptions{Window: time.Hour, Clock: newFakeClock()})
	start(t, s)
	s.Notify(e.say("console:dm", ann, 0, "Remember that I'm allergic to peanuts"))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		e.mu.Lock()
		n := len(e.stored[ann.ID])
		e.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("an explicit request was not extracted without waiting for the window")
		}
	}
	ms := e.memories(ann.ID)
	if len(ms) != 1 || ms[0].Text != "Is allergic to peanuts" || ms[0].Confidence < 0.9 {
		t.Errorf("memories %+v", ms)
	}
}
