package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

type panicky struct{ bottest.Recorder }

func (*panicky) Send(context.Context, bot.Reply) error { panic("adapter bug") }

func TestPanicInAReplyCostsOnlyThatReply(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	done, err := b.Engine.Handle(context.Background(), bottest.DM("console", "pat", "hello"), &panicky{})
	if err != nil {
		t.Fatal(err)
	}
	<-done
	if r := b.Send(t, bottest.DM("console", "pat", "still there?")); r.Text() == "" {
		t.Fatal("no reply after an earlier reply panicked")
	}
}

func TestCommandParsingTakesAnyWhitespace(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "console", "alice")
	m := remember(t, b, alice, "bbbb2222cccc", "Likes tea", func(m *memory.Memory) { m.Keywords = []string{"tea", "茶"} })
	dm := bottest.DM("console", "alice", "")
	say(t, b, dm, "/memories edit bbbb2222\nLikes coffee")
	got, err := b.Store.Memory(context.Background(), alice, m.ID)
	if err != nil || got.Text != "Likes coffee" {
		t.Fatalf("edit with a newline: %q %v", got.Text, err)
	}
	if len(got.Keywords) != 0 || got.Source.Excerpt != "" {
		t.Fatalf("old wording kept searchable: keywords %v excerpt %q", got.Keywords, got.Source.Excerpt)
	}
	if r := say(t, b, dm, "/memories search 茶"); strings.Contains(r.Text, "coffee") {
		t.Fatalf("edited memory still found by its old keyword: %q", r.Text)
	}
	if r := say(t, b, dm, "/usr/local/bin is where I keep my tools"); strings.Contains(r.Text, "Unknown command") {
		t.Fatalf("a path was taken for a command: %q", r.Text)
	}
	admin := bottest.Group("discord", "g1", "admin", "", true)
	admin.Author.IsAdmin = true
	if r := say(t, b, admin, "/membot config note ADD\tMeetups are on Fridays"); !strings.Contains(r.Text, "Meetups are on Fridays") {
		t.Fatalf("note add with a tab and capitals: %q", r.Text)
	}
	if r := say(t, b, admin, "/membot config limit 1 0"); !strings.Contains(r.Text, "/membot config") {
		t.Fatalf("two numbers accepted as a limit: %q", r.Text)
	}
}

func TestLimitsSpareCommandsAndAnswerFloodsOnce(t *testing.T) {
	b := bottest.New(t, bottest.Offline(), bottest.WithConfig(func(c *configT) { c.Limits.MessagesPerMinute = 2 }))
	member := bottest.Group("discord", "g2", "member", "", true)
	warned := 0
	for i := 0; i < 6; i++ {
		m := member
		m.Text, m.ID = "again and again", member.ID+string(rune('a'+i))
		for _, r := range b.Send(t, m).Replies() {
			if !strings.Contains(r.Text, "too fast") {
				continue
			}
			if !r.Private {
				t.Fatalf("limit notice is public: %q", r.Text)
			}
			warned++
		}
	}
	if warned != 1 {
		t.Fatalf("%d notices for a flood, want 1", warned)
	}
	if msgs := recent(t, b, member.ConversationID()); len(msgs) != 6 {
		t.Fatalf("%d messages captured, want all 6 (the limit refuses answers, not memory)", len(msgs))
	}
}

func TestGuildDailyLimitSparesCommands(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	admin := bottest.Group("discord", "g3", "admin", "", true)
	admin.Author.IsAdmin = true
	say(t, b, admin, "/membot config limit 1")
	member := bottest.Group("discord", "g3", "member", "", true)
	say(t, b, member, "first")
	if r := say(t, b, member, "second"); !strings.Contains(r.Text, "daily message limit") || !r.Private {
		t.Fatalf("over the daily limit: %+v", r)
	}
	if r := say(t, b, member, "/memories forget all"); strings.Contains(r.Text, "daily message limit") {
		t.Fatalf("the daily limit blocked erasure: %q", r.Text)
	}
}

func TestLanguageFollowsThePerson(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	m := bottest.DM("telegram", "mei", "")
	m.Author.LanguageCode = "zh-hans"
	if r := say(t, b, m, "/start"); !strings.Contains(r.Text, "命令") {
		t.Fatalf("/start for a Chinese client: %q", r.Text)
	}
	say(t, b, m, "我喜欢喝茶")
	if r := say(t, b, m, "/help"); !strings.Contains(r.Text, "命令") {
		t.Fatalf("/help after writing Chinese: %q", r.Text)
	}
	say(t, b, m, "Actually let us speak English from now on")
	if r := say(t, b, m, "/help"); !strings.Contains(r.Text, "Commands") {
		t.Fatalf("/help after switching to English: %q", r.Text)
	}
}

func TestForgetAllErasesCapturedMessages(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	group := bottest.Group("telegram", "g4", "mei", "我喜欢极简设计风格", true)
	b.Send(t, group)
	dm := bottest.DM("telegram", "mei", "")
	say(t, b, dm, "/memories forget all")
	say(t, b, dm, "/memories forget all confirm")
	for _, m := range recent(t, b, group.ConversationID()) {
		if strings.Contains(m.Text, "极简") {
			t.Fatal("captured message survived forget all")
		}
	}
	if err := b.App.Extraction.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	n, err := b.Store.CountMemories(context.Background(), memory.MemoryQuery{Owner: person(t, b, "telegram", "mei")})
	if err != nil || n != 0 {
		t.Fatalf("%d memories after forget all and a flush (%v)", n, err)
	}
}

func TestGroupExtractReportsOnlyOwnMemories(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	b.Send(t, bottest.Group("telegram", "g5", "ann", "I love hiking in the Alps", true))
	r := say(t, b, bottest.Group("telegram", "g5", "cat", "", true), "/memories extract")
	if !strings.Contains(r.Text, "0 new memories of yours") {
		t.Fatalf("cat hears about ann's memories: %q", r.Text)
	}
}

// A platform delivering the same message twice (a retried webhook, a
// replay) gets one answer.
func TestRedeliveredMessageIsAnsweredOnce(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	m := bottest.DM("telegram", "rex", "hello there")
	if n := len(b.Send(t, m).Replies()); n != 1 {
		t.Fatalf("first delivery: %d replies", n)
	}
	if n := len(b.Send(t, m).Replies()); n != 0 {
		t.Fatalf("redelivery answered again (%d replies)", n)
	}
	if msgs := recent(t, b, m.ConversationID()); len(msgs) != 1 {
		t.Fatalf("%d messages captured, want 1", len(msgs))
	}
}

// A memory updated from another conversation keeps where its old text came
// from, and forgetting it erases the messages of both conversations.
func TestForgetErasesSourcesInEveryConversation(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "shellfish", Text: "Allergic to shellfish", Subject: "allergy"},
		fact{Key: "shrimp", Text: "Allergic to shellfish, shrimp especially", Subject: "allergy"},
	))
	b.Model.OnSchema(reconcileSchema, reconcileWith(func(c reconcileCase) (string, string) {
		for _, e := range c.existing {
			return "UPDATE", e.id
		}
		return "ADD", ""
	}))
	owner := person(t, b, "telegram", "sam")
	dm := bottest.DM("telegram", "sam", "")
	tell(t, b, dm, "I am allergic to shellfish")
	extractConv(t, b, dm.ConversationID())
	group := bottest.Group("telegram", "g9", "sam", "", true)
	tell(t, b, group, "shrimp is the worst for me")
	extractConv(t, b, group.ConversationID())
	m := withText(t, storedMemories(t, b, owner), "shrimp")
	if len(m.History) == 0 || m.History[len(m.History)-1].ConversationID != dm.ConversationID() {
		t.Fatalf("history does not keep the first conversation: %+v", m.History)
	}
	tell(t, b, dm, "/memories forget "+m.ID[:bot.ShortIDLen])
	for _, conv := range []string{dm.ConversationID(), group.ConversationID()} {
		for _, msg := range recent(t, b, conv) {
			if strings.Contains(msg.Text, "shellfish") || strings.Contains(msg.Text, "shrimp") {
				t.Errorf("%s still holds %q after forget", conv, msg.Text)
			}
		}
	}
}

// "/memories why" works after a restart (and on another replica): the
// record lives in the store, and a memory forgotten since is left out.
func TestWhySurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	b := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	owner := person(t, b, "console", "una")
	remember(t, b, owner, "", "Plays the cello", func(m *memory.Memory) { m.Keywords = []string{"cello", "music"} })
	gone := remember(t, b, owner, "", "Practises cello scales daily", func(m *memory.Memory) { m.Keywords = []string{"cello"} })
	b.Send(t, bottest.DM("console", "una", "any cello tips?"))
	b.Stop(t)

	b = bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	if err := b.Store.DeleteMemory(context.Background(), owner, gone.ID); err != nil {
		t.Fatal(err)
	}
	r := say(t, b, bottest.DM("console", "una", ""), "/memories why")
	if !strings.Contains(r.Text, "Plays the cello") || strings.Contains(r.Text, "scales") {
		t.Fatalf("/memories why after a restart:\n%s", r.Text)
	}
}
