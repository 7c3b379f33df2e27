package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// Edited updates a captured message after a platform edit. It needs no
// Start: it only writes the message log.
func (e *Engine) Edited(ctx context.Context, msg Message) error {
	text, _ := clean(sanitize(msg.Text))
	err := e.msgs.EditMessage(ctx, msg.ConversationID(), msg.ID, text)
	if errors.Is(err, memory.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("edit captured message %s: %w", msg.ID, err)
	}
	return nil
}

// Deleted removes a captured message. It needs no Start: it only writes
// the message log.
func (e *Engine) Deleted(ctx context.Context, platform, chatID, threadID, messageID string) error {
	conv := Message{Platform: platform, ChatID: chatID, ThreadID: threadID}.ConversationID()
	err := e.msgs.DeleteMessage(ctx, conv, messageID)
	if errors.Is(err, memory.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("delete captured message %s: %w", messageID, err)
	}
	return nil
}
