package telegram

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

func TestOffsetIsNotConfirmedWhenCaptureFails(t *testing.T) {
	h := newEchoHandler()
	h.fail = func(msg bot.Message, attempt int) error {
		if msg.Text == "remember me" && attempt == 1 {
			return errCaptureFailed
		}
		return nil
	}
	hs := startHarness(t, h, nil)
	in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "remember me")
	id := hs.fake.PushMessage(in)
	next := hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "and this"))
	sent := hs.waitSent(alice.ID, 2)
	if sent[0].Text != "echo: remember me" || sent[1].Text != "echo: and this" {
		t.Errorf("replies %q", hs.fake.SentTexts(alice.ID))
	}
	if n := hs.fake.Deliveries(id); n < 2 {
		t.Errorf("failed update delivered %d times, want it redelivered", n)
	}
	if n := h.Attempts("501", fmt.Sprint(in.ID)); n != 2 {
		t.Errorf("capture attempts = %d, want 2", n)
	}
	// The fake forgets confirmed updates, so a second delivery proves the
	// failed one was not confirmed.
	hs.waitIdle()
	offsets := hs.fake.ConfirmedOffsets()
	if last := offsets[len(offsets)-1]; last != next+1 {
		t.Errorf("last confirmed offset %d, want %d", last, next+1)
	}
	if !strings.Contains(hs.logs.String(), "will be redelivered") {
		t.Error("the failed capture was not logged")
	}
}

func TestShutdownConfirmsAndWaitsForRepliesInFlight(t *testing.T) {
	release := make(chan struct{})
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		<-release
		h.noteErr(r.Send(ctx, bot.Reply{Text: "late answer"}))
	}
	hs := startHarness(t, h, nil)
	id := hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "slow question"))
	hs.waitHandled(1)
	hs.cancel()
	close(release)
	hs.stop()
	if got := hs.fake.SentTexts(alice.ID); len(got) != 1 || got[0] != "late answer" {
		t.Errorf("after Run returned, chat shows %q", got)
	}
	offsets := hs.fake.ConfirmedOffsets()
	if len(offsets) == 0 || offsets[len(offsets)-1] != id+1 {
		t.Errorf("confirmed offsets %v, want the last to be %d", offsets, id+1)
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestWebhookChecksTheSecret(t *testing.T) {
	h := newEchoHandler()
	h.fail = func(msg bot.Message, attempt int) error {
		if msg.Text == "flaky" && attempt == 1 {
			return errCaptureFailed
		}
		return nil
	}
	hs := startHarness(t, h, func(o *Options) {
		o.Webhook = Webhook{ListenAddr: "127.0.0.1:0", PublicURL: "https://bot.example.com/tg/hook", SecretToken: "s3cret_token"}
	})
	if url, secret := hs.fake.Webhook(); url != "https://bot.example.com/tg/hook" || secret != "s3cret_token" {
		t.Errorf("setWebhook(%q, %q)", url, secret)
	}
	hook := "http://" + hs.a.WebhookAddr() + "/tg/hook"
	ctx := context.Background()
	deliver := func(secret, text string) int {
		t.Helper()
		status, err := hs.fake.DeliverWebhook(ctx, hook, secret, models.Update{Message: hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, text)})
		if err != nil {
			t.Fatal(err)
		}
		return status
	}
	if status := deliver("wrong", "from an impostor"); status != http.StatusUnauthorized {
		t.Errorf("wrong secret answered %d, want 401", status)
	}
	if status := deliver("", "no secret"); status != http.StatusUnauthorized {
		t.Errorf("missing secret answered %d, want 401", status)
	}
	if status := deliver("s3cret_token", "flaky"); status != http.StatusInternalServerError {
		t.Errorf("failed capture answered %d, want 500 so Telegram redelivers", status)
	}
	if status := deliver("s3cret_token", "hello"); status != http.StatusOK {
		t.Errorf("right secret answered %d, want 200", status)
	}
	sent := hs.waitSent(alice.ID, 1)
	if sent[0].Text != "echo: hello" {
		t.Errorf("reply %q", sent[0].Text)
	}
	for _, m := range h.Messages() {
		if m.Text != "hello" {
			t.Errorf("handler got %q", m.Text)
		}
	}
	if n := hs.fake.CallCount("getUpdates"); n != 0 {
		t.Errorf("webhook mode polled %d times", n)
	}
}

func TestTokenNeverAppearsInErrors(t *testing.T) {
	const token = "987654:SECRET-token-value"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now

	fake := faketelegram.New(t, faketelegram.Config{}) // rejects this token
	for _, url := range []string{"http://" + addr, fake.URL} {
		logs := &syncBuffer{}
		a, err := New(Options{Token: token, APIURL: url, MaxAttempts: 1, Logger: newTestLogger(logs)}, newFakeHandler(nil))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), waitTimeout)
		err = a.Run(ctx)
		cancel()
		if err == nil {
			t.Fatalf("Run against %s succeeded", url)
		}
		if strings.Contains(err.Error(), token) || strings.Contains(logs.String(), token) {
			t.Errorf("token leaked: %v\n%s", err, logs.String())
		}
		if !strings.Contains(err.Error(), "getMe") {
			t.Errorf("error %q does not say what failed", err)
		}
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"no token", Options{}, "token is empty"},
		{"token with a slash", Options{Token: "1:a/b"}, "token contains"},
		{"bad API URL", Options{Token: "1:a", APIURL: "ftp://x"}, "API URL"},
		{"webhook without secret", Options{Token: "1:a", Webhook: Webhook{ListenAddr: ":8443"}}, "secret token"},
		{"webhook secret with spaces", Options{Token: "1:a", Webhook: Webhook{ListenAddr: ":8443", SecretToken: "a b"}}, "may hold only"},
		{"webhook bad public URL", Options{Token: "1:a", Webhook: Webhook{ListenAddr: ":8443", SecretToken: "s", PublicURL: "nope"}}, "public URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(tt.opts, newFakeHandler(nil))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("New error = %v, want one mentioning %q", err, tt.want)
			}
		})
	}
	if _, err := New(Options{Token: "1:a"}, nil); err == nil {
		t.Error("New accepted a nil handler")
	}
}

func TestRunTwiceIsRefused(t *testing.T) {
	hs := startHarness(t, newFakeHandler(nil), nil)
	err := hs.a.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("second Run = %v", err)
	}
}

func TestRedactedErrorKeepsTheChain(t *testing.T) {
	r := redactor{token: "42:abc"}
	base := fmt.Errorf("post https://api/bot42:abc/sendMessage: %w", context.DeadlineExceeded)
	err := r.err(base)
	if strings.Contains(err.Error(), "42:abc") {
		t.Errorf("token in %q", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Error("redaction broke errors.Is")
	}
	if r.err(nil) != nil {
		t.Error("nil error not kept nil")
	}
}

func TestManyPeopleAreAnsweredInOrder(t *testing.T) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Stream(ctx, "thinking about "+msg.Text))
		h.noteErr(r.Send(ctx, bot.Reply{Text: "answer to " + msg.Text}))
	}
	hs := startHarness(t, h, func(o *Options) { o.EditInterval = time.Millisecond })
	const people = 50
	for round := 1; round <= 2; round++ {
		for i := 0; i < people; i++ {
			u := faketelegram.User(int64(1000+i), fmt.Sprint("P", i), "")
			hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(u), u, fmt.Sprintf("q%d", round)))
		}
	}
	for i := 0; i < people; i++ {
		id := int64(1000 + i)
		hs.fake.Wait(t, waitTimeout, "two answers", func() bool {
			s := hs.fake.SentTexts(id)
			return len(s) == 2 && strings.HasPrefix(s[1], "answer")
		})
		if got := hs.fake.SentTexts(id); got[0] != "answer to q1" || got[1] != "answer to q2" {
			t.Errorf("person %d sees %q", i, got)
		}
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs[0])
	}
}

func TestReadyIsClosedWhenStartFails(t *testing.T) {
	fake := faketelegram.New(t, faketelegram.Config{})
	a, err := New(Options{Token: "42:rejected-token", APIURL: fake.URL, MaxAttempts: 1, Logger: newTestLogger(&syncBuffer{})}, newFakeHandler(nil))
	if err != nil {
		t.Fatal(err)
	}
	if a.StartErr() != nil {
		t.Error("StartErr set before Run")
	}
	runErr := make(chan error, 1)
	go func() { runErr <- a.Run(context.Background()) }()
	select {
	case <-a.Ready():
	case <-time.After(waitTimeout):
		t.Fatal("Ready never closed after a failed start")
	}
	if err := a.StartErr(); err == nil || !strings.Contains(err.Error(), "getMe") {
		t.Errorf("StartErr = %v, want the getMe failure", err)
	}
	if err := <-runErr; err == nil {
		t.Error("Run succeeded with a rejected token")
	}
	if a.Username() != "" {
		t.Errorf("Username = %q after a failed start", a.Username())
	}
}

func TestReadyReportsNoErrorAfterStart(t *testing.T) {
	hs := startHarness(t, newFakeHandler(nil), nil)
	if err := hs.a.StartErr(); err != nil || hs.a.Username() != "membot" {
		t.Errorf("StartErr = %v, Username = %q after a good start", err, hs.a.Username())
	}
}

func TestPanicInEngineIsLoggedAndTheUpdateSkipped(t *testing.T) {
	for _, webhook := range []bool{false, true} {
		t.Run(fmt.Sprintf("webhook=%v", webhook), func(t *testing.T) {
			h := newEchoHandler()
			h.fail = func(msg bot.Message, attempt int) error {
				if msg.Text == "boom" {
					panic("engine bug on " + msg.Text)
				}
				return nil
			}
			hs := startHarness(t, h, func(o *Options) {
				if webhook {
					o.Webhook = Webhook{ListenAddr: "127.0.0.1:0", SecretToken: "s3cret_token"}
				}
			})
			chat := faketelegram.PrivateChat(alice)
			boom := hs.fake.NewMessage(chat, alice, "boom")
			hello := hs.fake.NewMessage(chat, alice, "hello")
			if webhook {
				hook := "http://" + hs.a.WebhookAddr() + "/telegram"
				for _, m := range []*models.Message{boom, hello} {
					status, err := hs.fake.DeliverWebhook(context.Background(), hook, "s3cret_token", models.Update{Message: m})
					if err != nil || status != http.StatusOK {
						t.Fatalf("webhook answered %d, %v; want 200", status, err)
					}
				}
			} else {
				hs.fake.PushMessage(boom)
				hs.fake.PushMessage(hello)
			}
			sent := hs.waitSent(alice.ID, 1)
			if !webhook {
				hs.waitIdle()
			}
			if sent[0].Text != "echo: hello" {
				t.Errorf("chat shows %q", hs.fake.SentTexts(alice.ID))
			}
			if n := h.Attempts(fmt.Sprint(alice.ID), fmt.Sprint(boom.ID)); n != 1 {
				t.Errorf("the panicking update was tried %d times, want once", n)
			}
			logs := hs.logs.String()
			for _, want := range []string{"level=ERROR", "recovered from a panic", "engine bug on boom", "goroutine"} {
				if !strings.Contains(logs, want) {
					t.Errorf("the logs lack %q", want)
				}
			}
		})
	}
}
