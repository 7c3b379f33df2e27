package telegram

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/buttontoken"
	"github.com/membot/membot/internal/faketelegram"
)

// sharedSettings stand for the store's settings every replica reads.
type sharedSettings struct {
	mu   sync.Mutex
	vals map[string]string
}

func (s *sharedSettings) PutSetting(_ context.Context, key, value string, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.vals[key] = value
	return nil
}

func (s *sharedSettings) Setting(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.vals[key]
	if !ok {
		return "", fmt.Errorf("setting %q: %w", key, buttontoken.ErrUnknown)
	}
	return v, nil
}

// A button whose command needed a token works when pressed after a
// restart (or on another replica) with the settings shared, twice over;
// without them it is expired.
func TestButtonTokenOutlivesRestart(t *testing.T) {
	long := "/memories forget " + strings.Repeat("0123456789", 8)
	for _, shared := range []bool{true, false} {
		t.Run(fmt.Sprintf("shared=%v", shared), func(t *testing.T) {
			var settings buttontoken.Settings
			if shared {
				settings = &sharedSettings{vals: map[string]string{}}
			}
			withSettings := func(o *Options) { o.ButtonSettings = settings }
			fake := faketelegram.New(t, faketelegram.Config{})
			h := newFakeHandler(nil)
			h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
				h.noteErr(r.Send(ctx, bot.Reply{Text: "Page 1", Buttons: [][]bot.Button{{{Label: "Forget", Command: long}}}}))
			}
			first := startHarnessOn(t, fake, h, withSettings)
			fake.PushMessage(fake.NewMessage(team, alice, "/memories"))
			page := first.waitSent(team.ID, 1)[0]
			first.waitHandled(1)
			first.stop()

			next := newFakeHandler(nil)
			next.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
				next.noteErr(r.Send(ctx, bot.Reply{Text: "ran " + msg.Text}))
			}
			second := startHarnessOn(t, fake, next, withSettings)
			data := page.Buttons[0][0].CallbackData
			fake.PushCallback(alice, page, data)
			fake.PushCallback(alice, page, data)
			fake.Wait(t, waitTimeout, "answers", func() bool { return fake.CallCount("answerCallbackQuery") == 2 })
			second.waitIdle()
			expired := 0
			for _, c := range fake.Calls("answerCallbackQuery") {
				if c.Fields["text"] == notesEN.buttonExpired {
					expired++
				}
			}
			ran := 0
			for _, m := range next.Messages() {
				if m.Text == long {
					ran++
				}
			}
			if want := map[bool]int{true: 2, false: 0}[shared]; ran != want || expired != 2-want {
				t.Errorf("after a restart: ran %d times, %d expired; want %d and %d", ran, expired, want, 2-want)
			}
		})
	}
}
