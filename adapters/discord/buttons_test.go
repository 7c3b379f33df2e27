package discord

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/buttontoken"
	"github.com/membot/membot/internal/fakediscord"
)

func TestButtonTokens(t *testing.T) {
	const owner = "123456789012345678"
	ctx := context.Background()
	bt := newButtonTokens(2, nil, slog.New(slog.DiscardHandler))
	if id := bt.customID(ctx, "/memories list 2", owner); id != owner+":/memories list 2" {
		t.Errorf("short command became %q", id)
	}
	long := "/memories forget " + strings.Repeat("x", 80)
	id1 := bt.customID(ctx, long, owner)
	if len(id1) > maxCustomID || !strings.HasPrefix(id1, buttonTokenPrefix) {
		t.Fatalf("token %q", id1)
	}
	if got, ok := bt.resolve(ctx, id1); !ok || got.Command != long || got.Owner != owner {
		t.Errorf("resolve(%q) = %+v, %v", id1, got, ok)
	}
	if id := bt.customID(ctx, "/help", "not-an-id"); !strings.HasPrefix(id, buttonTokenPrefix) {
		t.Errorf("odd owner id carried in the custom_id %q", id)
	}
	bt.customID(ctx, long+"3", owner) // evicts id1
	if _, ok := bt.resolve(ctx, id1); ok {
		t.Error("oldest token not evicted")
	}

	tests := []struct {
		customID string
		ok       bool
		command  string
		owner    string
	}{
		{owner + ":/memories list 2", true, "/memories list 2", owner},
		{owner + ":/x a:b", true, "/x a:b", owner},
		{"/memories list 2", false, "", ""}, // from before buttons carried owners
		{"/x a:b", false, "", ""},
		{"~forged", false, "", ""},
		{owner + ":", false, "", ""},
		{"-5:/help", false, "", ""},
		{"123456789012345678901:/help", false, "", ""},
		{owner + ":/\xff", false, "", ""},
		{"", false, "", ""},
	}
	for _, tt := range tests {
		got, ok := bt.resolve(ctx, tt.customID)
		if ok != tt.ok || got.Command != tt.command || got.Owner != tt.owner {
			t.Errorf("resolve(%q) = %+v, %v; want %q of %q, %v", tt.customID, got, ok, tt.command, tt.owner, tt.ok)
		}
	}
}

func TestButtonsRefuseOtherUsers(t *testing.T) {
	t.Parallel()
	long := "/memories forget " + strings.Repeat("0123456789", 8)
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if msg.Text == "/help" {
			return r.Send(ctx, bot.Reply{Text: "Help", Buttons: [][]bot.Button{{
				{Label: "My memories", Command: "/memories list 2"},
				{Label: "Forget", Command: long},
			}}})
		}
		return r.Send(ctx, bot.Reply{Text: "ran " + msg.Text + " for " + msg.Author.ID, Private: true})
	}}
	hs := start(t, h, nil)
	ch, alice, bob := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "help")
	hs.fake.WaitUntil("help shown", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	help := hs.fake.InteractionMessages(id)[0]
	if len(help.Buttons) != 1 || len(help.Buttons[0]) != 2 {
		t.Fatalf("help buttons %+v", help.Buttons)
	}
	short, tokened := help.Buttons[0][0].CustomID, help.Buttons[0][1].CustomID
	if !strings.HasPrefix(short, alice.ID+":") || !strings.HasPrefix(tokened, buttonTokenPrefix) || len(tokened) > maxCustomID {
		t.Errorf("custom ids %q and %q: want the owner inline, then a token", short, tokened)
	}

	tests := []struct {
		name     string
		who      *discordgo.User
		customID string
		want     string // the ephemeral answer
		handled  string // the command the engine sees, "" for none
	}{
		{"other user, short", bob, short, noteButtonNotYours, ""},
		{"other user, token", bob, tokened, noteButtonNotYours, ""},
		{"unbound legacy id", bob, "/memories list 2", noteButtonExpired, ""},
		{"owner, short", alice, short, "ran /memories list 2 for " + alice.ID, "/memories list 2"},
		{"owner, token", alice, tokened, "ran " + long + " for " + alice.ID, long},
	}
	for _, tt := range tests {
		before := len(h.handledMessages())
		press := hs.fake.Press(fakediscord.Invoker{User: tt.who}, help, tt.customID)
		hs.fake.WaitUntil(tt.name+" answered", func() bool { return len(hs.fake.InteractionMessages(press)) == 1 })
		m := hs.fake.InteractionMessages(press)[0]
		if !m.Ephemeral || m.Audience != tt.who.ID || m.Content != tt.want {
			t.Errorf("%s: answer %+v; want %q for %s only", tt.name, m, tt.want, tt.who.Username)
		}
		if cb := hs.fake.Callbacks(press); slices.Contains(cb, discordgo.InteractionResponseUpdateMessage) {
			t.Errorf("%s: the pressed message was updated (%v)", tt.name, cb)
		}
		got := h.handledMessages()[before:]
		switch {
		case tt.handled == "" && len(got) != 0:
			t.Errorf("%s: the engine saw %+v", tt.name, got)
		case tt.handled != "" && (len(got) != 1 || got[0].Text != tt.handled || got[0].Author.ID != alice.ID):
			t.Errorf("%s: the engine saw %+v, want %q from alice", tt.name, got, tt.handled)
		}
	}
	if after, _ := hs.fake.Message(help.ID); after.Content != "Help" || len(after.Buttons) != 1 {
		t.Errorf("the help message changed to %+v", after)
	}
}

// sharedSettings stand for the store's settings every replica reads.
type sharedSettings struct {
	mu   sync.Mutex
	vals map[string]string
}

func (s *sharedSettings) PutSetting(_ context.Context, key, value string, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.vals[key] = value
	return nil
}

func (s *sharedSettings) Setting(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.vals[key]
	if !ok {
		return "", fmt.Errorf("setting %q: %w", key, buttontoken.ErrUnknown)
	}
	return v, nil
}

// A token made on one replica resolves, to the same owner, on another
// sharing the settings (or this one restarted), and again; without shared
// settings it does not.
func TestButtonTokensShared(t *testing.T) {
	ctx := context.Background()
	const owner = "123456789012345678"
	long := "/memories forget " + strings.Repeat("x", 80)
	log := slog.New(slog.DiscardHandler)
	shared := &sharedSettings{vals: map[string]string{}}
	id := newButtonTokens(10, shared, log).customID(ctx, long, owner)
	other := newButtonTokens(10, shared, log)
	for press := range 2 {
		if got, ok := other.resolve(ctx, id); !ok || got.Command != long || got.Owner != owner {
			t.Fatalf("press %d on another replica: %+v, %v", press, got, ok)
		}
	}
	if _, ok := other.resolve(ctx, buttontoken.Prefix+"AAAAAAAAAAAAAAAA"); ok {
		t.Error("forged token resolved")
	}
	alone := newButtonTokens(10, nil, log).customID(ctx, long, owner)
	if _, ok := newButtonTokens(10, nil, log).resolve(ctx, alone); ok {
		t.Error("a token kept in one process resolved in another")
	}
}
