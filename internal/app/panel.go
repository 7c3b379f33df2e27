package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
)

// newPanel builds the memory panel over the memory service, the store's
// settings and counters and the engine, for the operator's listener.
func (a *App) newPanel(o options) (http.Handler, error) {
	p, err := web.New(web.Options{
		Memories:  a.Memory,
		Secrets:   a.Store,
		Counters:  a.Store,
		Replies:   lastReply{a.Engine},
		Guilds:    settingGuilds{a.Store},
		PublicURL: strings.TrimRight(a.Config.Web.PublicURL, "/"),
		Now:       o.now,
		Logger:    o.logger,
	})
	if err != nil {
		return nil, fmt.Errorf("memory panel: %w", err)
	}
	return p.Handler(), nil
}

// lastReply answers the panel's recent replies with the one reply this
// process remembers for the person (bot.Engine.LastInjection).
type lastReply struct{ e *bot.Engine }

func (l lastReply) RecentReplies(_ context.Context, personID string, limit int) ([]bot.Injection, error) {
	in, ok := l.e.LastInjection(personID)
	if !ok || limit < 1 {
		return nil, nil
	}
	return []bot.Injection{in}, nil
}

// settingGuilds reads and writes a server's settings where the engine
// keeps them: the JSON setting "guild:<platform>:<id>" (bot/guild.go).
type settingGuilds struct{ s memory.Store }

func guildSettingKey(platform, id string) string { return "guild:" + platform + ":" + id }

func (g settingGuilds) GuildSettings(ctx context.Context, platform, id string) (bot.GuildSettings, error) {
	var out bot.GuildSettings
	raw, err := g.s.Setting(ctx, guildSettingKey(platform, id))
	if errors.Is(err, memory.ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("load settings of %s server %s: %w", platform, id, err)
	}
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		return bot.GuildSettings{}, fmt.Errorf("decode settings of %s server %s: %w", platform, id, err)
	}
	return out, nil
}

func (g settingGuilds) SetGuildSettings(ctx context.Context, platform, id string, s bot.GuildSettings) error {
	raw, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("encode settings of %s server %s: %w", platform, id, err)
	}
	if err := g.s.PutSetting(ctx, guildSettingKey(platform, id), string(raw), time.Time{}); err != nil {
		return fmt.Errorf("save settings of %s server %s: %w", platform, id, err)
	}
	return nil
}
