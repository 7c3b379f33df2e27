package extract_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// skewed is a replica's clock: the shared fake clock off by a fixed skew.
type skewed struct {
	c    *fakeClock
	skew time.Duration
}

func (s skewed) Now() time.Time { return s.c.Now().Add(s.skew) }
func (s skewed) AfterFunc(d time.Duration, f func()) extract.Timer {
	return s.c.AfterFunc(d, f)
}

// hobbies are what the test extractor finds, one per call, in words no
// two share: a second extraction of a message stores a second memory
// instead of being recognised as a duplicate, as a model's rewording
// would be.
var hobbies = []string{"Plays the violin", "Collects antique maps", "Grows chili peppers", "Builds model ships"}

// countingExtractor extracts one memory per call from the rules' reading
// of the window, counting calls; while hold is set, a call blocks until
// it is closed (a model call that hangs).
type countingExtractor struct {
	calls   *atomic.Int64
	hold    chan struct{}
	entered chan struct{}
	// holdFrom is the first call that hangs (0: every call).
	holdFrom *atomic.Int64
}

func (x countingExtractor) Extract(ctx context.Context, in extract.Input) (extract.Extraction, error) {
	n := x.calls.Add(1)
	if x.hold != nil && n >= x.holdFrom.Load() {
		x.entered <- struct{}{}
		<-x.hold
	}
	ext, err := extract.RuleExtractor{}.Extract(ctx, in)
	if err != nil || len(ext.Memories) == 0 {
		return ext, err
	}
	m := ext.Memories[0]
	m.Text, m.Subject = hobbies[(n-1)%int64(len(hobbies))], ""
	ext.Memories = []memory.Memory{m}
	return ext, nil
}

// leaseWorld is one store with replicas extracting over it.
type leaseWorld struct {
	t     *testing.T
	ctx   context.Context
	store *sqlite.Store
	clock *fakeClock
	calls atomic.Int64
	// holdFrom is the first extraction call a hold hangs (0: every one).
	holdFrom atomic.Int64
	msgs     atomic.Int64
}

func newLeaseWorld(t *testing.T) *leaseWorld {
	t.Helper()
	st, err := sqlite.Open(context.Background(), t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return &leaseWorld{t: t, ctx: context.Background(), store: st, clock: newFakeClock()}
}

// replica builds a pipeline named holder whose clock is off by skew; a
// hold makes its extractor hang until it is closed.
func (w *leaseWorld) replica(holder string, skew time.Duration, hold chan struct{}) (*extract.Pipeline, chan struct{}) {
	w.t.Helper()
	svc, err := service.New(service.Options{Store: w.store})
	if err != nil {
		w.t.Fatal(err)
	}
	entered := make(chan struct{}, 8)
	p, err := extract.NewPipeline(extract.Options{Conversations: w.store, Memories: svc, Clock: skewed{w.clock, skew},
		Extractor: countingExtractor{calls: &w.calls, hold: hold, entered: entered, holdFrom: &w.holdFrom},
		Leases:    w.store, Holder: holder})
	if err != nil {
		w.t.Fatal(err)
	}
	return p, entered
}

// message captures one message of ann in conv.
func (w *leaseWorld) message(conv, text string) memory.Person {
	w.t.Helper()
	p, err := w.store.ResolveIdentity(w.ctx, "console", "ann", "Ann")
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.store.EnsureConversation(w.ctx, memory.Conversation{ID: conv, Platform: "console"}); err != nil {
		w.t.Fatal(err)
	}
	m := memory.Message{ConversationID: conv, PlatformID: fmt.Sprintf("%s-%d", conv, w.msgs.Add(1)), PersonID: p.ID,
		AuthorName: "Ann", Role: memory.RoleUser, Text: text, Time: t0}
	if err := w.store.AppendMessage(w.ctx, &m); err != nil {
		w.t.Fatal(err)
	}
	return p
}

// active lists the texts of owner's memories.
func (w *leaseWorld) active(owner string) []string {
	w.t.Helper()
	ms, err := w.store.ListMemories(w.ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		w.t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}

// background runs p over conv in a goroutine and returns its outcome.
func background(ctx context.Context, p *extract.Pipeline, conv string) <-chan error {
	done := make(chan error, 1)
	go func() {
		_, err := p.Run(ctx, conv, extract.RunOptions{})
		done <- err
	}()
	return done
}

// TestLeaseSkipsAConversationAnotherReplicaExtracts: while one replica
// works on a conversation, another with a clock up to 30 s off either way
// neither waits nor calls the model; once the first has let the lease
// lapse, the second takes over.
func TestLeaseSkipsAConversationAnotherReplicaExtracts(t *testing.T) {
	for _, skew := range []time.Duration{lease.SkewMargin, -lease.SkewMargin} {
		t.Run(fmt.Sprint(skew), func(t *testing.T) {
			w := newLeaseWorld(t)
			ann := w.message("c1", "I play the violin every weekend")
			hold := make(chan struct{})
			a, entered := w.replica("a", 0, hold)
			b, _ := w.replica("b", skew, nil)
			runA := background(w.ctx, a, "c1")
			<-entered
			// a trusts its lease until 30 s before it ends: up to then
			// b must keep off, whatever its skew.
			w.clock.Advance(extract.DefaultLeaseTime - lease.SkewMargin)
			_, err := b.Run(w.ctx, "c1", extract.RunOptions{})
			if !errors.Is(err, extract.ErrElsewhere) {
				t.Fatalf("second replica's run while the first works: %v, want ErrElsewhere", err)
			}
			if n := w.calls.Load(); n != 1 {
				t.Fatalf("%d extraction calls, want only the first replica's", n)
			}
			// The first replica hangs; two margins past its lease's end
			// (a's clock) b takes over whatever its skew.
			w.clock.Advance(3*lease.SkewMargin + time.Second)
			res, err := b.Run(w.ctx, "c1", extract.RunOptions{})
			if err != nil || res.Added != 1 {
				t.Fatalf("takeover after the lease lapsed: %+v, %v", res, err)
			}
			close(hold)
			if err := <-runA; !errors.Is(err, extract.ErrElsewhere) {
				t.Errorf("the hung replica's run: %v, want ErrElsewhere", err)
			}
			if got := w.active(ann.ID); len(got) != 1 {
				t.Fatalf("memories %q, want exactly the one the second replica stored", got)
			}
		})
	}
}

// TestHungHolderStoresNothingTwice: a replica whose model call hangs past
// its lease while another extracts the same messages stores nothing when
// it wakes, whether the other still holds the lease or is done with it,
// and a later run has nothing left to do.
func TestHungHolderStoresNothingTwice(t *testing.T) {
	for _, otherDone := range []bool{true, false} {
		t.Run(fmt.Sprintf("other done %v", otherDone), func(t *testing.T) {
			w := newLeaseWorld(t)
			ann := w.message("c1", "I play the violin every weekend")
			holdA, holdB := make(chan struct{}), make(chan struct{})
			a, enteredA := w.replica("a", 0, holdA)
			b, enteredB := w.replica("b", 0, holdB)
			runA := background(w.ctx, a, "c1")
			<-enteredA
			w.clock.Advance(extract.DefaultLeaseTime + lease.SkewMargin)
			runB := background(w.ctx, b, "c1")
			<-enteredB
			if otherDone {
				close(holdB)
				if err := <-runB; err != nil {
					t.Fatalf("the replica taking over: %v", err)
				}
			}
			close(holdA)
			if err := <-runA; !errors.Is(err, extract.ErrElsewhere) {
				t.Errorf("the hung replica's run: %v, want ErrElsewhere", err)
			}
			if !otherDone {
				close(holdB)
				if err := <-runB; err != nil {
					t.Fatalf("the replica taking over: %v", err)
				}
			}
			if got := w.active(ann.ID); len(got) != 1 {
				t.Fatalf("%d memories %q, want 1: the message was stored twice", len(got), got)
			}
			w.clock.Advance(time.Minute)
			res, err := a.Run(w.ctx, "c1", extract.RunOptions{})
			if err != nil || res.Messages != 0 {
				t.Fatalf("a later run: %+v, %v; want nothing left", res, err)
			}
			if n := w.calls.Load(); n != 2 {
				t.Fatalf("%d extraction calls, want 2 (the hung one and the takeover)", n)
			}
		})
	}
}

// TestSchedulerLooksAgainAtAConversationExtractedElsewhere: a run that
// found the conversation leased by another replica is no failure: the
// scheduler looks again after a stability window each time, without
// backoff and without giving up, until its own run goes through.
func TestSchedulerLooksAgainAtAConversationExtractedElsewhere(t *testing.T) {
	r, clock := newFakeRunner(), newFakeClock()
	elsewhere := fmt.Errorf("extract c1: %w", extract.ErrElsewhere)
	for range 5 { // more than MaxFailures
		r.errs = append(r.errs, elsewhere)
	}
	s := newTestScheduler(t, r, clock, nil)
	s.Notify(userMsg("c1", "I like tea"))
	for i := range 6 {
		waitTimer(t, clock)
		clock.Advance(29 * time.Second)
		noRun(t, r)
		clock.Advance(time.Second)
		if c := waitRun(t, r); c.opts.SkipMalformed {
			t.Fatalf("run %d skips malformed windows", i+1)
		}
	}
	clock.Advance(time.Hour)
	noRun(t, r)
	if n := r.count(); n != 6 {
		t.Fatalf("%d runs, want 6 (5 refused, 1 through)", n)
	}
}

// TestTakeoverStartsAfterWhatTheHungRunStored: a run that stored its first
// window and hangs in the second has moved the watermark past the first,
// so the replica taking over extracts the second window only.
func TestTakeoverStartsAfterWhatTheHungRunStored(t *testing.T) {
	w := newLeaseWorld(t)
	filler := strings.Repeat("Nothing much else happened today, the weather was grey and the bus was late again. ", 6)
	ann := w.message("c1", "I play the violin every weekend. "+filler)
	w.message("c1", "I play chess every Sunday. "+filler)
	w.holdFrom.Store(2)
	hold := make(chan struct{})
	a, entered := w.replica("a", 0, hold)
	b, _ := w.replica("b", 0, nil)
	runA := background(w.ctx, a, "c1")
	select {
	case <-entered:
	case err := <-runA:
		t.Fatalf("the first run ended without a second window: %v (%d calls)", err, w.calls.Load())
	}
	w.clock.Advance(extract.DefaultLeaseTime + lease.SkewMargin)
	res, err := b.Run(w.ctx, "c1", extract.RunOptions{})
	if err != nil {
		t.Fatalf("the replica taking over: %v", err)
	}
	if res.Windows != 1 || res.Added != 1 {
		t.Errorf("the takeover ran %d windows and added %d, want the second window alone", res.Windows, res.Added)
	}
	close(hold)
	if err := <-runA; !errors.Is(err, extract.ErrElsewhere) {
		t.Errorf("the hung replica's run: %v, want ErrElsewhere", err)
	}
	if got := w.active(ann.ID); len(got) != 2 {
		t.Fatalf("%d memories %q, want one per window", len(got), got)
	}
	if n := w.calls.Load(); n != 3 {
		t.Fatalf("%d extraction calls, want 3 (two by the hung run, one by the takeover)", n)
	}
}
