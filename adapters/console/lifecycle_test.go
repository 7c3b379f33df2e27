package console

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/lifecycle/leakcheck"
)

// stuck is a Handler whose replies wait for release, whatever their
// context says.
type stuck struct {
	entered chan struct{}
	release chan struct{}
}

func (s stuck) Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error) {
	s.entered <- struct{}{}
	<-s.release
	done := make(chan struct{})
	close(done)
	return done, nil
}

func TestStartTwiceAndCloseBeforeStart(t *testing.T) {
	c := New(strings.NewReader(""), io.Discard, &scripted{}, Options{})
	if err := c.Close(t.Context()); err != nil {
		t.Fatalf("Close before Start = %v", err)
	}
	if err := c.Start(t.Context()); err == nil {
		t.Fatal("Start after Close succeeded")
	}

	c = New(strings.NewReader("hello\n"), io.Discard, &scripted{}, Options{})
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := c.Start(t.Context()); err == nil {
		t.Fatal("second Start succeeded")
	}
	<-c.Done()
	if err := c.Close(t.Context()); err != nil || c.Err() != nil {
		t.Fatalf("Close = %v, Err = %v after end of input", err, c.Err())
	}
}

func TestCloseWithEndedContextLeavesNothingRunning(t *testing.T) {
	check := leakcheck.Check(t)
	h := stuck{entered: make(chan struct{}, 1), release: make(chan struct{})}
	c := New(strings.NewReader("hello\nmore\n"), io.Discard, h, Options{})
	if err := c.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	<-h.entered
	ended, cancel := context.WithCancel(t.Context())
	cancel()
	if err := c.Close(ended); !errors.Is(err, context.Canceled) {
		t.Fatalf("Close with an ended context while a reply hangs = %v, want context.Canceled", err)
	}
	close(h.release)
	if err := c.Close(t.Context()); err != nil {
		t.Fatalf("second Close = %v", err)
	}
	select {
	case <-c.Done():
	default:
		t.Fatal("Done not closed after Close")
	}
	check()
}
