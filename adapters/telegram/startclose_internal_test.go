package telegram

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
	"github.com/membot/membot/internal/lifecycle/leakcheck"
)

func newIdleAdapter(t *testing.T, fake *faketelegram.Server, h Handler) *Adapter {
	t.Helper()
	a, err := New(Options{Token: fake.Token, APIURL: fake.URL, PollTimeout: time.Second, RequestTimeout: 5 * time.Second,
		Logger: newTestLogger(&syncBuffer{})}, h)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestStartTwiceAndCloseBeforeStart(t *testing.T) {
	fake := faketelegram.New(t, faketelegram.Config{})
	a := newIdleAdapter(t, fake, newFakeHandler(nil))
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("Close before Start = %v", err)
	}
	if err := a.Start(t.Context()); err == nil {
		t.Fatal("Start after Close succeeded")
	}
	if n := fake.CallCount("getUpdates"); n != 0 {
		t.Errorf("a closed adapter polled %d times", n)
	}

	a = newIdleAdapter(t, fake, newFakeHandler(nil))
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := a.Start(t.Context()); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("second Start = %v", err)
	}
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("Close = %v", err)
	}
	select {
	case <-a.Done():
	default:
		t.Fatal("Done not closed after Close")
	}
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v", err)
	}
}

func TestCloseWithEndedContextLeavesNothingRunning(t *testing.T) {
	fake := faketelegram.New(t, faketelegram.Config{})
	check := leakcheck.Check(t)
	release := make(chan struct{})
	h := newFakeHandler(func(context.Context, bot.Message, bot.Responder) { <-release }) // ignores its context
	a := newIdleAdapter(t, fake, h)
	if err := a.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	fake.PushMessage(fake.NewMessage(faketelegram.PrivateChat(alice), alice, "slow question"))
	for deadline := time.Now().Add(waitTimeout); len(h.Messages()) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the message was not handled")
		}
	}
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	if err := a.Close(ended); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context while a reply hangs = %v, want context.Canceled", err)
	}
	close(release)
	if err := a.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v", err)
	}
	a.client.CloseIdleConnections()
	check()
}
