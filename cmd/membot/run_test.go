package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/internal/fakediscord"
	"github.com/membot/membot/internal/faketelegram"
)

// TestRunStartsConfiguredAdapters runs "membot run" with both tokens set,
// against fake Telegram and Discord servers named in the environment, and
// checks that each platform gets an answer and that a signal stops it all.
func TestRunStartsConfiguredAdapters(t *testing.T) {
	tg := faketelegram.New(t, faketelegram.Config{})
	dc := fakediscord.New(t)
	env := map[string]string{
		"TELEGRAM_BOT_TOKEN": tg.Token,
		"TELEGRAM_API_URL":   tg.URL,
		"DISCORD_TOKEN":      "discord-test-token",
		"DISCORD_API_URL":    dc.URL(),
		"MEMBOT_DATA_DIR":    t.TempDir(),
		"MEMBOT_LOG_LEVEL":   "debug",
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	notTTY := false
	code := make(chan int, 1)
	go func() {
		code <- Main(ctx, []string{"run"}, Env{
			Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: testLog{t},
			Getenv: func(k string) string { return env[k] }, Interactive: &notTTY,
		})
	}()

	dc.WaitUntil("the Discord adapter is connected", func() bool {
		return dc.Heartbeats() > 0 && len(dc.CallsTo("PUT", "/commands")) > 0
	})
	alice := dc.NewUser("alice")
	q := dc.SendDM(alice, "hello from discord")
	dc.WaitUntil("a Discord reply", func() bool {
		for _, m := range dc.Messages(dc.DMChannelOf(alice.ID)) {
			if m.ReferenceID == q.ID && strings.Contains(m.Content, "offline mode") {
				return true
			}
		}
		return false
	})

	tg.PushMessage(&models.Message{
		ID: 1, Date: int(time.Now().Unix()) + 5,
		Chat: models.Chat{ID: 42, Type: models.ChatTypePrivate},
		From: &models.User{ID: 42, FirstName: "Bob"},
		Text: "hello from telegram",
	})
	tg.Wait(t, 20*time.Second, "a Telegram reply", func() bool {
		for _, s := range tg.SentTexts(42) {
			if strings.Contains(s, "offline mode") {
				return true
			}
		}
		return false
	})

	cancel()
	select {
	case c := <-code:
		if c != 0 {
			t.Fatalf("membot run exited %d after the signal", c)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("membot run did not stop after the signal")
	}
}

type testLog struct{ t *testing.T }

func (w testLog) Write(p []byte) (int, error) { w.t.Logf("%s", p); return len(p), nil }
