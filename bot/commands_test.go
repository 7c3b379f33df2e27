package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

// person resolves a platform account to its person id.
func person(t *testing.T, b *bottest.Bot, platform, user string) string {
	t.Helper()
	p, err := b.Store.ResolveIdentity(context.Background(), platform, user, user)
	if err != nil {
		t.Fatal(err)
	}
	return p.ID
}

// remember stores a memory for owner directly.
func remember(t *testing.T, b *bottest.Bot, owner, id, text string, mod ...func(*memory.Memory)) memory.Memory {
	t.Helper()
	now := time.Now()
	m := memory.Memory{
		ID: id, Owner: owner, Text: text, Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.7, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: now, UpdatedAt: now,
		Source: memory.Source{Platform: "console", ConversationID: "console:x", Excerpt: text, Time: now},
	}
	for _, f := range mod {
		f(&m)
	}
	if err := b.Store.InsertMemory(context.Background(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func say(t *testing.T, b *bottest.Bot, msg bot.Message, text string) bot.Reply {
	t.Helper()
	msg.Text = text
	msg.ID = fmt.Sprintf("%s-%d", msg.ID, time.Now().UnixNano())
	r := b.Send(t, msg)
	reps := r.Replies()
	if len(reps) != 1 {
		t.Fatalf("%q: %d replies, want 1", text, len(reps))
	}
	return reps[0]
}

func TestMemoriesListPagedAndPrivate(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "telegram", "alice")
	for i := 0; i < 25; i++ {
		remember(t, b, alice, "", fmt.Sprintf("fact number %02d", i), func(m *memory.Memory) {
			m.CreatedAt = time.Now().Add(time.Duration(i) * time.Minute)
		})
	}
	dm := bottest.DM("telegram", "alice", "")
	r := say(t, b, dm, "/memories")
	if !r.Private {
		t.Fatal("/memories reply not private")
	}
	if !strings.Contains(r.Text, "25") || !strings.Contains(r.Text, "fact number 24") || strings.Contains(r.Text, "fact number 14") {
		t.Fatalf("page 1 (newest first):\n%s", r.Text)
	}
	if len(r.Buttons) != 1 || r.Buttons[0][0].Command != "/memories list 2" {
		t.Fatalf("buttons = %+v", r.Buttons)
	}
	r = say(t, b, dm, r.Buttons[0][0].Command)
	if !strings.Contains(r.Text, "fact number 14") || strings.Contains(r.Text, "fact number 24") {
		t.Fatalf("page 2:\n%s", r.Text)
	}
	r = say(t, b, dm, "/memories list 3 preference")
	if strings.Count(r.Text, "fact number") != 5 {
		t.Fatalf("page 3 filtered:\n%s", r.Text)
	}
	if r := say(t, b, dm, "/memories list 0"); !strings.Contains(r.Text, "positive") {
		t.Fatalf("page 0: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories list bogus"); !strings.Contains(r.Text, "Unknown filter") {
		t.Fatalf("bad filter: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories frobnicate"); !strings.Contains(r.Text, `Unknown filter or subcommand "frobnicate"`) || !strings.Contains(r.Text, "/memories help") {
		t.Fatalf("unknown subcommand: %q", r.Text)
	}
}

func TestOtherPersonsIDIsNotFound(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "discord", "alice")
	bob := person(t, b, "discord", "bob")
	bobs := remember(t, b, bob, "", "Bob's secret plan")
	remember(t, b, alice, "", "Alice likes tea")
	dm := bottest.DM("discord", "alice", "")
	unknown := say(t, b, dm, "/memories forget ffffffffffff")
	for _, cmd := range []string{"forget", "history", "edit"} {
		line := "/memories " + cmd + " " + bobs.ID
		if cmd == "edit" {
			line += " hijacked"
		}
		r := say(t, b, dm, line)
		want := strings.Replace(unknown.Text, "ffffffffffff", bobs.ID, 1)
		if r.Text != want {
			t.Errorf("%s with another person's id: %q, want exactly %q", cmd, r.Text, want)
		}
	}
	got, err := b.Store.Memory(context.Background(), bob, bobs.ID)
	if err != nil || got.Text != "Bob's secret plan" || got.Version != bobs.Version {
		t.Fatalf("bob's memory changed: %+v %v", got, err)
	}
	r := say(t, b, dm, "/memories export")
	if r.File == nil || strings.Contains(string(r.File.Data), "secret plan") || !strings.Contains(string(r.File.Data), "Alice likes tea") {
		t.Fatalf("export: %+v", r)
	}
	var doc bot.Export
	if err := json.Unmarshal(r.File.Data, &doc); err != nil || len(doc.Memories) != 1 {
		t.Fatalf("export not valid JSON of 1 memory: %v %s", err, r.File.Data)
	}
}

func TestIDPrefixes(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "console", "alice")
	remember(t, b, alice, "abcd1111aaaa", "one")
	remember(t, b, alice, "abcd2222bbbb", "two")
	dm := bottest.DM("console", "alice", "")
	if r := say(t, b, dm, "/memories forget abcd"); !strings.Contains(r.Text, "several") {
		t.Fatalf("ambiguous prefix: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories forget ab"); !strings.Contains(r.Text, "No memory") {
		t.Fatalf("too-short prefix: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories forget abcd%"); !strings.Contains(r.Text, "No memory") {
		t.Fatalf("wildcard prefix: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories forget abcd1"); !strings.Contains(r.Text, "one") {
		t.Fatalf("unique prefix: %q", r.Text)
	}
	if _, err := b.Store.Memory(context.Background(), alice, "abcd1111aaaa"); err == nil {
		t.Fatal("forgotten memory still stored")
	}
}

func TestForgetAllNeedsConfirmation(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	b := bottest.New(t, bottest.Offline(), bottest.WithClock(clock))
	alice := person(t, b, "console", "alice")
	for i := 0; i < 3; i++ {
		remember(t, b, alice, "", fmt.Sprintf("memory %d", i))
	}
	count := func() int64 {
		n, err := b.Store.CountMemories(context.Background(), memory.MemoryQuery{Owner: alice})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	dm := bottest.DM("console", "alice", "")
	if r := say(t, b, dm, "/memories forget all confirm"); !strings.Contains(r.Text, "No deletion is waiting") || count() != 3 {
		t.Fatalf("confirm without asking: %q, %d left", r.Text, count())
	}
	r := say(t, b, dm, "/memories forget all")
	if count() != 3 || len(r.Buttons) == 0 || r.Buttons[0][0].Command != "/memories forget all confirm" {
		t.Fatalf("ask: %+v, %d left", r, count())
	}
	advance(3 * time.Minute)
	if r := say(t, b, dm, "/memories forget all confirm"); !strings.Contains(r.Text, "No deletion is waiting") || count() != 3 {
		t.Fatalf("late confirmation accepted: %q", r.Text)
	}
	say(t, b, dm, "/memories forget all")
	advance(time.Minute)
	if r := say(t, b, dm, "/memories forget all confirm"); !strings.Contains(r.Text, "3") || count() != 0 {
		t.Fatalf("confirm: %q, %d left", r.Text, count())
	}
}

func TestEditAndHistory(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "console", "alice")
	old := remember(t, b, alice, "", "Lives in Paris", func(m *memory.Memory) {
		m.Status = memory.StatusSuperseded
		m.Subject = "home"
		m.CreatedAt = time.Date(2025, 1, 2, 0, 0, 0, 0, time.UTC)
	})
	cur := remember(t, b, alice, "", "Lives in Lyon", func(m *memory.Memory) { m.Supersedes = old.ID; m.Subject = "home" })
	if _, err := memory.ModifyMemory(context.Background(), b.Store, alice, old.ID, func(m *memory.Memory) error {
		m.SupersededBy = cur.ID
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	dm := bottest.DM("console", "alice", "")
	if r := say(t, b, dm, "/memories edit "+cur.ID[:8]+" "+strings.Repeat("x", 10<<20)); !strings.Contains(r.Text, "too long") {
		t.Fatalf("10 MB edit: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories edit "+cur.ID[:8]); !strings.Contains(r.Text, "Usage") {
		t.Fatalf("edit without text: %q", r.Text)
	}
	say(t, b, dm, "/memories edit "+cur.ID[:8]+" Lives in Lyon, near the river; mail me at a@b.example")
	got, err := b.Store.Memory(context.Background(), alice, cur.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.Text, "Lives in Lyon, near the river") || strings.Contains(got.Text, "a@b.example") {
		t.Fatalf("edited text = %q (PII must be redacted)", got.Text)
	}
	if len(got.History) != 1 || got.History[0].Text != "Lives in Lyon" {
		t.Fatalf("history = %+v", got.History)
	}
	r := say(t, b, dm, "/memories history "+cur.ID[:8])
	for _, want := range []string{"Lives in Paris", "superseded", "Lives in Lyon", "near the river"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("history lacks %q:\n%s", want, r.Text)
		}
	}
	if strings.Index(r.Text, "Lives in Paris") > strings.Index(r.Text, "near the river") {
		t.Errorf("history not oldest first:\n%s", r.Text)
	}
}

func TestMemoryOffStopsCapture(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	dm := bottest.DM("console", "alice", "")
	say(t, b, dm, "/memories off")
	say(t, b, dm, "my secret hobby is knitting")
	msgs := recent(t, b, dm.ConversationID())
	for _, m := range msgs {
		if strings.Contains(m.Text, "knitting") {
			t.Fatal("captured while memory was off")
		}
	}
	say(t, b, dm, "/memories on")
	say(t, b, dm, "I play chess")
	found := false
	for _, m := range recent(t, b, dm.ConversationID()) {
		found = found || strings.Contains(m.Text, "chess")
	}
	if !found {
		t.Fatal("not captured after /memories on")
	}
}

func TestLinkAcrossPlatforms(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	tg := bottest.DM("telegram", "alice-tg", "")
	dc := bottest.DM("discord", "alice-dc", "")
	remember(t, b, person(t, b, "discord", "alice-dc"), "", "Prefers dark mode")
	r := say(t, b, tg, "/link")
	if !r.Private {
		t.Fatal("link code not private")
	}
	code := ""
	for _, f := range strings.Fields(r.Text) {
		if len(f) == bot.LinkCodeLen && strings.ToUpper(f) == f && f != "/LINK" {
			code = f
		}
	}
	if code == "" {
		t.Fatalf("no code in %q", r.Text)
	}
	r = say(t, b, dc, "/link "+strings.ToLower(code))
	if !strings.Contains(r.Text, "telegram:alice-tg") || len(r.Buttons) != 1 {
		t.Fatalf("redeem must first say whose account it is and ask: %+v", r)
	}
	if person(t, b, "telegram", "alice-tg") == person(t, b, "discord", "alice-dc") {
		t.Fatal("linked before confirmation")
	}
	if r := say(t, b, dc, r.Buttons[0][0].Command); !strings.Contains(r.Text, "Linked") {
		t.Fatalf("redeem: %q", r.Text)
	}
	if r := say(t, b, tg, "/memories"); !strings.Contains(r.Text, "Prefers dark mode") {
		t.Fatalf("memories did not follow the link:\n%s", r.Text)
	}
	if person(t, b, "telegram", "alice-tg") != person(t, b, "discord", "alice-dc") {
		t.Fatal("identities not joined")
	}
	if r := say(t, b, bottest.DM("console", "mallory", ""), "/link "+code+" confirm"); !strings.Contains(r.Text, "invalid") {
		t.Fatalf("reused code accepted: %q", r.Text)
	}
	r = say(t, b, tg, "/link")
	if !strings.Contains(r.Text, "discord:alice-dc") || !strings.Contains(r.Text, "telegram:alice-tg") {
		t.Fatalf("linked identities not listed:\n%s", r.Text)
	}
	if r := say(t, b, tg, "/link remove discord:alice-dc"); !strings.Contains(r.Text, "Unlinked") {
		t.Fatalf("unlink: %q", r.Text)
	}
	if person(t, b, "telegram", "alice-tg") == person(t, b, "discord", "alice-dc") {
		t.Fatal("still linked after unlink")
	}
}

func TestLinkBruteForceIsLimited(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	m := bottest.DM("console", "mallory", "")
	for i := 0; i < bot.LinkAttempts; i++ {
		if r := say(t, b, m, "/link ZZZZZZZZ"); !strings.Contains(r.Text, "invalid") {
			t.Fatalf("attempt %d: %q", i, r.Text)
		}
	}
	if r := say(t, b, m, "/link ZZZZZZZZ"); !strings.Contains(r.Text, "Too many") {
		t.Fatalf("attempt beyond the limit: %q", r.Text)
	}
	if r := say(t, b, bottest.DM("console", "eve", ""), "/link !!"); !strings.Contains(r.Text, "invalid") {
		t.Fatalf("malformed code: %q", r.Text)
	}
}

func TestGuildSettings(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	admin := bottest.Group("discord", "g1", "admin", "", true)
	admin.Author.IsAdmin = true
	member := bottest.Group("discord", "g1", "member", "", true)
	if r := say(t, b, member, "/membot config passive on"); !strings.Contains(r.Text, "Only the server's admins") {
		t.Fatalf("member changed settings: %q", r.Text)
	}
	// Passive capture is off by default.
	quiet := bottest.Group("discord", "g1", "member", "I love hiking", false)
	b.Send(t, quiet)
	if msgs := recent(t, b, quiet.ConversationID()); len(msgs) != 0 {
		t.Fatalf("unaddressed message captured by default: %+v", msgs)
	}
	if r := say(t, b, admin, "/membot config passive on"); !strings.Contains(r.Text, "Saved") {
		t.Fatalf("admin: %q", r.Text)
	}
	quiet.ID = "q2"
	b.Send(t, quiet)
	if msgs := recent(t, b, quiet.ConversationID()); len(msgs) != 1 {
		t.Fatalf("passive capture on but %d captured", len(msgs))
	}
	say(t, b, admin, "/membot config channels add other-channel")
	if r := b.Send(t, bottest.Group("discord", "g1", "member", "hello?", true)); len(r.Replies()) != 0 {
		t.Fatal("answered outside the listen channels")
	}
	say(t, b, admin, "/membot config channels clear")
	say(t, b, admin, "/membot config limit 1")
	say(t, b, member, "first of the day")
	if r := say(t, b, member, "second of the day"); !strings.Contains(r.Text, "daily message limit") {
		t.Fatalf("daily limit not applied: %q", r.Text)
	}
}

func TestDenyList(t *testing.T) {
	b := bottest.New(t, bottest.Offline(), bottest.WithConfig(func(c *configT) {
		c.Limits.DenyUsers = []string{"telegram:troll"}
	}))
	m := bottest.DM("telegram", "troll", "/memories forget all confirm")
	r := b.Send(t, m)
	if !strings.Contains(r.Text(), "not allowed") {
		t.Fatalf("denied user got %q", r.Text())
	}
	m.Text, m.ID = "remember this", "x2"
	b.Send(t, m)
	if msgs := recent(t, b, m.ConversationID()); len(msgs) != 0 {
		t.Fatalf("denied user's message captured: %+v", msgs)
	}
}

func TestRateLimit(t *testing.T) {
	b := bottest.New(t, bottest.Offline(), bottest.WithConfig(func(c *configT) { c.Limits.MessagesPerMinute = 2 }))
	dm := bottest.DM("telegram", "fast", "")
	say(t, b, dm, "one")
	say(t, b, dm, "two")
	if r := say(t, b, dm, "three"); !strings.Contains(r.Text, "too fast") {
		t.Fatalf("third message: %q", r.Text)
	}
}

func TestSummaryOffline(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	dm := bottest.DM("console", "alice", "")
	if r := say(t, b, dm, "/summary"); !strings.Contains(r.Text, "nothing") && !strings.Contains(r.Text, "no conversation") {
		t.Fatalf("empty summary: %q", r.Text)
	}
	say(t, b, dm, "I am planning a trip to Japan in April")
	say(t, b, dm, "We decided to visit Kyoto first")
	say(t, b, dm, "Should I get a rail pass?")
	r := say(t, b, dm, "/summary")
	for _, want := range []string{"## User / background", "## Topic", "## Current state", "## Key facts and decisions", "## Open questions", "## Where to continue", "Kyoto", "rail pass"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("summary lacks %q:\n%s", want, r.Text)
		}
	}
	zh := bottest.DM("console", "li", "")
	say(t, b, zh, "我们决定下个月去成都")
	r = say(t, b, zh, "/summary")
	if !strings.Contains(r.Text, "## 关键事实与决定") || !strings.Contains(r.Text, "成都") {
		t.Fatalf("Chinese summary:\n%s", r.Text)
	}
}

// A memory set aside because a newer one says otherwise reads as such in
// the list and in its history, not as a raw status or action name.
func TestSetAsideMemoryIsLabelled(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	alice := person(t, b, "console", "alice")
	now := time.Now()
	old := remember(t, b, alice, "", "Works at Acme", func(m *memory.Memory) {
		m.Type, m.Lifecycle, m.Subject = memory.TypeFact, memory.LifecycleFact, "employer"
		m.Status = memory.StatusPendingReview
		m.History = []memory.Version{{Text: "Works at Acme", Time: now, Action: "review"}}
	})
	dm := bottest.DM("console", "alice", "")
	if r := say(t, b, dm, "/memories"); !strings.Contains(r.Text, "awaiting review") || strings.Contains(r.Text, "pending_review") {
		t.Errorf("list:\n%s", r.Text)
	}
	if r := say(t, b, dm, "/memories history "+old.ID[:8]); !strings.Contains(r.Text, "set aside for review") {
		t.Errorf("history:\n%s", r.Text)
	}
}
