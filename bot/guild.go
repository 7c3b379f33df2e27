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

// Bounds of a server's settings, the same from chat and from the panel.
const (
	// MaxGuildChannels is how many listen channels a server may name.
	MaxGuildChannels = 100
	// MaxDailyLimit is the highest per-person daily message limit.
	MaxDailyLimit = 100000
)

// validate checks g as the admins' commands accept it: at most
// MaxGuildChannels distinct channel ids, a daily limit from 0 to
// MaxDailyLimit. Its errors are memory.ErrInvalid.
func (g GuildSettings) validate() error {
	if len(g.Channels) > MaxGuildChannels {
		return fmt.Errorf("%w: %d listen channels, at most %d", memory.ErrInvalid, len(g.Channels), MaxGuildChannels)
	}
	for i, c := range g.Channels {
		if !validID(c) {
			return fmt.Errorf("%w: listen channel %d is not a channel id", memory.ErrInvalid, i+1)
		}
		if slices.Contains(g.Channels[:i], c) {
			return fmt.Errorf("%w: listen channel %q named twice", memory.ErrInvalid, c)
		}
	}
	if g.DailyLimit < 0 || g.DailyLimit > MaxDailyLimit {
		return fmt.Errorf("%w: daily limit %d is outside 0–%d", memory.ErrInvalid, g.DailyLimit, MaxDailyLimit)
	}
	return nil
}

// GuildSettings returns a server's settings (the defaults when its admins
// never changed them), for the panel's admin pages.
func (e *Engine) GuildSettings(ctx context.Context, platform, guildID string) (GuildSettings, error) {
	if platform == "" || guildID == "" {
		return GuildSettings{}, fmt.Errorf("%w: server settings need a platform and a server", memory.ErrInvalid)
	}
	return e.guilds.load(ctx, platform, guildID)
}

// SetGuildSettings replaces a server's settings, checked as
// "/membot config" checks them (memory.ErrInvalid when they are out of
// bounds). Whether the caller may is the caller's to check.
func (e *Engine) SetGuildSettings(ctx context.Context, platform, guildID string, g GuildSettings) error {
	if platform == "" || guildID == "" {
		return fmt.Errorf("%w: server settings need a platform and a server", memory.ErrInvalid)
	}
	if err := g.validate(); err != nil {
		return fmt.Errorf("settings of %s server %s: %w", platform, guildID, err)
	}
	return e.guilds.save(ctx, platform, guildID, g)
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
