package service_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/membot/membot/memory"
)

// A task marked done leaves recall at once, keeps its text, records the
// marking in its history, and marking it again changes nothing; a memory
// that is not a task, or another owner's task, cannot be marked.
func TestDoneTaskLeavesRecall(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	task := memory.Memory{Owner: ann.ID, Text: "Renew the passport at the town hall", Type: memory.TypeTask, Lifecycle: memory.LifecycleTemporary,
		Importance: 0.7, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: e.now, UpdatedAt: e.now}
	if err := e.svc.Insert(e.ctx, &task); err != nil {
		t.Fatal(err)
	}
	fact := e.remember(ann.ID, "Lives near the town hall", "console:ann", "1")
	if got := e.recalled(e.svc, ann.ID, "passport town hall"); !slices.Contains(got, task.ID) {
		t.Fatalf("before: recalled %v, want the task %s", got, task.ID)
	}
	if _, err := e.svc.Done(e.ctx, bob.ID, task.ID); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("another owner marks the task: %v, want ErrNotFound", err)
	}
	done, err := e.svc.Done(e.ctx, ann.ID, task.ID)
	if err != nil {
		t.Fatal(err)
	}
	if done.Status != memory.StatusDone || done.Text != task.Text {
		t.Errorf("done task is %s %q", done.Status, done.Text)
	}
	if n := len(done.History); n != 1 || done.History[0].Action != "done" {
		t.Errorf("history %+v, want one done entry", done.History)
	}
	if got := e.recalled(e.svc, ann.ID, "passport town hall"); slices.Contains(got, task.ID) {
		t.Errorf("after: recalled %v, the done task among them", got)
	}
	again, err := e.svc.Done(e.ctx, ann.ID, task.ID)
	if err != nil || again.Version != done.Version {
		t.Errorf("marked again: version %d (%v), want %d unchanged", again.Version, err, done.Version)
	}
	if _, err := e.svc.Done(e.ctx, ann.ID, fact.ID); !errors.Is(err, memory.ErrInvalid) {
		t.Errorf("a fact marked done: %v, want ErrInvalid", err)
	}
	if s := e.status(ann.ID, fact.ID).Status; s != memory.StatusActive {
		t.Errorf("fact is %s after a refused marking", s)
	}
}
