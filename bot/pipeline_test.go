package bot_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
)

// These tests drive the whole memory pipeline — capture, extraction,
// reconciliation, storage, recall and injection — through the engine as
// assembled for production, with a scripted fake model.

func TestConversationBecomesTypedMemoriesWithProvenance(t *testing.T) {
	b := bottest.New(t)
	day := time.Now().AddDate(0, 0, 7).Format("2006-01-02")
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "nurse", Text: "Works as a nurse at the city hospital", Subject: "job"},
		fact{Key: "tea", Text: "Prefers tea over coffee", Subject: "drinks", Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm},
		fact{Key: "dentist", Text: "Has a dentist appointment next week", Subject: "dentist", Type: memory.TypeEvent, Lifecycle: memory.LifecycleTemporary, Event: day},
	))
	dm := bottest.DM("telegram", "alice", "")
	said := map[string]bot.Message{}
	for _, s := range [][2]string{
		{"nurse", "I work as a nurse at the city hospital"}, {"tea", "Remember that I prefer tea over coffee"},
		{"dentist", "I have a dentist appointment next week"},
	} {
		said[s[0]], _ = tell(t, b, dm, s[1])
	}
	extractConv(t, b, dm.ConversationID())
	owner := person(t, b, "telegram", "alice")
	ms := storedMemories(t, b, owner)
	want := []struct {
		key  string
		typ  memory.Type
		life memory.Lifecycle
	}{
		{"nurse", memory.TypeFact, memory.LifecycleFact},
		{"tea", memory.TypePreference, memory.LifecycleLongTerm},
		{"dentist", memory.TypeEvent, memory.LifecycleTemporary},
	}
	if len(ms) != len(want) {
		t.Fatalf("%d memories, want %d: %+v", len(ms), len(want), ms)
	}
	for _, w := range want {
		m := withText(t, ms, w.key)
		msg := said[w.key]
		if m.Type != w.typ || m.Lifecycle != w.life || m.Status != memory.StatusActive || m.Owner != owner {
			t.Errorf("%s: type %s, lifecycle %s, status %s, owner %s", w.key, m.Type, m.Lifecycle, m.Status, m.Owner)
		}
		src := m.Source
		if src.Platform != "telegram" || src.ConversationID != dm.ConversationID() ||
			len(src.MessageIDs) != 1 || src.MessageIDs[0] != msg.ID || !strings.Contains(src.Excerpt, msg.Text) {
			t.Errorf("%s: provenance %+v, want message %s of %s with its text", w.key, src, msg.ID, dm.ConversationID())
		}
	}
	ev := withText(t, ms, "dentist")
	if ev.EventTime.Format("2006-01-02") != day || !ev.ExpiresAt.After(ev.EventTime) {
		t.Errorf("temporary event: event %v, expires %v", ev.EventTime, ev.ExpiresAt)
	}
}

func TestContradictionSupersedesAndKeepsHistory(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "Paris", Text: "Lives in Paris", Subject: "residence"},
		fact{Key: "Lyon", Text: "Lives in Lyon", Subject: "residence"},
	))
	var mu sync.Mutex
	var shown []reconcileCase
	b.Model.OnSchema(reconcileSchema, reconcileWith(func(c reconcileCase) (string, string) {
		mu.Lock()
		shown = append(shown, c)
		mu.Unlock()
		for _, e := range c.existing {
			if e.text == "Lives in Paris" {
				return "SUPERSEDE", e.id
			}
		}
		return "ADD", ""
	}))
	dm := bottest.DM("discord", "ivy", "")
	owner := person(t, b, "discord", "ivy")
	tell(t, b, dm, "I live in Paris")
	extractConv(t, b, dm.ConversationID())
	old := withText(t, storedMemories(t, b, owner), "Paris")
	tell(t, b, dm, "I moved to Lyon last month")
	if res := extractConv(t, b, dm.ConversationID()); res.Superseded != 1 {
		t.Fatalf("result %+v, want one supersession", res)
	}
	mu.Lock()
	seen := append([]reconcileCase(nil), shown...)
	mu.Unlock()
	if len(seen) != 1 || seen[0].text != "Lives in Lyon" || len(seen[0].existing) != 1 {
		t.Fatalf("reconcile saw %+v, want the Lyon candidate beside the Paris memory", seen)
	}
	ms := storedMemories(t, b, owner)
	if len(ms) != 2 {
		t.Fatalf("%d memories, want the old and the new: %+v", len(ms), ms)
	}
	cur := withText(t, ms, "Lyon")
	was := withText(t, ms, "Paris")
	if was.ID != old.ID || was.Status != memory.StatusSuperseded || was.SupersededBy != cur.ID {
		t.Errorf("old memory: status %s, superseded by %q, want superseded by %s", was.Status, was.SupersededBy, cur.ID)
	}
	if len(was.History) == 0 || was.History[len(was.History)-1].Action != "supersede" || was.History[len(was.History)-1].LinkedID != cur.ID {
		t.Errorf("old memory's history %+v lacks the supersession", was.History)
	}
	if cur.Status != memory.StatusActive || cur.Supersedes != old.ID {
		t.Errorf("new memory: status %s, supersedes %q, want active superseding %s", cur.Status, cur.Supersedes, old.ID)
	}
	for _, id := range []string{cur.ID, old.ID} {
		_, r := tell(t, b, dm, "/memories history "+id[:bot.ShortIDLen])
		if !strings.Contains(r.Text, "Lives in Paris") || !strings.Contains(r.Text, "Lives in Lyon") || !strings.Contains(r.Text, "superseded") {
			t.Errorf("history of %s:\n%s", id, r.Text)
		}
	}
	if _, r := tell(t, b, dm, "/memories"); strings.Contains(r.Text, "Paris") || !strings.Contains(r.Text, "Lyon") {
		t.Errorf("list shows superseded memories:\n%s", r.Text)
	}
}

func TestDuplicateAddsNothingWithoutAReconcileCall(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "I live in Paris", Text: "Lives in Paris", Subject: "residence"},
		fact{Key: "still my home", Text: "  lives in PARIS. ", Subject: "home city"},
	))
	dm := bottest.DM("console", "jo", "")
	owner := person(t, b, "console", "jo")
	tell(t, b, dm, "I live in Paris")
	if res := extractConv(t, b, dm.ConversationID()); res.Added != 1 {
		t.Fatalf("first extraction %+v, want one added", res)
	}
	before := storedMemories(t, b, owner)
	tell(t, b, dm, "Paris is still my home, by the way")
	res := extractConv(t, b, dm.ConversationID())
	if res.Duplicates != 1 || res.Added != 0 || res.ExtractCalls != 1 {
		t.Errorf("second extraction %+v, want one duplicate from one call", res)
	}
	if n := b.Model.CountBySchema(reconcileSchema); n != 0 {
		t.Errorf("%d reconcile calls for a duplicate, want 0", n)
	}
	after := storedMemories(t, b, owner)
	if len(after) != 1 || after[0].ID != before[0].ID || after[0].Version != before[0].Version {
		t.Errorf("memories changed: before %+v, after %+v", before, after)
	}
}

// learnTwoTopics gives one person two memories on unrelated topics.
func learnTwoTopics(t *testing.T) (*bottest.Bot, bot.Message) {
	t.Helper()
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "TypeScript", Text: "Prefers TypeScript for backend work", Subject: "programming language",
			Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm, Keywords: []string{"TypeScript", "backend", "programming language", "编程语言", "后端"}},
		fact{Key: "Biscuit", Text: "Has a dog named Biscuit", Subject: "pet", Keywords: []string{"dog", "pet", "Biscuit", "狗", "宠物"}},
	))
	dm := bottest.DM("discord", "alice", "")
	tell(t, b, dm, "For backend work I always prefer TypeScript")
	tell(t, b, dm, "My dog is called Biscuit")
	extractConv(t, b, dm.ConversationID())
	if n := len(storedMemories(t, b, person(t, b, "discord", "alice"))); n != 2 {
		t.Fatalf("%d memories learnt, want 2", n)
	}
	return b, dm
}

func TestReplyPromptCarriesOnlyRelevantMemories(t *testing.T) {
	b, dm := learnTwoTopics(t)
	cases := []struct{ ask, want, not string }{
		{"Which language should I pick for a new backend service?", "Prefers TypeScript for backend work", "Biscuit"},
		{"What treats would my dog enjoy?", "Has a dog named Biscuit", "TypeScript"},
	}
	for _, c := range cases {
		tell(t, b, dm, c.ask)
		req := replyTo(t, b, c.ask)
		sys := req.System()
		if !strings.Contains(sys, c.want) || strings.Contains(sys, c.not) {
			t.Errorf("%q: system prompt should hold %q and not %q:\n%s", c.ask, c.want, c.not, sys)
		}
	}
}

func TestWhyListsInjectedMemoriesWithScoreAndSource(t *testing.T) {
	b, dm := learnTwoTopics(t)
	tell(t, b, dm, "What treats would my dog enjoy?")
	_, r := tell(t, b, dm, "/memories why")
	if !r.Private {
		t.Error("/memories why not private")
	}
	for _, want := range []string{"Has a dog named Biscuit", "score ", dm.ConversationID(), "My dog is called Biscuit"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("why lacks %q:\n%s", want, r.Text)
		}
	}
	if strings.Contains(r.Text, "TypeScript") {
		t.Errorf("why lists a memory that was not injected:\n%s", r.Text)
	}
}

// A memory another replica forgot after the reply is not shown by "why".
func TestWhyReadsMemoriesAgain(t *testing.T) {
	b, dm := learnTwoTopics(t)
	tell(t, b, dm, "What treats would my dog enjoy?")
	alice := person(t, b, "discord", "alice")
	for _, m := range storedMemories(t, b, alice) {
		if strings.Contains(m.Text, "Biscuit") {
			if err := b.Store.DeleteMemory(context.Background(), alice, m.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, r := tell(t, b, dm, "/memories why"); strings.Contains(r.Text, "Biscuit") {
		t.Errorf("why shows a memory forgotten behind this process's back:\n%s", r.Text)
	}
}

func TestOfflineMemorySurvivesRestart(t *testing.T) {
	for _, manual := range []bool{true, false} {
		name := map[bool]string{true: "manual extract", false: "flush on close"}[manual]
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			first := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
			dm := bottest.DM("console", "mei", "")
			tell(t, first, dm, "我喜欢极简设计风格")
			owner := person(t, first, "console", "mei")
			if manual {
				tell(t, first, dm, "/memories extract")
			} else if n := len(storedMemories(t, first, owner)); n != 0 {
				t.Fatalf("%d memories before close; the flush would go untested", n)
			}
			first.Stop(t)
			withText(t, memoriesOnDisk(t, dir, owner), "极简")
			second := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
			if _, r := tell(t, second, dm, "/memories"); !strings.Contains(r.Text, "极简") {
				t.Errorf("/memories after restart:\n%s", r.Text)
			}
			if _, r := tell(t, second, dm, "推荐一个设计风格"); !strings.Contains(r.Text, "离线模式") || !strings.Contains(r.Text, "极简") {
				t.Errorf("offline reply does not show the memory it would use:\n%s", r.Text)
			}
		})
	}
}

func TestExtractionFlushedOnGracefulClose(t *testing.T) {
	model := fakeopenai.New(t)
	model.OnSchema(extractSchema, extractFacts(fact{Key: "violin", Text: "Is learning to play the violin", Subject: "music", Type: memory.TypeSkill}))
	dir := t.TempDir()
	first := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model))
	dm := bottest.DM("discord", "nico", "")
	msg, _ := tell(t, first, dm, "These days I am learning to play the violin")
	owner := person(t, first, "discord", "nico")
	if n := len(storedMemories(t, first, owner)); n != 0 || model.CountBySchema(extractSchema) != 0 {
		t.Fatalf("extracted before close (%d memories); the flush would go untested", n)
	}
	first.Stop(t)
	m := withText(t, memoriesOnDisk(t, dir, owner), "violin")
	second := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model))
	if len(m.Source.MessageIDs) != 1 || m.Source.MessageIDs[0] != msg.ID {
		t.Errorf("provenance %+v, want message %s", m.Source, msg.ID)
	}
	if _, r := tell(t, second, dm, "/memories"); !strings.Contains(r.Text, "violin") {
		t.Errorf("/memories in the new process:\n%s", r.Text)
	}
}

func TestGarbageExtractionLeavesStoreAndWatermark(t *testing.T) {
	b := bottest.New(t)
	var mu sync.Mutex
	calls := 0
	b.Model.OnSchema(extractSchema, func(*fakeopenai.ChatRequest) fakeopenai.Response {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if calls%2 == 1 {
			return fakeopenai.Response{Garbage: true}
		}
		return fakeopenai.Text(`{"memories": "Lives in Berlin"}`)
	})
	dm := bottest.DM("telegram", "otto", "")
	msg, _ := tell(t, b, dm, "I live in Berlin")
	conv := msg.ConversationID()
	owner := person(t, b, "telegram", "otto")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := b.Extraction.ExtractNow(ctx, conv, false); !errors.Is(err, extract.ErrMalformed) {
		t.Fatalf("extraction of garbage: %v, want ErrMalformed", err)
	}
	if n := b.Model.CountBySchema(extractSchema); n != 2 {
		t.Errorf("%d extraction calls, want the answer retried once", n)
	}
	if ms := storedMemories(t, b, owner); len(ms) != 0 {
		t.Fatalf("garbage stored: %+v", ms)
	}
	msgs := recent(t, b, conv)
	seq := msgs[0].Seq
	c, err := b.Store.Conversation(ctx, conv)
	if err != nil {
		t.Fatal(err)
	}
	if c.Watermark >= seq {
		t.Fatalf("watermark %d advanced past message %d after a failed extraction", c.Watermark, seq)
	}
	b.Model.OnSchema(extractSchema, extractFacts(fact{Key: "Berlin", Text: "Lives in Berlin", Subject: "residence"}))
	extractConv(t, b, conv)
	m := withText(t, storedMemories(t, b, owner), "Berlin")
	if len(m.Source.MessageIDs) != 1 || m.Source.MessageIDs[0] != msg.ID {
		t.Errorf("later extraction: provenance %+v", m.Source)
	}
	if c, err = b.Store.Conversation(ctx, conv); err != nil || c.Watermark < seq {
		t.Errorf("watermark %d (err %v) not past message %d after success", c.Watermark, err, seq)
	}
}
