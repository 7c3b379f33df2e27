package service_test

import (
	"context"
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/service"
)

func recallQuery(text string) recall.Query { return recall.Query{Text: text, MinScore: -1, Limit: 10} }

// chain stores "Lives in Paris" (message m1) superseded by "Lives in Lyon"
// (message m2) and returns both, newest first.
func chain(e *env, p memory.Person) (head, old memory.Memory) {
	e.say("console:dm", p, "m1", "I live in Paris")
	e.say("console:dm", p, "m2", "I moved to Lyon")
	old = e.remember(p.ID, "Lives in Paris", "console:dm", "m1")
	head = memory.Memory{
		Owner: p.ID, Text: "Lives in Lyon", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive,
		Source: memory.Source{Platform: "console", ConversationID: "console:dm", MessageIDs: []string{"m2"}},
	}
	linked, err := e.svc.Supersede(e.ctx, p.ID, old.ID, &head, "moved")
	if err != nil || !linked {
		e.t.Fatalf("supersede: linked %v, %v", linked, err)
	}
	return head, old
}

func TestForgetErasesEveryVersionAndItsSources(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	head, old := chain(e, ann)
	e.say("console:dm", ann, "m3", "unrelated chatter")
	if got := e.recalled(e.svc, ann.ID, "Lyon"); !slices.Contains(got, head.ID) {
		t.Fatalf("recall before forget = %v", got)
	}
	gone, err := e.svc.Forget(e.ctx, ann.ID, head.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(gone) != 2 || gone[0].ID != head.ID || gone[1].ID != old.ID {
		t.Errorf("forgot %v, want the memory and its earlier version", gone)
	}
	if n := e.count(ann.ID); n != 0 {
		t.Errorf("%d memories left, want 0", n)
	}
	if got := e.messages("console:dm"); !slices.Equal(got, []string{"m3", "reply:m3"}) {
		t.Errorf("messages left %v, want only the unrelated ones", got)
	}
	if got := e.recalled(e.svc, ann.ID, "Lyon Paris"); len(got) != 0 {
		t.Errorf("recall after forget = %v", got)
	}
}

func TestForgetInterruptedCanBeRetriedToCompletion(t *testing.T) {
	steps := []struct {
		method string
		n      int
	}{
		{"DeleteMessage", 1}, // the oldest version's source
		{"DeleteMemory", 1},  // the oldest version
		{"DeleteMessage", 3}, // the newest version's source
		{"DeleteMemory", 2},  // the memory asked for
	}
	for _, step := range steps {
		t.Run(step.method, func(t *testing.T) {
			e := newEnv(t)
			ann := e.person("ann")
			head, _ := chain(e, ann)
			e.fault.FailOn(step.method, step.n, errInjected)
			if _, err := e.svc.Forget(e.ctx, ann.ID, head.ID); !errors.Is(err, errInjected) {
				t.Fatalf("Forget with a failing %s = %v, want the failure reported", step.method, err)
			}
			// Reported as failed: the memory asked for is still there to
			// forget again, and never half-gone.
			if _, err := e.store.Memory(e.ctx, ann.ID, head.ID); err != nil {
				t.Fatalf("the memory went although Forget failed: %v", err)
			}
			if _, err := e.svc.Forget(e.ctx, ann.ID, head.ID); err != nil {
				t.Fatalf("retry: %v", err)
			}
			if n := e.count(ann.ID); n != 0 {
				t.Errorf("%d memories left after the retry", n)
			}
			if got := e.messages("console:dm"); len(got) != 0 {
				t.Errorf("messages left after the retry: %v", got)
			}
		})
	}
}

func TestForgetUnreadableChainTouchesNothing(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	head, _ := chain(e, ann)
	e.fault.FailOn("Memory", 2, errInjected) // reading the earlier version
	if _, err := e.svc.Forget(e.ctx, ann.ID, head.ID); !errors.Is(err, errInjected) {
		t.Fatalf("Forget = %v, want the read failure", err)
	}
	if n := e.count(ann.ID); n != 2 {
		t.Errorf("%d memories left, want both: nothing is erased from a chain that could not be read", n)
	}
}

func TestForgetAllInterruptedCanBeRetried(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	chain(e, ann)
	e.say("console:dm", bob, "b1", "I like tea")
	e.remember(bob.ID, "Likes tea", "console:dm", "b1")
	e.fault.FailOn("DeleteAllMemories", 1, errInjected)
	if _, err := e.svc.ForgetAll(e.ctx, ann.ID); !errors.Is(err, errInjected) {
		t.Fatalf("ForgetAll = %v, want the failure reported", err)
	}
	n, err := e.svc.ForgetAll(e.ctx, ann.ID)
	if err != nil || n != 2 {
		t.Fatalf("retry = %d, %v; want both memories", n, err)
	}
	if c := e.count(ann.ID); c != 0 {
		t.Errorf("%d memories of ann left", c)
	}
	if got := e.messages("console:dm"); !slices.Equal(got, []string{"b1", "reply:b1"}) {
		t.Errorf("messages left %v, want bob's only", got)
	}
	if c := e.count(bob.ID); c != 1 {
		t.Errorf("bob has %d memories, want 1", c)
	}
}

// lostBump behaves as a store without transactions does when the revision
// update after a write fails: the write stands, the revision does not move,
// an error is returned.
type lostBump struct {
	memory.Store
	lost atomic.Int64
	fail atomic.Bool
}

func (s *lostBump) Revision(ctx context.Context, owner string) (int64, error) {
	r, err := s.Store.Revision(ctx, owner)
	return r - s.lost.Load(), err
}

func (s *lostBump) DeleteMemory(ctx context.Context, owner, id string) error {
	if err := s.Store.DeleteMemory(ctx, owner, id); err != nil {
		return err
	}
	if s.fail.CompareAndSwap(true, false) {
		s.lost.Add(1)
		return memory.ErrUnavailable
	}
	return nil
}

// A forget whose delete landed but whose revision did not move still
// reaches every cache: the failed write moves the revision itself.
func TestForgetWithALostRevisionUpdate(t *testing.T) {
	e := newEnv(t)
	st := &lostBump{Store: e.store}
	writer, replica := e.service(st), e.service(st)
	ann := e.person("ann")
	tea := memory.Memory{Owner: ann.ID, Text: "Drinks green tea every morning", Type: memory.TypeFact,
		Lifecycle: memory.LifecycleFact, Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive}
	if err := writer.Insert(e.ctx, &tea); err != nil {
		t.Fatal(err)
	}
	e.recalled(writer, ann.ID, "green tea")
	e.recalled(replica, ann.ID, "green tea")
	st.fail.Store(true)
	if _, err := writer.Forget(e.ctx, ann.ID, tea.ID); err == nil {
		t.Fatal("Forget reported success although the store failed")
	}
	for name, svc := range map[string]*service.Service{"writer": writer, "replica": replica} {
		if got := e.recalled(svc, ann.ID, "green tea"); len(got) != 0 {
			t.Errorf("%s still injects the forgotten memory: %v", name, got)
		}
	}
}

// A correction can retire several memories in favour of one: forgetting
// the new one erases all of them.
func TestForgetErasesWhatACorrectionRetired(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	head, _ := chain(e, ann)
	e.say("console:dm", ann, "m9", "I also work in Paris")
	retired := e.remember(ann.ID, "Works in Paris", "console:dm", "m9")
	if _, err := e.svc.Modify(e.ctx, ann.ID, retired.ID, func(m *memory.Memory) error {
		m.Status, m.SupersededBy = memory.StatusSuperseded, head.ID
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	gone, err := e.svc.Forget(e.ctx, ann.ID, head.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(gone) != 3 || gone[0].ID != head.ID {
		t.Errorf("forgot %d memories, want the memory first and both it replaced", len(gone))
	}
	if n := e.count(ann.ID); n != 0 {
		t.Errorf("%d memories left, want 0", n)
	}
	if got := e.messages("console:dm"); len(got) != 0 {
		t.Errorf("messages left: %v", got)
	}
}
