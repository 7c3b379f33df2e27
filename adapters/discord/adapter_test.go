package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

func TestDMReplyIsStreamedAsReference(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		if err := r.Typing(ctx); err != nil {
			return err
		}
		for _, s := range []string{"Hel", "Hello th", "Hello there"} {
			if err := r.Stream(ctx, s); err != nil {
				return err
			}
		}
		return r.Send(ctx, bot.Reply{Text: "Hello there, <@everyone>!"})
	}}
	hs := start(t, h, nil)
	alice := hs.fake.NewUser("alice")
	q := hs.fake.SendDM(alice, "hi")
	dm := hs.fake.DMChannelOf(alice.ID)

	msgs := hs.waitContent(dm, "Hello there, <@everyone>!")
	if len(msgs) != 1 {
		t.Fatalf("got %d messages in the DM, want 1 streamed reply", len(msgs))
	}
	m := msgs[0]
	if m.ReferenceID != q.ID {
		t.Errorf("reply references %q, want the question %q", m.ReferenceID, q.ID)
	}
	if len(m.History) < 2 || m.History[0] != "Hel" {
		t.Errorf("reply history %q: want a first streamed text then edits", m.History)
	}
	if m.AllowedMentions == nil || len(m.AllowedMentions.Parse) != 0 || !slices.Equal(m.AllowedMentions.Users, []string{alice.ID}) {
		t.Errorf("allowed mentions %+v: want only the asker", m.AllowedMentions)
	}
	if hs.fake.TypingCount(dm) != 1 {
		t.Errorf("typing sent %d times, want 1", hs.fake.TypingCount(dm))
	}
	got := h.handledMessages()
	if len(got) != 1 {
		t.Fatalf("handler saw %d messages, want 1", len(got))
	}
	want := bot.Message{Platform: "discord", ChatID: dm, ID: q.ID, Text: "hi", IsDM: true, Addressed: true}
	g := got[0]
	if g.Platform != want.Platform || g.ChatID != want.ChatID || g.ID != want.ID || g.Text != want.Text || !g.IsDM || !g.Addressed || g.Author.ID != alice.ID || g.GuildID != "" {
		t.Errorf("handler got %+v, want %+v from %s", g, want, alice.ID)
	}
	if strings.Contains(hs.logs.String(), testToken) {
		t.Error("the token appears in the logs")
	}
}

func TestStreamedEditsAreThrottled(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		text := ""
		for i := range 20 {
			text += fmt.Sprintf("token%d ", i)
			if err := r.Stream(ctx, text); err != nil {
				return err
			}
		}
		return r.Send(ctx, bot.Reply{Text: text + "end"})
	}}
	hs := start(t, h, func(o *Options) { o.EditInterval = time.Hour })
	bob := hs.fake.NewUser("bob")
	hs.fake.SendDM(bob, "count")
	dm := hs.fake.DMChannelOf(bob.ID)
	msgs := hs.waitContent(dm, fullCount())
	if len(msgs) != 1 || len(msgs[0].History) != 2 || msgs[0].History[0] != "token0" {
		t.Fatalf("want one message posted once and edited once, got %+v", msgs)
	}
}

func fullCount() string {
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, "token%d ", i)
	}
	return b.String() + "end"
}

func TestGuildMessagesAddressing(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "re: " + msg.Text})
	}}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	ch := hs.fake.AddChannel(guild)
	carol := hs.fake.NewUser("carol")
	self := hs.fake.Bot()

	chatter := hs.fake.Say(ch, carol, "just chatting")
	hs.fake.WaitUntil("the chatter is handled", func() bool { return len(h.handledMessages()) == 1 })
	mention := hs.fake.Say(ch, carol, "<@"+self.ID+">  what's   up?")
	msgs := hs.waitContent(ch, "re: what's   up?")
	reply := hs.fake.BotMessage(msgs[0])
	hs.fake.Post(fakediscord.ReplyTo(hs.fake.UserMessage(ch, carol, "thanks"), reply))
	hs.waitContent(ch, "re: thanks")

	got := h.handledMessages()
	if len(got) != 3 {
		t.Fatalf("handler saw %d messages, want 3", len(got))
	}
	if got[0].ID != chatter.ID || got[0].Addressed || got[0].GuildID != guild || got[0].IsDM {
		t.Errorf("chatter arrived as %+v; want unaddressed guild message", got[0])
	}
	if got[1].ID != mention.ID || !got[1].Addressed || got[1].Text != "what's   up?" {
		t.Errorf("mention arrived as %+v; want addressed with the mention stripped and the rest as written", got[1])
	}
	if !got[2].Addressed || got[2].ReplyToID != reply.ID {
		t.Errorf("reply to the bot arrived as %+v; want addressed, replying to %s", got[2], reply.ID)
	}
	for _, m := range hs.fake.Messages(ch) {
		if m.ReferenceID == chatter.ID {
			t.Errorf("the bot answered an unaddressed message: %q", m.Content)
		}
	}
}

func TestThreadTheBotIsInIsAddressed(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "in thread: " + msg.Text})
	}}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	thread := hs.fake.AddChannel(guild)
	hs.fake.Dispatch("THREAD_CREATE", &discordgo.Channel{
		ID: thread, GuildID: guild, Type: discordgo.ChannelTypeGuildPublicThread,
		Member: &discordgo.ThreadMember{ID: thread, UserID: hs.fake.Bot().ID},
	})
	dave := hs.fake.NewUser("dave")
	hs.fake.Say(thread, dave, "no mention here")
	hs.waitContent(thread, "in thread: no mention here")
	if got := h.handledMessages(); len(got) != 1 || got[0].ChatID != thread || got[0].ThreadID != "" {
		t.Errorf("thread message arrived as %+v; want ChatID = thread id", got)
	}
}

func TestLongAnswerIsSplitWithFencesIntact(t *testing.T) {
	t.Parallel()
	long := "Here is the code:\n\n```go\n" + strings.Repeat("x := compute(x) // step\n", 150) + "```\n\n" + strings.Repeat("Closing words. ", 80)
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, long[:2500]); err != nil {
			return err
		}
		return r.Send(ctx, bot.Reply{Text: long})
	}}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	ch := hs.fake.AddChannel(guild)
	erin := hs.fake.NewUser("erin")
	q := hs.fake.Say(ch, erin, "<@"+hs.fake.Bot().ID+"> show me")
	want := splitMessage(long, messageLimit)
	hs.waitContent(ch, want[len(want)-1])
	msgs := hs.fake.Messages(ch)
	if len(msgs) != len(want) || len(msgs) < 3 {
		t.Fatalf("got %d messages, want %d (at least 3)", len(msgs), len(want))
	}
	for i, m := range msgs {
		if utf8.RuneCountInString(m.Content) > 2000 {
			t.Errorf("message %d has %d characters", i, utf8.RuneCountInString(m.Content))
		}
		if strings.Count(m.Content, "```")%2 != 0 {
			t.Errorf("message %d has unbalanced code fences", i)
		}
		if m.Content != want[i] {
			t.Errorf("message %d differs from the expected part", i)
		}
	}
	if msgs[0].ReferenceID != q.ID || msgs[1].ReferenceID != "" {
		t.Errorf("only the first part should reference the question: %q, %q", msgs[0].ReferenceID, msgs[1].ReferenceID)
	}
	if !strings.HasPrefix(msgs[1].Content, "```go\n") {
		t.Errorf("second part should reopen the go fence: %.20q", msgs[1].Content)
	}
}

func TestBotsWebhooksAndSelfAreIgnored(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	ch := hs.fake.AddChannel(guild)
	other := hs.fake.NewUser("otherbot")
	other.Bot = true
	self := hs.fake.Bot()
	hs.fake.Say(ch, other, "<@"+self.ID+"> I am a bot")
	hook := hs.fake.UserMessage(ch, hs.fake.NewUser("hook"), "<@"+self.ID+"> webhook post")
	hook.WebhookID = "42"
	hs.fake.Post(hook)
	hs.fake.Say(ch, &self, "my own message")
	sys := hs.fake.UserMessage(ch, hs.fake.NewUser("joiner"), "")
	sys.Type = discordgo.MessageTypeGuildMemberJoin
	hs.fake.Post(sys)
	human := hs.fake.Say(ch, hs.fake.NewUser("frank"), "a person")
	hs.fake.WaitUntil("the human message is handled", func() bool { return len(h.handledMessages()) > 0 })
	got := h.handledMessages()
	if len(got) != 1 || got[0].ID != human.ID {
		t.Errorf("handler saw %+v; want only the human message", got)
	}
}

func TestEditsAndDeletesReachTheHandler(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{}
	hs := start(t, h, nil)
	gina := hs.fake.NewUser("gina")
	m := hs.fake.SendDM(gina, "I live in Paris")
	hs.fake.Edit(m, "I live in Lyon")
	hs.fake.Delete(m)
	dm := hs.fake.DMChannelOf(gina.ID)
	hs.fake.WaitUntil("the delete is handled", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.deleted) == 1
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.edited) != 1 || h.edited[0].Text != "I live in Lyon" || h.edited[0].ID != m.ID || h.edited[0].Author.ID != gina.ID {
		t.Errorf("edits: %+v", h.edited)
	}
	if want := "discord/" + dm + "//" + m.ID; h.deleted[0] != want {
		t.Errorf("deleted %q, want %q", h.deleted[0], want)
	}
	if len(h.handled) != 1 {
		t.Errorf("handled %d messages, want 1", len(h.handled))
	}
}

func TestRateLimitsAreRetried(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: answer("after the wait")}
	hs := start(t, h, nil)
	hs.fake.RateLimitNext("POST", "/messages", 30*time.Millisecond, false)
	hs.fake.RateLimitNext("PATCH", "/messages", 30*time.Millisecond, true)
	hana := hs.fake.NewUser("hana")
	hs.fake.SendDM(hana, "hello")
	hs.waitContent(hs.fake.DMChannelOf(hana.ID), "after the wait")
	var statuses []int
	for _, c := range hs.fake.Calls() {
		if strings.Contains(c.Path, "/messages") {
			statuses = append(statuses, c.Status)
		}
	}
	if !slices.Equal(statuses, []int{429, 200, 429, 200}) {
		t.Errorf("message calls answered %v; want each 429 retried", statuses)
	}
	if errs := h.errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestMissingPermissionsAreReportedOnceByDM(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "answer to " + msg.Text})
	}}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	ch := hs.fake.AddChannel(guild)
	hs.fake.DenyChannel(ch)
	ivan := hs.fake.NewUser("ivan")
	mention := "<@" + hs.fake.Bot().ID + "> "
	hs.fake.Say(ch, ivan, mention+"one")
	hs.fake.Say(ch, ivan, mention+"two")
	hs.fake.WaitUntil("both replies failed", func() bool { return len(h.errors()) == 2 })
	dms := hs.fake.Messages(hs.fake.DMChannelOf(ivan.ID))
	if len(dms) != 1 || !strings.Contains(dms[0].Content, "missing permissions") || !strings.Contains(dms[0].Content, ch) {
		t.Fatalf("DMs to the user: %+v; want one note about permissions in the channel", dms)
	}
	hs.fake.AllowChannel(ch)
	hs.fake.Say(ch, ivan, mention+"three")
	hs.waitContent(ch, "answer to three")
}

func TestPrivateReplyToTextCommandGoesByDM(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "secret memories of " + msg.Author.ID, Private: true})
	}}
	hs := start(t, h, nil)
	guild := hs.fake.NewGuild()
	ch := hs.fake.AddChannel(guild)
	judy, karl := hs.fake.NewUser("judy"), hs.fake.NewUser("karl")
	hs.fake.CloseDMs(karl.ID)

	hs.fake.Say(ch, judy, "/memories list")
	hs.waitContent(hs.fake.DMChannelOf(judy.ID), "secret memories of "+judy.ID)
	hs.waitContent(ch, noteSentByDM)
	hs.fake.Say(ch, karl, "/memories list")
	hs.waitContent(ch, noteDMClosed)
	for _, m := range hs.fake.Messages(ch) {
		if strings.Contains(m.Content, "secret") {
			t.Errorf("private text shown in the channel: %q", m.Content)
		}
	}
	if got := h.handledMessages(); len(got) != 2 || !got[0].Addressed || got[0].Text != "/memories list" {
		t.Errorf("text command arrived as %+v", got)
	}
}

func TestIdentifyIntentsAndSharding(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	// APIBase instead of HTTPClient: the adapter rewrites discord.com itself.
	a, err := New(Options{Token: testToken, APIBase: fake.URL(), ShardID: 1, ShardCount: 2}, &scriptHandler{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- a.Run(ctx) }()
	fake.WaitUntil("identified and heartbeating", func() bool { return fake.Heartbeats() > 0 })
	cancel()
	if err := <-errc; err != nil {
		t.Fatalf("Run: %v", err)
	}
	ids := fake.Identifies()
	if len(ids) != 1 {
		t.Fatalf("got %d IDENTIFYs", len(ids))
	}
	want := discordgo.IntentsGuilds | discordgo.IntentsGuildMessages | discordgo.IntentsDirectMessages | discordgo.IntentsMessageContent
	if ids[0].Intents != want {
		t.Errorf("intents %b, want %b", ids[0].Intents, want)
	}
	if ids[0].Shard == nil || *ids[0].Shard != [2]int{1, 2} {
		t.Errorf("shard %v, want [1 2]", ids[0].Shard)
	}
	if ids[0].Token != "Bot "+testToken {
		t.Errorf("identified with the wrong token form")
	}
	if n := len(fake.CallsTo("PUT", "/commands")); n != 0 {
		t.Errorf("shard 1 registered commands %d times; only shard 0 should", n)
	}
}

func TestCommandsRegisteredPerGuild(t *testing.T) {
	t.Parallel()
	hs := start(t, &scriptHandler{}, func(o *Options) { o.CommandGuildIDs = []string{"123", "456"} })
	if len(hs.fake.Commands("")) != 0 {
		t.Error("commands registered globally despite CommandGuildIDs")
	}
	for _, g := range []string{"123", "456"} {
		hs.fake.WaitUntil("guild commands", func() bool { return len(hs.fake.Commands(g)) == 5 })
		var names []string
		for _, c := range hs.fake.Commands(g) {
			names = append(names, c.Name)
			if c.Name == "memories" && len(c.Options) != 11 {
				t.Errorf("/memories has %d subcommands, want 11", len(c.Options))
			}
			if c.Name == "membot" && (c.DefaultMemberPermissions == nil || *c.DefaultMemberPermissions != discordgo.PermissionManageGuild) {
				t.Errorf("/membot is not limited to server managers")
			}
		}
		slices.Sort(names)
		if !slices.Equal(names, []string{"help", "link", "membot", "memories", "summary"}) {
			t.Errorf("guild %s commands %v", g, names)
		}
	}
}
