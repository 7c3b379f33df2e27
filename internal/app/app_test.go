package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
)

func openTest(t *testing.T) *App {
	t.Helper()
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	a, err := Open(context.Background(), cfg, WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	return a
}

// A memory forgotten or changed behind this process's back (by another
// replica sharing the database) must never be injected from the stale index.
func TestRecallChecksTheStore(t *testing.T) {
	a := openTest(t)
	ctx := context.Background()
	now := time.Now()
	m := memory.Memory{Owner: "p1", Text: "Prefers green tea over coffee", Type: memory.TypePreference,
		Lifecycle: memory.LifecycleLongTerm, Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive,
		CreatedAt: now, UpdatedAt: now}
	if err := a.Store.InsertMemory(ctx, &m); err != nil {
		t.Fatal(err)
	}
	r := recaller{memories: a.Memory}
	q := bot.RecallQuery{Text: "what tea do I like", Limit: 5}
	got, err := r.Recall(ctx, "p1", q)
	if err != nil || len(got) != 1 {
		t.Fatalf("recall before = %v, %v", got, err)
	}
	// Another replica supersedes it: the index here still has it.
	if _, err := memory.ModifyMemory(ctx, a.Store, "p1", m.ID, func(x *memory.Memory) error {
		x.Status = memory.StatusSuperseded
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.Recall(ctx, "p1", q); len(got) != 0 {
		t.Fatalf("superseded memory recalled: %+v", got)
	}
	m2 := memory.Memory{Owner: "p1", Text: "Drinks green tea every morning", Type: memory.TypeFact,
		Lifecycle: memory.LifecycleFact, Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive,
		CreatedAt: now, UpdatedAt: now}
	if err := a.Store.InsertMemory(ctx, &m2); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.Recall(ctx, "p1", q); len(got) != 1 {
		t.Fatalf("recall = %+v", got)
	}
	if err := a.Store.DeleteMemory(ctx, "p1", m2.ID); err != nil {
		t.Fatal(err)
	}
	if got, _ := r.Recall(ctx, "p1", q); len(got) != 0 {
		t.Fatalf("deleted memory recalled: %+v", got)
	}
}

func TestOpenRefusesLockedDir(t *testing.T) {
	a := openTest(t)
	_, err := Open(context.Background(), a.Config)
	if err == nil {
		t.Fatal("second Open on the same data dir succeeded")
	}
}

// Upkeep runs at start-up: an expired temporary memory left by an earlier
// process is archived without anyone asking.
func TestUpkeepRunsAtStart(t *testing.T) {
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	past := time.Now().Add(-48 * time.Hour)
	m := memory.Memory{Owner: "p1", Text: "Dentist appointment on Monday", Type: memory.TypeEvent,
		Lifecycle: memory.LifecycleTemporary, Importance: 0.5, Confidence: 0.9, Status: memory.StatusActive,
		CreatedAt: past, UpdatedAt: past, ExpiresAt: past.Add(24 * time.Hour)}
	a := restartWith(t, cfg, &m)
	waitArchived(t, a, "p1", m.ID)
}

// restartWith stores the memories through one process, then opens the bot
// again on the same data, as a restart would; the second one is closed at
// the end of the test.
func restartWith(t *testing.T, cfg config.Config, memories ...*memory.Memory) *App {
	t.Helper()
	ctx := context.Background()
	quiet := WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	a, err := Open(ctx, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range memories {
		if err := a.Store.InsertMemory(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Close(ctx); err != nil {
		t.Fatal(err)
	}
	a, err = Open(ctx, cfg, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(context.Background()) })
	return a
}

// waitArchived waits, bounded, until the background upkeep has archived
// the memory.
func waitArchived(t *testing.T, a *App, owner, id string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got, err := a.Store.Memory(context.Background(), owner, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status == memory.StatusArchived {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("memory %s still %s: upkeep did not run", id, got.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
