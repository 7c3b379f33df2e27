package bot_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

// The engine's server settings accessors (the panel's admin pages) read
// and write what "/membot config" does, within the same bounds.
func TestGuildSettingsAccessors(t *testing.T) {
	ctx := context.Background()
	b := bottest.New(t, bottest.Offline())
	admin := bottest.Group("discord", "g1", "ann", "", true)
	admin.Author.IsAdmin = true
	if g, err := b.Engine.GuildSettings(ctx, "discord", "g1"); err != nil || g.Passive || g.DailyLimit != 0 || len(g.Channels) != 0 {
		t.Fatalf("settings of a new server = %+v, %v; want the defaults", g, err)
	}
	want := bot.GuildSettings{Channels: []string{"c1", "c2"}, Passive: true, DailyLimit: 7, Notes: true}
	if err := b.Engine.SetGuildSettings(ctx, "discord", "g1", want); err != nil {
		t.Fatal(err)
	}
	r := say(t, b, admin, "/membot config")
	for _, w := range []string{"c1, c2", "7"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("/membot config after SetGuildSettings lacks %q:\n%s", w, r.Text)
		}
	}
	say(t, b, admin, "/membot config limit 9")
	if g, err := b.Engine.GuildSettings(ctx, "discord", "g1"); err != nil || g.DailyLimit != 9 || !slices.Equal(g.Channels, want.Channels) {
		t.Errorf("settings after /membot config limit 9 = %+v, %v", g, err)
	}
	if g, err := b.Engine.GuildSettings(ctx, "discord", "g2"); err != nil || g.DailyLimit != 0 {
		t.Errorf("another server's settings = %+v, %v", g, err)
	}

	many := make([]string, bot.MaxGuildChannels+1)
	for i := range many {
		many[i] = fmt.Sprintf("c%d", i)
	}
	for _, tc := range []struct {
		name     string
		platform string
		guild    string
		g        bot.GuildSettings
	}{
		{"negative limit", "discord", "g1", bot.GuildSettings{DailyLimit: -1}},
		{"limit too high", "discord", "g1", bot.GuildSettings{DailyLimit: bot.MaxDailyLimit + 1}},
		{"too many channels", "discord", "g1", bot.GuildSettings{Channels: many}},
		{"not a channel id", "discord", "g1", bot.GuildSettings{Channels: []string{"c 1"}}},
		{"channel twice", "discord", "g1", bot.GuildSettings{Channels: []string{"c1", "c1"}}},
		{"no server", "discord", "", bot.GuildSettings{}},
		{"no platform", "", "g1", bot.GuildSettings{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := b.Engine.SetGuildSettings(ctx, tc.platform, tc.guild, tc.g); !errors.Is(err, memory.ErrInvalid) {
				t.Errorf("SetGuildSettings = %v, want ErrInvalid", err)
			}
			if g, err := b.Engine.GuildSettings(ctx, "discord", "g1"); err != nil || g.DailyLimit != 9 {
				t.Errorf("settings after a refused change = %+v, %v", g, err)
			}
		})
	}
	for _, cmd := range []string{"/membot config limit -1", fmt.Sprintf("/membot config limit %d", bot.MaxDailyLimit+1)} {
		if r := say(t, b, admin, cmd); !strings.Contains(r.Text, "/membot config limit <n>") {
			t.Errorf("%s: %q, want the usage", cmd, r.Text)
		}
	}
	if g, _ := b.Engine.GuildSettings(ctx, "discord", "g1"); g.DailyLimit != 9 {
		t.Errorf("daily limit after refused commands = %d, want 9", g.DailyLimit)
	}
}
