package service_test

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
)

func TestArchive(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	mk := func(text string, lc memory.Lifecycle, expires time.Time) memory.Memory {
		m := memory.Memory{Owner: ann.ID, Text: text, Type: memory.TypeFact, Lifecycle: lc, Importance: 0.5,
			Confidence: 0.9, Status: memory.StatusActive, ExpiresAt: expires, CreatedAt: e.now, UpdatedAt: e.now}
		if err := e.svc.Insert(e.ctx, &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	dentist := mk("Dentist appointment on Friday", memory.LifecycleTemporary, t0.Add(48*time.Hour))
	trait := mk("Prefers short answers", memory.LifecycleLongTerm, time.Time{})
	fact := mk("Has a bike", memory.LifecycleFact, time.Time{})
	used := mk("Uses Vim", memory.LifecycleFact, time.Time{})
	if got := e.recalled(e.svc, ann.ID, "dentist appointment"); len(got) != 1 {
		t.Fatalf("recall before archiving = %v", got)
	}
	e.now = t0.Add(100 * 24 * time.Hour)
	if err := e.svc.Touch(e.ctx, ann.ID, []string{used.ID}, e.now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	refs, err := e.svc.Archive(e.ctx, e.now, service.ArchivePolicy{UnusedAfter: 90 * 24 * time.Hour, KeepLongTerm: true, BatchSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 2 {
		t.Fatalf("archived %v, want the expired appointment and the unused fact", refs)
	}
	for _, c := range []struct {
		m      memory.Memory
		status memory.Status
		reason string
	}{
		{dentist, memory.StatusArchived, memory.ArchiveExpired},
		{fact, memory.StatusArchived, memory.ArchiveUnused},
		{trait, memory.StatusActive, ""},
		{used, memory.StatusActive, ""},
	} {
		got, err := e.store.Memory(e.ctx, ann.ID, c.m.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != c.status {
			t.Errorf("%q is %s, want %s", got.Text, got.Status, c.status)
		}
		if c.reason != "" {
			h := got.History[len(got.History)-1]
			if h.Action != memory.ArchiveAction || h.Reason != c.reason || h.Text != c.m.Text {
				t.Errorf("%q history %+v, want an archive entry for %s", got.Text, h, c.reason)
			}
		}
	}
	if got := e.recalled(e.svc, ann.ID, "dentist appointment bike"); len(got) != 0 {
		t.Errorf("archived memories still recalled: %v", got)
	}
}
