package telegram

import (
	"context"
	"fmt"
	"sync"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
)

// maxAdminEntries bounds the admin cache.
const maxAdminEntries = 4096

// adminCache remembers briefly who administers which group, so settings
// commands do not cost a getChatMember call each.
type adminCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[[2]int64]adminEntry
}

type adminEntry struct {
	admin bool
	at    time.Time
}

func newAdminCache(ttl time.Duration) *adminCache {
	return &adminCache{ttl: ttl, entries: map[[2]int64]adminEntry{}}
}

// isAdmin reports whether userID administers chatID, asking lookup when
// the cache has no fresh answer. A failed lookup counts as not admin and
// is not cached.
func (c *adminCache) isAdmin(ctx context.Context, chatID, userID int64, lookup func(context.Context, int64, int64) (models.ChatMemberType, error)) bool {
	key := [2]int64{chatID, userID}
	now := time.Now()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	if ok && now.Sub(e.at) < c.ttl {
		return e.admin
	}
	status, err := lookup(ctx, chatID, userID)
	if err != nil {
		return false
	}
	admin := status == models.ChatMemberTypeOwner || status == models.ChatMemberTypeAdministrator
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= maxAdminEntries {
		for k, v := range c.entries {
			if now.Sub(v.at) >= c.ttl {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= maxAdminEntries {
			clear(c.entries)
		}
	}
	c.entries[key] = adminEntry{admin: admin, at: now}
	return admin
}

// chatMemberStatus asks Telegram for a member's status in a chat, in a
// single attempt: it runs while updates wait, so it is not retried.
func (a *Adapter) chatMemberStatus(ctx context.Context, chatID, userID int64) (models.ChatMemberType, error) {
	var m *models.ChatMember
	err := a.callN(ctx, "getChatMember", 1, func(ctx context.Context) error {
		var err error
		m, err = a.api.GetChatMember(ctx, &tgbot.GetChatMemberParams{ChatID: chatID, UserID: userID})
		return err
	})
	if err != nil {
		a.log.Warn("telegram: could not check group admin; treating the user as not admin", "chat_id", chatID, "user_id", userID, "err", err)
		return "", err
	}
	if m == nil {
		return "", fmt.Errorf("telegram getChatMember: empty answer for user %d in chat %d", userID, chatID)
	}
	return m.Type, nil
}
