package service_test

import (
	"errors"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
)

// Each answer to a review leaves the two memories as the owner chose,
// every replaced text kept in the history; a bad answer changes nothing.
func TestResolve(t *testing.T) {
	tests := []struct {
		name            string
		r               service.Resolution
		text            string
		wantOld, wantNw memory.Status
		wantNwText      string
		err             error
	}{
		{"keep this", service.KeepThis, "", memory.StatusActive, memory.StatusSuperseded, "Works at Globex", nil},
		{"keep the other", service.KeepOther, "", memory.StatusSuperseded, memory.StatusActive, "Works at Globex", nil},
		{"keep both", service.KeepBoth, "", memory.StatusActive, memory.StatusActive, "Works at Globex", nil},
		{"merge", service.MergeBoth, "Works at Globex, formerly Acme", memory.StatusSuperseded, memory.StatusActive, "Works at Globex, formerly Acme", nil},
		{"merge without text", service.MergeBoth, "", memory.StatusPendingReview, memory.StatusActive, "Works at Globex", memory.ErrInvalid},
		{"unknown answer", "maybe", "", memory.StatusPendingReview, memory.StatusActive, "Works at Globex", memory.ErrInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			ann := e.person("ann")
			old := e.fact(ann.ID, "Works at Acme", "employer", -30)
			nw := e.fact(ann.ID, "Works at Globex", "employer", -1)
			if s := e.status(ann.ID, old.ID).Status; s != memory.StatusPendingReview {
				t.Fatalf("seed: old is %s", s)
			}
			other, err := e.svc.Counterpart(e.ctx, e.status(ann.ID, old.ID))
			if err != nil || other == nil || other.ID != nw.ID {
				t.Fatalf("counterpart = %v, %v; want %s", other, err, nw.ID)
			}
			err = e.svc.Resolve(e.ctx, ann.ID, old.ID, tt.r, nw.ID, tt.text)
			if !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
				t.Fatalf("Resolve = %v, want %v", err, tt.err)
			}
			o, n := e.status(ann.ID, old.ID), e.status(ann.ID, nw.ID)
			if o.Status != tt.wantOld || n.Status != tt.wantNw || n.Text != tt.wantNwText {
				t.Errorf("old %s, new %s %q; want %s, %s %q", o.Status, n.Status, n.Text, tt.wantOld, tt.wantNw, tt.wantNwText)
			}
			if tt.err == nil && len(o.History)+len(n.History) < 2 {
				t.Errorf("histories %v / %v keep too little", o.History, n.History)
			}
		})
	}
}

// Another person's memory cannot be named as the other side of a review.
func TestResolveRefusesAnotherOwnersMemory(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	old := e.fact(ann.ID, "Works at Acme", "employer", -30)
	e.fact(ann.ID, "Works at Globex", "employer", -1)
	bobs := e.fact(bob.ID, "Works at Initech", "employer", -1)
	err := e.svc.Resolve(e.ctx, ann.ID, old.ID, service.KeepOther, bobs.ID, "")
	if !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("Resolve against bob's memory = %v, want ErrNotFound", err)
	}
	if s := e.status(bob.ID, bobs.ID); s.Status != memory.StatusActive || s.Supersedes != "" {
		t.Errorf("bob's memory changed: %+v", s)
	}
}

// A memory's source messages are its owner's, as stored; another
// person's message named among them is not shown.
func TestSourceMessages(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	e.say("c1", ann, "m1", "I live in Lisbon")
	e.say("c1", bob, "m2", "Bob's own words")
	m := e.remember(ann.ID, "Lives in Lisbon", "c1", "m1")
	m.Source.MessageIDs = append(m.Source.MessageIDs, "m2")
	got, err := e.svc.SourceMessages(e.ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].PlatformID != "m1" || got[0].Text != "I live in Lisbon" {
		t.Fatalf("source messages = %+v, want ann's m1 only", got)
	}
}
