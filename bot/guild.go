package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/membot/membot/memory"
)

// GuildSettings are one server's (or group's) choices, set by its admins.
type GuildSettings struct {
	// Channels the bot listens in; empty means all.
	Channels []string `json:"channels,omitempty"`
	// Passive captures messages not addressed to the bot (off by default).
	Passive bool `json:"passive,omitempty"`
	// DailyLimit caps each member's messages to the bot per day (0: none).
	DailyLimit int `json:"daily_limit,omitempty"`
	// Notes injects the server's shared notes for everyone there.
	Notes bool `json:"notes,omitempty"`
}

// guildKey is the settings key of a server.
func guildKey(platform, guildID string) string { return "guild:" + platform + ":" + guildID }

// GuildOwner is the owner of a server's shared notes.
func GuildOwner(platform, guildID string) string { return memory.GuildOwner(platform, guildID) }

// guilds keep each server's settings in the shared settings records.
type guilds struct{ settings Settings }

// load returns a server's settings; a missing record is the defaults.
func (gs guilds) load(ctx context.Context, platform, guildID string) (GuildSettings, error) {
	var g GuildSettings
	if guildID == "" {
		return g, nil
	}
	raw, err := gs.settings.Setting(ctx, guildKey(platform, guildID))
	if errors.Is(err, memory.ErrNotFound) {
		return g, nil
	}
	if err != nil {
		return g, fmt.Errorf("load settings of %s server %s: %w", platform, guildID, err)
	}
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		return GuildSettings{}, fmt.Errorf("decode settings of %s server %s: %w", platform, guildID, err)
	}
	return g, nil
}

// save replaces a server's settings.
func (gs guilds) save(ctx context.Context, platform, guildID string, g GuildSettings) error {
	raw, err := json.Marshal(g)
	if err != nil {
		return fmt.Errorf("encode settings of %s server %s: %w", platform, guildID, err)
	}
	return gs.settings.PutSetting(ctx, guildKey(platform, guildID), string(raw), time.Time{})
}

// listening reports whether the engine takes in msg at all: in a server,
// only in the channels its admins chose (commands always), and messages not
// addressed to the bot only when the server enabled passive capture.
func listening(msg Message, g GuildSettings) bool {
	if msg.IsDM || msg.GuildID == "" {
		return true
	}
	if len(g.Channels) > 0 && !msg.IsCommand() && !slices.Contains(g.Channels, msg.ChatID) {
		return false
	}
	return msg.Addressed || g.Passive
}
