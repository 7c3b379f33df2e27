package storetest_test

import (
	"errors"
	"log/slog"
	"sync"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

var errBoom = errors.New("errBoom")

func openSQLite(t *testing.T) memory.Store {
	t.Helper()
	s, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	return s
}

func note(owner, text string) memory.Memory {
	return memory.Memory{Owner: owner, Text: text, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.5, Confidence: 0.5, Status: memory.StatusActive}
}

func count(t *testing.T, s memory.Store, owner string) int64 {
	t.Helper()
	n, err := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: owner})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestFaultyPassesTheContract shows that without faults every call reaches
// the wrapped store unchanged.
func TestFaultyPassesTheContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) memory.Store { return storetest.NewFaulty(openSQLite(t)) }, storetest.Options{})
}

func TestFaultyFailOn(t *testing.T) {
	ctx := t.Context()
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	m := note("alice", "first")
	if err := f.InsertMemory(ctx, &m); err != nil {
		t.Fatal(err)
	}
	f.FailOn("InsertMemory", 2, errBoom)
	for i, want := range []error{nil, errBoom, nil} {
		m := note("alice", "later")
		if err := f.InsertMemory(ctx, &m); !errors.Is(err, want) || (want == nil) != (err == nil) {
			t.Fatalf("insert %d after FailOn(2) = %v, want %v", i+1, err, want)
		}
	}
	if n := count(t, f, "alice"); n != 3 {
		t.Errorf("%d memories stored, want 3: the failed insert must not reach the store", n)
	}
	if n := f.Calls("InsertMemory"); n != 4 {
		t.Errorf("Calls(InsertMemory) = %d, want 4", n)
	}
	if n := f.Calls("DeleteMemory"); n != 0 {
		t.Errorf("Calls(DeleteMemory) = %d, want 0", n)
	}
}

func TestFaultyFailAfter(t *testing.T) {
	ctx := t.Context()
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	m := note("alice", "to forget")
	if err := f.InsertMemory(ctx, &m); err != nil {
		t.Fatal(err)
	}
	f.FailAfter("DeleteMemory", 1, errBoom)
	if err := f.DeleteMemory(ctx, "alice", m.ID); !errors.Is(err, errBoom) {
		t.Fatalf("DeleteMemory = %v, want the injected error", err)
	}
	if n := count(t, f, "alice"); n != 0 {
		t.Errorf("%d memories left, want the delete to have reached the store", n)
	}
}

func TestFaultyFailAlwaysAndHeal(t *testing.T) {
	ctx := t.Context()
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	f.FailAlways("Revision", errBoom)
	f.FailOn("Memory", 1, errBoom)
	for range 3 {
		if _, err := f.Revision(ctx, "alice"); !errors.Is(err, errBoom) {
			t.Fatalf("Revision under FailAlways = %v, want the injected error", err)
		}
	}
	f.Heal("Revision")
	if _, err := f.Revision(ctx, "alice"); err != nil {
		t.Fatalf("Revision after Heal = %v", err)
	}
	// Faults of other methods survive a Heal naming only one.
	if _, err := f.Memory(ctx, "alice", "x"); !errors.Is(err, errBoom) {
		t.Fatalf("Memory = %v, want the fault FailOn set", err)
	}
	f.FailAlways("Revision", errBoom)
	f.FailOn("Memory", 1, errBoom)
	f.Heal()
	if _, err := f.Revision(ctx, "alice"); err != nil {
		t.Fatalf("Revision after Heal() = %v", err)
	}
	if _, err := f.Memory(ctx, "alice", "x"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("Memory after Heal() = %v, want the store's own answer", err)
	}
}

func TestFaultyConcurrentCallsFailOnce(t *testing.T) {
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	const callers = 40
	f.FailOn("Revision", 17, errBoom)
	var wg sync.WaitGroup
	var mu sync.Mutex
	failed := 0
	for range callers {
		wg.Go(func() {
			if _, err := f.Revision(t.Context(), "alice"); err != nil {
				if !errors.Is(err, errBoom) {
					t.Errorf("Revision = %v", err)
				}
				mu.Lock()
				failed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if failed != 1 || f.Calls("Revision") != callers {
		t.Errorf("%d of %d calls failed (counted %d), want exactly one", failed, callers, f.Calls("Revision"))
	}
}

func TestFaultyRefusesUnknownMethods(t *testing.T) {
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	for name, set := range map[string]func(){
		"misspelt method": func() { f.FailOn("DeleteMemmory", 1, errBoom) },
		"call number 0":   func() { f.FailOn("DeleteMemory", 0, errBoom) },
		"FailAlways":      func() { f.FailAlways("Nope", errBoom) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			set()
		})
	}
}

// TestFaultyLandLate: the call held back reports its error at once, is not
// in the store until the next call of the method named, and is there after
// it.
func TestFaultyLandLate(t *testing.T) {
	ctx := t.Context()
	f := storetest.NewFaulty(openSQLite(t))
	t.Cleanup(func() { _ = f.Close() })
	f.LandLate("InsertMemory", 1, errBoom, "CountMemories")
	m := note("alice", "late")
	if err := f.InsertMemory(ctx, &m); !errors.Is(err, errBoom) {
		t.Fatalf("held InsertMemory = %v, want errBoom", err)
	}
	if n := f.Landed("InsertMemory"); n != 0 {
		t.Fatalf("Landed before the next CountMemories = %d, want 0", n)
	}
	if n := count(t, f, "alice"); n != 0 {
		t.Errorf("the CountMemories that lets the insert through saw %d memories, want 0 (it lands after)", n)
	}
	if n := f.Landed("InsertMemory"); n != 1 {
		t.Errorf("Landed after CountMemories = %d, want 1", n)
	}
	if n := count(t, f, "alice"); n != 1 {
		t.Errorf("%d memories stored once landed, want 1", n)
	}
}
