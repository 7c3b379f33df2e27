package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

const panelLink = "Your memory panel: https://panel.example.com/panel/signin?t=abc"

// panelEngine answers "/memories panel" with a sign-in link that must not
// be unfurled, and anything else with an ordinary link.
func panelEngine(ctx context.Context, msg bot.Message, r bot.Responder) error {
	if strings.HasPrefix(msg.Text, "/memories panel") {
		return r.Send(ctx, bot.Reply{Text: panelLink, Private: true, NoPreview: true})
	}
	return r.Send(ctx, bot.Reply{Text: "see https://example.com/docs"})
}

// findContent returns the message of channelID showing want.
func findContent(hs *harness, channelID, want string) fakediscord.Message {
	for _, m := range hs.waitContent(channelID, want) {
		if m.Content == want {
			return m
		}
	}
	panic("waitContent returned without the message")
}

// A reply asking for no preview is posted with its embeds suppressed:
// as an ephemeral slash command answer, by DM for a command typed in a
// server, and in the DM itself. Other replies keep their embeds.
func TestNoPreviewReplySuppressesEmbeds(t *testing.T) {
	t.Parallel()
	hs := start(t, &scriptHandler{reply: panelEngine}, nil)
	ch, alice, bob := guildSetup(hs)

	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "memories", fakediscord.Sub("panel"))
	hs.fake.WaitUntil("the command is answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	if m := hs.fake.InteractionMessages(id)[0]; !m.Ephemeral || !m.NoEmbeds || m.Content != panelLink {
		t.Errorf("slash command answer %+v: want an ephemeral link without embeds", m)
	}

	hs.fake.Say(ch, bob, "/memories panel")
	if m := findContent(hs, hs.fake.DMChannelOf(bob.ID), panelLink); !m.NoEmbeds {
		t.Errorf("link sent by DM with embeds: %+v", m)
	}
	for _, m := range hs.fake.Messages(ch) {
		if !m.Ephemeral && strings.Contains(m.Content, "signin") {
			t.Errorf("the link was posted in the server channel: %+v", m)
		}
	}

	carl := hs.fake.NewUser("carl")
	hs.fake.SendDM(carl, "/memories panel")
	if m := findContent(hs, hs.fake.DMChannelOf(carl.ID), panelLink); !m.NoEmbeds {
		t.Errorf("link in the DM with embeds: %+v", m)
	}
	hs.fake.SendDM(carl, "docs?")
	if m := findContent(hs, hs.fake.DMChannelOf(carl.ID), "see https://example.com/docs"); m.NoEmbeds {
		t.Errorf("an ordinary reply lost its embeds: %+v", m)
	}
}
