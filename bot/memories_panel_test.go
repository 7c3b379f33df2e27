package bot_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
)

// withPanel serves the panel (on a free port) at a public URL given with a
// trailing slash, which the links leave out.
func withPanel() bottest.Option {
	return bottest.WithConfig(func(c *config.Config) {
		c.HTTP.Listen = "127.0.0.1:0"
		c.Web.PublicURL = "https://panel.example.com/"
	})
}

var signinLink = regexp.MustCompile(`https://panel\.example\.com/panel/signin\?t=([A-Za-z0-9_-]+)`)

// panelLink asks for a sign-in link as msg's author and returns its
// secret, checking that the reply is private and shows no preview.
func panelLink(t *testing.T, b *bottest.Bot, msg bot.Message) string {
	t.Helper()
	r := say(t, b, msg, "/memories panel")
	m := signinLink.FindStringSubmatch(r.Text)
	if m == nil {
		t.Fatalf("no sign-in link in %q", r.Text)
	}
	if !r.Private || !r.NoPreview {
		t.Errorf("link reply private=%v no-preview=%v, want both", r.Private, r.NoPreview)
	}
	en := strings.Contains(r.Text, "10 minutes") && strings.Contains(r.Text, "once")
	zh := strings.Contains(r.Text, "10 分钟") && strings.Contains(r.Text, "一次")
	if !en && !zh {
		t.Errorf("link reply does not say it works once within 10 minutes: %q", r.Text)
	}
	return m[1]
}

func TestPanelLinkOff(t *testing.T) {
	for _, tc := range []struct {
		name string
		opt  bottest.Option
	}{
		{"nothing set", bottest.WithConfig(func(*config.Config) {})},
		{"public URL without a listener", bottest.WithConfig(func(c *config.Config) { c.Web.PublicURL = "https://panel.example.com" })},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bottest.New(t, bottest.Offline(), tc.opt)
			r := say(t, b, bottest.DM("telegram", "alice", ""), "/memories panel")
			if !r.Private || !strings.Contains(r.Text, "not enabled") || !strings.Contains(r.Text, "web.public_url") || strings.Contains(r.Text, "signin") {
				t.Errorf("reply with the panel off: %+v", r)
			}
		})
	}
}

func TestPanelLinkSignsInOnce(t *testing.T) {
	ctx := context.Background()
	b := bottest.New(t, bottest.Offline(), withPanel())
	alice := person(t, b, "telegram", "alice")
	secret := panelLink(t, b, bottest.DM("telegram", "alice", ""))
	tk, err := bot.RedeemPanelLink(ctx, b.Store, secret)
	if err != nil || tk.PersonID != alice || len(tk.Guilds) != 0 {
		t.Fatalf("redeem = %+v, %v; want alice's ticket without servers", tk, err)
	}
	if _, err := bot.RedeemPanelLink(ctx, b.Store, secret); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Errorf("second redeem = %v, want ErrPanelSignIn", err)
	}
	if tk.Lang != "en" {
		t.Errorf("ticket language = %q, want en", tk.Lang)
	}
	// Asked in a Chinese client, the panel speaks Chinese.
	zhMsg := bottest.DM("telegram", "wei", "")
	zhMsg.Author.LanguageCode = "zh-hans"
	if tk, err := bot.RedeemPanelLink(ctx, b.Store, panelLink(t, b, zhMsg)); err != nil || tk.Lang != "zh" {
		t.Errorf("ticket from a Chinese client = %+v, %v; want lang zh", tk, err)
	}
	r := say(t, b, bottest.DM("telegram", "alice", ""), "/memories panel now")
	if signinLink.MatchString(r.Text) || !strings.Contains(r.Text, "logout") {
		t.Errorf("/memories panel now: %q, want the usage", r.Text)
	}
}

func TestPanelLinkRecordsAdminServer(t *testing.T) {
	ctx := context.Background()
	b := bottest.New(t, bottest.Offline(), withPanel())
	for _, tc := range []struct {
		name  string
		msg   bot.Message
		guild []bot.PanelGuild
	}{
		{"admin in a group", func() bot.Message {
			m := bottest.Group("discord", "g1", "ann", "", true)
			m.Author.IsAdmin = true
			return m
		}(), []bot.PanelGuild{{Platform: "discord", ID: "g1"}}},
		{"member in a group", bottest.Group("discord", "g1", "bob", "", true), nil},
		{"admin flag in a DM", func() bot.Message {
			m := bottest.DM("discord", "cid", "")
			m.Author.IsAdmin = true
			return m
		}(), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tk, err := bot.RedeemPanelLink(ctx, b.Store, panelLink(t, b, tc.msg))
			if err != nil {
				t.Fatal(err)
			}
			if tk.PersonID != person(t, b, "discord", tc.msg.Author.ID) || !slices.Equal(tk.Guilds, tc.guild) {
				t.Errorf("ticket = %+v, want servers %v", tk, tc.guild)
			}
		})
	}
}

func TestPanelLinksRateLimited(t *testing.T) {
	clk := bottest.NewClock(time.Date(2026, 5, 4, 9, 0, 30, 0, time.UTC))
	b := bottest.New(t, bottest.Offline(), withPanel(), bottest.WithClock(clk.Now))
	dm := bottest.DM("telegram", "alice", "")
	for range bot.PanelLinksPerWindow {
		panelLink(t, b, dm)
	}
	r := say(t, b, dm, "/memories panel")
	if signinLink.MatchString(r.Text) || !strings.Contains(r.Text, "Too many") || !strings.Contains(r.Text, "Wait") {
		t.Errorf("link past the limit: %q, want a refusal", r.Text)
	}
	// Another person has their own allowance.
	panelLink(t, b, bottest.DM("telegram", "bob", ""))
	// The next window allows links again.
	clk.Add(bot.PanelLinkTTL)
	panelLink(t, b, dm)
}

func TestPanelLogoutEndsEverySession(t *testing.T) {
	ctx := context.Background()
	b := bottest.New(t, bottest.Offline(), withPanel())
	alice, bob := person(t, b, "telegram", "alice"), person(t, b, "telegram", "bob")
	open := func(owner string) string {
		t.Helper()
		s, err := bot.OpenPanelSession(ctx, b.Store, bot.PanelTicket{PersonID: owner}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a1, a2, b1 := open(alice), open(alice), open(bob)
	r := say(t, b, bottest.DM("telegram", "alice", ""), "/memories panel logout")
	if !r.Private || !strings.Contains(r.Text, "2 session") {
		t.Errorf("logout reply: %+v, want 2 sessions ended, privately", r)
	}
	for _, s := range []string{a1, a2} {
		if _, err := bot.PanelSession(ctx, b.Store, alice, s); !errors.Is(err, bot.ErrPanelSignIn) {
			t.Errorf("alice's session after logout: %v, want ErrPanelSignIn", err)
		}
	}
	if tk, err := bot.PanelSession(ctx, b.Store, bob, b1); err != nil || tk.PersonID != bob {
		t.Errorf("bob's session after alice's logout: %+v, %v", tk, err)
	}
}

func TestForgetAllEndsPanelSessions(t *testing.T) {
	ctx := context.Background()
	b := bottest.New(t, bottest.Offline(), withPanel())
	alice := person(t, b, "telegram", "alice")
	remember(t, b, alice, "m-panel-1", "likes green tea")
	s, err := bot.OpenPanelSession(ctx, b.Store, bot.PanelTicket{PersonID: alice}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	dm := bottest.DM("telegram", "alice", "")
	say(t, b, dm, "/memories forget all")
	if r := say(t, b, dm, "/memories forget all confirm"); !strings.Contains(r.Text, "Deleted all 1") {
		t.Fatalf("confirm: %q", r.Text)
	}
	if _, err := bot.PanelSession(ctx, b.Store, alice, s); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Errorf("panel session after forget all: %v, want ErrPanelSignIn", err)
	}
}
