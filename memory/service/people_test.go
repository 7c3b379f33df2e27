package service_test

import (
	"errors"
	"testing"
)

func TestMergeInterruptedNeverStrandsAMemory(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	other, err := e.store.ResolveIdentity(e.ctx, "telegram", "42", "ann_tg")
	if err != nil {
		t.Fatal(err)
	}
	// A second account of the same person, so that the merge moves two.
	if _, err := e.store.ResolveIdentity(e.ctx, "discord", "7", "ann_dc"); err != nil {
		t.Fatal(err)
	}
	if err := e.store.MoveIdentity(e.ctx, "discord", "7", other.ID); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"Likes tea", "Plays chess", "Lives in Lyon"} {
		e.remember(other.ID, text, "", "")
	}
	e.remember(ann.ID, "Has a cat", "", "")
	total := e.count(ann.ID) + e.count(other.ID)

	e.fault.FailOn("MoveIdentity", 2, errInjected)
	if err := e.svc.Merge(e.ctx, other.ID, ann.ID); !errors.Is(err, errInjected) {
		t.Fatalf("Merge = %v, want the failure reported", err)
	}
	if got := e.count(ann.ID) + e.count(other.ID); got != total {
		t.Fatalf("%d of %d memories owned by either person after a failed merge", got, total)
	}
	if err := e.svc.Merge(e.ctx, other.ID, ann.ID); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if got := e.count(ann.ID); got != total {
		t.Errorf("ann owns %d memories after the merge, want %d", got, total)
	}
	ids, err := e.store.Identities(e.ctx, ann.ID)
	if err != nil || len(ids) != 3 {
		t.Errorf("ann has accounts %v (%v), want all three", ids, err)
	}
	if got := e.recalled(e.svc, ann.ID, "chess"); len(got) != 1 {
		t.Errorf("merged memory not recalled: %v", got)
	}
}

func TestMergeMemoriesMoveFirst(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	other := e.person("other")
	e.remember(other.ID, "Likes tea", "", "")
	e.fault.FailOn("ReassignOwner", 1, errInjected)
	if err := e.svc.Merge(e.ctx, other.ID, ann.ID); !errors.Is(err, errInjected) {
		t.Fatalf("Merge = %v", err)
	}
	// Nothing moved: the account still reaches its memories.
	p, err := e.store.ResolveIdentity(e.ctx, "console", "other", "other")
	if err != nil || p.ID != other.ID || e.count(other.ID) != 1 {
		t.Errorf("after a failed merge the account points at %s with %d memories", p.ID, e.count(other.ID))
	}
	if err := e.svc.Merge(e.ctx, "", ann.ID); err == nil {
		t.Error("merge from nobody accepted")
	}
}
