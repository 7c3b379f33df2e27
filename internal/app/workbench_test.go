package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
)

// The workbench opens the store a bot wrote and sees its people and
// memories through the same service; looking an account up creates none.
func TestWorkbenchOpensTheBotsStore(t *testing.T) {
	ctx := context.Background()
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	log := WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
	a, err := Open(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.Store.ResolveIdentity(ctx, "console", "alice", "alice")
	if err != nil {
		t.Fatal(err)
	}
	m := memory.Memory{Owner: p.ID, Text: "Prefers green tea", Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive}
	if err := a.Memory.Insert(ctx, &m); err != nil {
		t.Fatal(err)
	}
	if err := a.Close(ctx); err != nil {
		t.Fatal(err)
	}

	w, err := OpenWorkbench(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	id, err := w.Identity(ctx, "console", "alice")
	if err != nil || id.PersonID != p.ID {
		t.Fatalf("Identity = %+v, %v; want person %s", id, err, p.ID)
	}
	if _, err := w.Identity(ctx, "console", "bob"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("unknown account: %v", err)
	}
	if _, err := w.Identity(ctx, "console", "bob"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("looking bob up created him: %v", err)
	}
	got, err := w.Memory.Recall(ctx, p.ID, recallQuery(bot.RecallQuery{Text: "what tea do I like", Limit: 5}))
	if err != nil || len(got) != 1 || got[0].Memory.ID != m.ID {
		t.Fatalf("recall through the workbench: %+v %v", got, err)
	}
	if w.Model != nil {
		t.Fatal("a model with none configured")
	}
}
