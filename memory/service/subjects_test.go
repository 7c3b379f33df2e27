package service_test

import (
	"testing"

	"github.com/membot/membot/memory"
)

func TestSubjects(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	put := func(owner, text, subj string, status memory.Status) {
		m := memory.Memory{Owner: owner, Text: text, Subject: subj, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
			Importance: 0.6, Confidence: 0.9, Status: status, CreatedAt: e.now, UpdatedAt: e.now}
		if err := e.svc.Insert(e.ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	put(ann.ID, "Lives in Lyon", "residence", memory.StatusActive)
	put(ann.ID, "Works at Acme", "employer", memory.StatusActive)
	put(ann.ID, "Works at Acme as an engineer", "Employer", memory.StatusActive)
	put(ann.ID, "Has no subject", "", memory.StatusActive)
	put(ann.ID, "Was vegan", "diet", memory.StatusArchived)
	put(bob.ID, "Lives in Oslo", "hometown", memory.StatusActive)
	got, err := e.svc.Subjects(e.ctx, ann.ID, 20)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]int{}
	for _, m := range got {
		if m.Owner != ann.ID {
			t.Errorf("subject of %s returned for ann: %+v", m.Owner, m)
		}
		keys[m.Subject]++
	}
	if len(got) != 2 || keys["residence"] != 1 || keys["employer"]+keys["Employer"] != 1 {
		t.Errorf("Subjects = %+v, want residence and employer once each", got)
	}
	if one, err := e.svc.Subjects(e.ctx, ann.ID, 1); err != nil || len(one) != 1 {
		t.Errorf("Subjects with limit 1 = %v, %v", one, err)
	}
	if none, err := e.svc.Subjects(e.ctx, ann.ID, 0); err != nil || len(none) != 0 {
		t.Errorf("Subjects with limit 0 = %v, %v", none, err)
	}
}
