package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/lifecycle/leakcheck"
)

// Open starts every part and Close stops them all: nothing is left
// running, and a second Close is harmless.
func TestCloseLeavesNothingRunning(t *testing.T) {
	check := leakcheck.Check(t)
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	a, err := Open(t.Context(), cfg, WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	for i := range 2 {
		if err := a.Close(ctx); err != nil {
			t.Fatalf("Close %d: %v", i+1, err)
		}
	}
	check()
}
