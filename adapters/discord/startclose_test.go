package discord

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

func newIdle(t *testing.T, fake *fakediscord.Server, h Handler) *Adapter {
	t.Helper()
	a, err := New(Options{Token: testToken, HTTPClient: fake.Client(), EditInterval: time.Millisecond,
		Logger: slog.New(slog.DiscardHandler)}, h)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestStartTwiceAndCloseBeforeStart(t *testing.T) {
	fake := fakediscord.New(t)
	a := newIdle(t, fake, &scriptHandler{})
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("Close before Start = %v", err)
	}
	a = newIdle(t, fake, &scriptHandler{})
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("second Start = %v", err)
	}
	for i := range 2 {
		if err := a.Close(t.Context()); err != nil {
			t.Fatalf("Close %d = %v", i+1, err)
		}
	}
	if fake.Connected() {
		t.Error("still connected after Close")
	}
}

func TestCloseWithEndedContextReturnsAtOnce(t *testing.T) {
	fake := fakediscord.New(t)
	release := make(chan struct{})
	h := &scriptHandler{reply: func(context.Context, bot.Message, bot.Responder) error {
		<-release // ignores its context
		return nil
	}}
	a := newIdle(t, fake, h)
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	fake.SendDM(fake.NewUser("otto"), "question")
	fake.WaitUntil("the question is handled", func() bool { return len(h.handledMessages()) == 1 })
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	if err := a.Close(ended); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context while a reply hangs = %v, want context.Canceled", err)
	}
	close(release)
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v", err)
	}
	// The second Close returning nil means every goroutine the adapter
	// started has returned (a goroutine count would also see the test
	// server's keep-alive connections).
}
