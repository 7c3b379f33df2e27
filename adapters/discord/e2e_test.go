package discord_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/adapters/discord"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakediscord"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
)

// engine is the real engine as the adapter's Handler.
type engine struct {
	*bot.Engine
	store memory.Store
}

type choicer interface {
	MemoryChoices(ctx context.Context, msg bot.Message, prefix string) ([]bot.Choice, error)
}

// MemoryChoices asks the engine; while the engine does not offer choices
// yet, it lists the author's own memories from the store.
func (e engine) MemoryChoices(ctx context.Context, msg bot.Message, prefix string) ([]bot.Choice, error) {
	if c, ok := any(e.Engine).(choicer); ok {
		return c.MemoryChoices(ctx, msg, prefix)
	}
	p, err := e.store.ResolveIdentity(ctx, msg.Platform, msg.Author.ID, msg.Author.Username)
	if err != nil {
		return nil, err
	}
	ms, err := e.store.ListMemories(ctx, memory.MemoryQuery{Owner: p.ID, IDPrefix: prefix, Limit: 25})
	if err != nil {
		return nil, err
	}
	out := make([]bot.Choice, 0, len(ms))
	for _, m := range ms {
		out = append(out, bot.Choice{Value: m.ID, Label: m.Text})
	}
	return out, nil
}

// extractByContent makes the fake model extract one memory per known
// statement found in the window it is given.
func extractByContent(facts map[string]string) fakeopenai.ChatHandler {
	return fakeopenai.ExtractLines(func(line string) (fakeopenai.Fact, bool) {
		for key, text := range facts {
			if strings.Contains(line, key) {
				return fakeopenai.Fact{Text: text, Subject: key, Type: "preference"}, true
			}
		}
		return fakeopenai.Fact{}, false
	})
}

// runBot connects the real engine to a fake Discord.
func runBot(t *testing.T, b *bottest.Bot) *fakediscord.Server {
	t.Helper()
	fake := fakediscord.New(t)
	a, err := discord.New(discord.Options{
		Token: "e2e-token", HTTPClient: fake.Client(), EditInterval: time.Millisecond,
		Logger: slog.New(slog.DiscardHandler),
	}, engine{Engine: b.Engine, store: b.Store})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- a.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-errc; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	fake.WaitUntil("the bot is connected", func() bool {
		return fake.Heartbeats() > 0 && len(fake.CallsTo("PUT", "/commands")) > 0
	})
	return fake
}

// memoriesOf lists a Discord user's memories straight from the store.
func memoriesOf(t *testing.T, b *bottest.Bot, u *discordgo.User) []memory.Memory {
	t.Helper()
	ctx := context.Background()
	p, err := b.Store.ResolveIdentity(ctx, "discord", u.ID, u.Username)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := b.Store.ListMemories(ctx, memory.MemoryQuery{Owner: p.ID})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// seed stores a memory for a Discord user, as extraction would.
func seed(t *testing.T, b *bottest.Bot, u *discordgo.User, text string) {
	t.Helper()
	ctx := context.Background()
	p, err := b.Store.ResolveIdentity(ctx, "discord", u.ID, u.Username)
	if err != nil {
		t.Fatal(err)
	}
	m := &memory.Memory{
		Owner: p.ID, Text: text, Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: time.Now(), UpdatedAt: time.Now(),
	}
	if err := b.Store.InsertMemory(ctx, m); err != nil {
		t.Fatal(err)
	}
}

// replyTo waits until the bot's reply to questionID in a channel
// satisfies done, and returns its text.
func replyTo(fake *fakediscord.Server, channelID, questionID string, done func(string) bool) string {
	var text string
	fake.WaitUntil("the reply to "+questionID, func() bool {
		for _, m := range fake.Messages(channelID) {
			if m.ReferenceID == questionID && done(m.Content) {
				text = m.Content
				return true
			}
		}
		return false
	})
	return text
}

func TestE2EMemoryFromOneDMIsUsedInALaterDM(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema("extract_memories", extractByContent(map[string]string{"Miso": "Has a cat called Miso"}))
	b.Model.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: "Noted: " + req.LastUser(), Chunks: 3}
	})
	fake := runBot(t, b)
	alice := fake.NewUser("alice")
	dm := fake.DMChannelOf(alice.ID)

	q1 := fake.SendDM(alice, "Remember that my cat is called Miso.")
	replyTo(fake, dm, q1.ID, func(s string) bool { return strings.HasPrefix(s, "Noted:") })
	if len(memoriesOf(t, b, alice)) == 0 {
		q := fake.SendDM(alice, "/memories extract")
		replyTo(fake, dm, q.ID, func(string) bool { return true })
	}
	if b.Model.CountBySchema("extract_memories") == 0 && len(memoriesOf(t, b, alice)) == 0 {
		t.Fatal("the engine made no extraction call and stored no memory")
	}
	fake.WaitUntil("a memory about Miso exists", func() bool {
		for _, m := range memoriesOf(t, b, alice) {
			if strings.Contains(m.Text, "Miso") {
				return true
			}
		}
		return false
	})

	q2 := fake.SendDM(alice, "What is my cat called?")
	replyTo(fake, dm, q2.ID, func(s string) bool { return s == "Noted: What is my cat called?" })
	if prompt := b.Model.LastSystemPrompt(); !strings.Contains(prompt, "Has a cat called Miso") {
		t.Errorf("the later DM's prompt does not carry the memory:\n%s", prompt)
	}
}

func TestE2EServerMembersOnlyEverSeeTheirOwnMemories(t *testing.T) {
	b := bottest.New(t)
	fake := runBot(t, b)
	guild := fake.NewGuild()
	ch := fake.AddChannel(guild)
	alice, bob := fake.NewUser("alice"), fake.NewUser("bob")
	mention := "<@" + fake.Bot().ID + "> "
	for u, pref := range map[*discordgo.User]string{alice: "TypeScript", bob: "Rust"} {
		q := fake.Say(ch, u, mention+"hello, I like "+pref)
		replyTo(fake, ch, q.ID, func(string) bool { return true })
		seed(t, b, u, "Prefers "+pref)
		seed(t, b, u, "Works on a "+pref+" project")
	}
	own := map[string]string{alice.ID: "TypeScript", bob.ID: "Rust"}
	other := map[string]string{alice.ID: "Rust", bob.ID: "TypeScript"}

	for _, u := range []*discordgo.User{alice, bob} {
		id := fake.Slash(ch, fakediscord.Invoker{User: u}, "memories", fakediscord.Sub("list"))
		fake.WaitUntil(u.Username+"'s list", func() bool {
			ms := fake.InteractionMessages(id)
			return len(ms) > 0 && strings.Contains(ms[0].Content, own[u.ID])
		})
		for _, m := range fake.InteractionMessages(id) {
			if !m.Ephemeral || m.Audience != u.ID {
				t.Errorf("%s's /memories list answer is visible to others: %+v", u.Username, m)
			}
		}

		ac := fake.Autocomplete(ch, fakediscord.Invoker{User: u}, "memories", fakediscord.Sub("forget", fakediscord.Focused("id", "")))
		fake.WaitUntil("autocomplete answered", func() bool { return len(fake.Callbacks(ac)) == 1 })
		mine := memoriesOf(t, b, u)
		choices := fake.Choices(ac)
		if len(choices) != len(mine) {
			t.Errorf("%s was offered %d choices, has %d memories", u.Username, len(choices), len(mine))
		}
		ids := map[string]bool{}
		for _, m := range mine {
			ids[m.ID] = true
		}
		for _, c := range choices {
			if v, _ := c.Value.(string); !ids[v] || strings.Contains(c.Name, other[u.ID]) {
				t.Errorf("%s was offered %+v", u.Username, c)
			}
		}
	}
	for _, u := range []*discordgo.User{alice, bob} {
		for _, m := range fake.SeenBy(u.ID) {
			if strings.Contains(m.Content, "Prefers "+other[u.ID]) {
				t.Errorf("%s sees another member's memory: %q", u.Username, m.Content)
			}
		}
	}
}
