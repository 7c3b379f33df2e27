package service_test

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
)

// fact stores an active fact of owner on subj, stated days after t0.
func (e *env) fact(owner, text, subj string, days int) memory.Memory {
	e.t.Helper()
	at := t0.Add(time.Duration(days) * 24 * time.Hour)
	m := memory.Memory{Owner: owner, Text: text, Subject: subj, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: at, UpdatedAt: at}
	if err := e.svc.Insert(e.ctx, &m); err != nil {
		e.t.Fatalf("insert %q: %v", text, err)
	}
	return m
}

// status reads the stored status of owner's memory id.
func (e *env) status(owner, id string) memory.Memory {
	e.t.Helper()
	m, err := e.store.Memory(e.ctx, owner, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return m
}

// Of two active memories on one single-valued subject, however the subject
// is written, the older is set aside for review (linked to the newer, in
// its history) and only the newer is recalled; many-valued subjects and
// different allergies keep every memory active. The memories on the
// subject come from the index, not from listing the store.
func TestInsertFlagsTheOlderOfASingleValuedSubject(t *testing.T) {
	tests := []struct {
		name     string
		old, new [2]string // text, subject
		query    string
		flagged  bool
	}{
		{"employer", [2]string{"Works at Acme as an engineer", "employer"}, [2]string{"Works at Globex as an engineer", "company"}, "where do I work as an engineer", true},
		{"residence zh", [2]string{"住在北京", "居住地"}, [2]string{"住在上海", "residence"}, "我住在哪里", true},
		{"diet", [2]string{"Is vegetarian", "diet"}, [2]string{"Is vegan now", "Diet"}, "what diet do I follow, vegetarian or vegan", true},
		{"pets", [2]string{"Has a cat called Miso", "pet"}, [2]string{"Has a dog called Rex", "pet"}, "my cat and my dog", false},
		{"two allergies", [2]string{"Allergic to peanuts", "allergy:peanuts"}, [2]string{"Allergic to shellfish", "allergy:shellfish"}, "allergic to peanuts or shellfish", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			ann := e.person("ann")
			old := e.fact(ann.ID, tt.old[0], tt.old[1], -30)
			lists := e.fault.Calls("ListMemories")
			nw := e.fact(ann.ID, tt.new[0], tt.new[1], -1)
			if n := e.fault.Calls("ListMemories") - lists; n != 0 {
				t.Errorf("%d list queries for one insert, want 0", n)
			}
			got := e.status(ann.ID, old.ID)
			if !tt.flagged {
				if got.Status != memory.StatusActive {
					t.Fatalf("older memory is %s, want active", got.Status)
				}
				return
			}
			if got.Status != memory.StatusPendingReview {
				t.Fatalf("older memory is %s, want %s", got.Status, memory.StatusPendingReview)
			}
			if n := len(got.History); n == 0 || got.History[n-1].Action != service.ReviewAction || got.History[n-1].LinkedID != nw.ID {
				t.Errorf("history %+v, want a %q entry linked to %s", got.History, service.ReviewAction, nw.ID)
			}
			if s := e.status(ann.ID, nw.ID).Status; s != memory.StatusActive {
				t.Errorf("newer memory is %s, want active", s)
			}
			ids := e.recalled(e.svc, ann.ID, tt.query)
			if slices.Contains(ids, old.ID) || !slices.Contains(ids, nw.ID) {
				t.Errorf("recall %q = %v, want %s and not %s", tt.query, ids, nw.ID, old.ID)
			}
			// Reconciliation still sees the one awaiting review.
			near, err := e.svc.Similar(e.ctx, ann.ID, tt.new[0], tt.new[1], nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(near, func(m memory.Memory) bool { return m.ID == old.ID }) {
				t.Errorf("similar = %v, want the memory awaiting review %s", near, old.ID)
			}
			// Another replica over the same store agrees.
			if ids := e.recalled(e.service(e.store), ann.ID, tt.query); slices.Contains(ids, old.ID) {
				t.Errorf("another replica recalls %v, holding the flagged %s", ids, old.ID)
			}
		})
	}
}

// A memory stored late but stated earlier than the active one on its
// subject is the one set aside; a supersession flags nothing (the old
// memory is superseded, with its history).
func TestInsertFlagsByStatementTime(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	cur := e.fact(ann.ID, "Lives in Lyon", "residence", -2)
	past := e.fact(ann.ID, "Lives in Paris", "residence", -40)
	if s := e.status(ann.ID, past.ID).Status; s != memory.StatusPendingReview {
		t.Errorf("memory stated earlier is %s, want %s", s, memory.StatusPendingReview)
	}
	if s := e.status(ann.ID, cur.ID).Status; s != memory.StatusActive {
		t.Errorf("current memory is %s, want active", s)
	}

	job := e.fact(ann.ID, "Works at Acme", "employer", -10)
	repl := memory.Memory{Owner: ann.ID, Text: "Works at Globex", Subject: "employer", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: e.now, UpdatedAt: e.now}
	if linked, err := e.svc.Supersede(e.ctx, ann.ID, job.ID, &repl, "changed jobs"); err != nil || !linked {
		t.Fatalf("supersede = %v, %v", linked, err)
	}
	got := e.status(ann.ID, job.ID)
	if got.Status != memory.StatusSuperseded || slices.ContainsFunc(got.History, func(v memory.Version) bool { return v.Action == service.ReviewAction }) {
		t.Errorf("superseded memory: status %s, history %+v; want superseded and never flagged", got.Status, got.History)
	}
}

// A change that moves a memory onto a single-valued subject another
// active memory holds sets the older aside, as an insert does; an edit
// that keeps the subject (a person's "keep both") flags nothing.
func TestModifyOntoASingleValuedSubjectFlagsTheOlder(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	acme := e.fact(ann.ID, "Works at Acme", "employer", -30)
	side := e.fact(ann.ID, "Freelances for Globex", "side project", -2)
	if _, err := e.svc.Modify(e.ctx, ann.ID, side.ID, func(m *memory.Memory) error {
		m.Text, m.Subject = "Works at Globex now", "company"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if s := e.status(ann.ID, acme.ID).Status; s != memory.StatusPendingReview {
		t.Fatalf("the older employer is %s after another memory moved onto the subject, want %s", s, memory.StatusPendingReview)
	}
	// Kept both on review: reactivated, same subject, and left so.
	if _, err := e.svc.Modify(e.ctx, ann.ID, acme.ID, func(m *memory.Memory) error {
		m.Status = memory.StatusActive
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Edit(e.ctx, ann.ID, side.ID, "Works at Globex since March"); err != nil {
		t.Fatal(err)
	}
	if s := e.status(ann.ID, acme.ID).Status; s != memory.StatusActive {
		t.Errorf("an edit that kept the subject flagged the other memory again: %s", s)
	}
}
