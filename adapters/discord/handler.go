package discord

import (
	"context"

	"github.com/membot/membot/bot"
)

// Handler is the conversation engine as the Discord adapter sees it.
type Handler interface {
	// Handle captures msg (persisting it before anything else) and, when
	// the message needs an answer, answers through r, in order per
	// conversation. It returns once the message is captured; done is
	// closed when every reply to this message has been delivered (closed
	// at once if there is none).
	Handle(ctx context.Context, msg bot.Message, r bot.Responder) (done <-chan struct{}, err error)
	// Edited updates a captured message after the platform reports an
	// edit.
	Edited(ctx context.Context, msg bot.Message) error
	// Deleted removes a captured message.
	Deleted(ctx context.Context, platform, chatID, threadID, messageID string) error
	// MemoryChoices lists the memories of msg.Author whose id or text
	// starts with or contains prefix, for autocompleting memory ids in
	// slash commands. It must only ever return the author's own memories.
	MemoryChoices(ctx context.Context, msg bot.Message, prefix string) ([]bot.Choice, error)
}
