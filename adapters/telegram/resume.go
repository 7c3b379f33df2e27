package telegram

import (
	"context"
	"fmt"
	"strconv"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
)

// resumer is a Handler that answers, after a restart, the messages an
// earlier run left unanswered (the engine with a durable answer queue).
type resumer interface {
	Resume(ctx context.Context, platform string, f bot.ResponderFor) error
}

// resume hands the engine the way to reach a stored message's chat, if it
// keeps a durable answer queue.
func (a *Adapter) resume(ctx context.Context) {
	rs, ok := a.h.(resumer)
	if !ok {
		return
	}
	if err := rs.Resume(ctx, Platform, a.storedResponder); err != nil {
		a.log.Warn("telegram: cannot resume earlier answers", "err", err)
	}
}

// storedResponder rebuilds the responder of a message from what the
// engine stored of it: the chat, the topic, the message to reply to and
// who asked (for private replies and button tokens). Its replies are
// delivered and tracked like any other.
func (a *Adapter) storedResponder(_ context.Context, msg bot.Message, done <-chan struct{}) (bot.Responder, error) {
	chatID, err := strconv.ParseInt(msg.ChatID, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("telegram: stored chat id %q: %w", msg.ChatID, err)
	}
	userID, err := strconv.ParseInt(msg.Author.ID, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("telegram: stored user id %q: %w", msg.Author.ID, err)
	}
	thread, _ := strconv.Atoi(msg.ThreadID)
	// A button press is answered under the message carrying the button.
	replyTo, err := strconv.Atoi(msg.ID)
	if err != nil {
		replyTo, _ = strconv.Atoi(msg.ReplyToID)
	}
	chat := models.Chat{ID: chatID, Type: models.ChatTypeSupergroup}
	if msg.IsDM {
		chat.Type = models.ChatTypePrivate
	}
	user := models.User{ID: userID, Username: msg.Author.Username, LanguageCode: msg.Author.LanguageCode}
	r := a.newResponder(chat, thread, replyTo, user)
	a.track(done, r)
	return r, nil
}
