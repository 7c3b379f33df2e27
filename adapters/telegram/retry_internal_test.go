package telegram

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"syscall"
	"testing"
	"time"

	tgbot "github.com/go-telegram/bot"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

func TestRetryPolicy(t *testing.T) {
	wrap := func(err error) error {
		return fmt.Errorf("error do request for method sendMessage, %w", &url.Error{Op: "Post", URL: "https://api.telegram.org/bot<token>/sendMessage", Err: err})
	}
	tests := []struct {
		name       string
		err        error
		idempotent bool
		nonIdem    bool
	}{
		{"flood control", &tgbot.TooManyRequestsError{Message: "too many requests", RetryAfter: 2}, true, true},
		{"server error", wrap(&serverError{Status: 500}), true, false},
		{"request timeout", wrap(context.DeadlineExceeded), true, false},
		{"connection reset", wrap(&net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}), true, false},
		{"connection refused", wrap(&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}), true, true},
		{"dial timeout", wrap(&net.OpError{Op: "dial", Net: "tcp", Err: context.DeadlineExceeded}), true, true},
		{"proxy refused", wrap(&net.OpError{Op: "proxyconnect", Net: "tcp", Err: syscall.ECONNREFUSED}), true, true},
		{"unknown host", wrap(&net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "api.telegram.org", IsNotFound: true}}), true, true},
		{"bad request", fmt.Errorf("%w, chat not found", tgbot.ErrorBadRequest), false, false},
		{"cancelled", wrap(context.Canceled), false, false},
	}
	a := &Adapter{opts: Options{MaxRetryAfter: time.Minute}}
	for _, tt := range tests {
		if _, ok := a.retryDelay(tt.err, 1, true); ok != tt.idempotent {
			t.Errorf("%s: idempotent call retried = %v, want %v", tt.name, ok, tt.idempotent)
		}
		if _, ok := a.retryDelay(tt.err, 1, false); ok != tt.nonIdem {
			t.Errorf("%s: message-creating call retried = %v, want %v", tt.name, ok, tt.nonIdem)
		}
	}
}

func TestRefusedConnectionCountsAsNotSent(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, "http://"+addr+"/botX/sendMessage", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		_ = resp.Body.Close()
		t.Skip("something answers on the freed port")
	}
	if !notSent(err) {
		t.Errorf("notSent(%v) = false, want true for a refused connection", err)
	}
}

func TestSendTimeoutIsNotRetried(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, func(o *Options) { o.RequestTimeout = 200 * time.Millisecond })
	hs.fake.Hang("sendMessage", 1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	hs.fake.Wait(t, waitTimeout, "the reply to fail", func() bool { return len(h.Errors()) > 0 })
	hs.waitIdle()
	if n := hs.fake.CallCount("sendMessage"); n != 1 {
		t.Errorf("sendMessage calls = %d, want 1: a send whose answer was lost must not be repeated", n)
	}
	if errs := h.Errors(); len(errs) != 1 || !errors.Is(errs[0], context.DeadlineExceeded) {
		t.Errorf("responder errors = %v, want one timeout", errs)
	}
}

// A 5xx is Telegram saying the send failed: it is repeated once, and not
// a second time.
func TestSendServerErrorIsRetriedOnce(t *testing.T) {
	for _, tt := range []struct {
		faults, calls, shown int
	}{{1, 2, 1}, {3, 2, 0}} {
		h := newEchoHandler()
		hs := startHarness(t, h, nil)
		hs.fake.Fail("sendMessage", faketelegram.ServerError(), tt.faults)
		hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
		hs.fake.Wait(t, waitTimeout, "the reply", func() bool {
			return len(h.Errors()) > 0 || len(hs.fake.Sent(alice.ID)) > 0
		})
		hs.waitIdle()
		if n := hs.fake.CallCount("sendMessage"); n != tt.calls {
			t.Errorf("%d faults: sendMessage calls = %d, want %d", tt.faults, n, tt.calls)
		}
		if got := hs.fake.SentTexts(alice.ID); len(got) != tt.shown {
			t.Errorf("%d faults: chat shows %q, want %d messages", tt.faults, got, tt.shown)
		}
		hs.stop()
	}
}

func TestSendFloodControlIsRetriedAndDeliveredOnce(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	hs.fake.Fail("sendMessage", faketelegram.TooManyRequests(2), 1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	sent := hs.waitSent(alice.ID, 1)
	hs.waitIdle()
	if len(sent) != 1 || sent[0].Text != "echo: hi" {
		t.Errorf("chat shows %q, want the echo once", hs.fake.SentTexts(alice.ID))
	}
	if n := hs.fake.CallCount("sendMessage"); n != 2 {
		t.Errorf("sendMessage calls = %d, want 2 (one 429, one success)", n)
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestEditServerErrorIsRetried(t *testing.T) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Stream(ctx, "partial"))
		h.noteErr(r.Send(ctx, bot.Reply{Text: "final answer"}))
	}
	hs := startHarness(t, h, nil)
	hs.fake.Fail("editMessageText", faketelegram.ServerError(), 1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	hs.fake.Wait(t, waitTimeout, "the final answer", func() bool {
		s := hs.fake.SentTexts(alice.ID)
		return len(s) == 1 && s[0] == "final answer"
	})
	hs.waitIdle()
	if n := hs.fake.CallCount("editMessageText"); n != 2 {
		t.Errorf("editMessageText calls = %d, want 2 (one failure, one success)", n)
	}
	if n := hs.fake.CallCount("sendMessage"); n != 1 {
		t.Errorf("sendMessage calls = %d, want 1", n)
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

// Flood-control waits are bounded per call in total, not only one by one:
// a reply is never held for minutes by a string of 429s.
func TestFloodControlWaitsAreBoundedInTotal(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	hs.fake.Fail("sendMessage", faketelegram.TooManyRequests(20), 2)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	hs.fake.Wait(t, waitTimeout, "the send to give up", func() bool { return len(h.Errors()) > 0 })
	hs.waitIdle()
	if n := hs.fake.CallCount("sendMessage"); n != 2 {
		t.Errorf("sendMessage calls = %d, want 2: 20 s waited, a second 20 s is past the 30 s bound", n)
	}
	if slept := hs.clock.Slept(time.Second); len(slept) != 1 {
		t.Errorf("waits %v, want one", slept)
	}
}
