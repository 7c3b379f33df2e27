package bot_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"runtime"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// idleEngine builds an engine over a fresh store, not started, and
// returns it with the number of goroutines running before it existed.
func idleEngine(t *testing.T) (*bot.Engine, int) {
	t.Helper()
	ctx := context.Background()
	store, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems},
		bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return e, before
}

// stuckResponder delivers nothing until its context ends, like a platform
// that stopped answering.
type stuckResponder struct {
	bottest.Recorder
	sending chan struct{}
}

func (r *stuckResponder) Send(ctx context.Context, _ bot.Reply) error {
	close(r.sending)
	<-ctx.Done()
	return ctx.Err()
}

// waitGoroutines waits, boundedly, until no more than n goroutines run.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines still running, want at most %d:\n%s", runtime.NumGoroutine(), n, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHandleBeforeStartIsRefused(t *testing.T) {
	e, _ := idleEngine(t)
	if _, err := e.Handle(context.Background(), bottest.DM("console", "ann", "hello"), &bottest.Recorder{}); !errors.Is(err, bot.ErrNotStarted) {
		t.Fatalf("Handle before Start: %v, want ErrNotStarted", err)
	}
}

func TestStartOnce(t *testing.T) {
	e, _ := idleEngine(t)
	ctx := context.Background()
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.Start(ctx); err == nil {
		t.Fatal("second Start succeeded")
	}
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.Start(ctx); !errors.Is(err, bot.ErrClosed) {
		t.Fatalf("Start after Close: %v, want ErrClosed", err)
	}
}

func TestCloseBeforeStartAndTwice(t *testing.T) {
	e, before := idleEngine(t)
	ctx := context.Background()
	for i := range 2 {
		if err := e.Close(ctx); err != nil {
			t.Fatalf("Close %d: %v", i+1, err)
		}
	}
	if _, err := e.Handle(ctx, bottest.DM("console", "ann", "hello"), &bottest.Recorder{}); !errors.Is(err, bot.ErrClosed) {
		t.Fatalf("Handle after Close: %v, want ErrClosed", err)
	}
	waitGoroutines(t, before)
}

// A Close whose context has ended returns at once with that error,
// cancels the reply still running, and leaves nothing behind.
func TestCloseWithExpiredContext(t *testing.T) {
	e, before := idleEngine(t)
	if err := e.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := &stuckResponder{sending: make(chan struct{})}
	done, err := e.Handle(context.Background(), bottest.DM("console", "ann", "hello"), r)
	if err != nil {
		t.Fatal(err)
	}
	<-r.sending
	expired, cancel := context.WithCancel(context.Background())
	cancel()
	closed := make(chan error, 1)
	go func() { closed <- e.Close(expired) }()
	select {
	case err := <-closed:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Close with an expired context: %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close with an expired context did not return")
	}
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the running reply was not cancelled")
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	waitGoroutines(t, before)
}

// Replies run under Start's context: when it ends, the running reply is
// cancelled and no message is taken in any more.
func TestStartContextBoundsReplies(t *testing.T) {
	e, before := idleEngine(t)
	ctx, cancel := context.WithCancel(context.Background())
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	r := &stuckResponder{sending: make(chan struct{})}
	done, err := e.Handle(context.Background(), bottest.DM("console", "ann", "hello"), r)
	if err != nil {
		t.Fatal(err)
	}
	<-r.sending
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the running reply outlived Start's context")
	}
	if _, err := e.Handle(context.Background(), bottest.DM("console", "ann", "again"), &bottest.Recorder{}); !errors.Is(err, bot.ErrClosed) {
		t.Fatalf("Handle after Start's context ended: %v, want ErrClosed", err)
	}
	if err := e.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitGoroutines(t, before)
}
