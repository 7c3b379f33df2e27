package discord

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

// memoriesEngine answers the few commands these tests use, per author.
func memoriesEngine(ctx context.Context, msg bot.Message, r bot.Responder) error {
	switch msg.Text {
	case "/memories list 2":
		return r.Send(ctx, bot.Reply{
			Text: "Your memories of " + msg.Author.ID + ", page 2", Private: true,
			Buttons: [][]bot.Button{{{Label: "Previous", Command: "/memories list 1"}, {Label: "Next", Command: "/memories list 3"}}},
		})
	case "/memories forget all":
		return r.Send(ctx, bot.Reply{
			Text: "Forget everything?", Private: true,
			Buttons: [][]bot.Button{{{Label: "Yes, forget all", Command: "/memories forget all confirm"}, {Label: "Cancel", Command: "/memories forget all cancel"}}},
		})
	case "/memories forget all confirm":
		return r.Send(ctx, bot.Reply{Text: "All your memories are gone.", Private: true})
	case "/memories export":
		return r.Send(ctx, bot.Reply{Text: "Your export.", Private: true, File: &bot.File{Name: "memories.json", MIME: "application/json", Data: []byte(`{"memories":[]}`)}})
	case "/help":
		return r.Send(ctx, bot.Reply{Text: "I remember things."})
	}
	return r.Send(ctx, bot.Reply{Text: "unknown: " + msg.Text, Private: true})
}

func guildSetup(hs *harness) (channelID string, alice, bob *discordgo.User) {
	guild := hs.fake.NewGuild()
	return hs.fake.AddChannel(guild), hs.fake.NewUser("alice"), hs.fake.NewUser("bob")
}

func TestSlashMemoriesListIsEphemeral(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: memoriesEngine}
	hs := start(t, h, nil)
	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice, Locale: discordgo.ChineseCN}, "memories", fakediscord.Sub("list", fakediscord.Int("page", 2)))
	hs.fake.WaitUntil("the command is answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	if cb := hs.fake.Callbacks(id); !slices.Equal(cb, []discordgo.InteractionResponseType{discordgo.InteractionResponseChannelMessageWithSource}) {
		t.Errorf("callbacks %v, want one immediate message", cb)
	}
	m := hs.fake.InteractionMessages(id)[0]
	if !m.Ephemeral || m.Audience != alice.ID || m.Content != "Your memories of "+alice.ID+", page 2" {
		t.Errorf("response %+v: want an ephemeral answer for alice only", m)
	}
	if len(m.Buttons) != 1 || m.Buttons[0][1].CustomID != alice.ID+":/memories list 3" {
		t.Errorf("buttons %+v: want paging commands bound to alice as custom ids", m.Buttons)
	}
	got := h.handledMessages()
	if len(got) != 1 || got[0].ID != "ix:"+id || !got[0].Addressed || got[0].Author.LanguageCode != "zh-hans" || got[0].Author.IsAdmin {
		t.Errorf("engine got %+v", got)
	}
}

func TestAdminPermissionFromInteraction(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: memoriesEngine}
	hs := start(t, h, nil)
	ch, alice, bob := guildSetup(hs)
	hs.fake.Slash(ch, fakediscord.Invoker{User: alice, Permissions: discordgo.PermissionManageGuild}, "membot", fakediscord.Sub("config", fakediscord.Str("setting", "passive"), fakediscord.Str("value", "on")))
	hs.fake.Slash(ch, fakediscord.Invoker{User: bob, Permissions: discordgo.PermissionSendMessages}, "membot", fakediscord.Sub("config"))
	hs.fake.WaitUntil("both commands handled", func() bool { return len(h.handledMessages()) == 2 })
	byUser := map[string]bot.Message{}
	for _, m := range h.handledMessages() {
		byUser[m.Author.ID] = m
	}
	if m := byUser[alice.ID]; !m.Author.IsAdmin || m.Text != "/membot config passive on" {
		t.Errorf("alice: %+v; want admin and the full config command", m)
	}
	if m := byUser[bob.ID]; m.Author.IsAdmin || m.Text != "/membot config" {
		t.Errorf("bob: %+v; want not admin", m)
	}
}

func TestAutocompleteOffersOnlyTheAskersMemories(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{choices: func(msg bot.Message, prefix string) []bot.Choice {
		return []bot.Choice{{Value: prefix + "-" + msg.Author.ID, Label: "memory of " + msg.Author.ID}}
	}}
	hs := start(t, h, nil)
	ch, alice, bob := guildSetup(hs)
	for _, u := range []*discordgo.User{alice, bob} {
		id := hs.fake.Autocomplete(ch, fakediscord.Invoker{User: u}, "memories", fakediscord.Sub("forget", fakediscord.Focused("id", "ab")))
		hs.fake.WaitUntil("autocomplete answered", func() bool {
			return slices.Contains(hs.fake.Callbacks(id), discordgo.InteractionApplicationCommandAutocompleteResult)
		})
		choices := hs.fake.Choices(id)
		if len(choices) != 1 || choices[0].Value != "ab-"+u.ID || choices[0].Name != "memory of "+u.ID {
			t.Errorf("%s was offered %+v", u.Username, choices)
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.asked) != 2 || h.asked[0].Author.ID != alice.ID || h.asked[1].Author.ID != bob.ID || h.prefixes[0] != "ab" {
		t.Errorf("choices asked for %+v with %q", h.asked, h.prefixes)
	}
	if len(h.handled) != 0 {
		t.Errorf("autocomplete reached Handle: %+v", h.handled)
	}
}

func TestForgetAllConfirmationButtonsRoundTrip(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: memoriesEngine}
	hs := start(t, h, nil)
	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "memories", fakediscord.Sub("forget", fakediscord.Str("id", "all")))
	hs.fake.WaitUntil("the confirmation is shown", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	confirm := hs.fake.InteractionMessages(id)[0]
	if len(confirm.Buttons) != 1 || len(confirm.Buttons[0]) != 2 {
		t.Fatalf("confirmation buttons %+v", confirm.Buttons)
	}
	press := hs.fake.Press(fakediscord.Invoker{User: alice}, confirm, confirm.Buttons[0][0].CustomID)
	hs.fake.WaitUntil("the press is answered", func() bool {
		m, _ := hs.fake.Message(confirm.ID)
		return m.Content == "All your memories are gone."
	})
	m, _ := hs.fake.Message(confirm.ID)
	if len(m.Buttons) != 0 || !m.Ephemeral {
		t.Errorf("after confirming: %+v; want the ephemeral message updated without buttons", m)
	}
	if cb := hs.fake.Callbacks(press); !slices.Equal(cb, []discordgo.InteractionResponseType{discordgo.InteractionResponseUpdateMessage}) {
		t.Errorf("press callbacks %v, want an update of the message", cb)
	}
	got := h.handledMessages()
	if len(got) != 2 || got[1].Text != "/memories forget all confirm" || got[1].ID != "cb:"+press || got[1].Author.ID != alice.ID {
		t.Errorf("engine got %+v", got)
	}
}

func TestButtonOnPublicMessageAnswersPrivatelyAsNewMessage(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if msg.Text == "/help" {
			return r.Send(ctx, bot.Reply{Text: "Help", Buttons: [][]bot.Button{{{Label: "My memories", Command: "/memories list 2"}}}})
		}
		return memoriesEngine(ctx, msg, r)
	}}
	hs := start(t, h, nil)
	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "help")
	hs.fake.WaitUntil("help shown", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	help := hs.fake.InteractionMessages(id)[0]
	if help.Ephemeral {
		t.Fatalf("a public reply was sent ephemerally")
	}
	press := hs.fake.Press(fakediscord.Invoker{User: alice}, help, help.Buttons[0][0].CustomID)
	hs.fake.WaitUntil("alice's press answered", func() bool { return len(hs.fake.InteractionMessages(press)) == 1 })
	m := hs.fake.InteractionMessages(press)[0]
	if !m.Ephemeral || m.Audience != alice.ID || !strings.Contains(m.Content, alice.ID) {
		t.Errorf("alice's answer %+v: want an ephemeral message for alice", m)
	}
	if after, _ := hs.fake.Message(help.ID); after.Content != "Help" {
		t.Errorf("the public message changed to %q", after.Content)
	}
}

func TestExportIsAttachedAsFile(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: memoriesEngine}
	hs := start(t, h, nil)
	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "memories", fakediscord.Sub("export"))
	hs.fake.WaitUntil("export answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	m := hs.fake.InteractionMessages(id)[0]
	if !m.Ephemeral || len(m.Files) != 1 || m.Files[0].Name != "memories.json" || !bytes.Equal(m.Files[0].Data, []byte(`{"memories":[]}`)) || m.Files[0].ContentType != "application/json" {
		t.Errorf("export response %+v", m)
	}
}

func TestSlowCommandIsDeferred(t *testing.T) {
	t.Parallel()
	type pending struct {
		fake *fakediscord.Server
		id   string
	}
	started := make(chan pending, 1)
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		// Work "takes long": answer only once the adapter has deferred.
		p := <-started
		p.fake.WaitUntil("the adapter defers", func() bool { return len(p.fake.Callbacks(p.id)) == 1 })
		if err := r.Stream(ctx, "Summary so far"); err != nil {
			return err
		}
		return r.Send(ctx, bot.Reply{Text: "Summary: " + strings.Repeat("long text ", 250)})
	}}
	hs := start(t, h, func(o *Options) { o.DeferAfter = 20 * time.Millisecond })
	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "summary")
	started <- pending{hs.fake, id}
	want := splitMessage("Summary: "+strings.Repeat("long text ", 250), messageLimit)
	hs.fake.WaitUntil("the summary is complete", func() bool {
		ms := hs.fake.InteractionMessages(id)
		return len(ms) == len(want) && ms[len(ms)-1].Content == want[len(want)-1]
	})
	if cb := hs.fake.Callbacks(id); !slices.Equal(cb, []discordgo.InteractionResponseType{discordgo.InteractionResponseDeferredChannelMessageWithSource}) {
		t.Errorf("callbacks %v, want one deferral", cb)
	}
	ms := hs.fake.InteractionMessages(id)
	if ms[0].Deferred || !ms[0].Ephemeral || ms[0].Content != want[0] || ms[0].History[1] != "Summary so far" {
		t.Errorf("original response %+v: want the deferred ephemeral response edited", ms[0])
	}
	if !ms[1].Ephemeral {
		t.Errorf("the followup of an ephemeral response must be ephemeral")
	}
}
