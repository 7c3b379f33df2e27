package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/membot/membot/internal/buttontoken"
)

// A button token kept through the app's settings resolves after a
// restart; an unknown one is unknown, not a store failure.
func TestButtonTokensSurviveRestart(t *testing.T) {
	ctx := context.Background()
	a := openTest(t)
	cfg := a.Config
	token, err := buttontoken.New(10, buttontoken.WithSettings(a.ButtonSettings())).
		Remember(ctx, buttontoken.Button{Command: "/memories list 3 with a long filter", Owner: "42"})
	if err != nil {
		t.Fatalf("remember: %v", err)
	}
	if err := a.Close(ctx); err != nil {
		t.Fatal(err)
	}
	again, err := Open(ctx, cfg, WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close(ctx)
	tokens := buttontoken.New(10, buttontoken.WithSettings(again.ButtonSettings()))
	if b, err := tokens.Lookup(ctx, token); err != nil || b.Command != "/memories list 3 with a long filter" || b.Owner != "42" {
		t.Fatalf("after a restart: %+v, %v", b, err)
	}
	if _, err := tokens.Lookup(ctx, buttontoken.Prefix+"AAAAAAAAAAAAAAAA"); !errors.Is(err, buttontoken.ErrUnknown) {
		t.Errorf("unknown token: %v, want ErrUnknown", err)
	}
}
