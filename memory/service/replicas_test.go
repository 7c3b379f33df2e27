package service_test

import (
	"slices"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/storetest"
)

// Two replicas on one store: what one forgets, edits or supersedes, the
// other never injects, and proving its cache current costs one revision
// read per reply and no memory reads.
func TestReplicasNeverInjectWhatTheOtherChanged(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	other := storetest.NewFaulty(e.store)
	replica := e.service(other)
	tea := e.remember(ann.ID, "Drinks green tea every morning", "", "")
	job := e.remember(ann.ID, "Works at Acme as a designer", "", "")
	city := e.remember(ann.ID, "Lives in Paris near the river", "", "")
	for _, q := range []string{"tea", "Acme", "Paris"} {
		if got := e.recalled(replica, ann.ID, q); len(got) != 1 {
			t.Fatalf("replica recalls %v for %q", got, q)
		}
	}
	before := other.Calls("Revision")
	reads := other.Calls("Memory") + other.Calls("ListMemories")
	e.recalled(replica, ann.ID, "tea")
	if got := other.Calls("Revision") - before; got != 1 {
		t.Errorf("%d revision reads for one reply, want 1", got)
	}
	if got := other.Calls("Memory") + other.Calls("ListMemories") - reads; got != 0 {
		t.Errorf("%d memory reads for one reply with a current cache, want 0", got)
	}

	if _, err := e.svc.Forget(e.ctx, ann.ID, tea.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Edit(e.ctx, ann.ID, job.ID, "Works at Globex as a designer"); err != nil {
		t.Fatal(err)
	}
	lyon := memory.Memory{Owner: ann.ID, Text: "Lives in Lyon near the river", Type: memory.TypeFact,
		Lifecycle: memory.LifecycleFact, Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive}
	if _, err := e.svc.Supersede(e.ctx, ann.ID, city.ID, &lyon, "moved"); err != nil {
		t.Fatal(err)
	}
	if got := e.recalled(replica, ann.ID, "green tea"); len(got) != 0 {
		t.Errorf("replica injects a forgotten memory: %v", got)
	}
	if got := e.recalled(replica, ann.ID, "Acme"); len(got) != 0 {
		t.Errorf("replica injects the old text of an edited memory: %v", got)
	}
	if got := e.recalled(replica, ann.ID, "river"); !slices.Equal(got, []string{lyon.ID}) {
		t.Errorf("replica recalls %v for the river, want only the new version %s", got, lyon.ID)
	}
}

// The writing replica patches its own index instead of reloading it.
func TestOwnWritesPatchTheIndex(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	e.remember(ann.ID, "Plays the cello", "", "")
	e.recalled(e.svc, ann.ID, "cello")
	loads := e.fault.Calls("ListMemories")
	m := e.remember(ann.ID, "Plays chess on Sundays", "", "")
	if got := e.recalled(e.svc, ann.ID, "chess"); !slices.Equal(got, []string{m.ID}) {
		t.Fatalf("own insert not recalled: %v", got)
	}
	if got := e.fault.Calls("ListMemories") - loads; got != 0 {
		t.Errorf("%d index loads after an own insert, want 0 (patched)", got)
	}
	if _, err := e.svc.Forget(e.ctx, ann.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	loads = e.fault.Calls("ListMemories") // Forget lists superseded versions itself
	if got := e.recalled(e.svc, ann.ID, "chess"); len(got) != 0 {
		t.Fatalf("own forget still recalled: %v", got)
	}
	if got := e.fault.Calls("ListMemories") - loads; got != 0 {
		t.Errorf("%d index loads after an own forget, want 0 (patched)", got)
	}
}

// A private reply reads the profile and recalls from one proof that the
// cache is current.
func TestRecallWithProfileReadsTheRevisionOnce(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	veg := memory.Memory{Owner: ann.ID, Text: "Is vegetarian", Subject: "diet", Type: memory.TypePreference,
		Lifecycle: memory.LifecycleLongTerm, Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive}
	if err := e.svc.Insert(e.ctx, &veg); err != nil {
		t.Fatal(err)
	}
	e.remember(ann.ID, "Plays chess on Sundays", "", "")
	e.recalled(e.svc, ann.ID, "chess") // loads the index
	before := e.fault.Calls("Revision")
	profile, res, err := e.svc.RecallWithProfile(e.ctx, ann.ID, recallQuery("chess this weekend"), service.ProfileTokens)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.fault.Calls("Revision") - before; got != 1 {
		t.Errorf("%d revision reads for a profile and a recall, want 1", got)
	}
	if len(profile) != 1 || profile[0].ID != veg.ID || len(res) != 1 {
		t.Errorf("profile %v, recalled %d: want the diet and the chess memory", profile, len(res))
	}
}
