package app

import (
	"context"
	"log/slog"
	"reflect"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/sqlite"
)

// The panel's server settings are the engine's: the JSON setting
// "guild:<platform>:<id>" (bot/guild.go), defaults when there is none.
func TestSettingGuilds(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	g := settingGuilds{st}
	if got, err := g.GuildSettings(ctx, "discord", "g1"); err != nil || !reflect.DeepEqual(got, bot.GuildSettings{}) {
		t.Fatalf("unset: %+v, %v", got, err)
	}
	want := bot.GuildSettings{Channels: []string{"c1"}, Passive: true, DailyLimit: 5, Notes: true}
	if err := g.SetGuildSettings(ctx, "discord", "g1", want); err != nil {
		t.Fatal(err)
	}
	raw, err := st.Setting(ctx, "guild:discord:g1")
	if err != nil || raw != `{"channels":["c1"],"passive":true,"daily_limit":5,"notes":true}` {
		t.Fatalf("stored %q, %v", raw, err)
	}
	if got, err := g.GuildSettings(ctx, "discord", "g1"); err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back %+v, %v", got, err)
	}
}
