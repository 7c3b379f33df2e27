package service_test

import (
	"slices"
	"testing"

	"github.com/membot/membot/memory"
)

// Reconciliation's candidates, those awaiting review included, come from
// the index: never a scan of the owner's store.
func TestSimilarReadsNoMemories(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	for i := range 30 {
		e.remember(ann.ID, []string{"Likes hiking", "Reads novels", "Owns a red bike"}[i%3], "", "")
	}
	job := e.remember(ann.ID, "Works at Acme", "", "")
	review := memory.Memory{Owner: ann.ID, Text: "Works at Globex", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.5, Confidence: 0.7, Status: memory.StatusPendingReview}
	if err := e.svc.Insert(e.ctx, &review); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Similar(e.ctx, ann.ID, "warm", "", nil, 5); err != nil {
		t.Fatal(err)
	}
	lists := e.fault.Calls("ListMemories")
	near, err := e.svc.Similar(e.ctx, ann.ID, "Started working at Initech", "", nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.fault.Calls("ListMemories") - lists; got != 0 {
		t.Errorf("%d list queries for one candidate, want 0", got)
	}
	ids := make([]string, len(near))
	for i, m := range near {
		ids[i] = m.ID
	}
	if !slices.Contains(ids, job.ID) || !slices.Contains(ids, review.ID) {
		t.Errorf("similar = %v, want the job %s and the one awaiting review %s", ids, job.ID, review.ID)
	}
	if len(near) > 5+20 {
		t.Errorf("%d candidates: unbounded", len(near))
	}
}
