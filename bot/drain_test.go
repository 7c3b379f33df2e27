package bot_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// TestCloseBoundCutsOffAStuckReply stops the bot while a reply is stuck:
// Close returns at the drain bound, and the next run answers that message.
func TestCloseBoundCutsOffAStuckReply(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{DrainTimeout: 50 * time.Millisecond})
	d.holdFrom()
	m := message(0, 0, clk.Now())
	if _, err := first.engine.Handle(t.Context(), m, d.responder(m.ID)); err != nil {
		t.Fatal(err)
	}
	<-d.held
	// The caller allows far more than the bound: Close must not use it.
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if err := first.engine.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatal("Close outlived its caller's context")
	}
	d.release()
	first.kill()
	startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.settled(t, []string{m.ID})
	exactlyOnce(t, d, []string{m.ID})
}

// stuckExtractor's flush never ends before its context does.
type stuckExtractor struct{}

func (stuckExtractor) Notify(memory.Message) {}
func (stuckExtractor) ExtractNow(context.Context, string, bool) (bot.ExtractResult, error) {
	return bot.ExtractResult{}, nil
}
func (stuckExtractor) Close(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestCloseBoundsTheExtractionFlush: the extraction flush at Close shares
// the drain bound; what it leaves resumes at the next start, so running
// out of bound is no error.
func TestCloseBoundsTheExtractionFlush(t *testing.T) {
	store, err := sqlite.Open(t.Context(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Answers: store, Extractor: stuckExtractor{}},
		bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Answers: bot.AnswerOptions{DrainTimeout: 20 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if err := e.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if ctx.Err() != nil {
		t.Fatal("Close outlived its caller's context")
	}
}
