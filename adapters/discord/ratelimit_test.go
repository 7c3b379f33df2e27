package discord

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

func TestLongRateLimitFailsTheCallInsteadOfSleeping(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "answer"})
	}}
	hs := start(t, h, nil)
	hs.fake.RateLimitNext("POST", "/messages", time.Hour, false)
	u := hs.fake.NewUser("uma")
	hs.fake.SendDM(u, "hello")
	hs.fake.WaitUntil("the send gives up", func() bool { return len(h.errors()) == 1 })
	var rl *discordgo.RateLimitError
	if err := h.errors()[0]; !errors.As(err, &rl) || !strings.Contains(err.Error(), "retry after") {
		t.Errorf("send error %v; want the rate limit", err)
	}
	if n := len(hs.fake.CallsTo("POST", "/messages")); n != 1 {
		t.Errorf("%d posts; want the hour-long rate limit not retried", n)
	}
}

func TestRateLimitRetryStopsWithTheContext(t *testing.T) {
	a := &Adapter{log: slog.New(slog.DiscardHandler)}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	limited := &discordgo.RateLimitError{RateLimit: &discordgo.RateLimit{TooManyRequests: &discordgo.TooManyRequests{RetryAfter: 5 * time.Second}, URL: "u"}}
	err := a.rest(ctx, func(...discordgo.RequestOption) error {
		calls++
		cancel()
		return limited
	})
	if !errors.Is(err, context.Canceled) || !errors.As(err, new(*discordgo.RateLimitError)) || calls != 1 {
		t.Errorf("err %v after %d calls; want the cancellation and the rate limit after one call", err, calls)
	}
}
