package bot_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/sqlite"
)

func TestPanelLinkOpensOnceAndSessionsAreBoundToTheirPerson(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	st, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clock))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	ctx := t.Context()

	ticket := bot.PanelTicket{PersonID: "p1", Guilds: []bot.PanelGuild{{Platform: "discord", ID: "g1"}}}
	link, err := bot.IssuePanelLink(ctx, st, ticket, now)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Setting(ctx, "panel:link:"+link); err == nil {
		t.Fatal("the link's secret is stored in the clear")
	}

	// Two redeemers at once: exactly one gets the ticket.
	var wg sync.WaitGroup
	got := make([]error, 2)
	tickets := make([]bot.PanelTicket, 2)
	for i := range got {
		wg.Go(func() { tickets[i], got[i] = bot.RedeemPanelLink(ctx, st, link) })
	}
	wg.Wait()
	ok := 0
	for i, err := range got {
		switch {
		case err == nil:
			ok++
			if tickets[i].PersonID != "p1" || len(tickets[i].Guilds) != 1 || !tickets[i].Issued.Equal(now) {
				t.Errorf("ticket = %+v", tickets[i])
			}
		case !errors.Is(err, bot.ErrPanelSignIn):
			t.Errorf("second redeem: %v, want ErrPanelSignIn", err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d redeemers got the link, want 1", ok)
	}
	if _, err := bot.RedeemPanelLink(ctx, st, link); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("replayed link: %v", err)
	}

	// An expired link opens nothing.
	late, err := bot.IssuePanelLink(ctx, st, ticket, now)
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(bot.PanelLinkTTL + time.Second)
	if _, err := bot.RedeemPanelLink(ctx, st, late); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("expired link: %v", err)
	}

	won := tickets[0]
	if got[0] != nil {
		won = tickets[1]
	}
	session, err := bot.OpenPanelSession(ctx, st, won, now)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := bot.PanelSession(ctx, st, "p1", session); err != nil || s.PersonID != "p1" {
		t.Fatalf("session = %+v, %v", s, err)
	}
	// The same secret under another person's id opens nothing.
	if _, err := bot.PanelSession(ctx, st, "p2", session); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("session under another person: %v", err)
	}
	if _, err := bot.PanelSession(ctx, st, "p1", "forged"); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("forged session: %v", err)
	}
	// Revoking the person's sessions closes it.
	if _, err := st.DeleteSettings(ctx, bot.PanelSessionPrefix("p1")); err != nil {
		t.Fatal(err)
	}
	if _, err := bot.PanelSession(ctx, st, "p1", session); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("revoked session: %v", err)
	}
	// And a session expires.
	again, err := bot.OpenPanelSession(ctx, st, won, now)
	if err != nil {
		t.Fatal(err)
	}
	now = now.Add(bot.PanelSessionTTL + time.Second)
	if _, err := bot.PanelSession(ctx, st, "p1", again); !errors.Is(err, bot.ErrPanelSignIn) {
		t.Fatalf("expired session: %v", err)
	}
}
