package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
)

// Privacy end to end: personal data never reaches the store, forgetting
// erases everywhere, and in a server nobody reaches another member's
// memories, however they ask.

// Personal data used by the redaction tests: a Chinese mobile number, an
// email, a card number with a valid Luhn check (plain and spaced) and a
// Chinese ID number with a valid checksum.
const (
	piiPhone      = "13812345678"
	piiEmail      = "alice.w@example.com"
	piiCard       = "4111111111111111"
	piiCardSpaced = "4111 1111 1111 1111"
	piiID         = "11010519491231002X"
)

var piiValues = []string{piiPhone, piiEmail, piiCard, piiCardSpaced, piiID}

// storedAndSent gathers everything of a conversation and its owner that the
// store holds and every request the model received, labelled by place.
func storedAndSent(t *testing.T, b *bottest.Bot, conv, owner string) []string {
	t.Helper()
	var places []string
	for _, m := range recent(t, b, conv) {
		raw, _ := json.Marshal(m)
		places = append(places, "message: "+string(raw))
	}
	for _, m := range storedMemories(t, b, owner) {
		raw, _ := json.Marshal(m)
		places = append(places, "memory: "+string(raw))
	}
	for _, r := range b.Model.Requests() {
		places = append(places, "request: "+string(r.Body))
	}
	return places
}

func TestPIINeverReachesStoreOrModel(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(fact{Key: "phone", Text: "Shared contact details", Subject: "contact details"}))
	dm := bottest.DM("telegram", "alice", "")
	tell(t, b, dm, "Remember that my phone is "+piiPhone+", my email is "+piiEmail+", my card is "+piiCardSpaced+
		", my other card "+piiCard+" and my ID number is "+piiID)
	tell(t, b, dm, "and again: "+piiPhone+" / "+piiEmail)
	extractConv(t, b, dm.ConversationID())
	owner := person(t, b, "telegram", "alice")
	_, export := tell(t, b, dm, "/memories export")
	if len(storedMemories(t, b, owner)) == 0 || export.File == nil {
		t.Fatal("nothing stored or exported; the check would be empty")
	}
	places := append(storedAndSent(t, b, dm.ConversationID(), owner), "export: "+string(export.File.Data))
	all := strings.Join(places, "\n")
	for _, placeholder := range []string{"[phone]", "[email]", "[card]", "[id-number]"} {
		if !strings.Contains(all, placeholder) {
			t.Errorf("no %s placeholder anywhere; was the message captured?", placeholder)
		}
	}
	for _, p := range places {
		for _, v := range piiValues {
			if strings.Contains(p, v) {
				t.Errorf("%q leaked into %s", v, p)
			}
		}
	}
}

// A model that writes personal data itself (in a reply, or in a memory it
// extracts) must not get it stored either.
func TestPIIFromModelAnswersIsRedactedBeforeStore(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Text("Sure. Your dentist is reachable at " + piiPhone + " or " + piiEmail + ".")
	})
	b.Model.OnSchema(extractSchema, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var out []map[string]any
		for _, s := range parseExtractPrompt(req).sources {
			f := fact{Key: "dentist", Text: "Dentist's phone is " + piiPhone + ", card " + piiCardSpaced,
				Subject: "dentist " + piiPhone, Keywords: []string{"dentist", piiEmail, piiID}}
			out = append(out, f.answer([]string{s.id}))
		}
		return memoriesAnswer(out)
	})
	dm := bottest.DM("discord", "alice", "")
	tell(t, b, dm, "Remember that I see the dentist every spring")
	tell(t, b, dm, "Thanks, what was that again?")
	extractConv(t, b, dm.ConversationID())
	owner := person(t, b, "discord", "alice")
	if len(storedMemories(t, b, owner)) == 0 {
		t.Fatal("nothing stored; the check would be empty")
	}
	for _, p := range storedAndSent(t, b, dm.ConversationID(), owner) {
		if strings.HasPrefix(p, "request: ") {
			continue // checked below, where it matters: the next reply's prompt
		}
		for _, v := range piiValues {
			if strings.Contains(p, v) {
				t.Errorf("%q from a model answer stored in %s", v, p)
			}
		}
	}
	// What was stored is what the next prompt shows the model.
	last := replyTo(t, b, "what was that again")
	for _, v := range piiValues {
		if strings.Contains(requestText(last), v) {
			t.Errorf("%q sent back to the model in a later prompt", v)
		}
	}
}

func TestForgottenMemoryIsGoneEverywhere(t *testing.T) {
	b := bottest.New(t)
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "shellfish", Text: "Is allergic to shellfish", Subject: "allergy", Keywords: []string{"shellfish", "seafood", "allergy", "海鲜", "过敏"}},
		fact{Key: "walks", Text: "Enjoys long walks in the park", Subject: "hobby"},
	))
	dm := bottest.DM("discord", "pia", "")
	owner := person(t, b, "discord", "pia")
	tell(t, b, dm, "I am allergic to shellfish")
	tell(t, b, dm, "I enjoy long walks in the park")
	extractConv(t, b, dm.ConversationID())
	m := withText(t, storedMemories(t, b, owner), "shellfish")
	const ask = "Should I worry about anything at a seafood dinner tonight?"
	tell(t, b, dm, ask)
	first := replyTo(t, b, ask)
	if sys := first.System(); !strings.Contains(sys, m.Text) {
		t.Fatalf("memory not injected before forgetting; the checks below would prove nothing:\n%s", sys)
	}
	_, unknown := tell(t, b, dm, "/memories search zzqxv")
	if _, r := tell(t, b, dm, "/memories forget "+m.ID[:bot.ShortIDLen]); !strings.Contains(r.Text, m.Text) {
		t.Fatalf("forget: %q", r.Text)
	}
	seen := len(b.Model.Requests())
	if _, err := b.Store.Memory(context.Background(), owner, m.ID); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("forgotten memory still stored: %v", err)
	}
	for _, left := range storedMemories(t, b, owner) {
		if strings.Contains(left.Text, "shellfish") || strings.Contains(left.Source.Excerpt, "shellfish") {
			t.Errorf("forgotten content left in %+v", left)
		}
	}
	want := strings.Replace(unknown.Text, "zzqxv", "shellfish", 1)
	if _, r := tell(t, b, dm, "/memories search shellfish"); r.Text != want {
		t.Errorf("search after forget: %q, want %q", r.Text, want)
	}
	if _, r := tell(t, b, dm, "/memories export"); r.File == nil || strings.Contains(string(r.File.Data), "shellfish") || !strings.Contains(string(r.File.Data), "walks") {
		t.Errorf("export after forget: %+v", r)
	}
	if _, r := tell(t, b, dm, "/memories why"); strings.Contains(r.Text, "shellfish") {
		t.Errorf("why after forget:\n%s", r.Text)
	}
	for _, msg := range recent(t, b, dm.ConversationID()) {
		if strings.Contains(msg.Text, "shellfish") {
			t.Errorf("source message (or the reply to it) still in history: %+v", msg)
		}
	}
	tell(t, b, dm, ask)
	extractConv(t, b, dm.ConversationID())
	later := b.Model.Requests()[seen:]
	if b.Model.CountBySchema(extractSchema) < 2 || len(later) < 2 {
		t.Fatal("no reply and extraction call after forgetting; the check would be empty")
	}
	for _, r := range later {
		if body := string(r.Body); strings.Contains(body, "shellfish") || strings.Contains(body, "allergic") {
			t.Errorf("forgotten memory reached a later prompt: %s", body)
		}
	}
}

// A display name or username can itself be personal data (people put their
// phone number or address there); it is redacted before it names the
// person in the store or in a prompt.
func TestPIIInDisplayNameIsRedacted(t *testing.T) {
	b := bottest.New(t)
	dm := bottest.DM("telegram", "bob", "")
	dm.Author.DisplayName = "Bob " + piiPhone
	tell(t, b, dm, "hello there")
	grp := bottest.Group("discord", "g1", "carol", "", true)
	grp.Author.DisplayName, grp.Author.Username = "", piiEmail
	tell(t, b, grp, "hi everyone")

	var places []string
	for _, who := range []struct{ platform, user, conv string }{
		{"telegram", "bob", dm.ConversationID()}, {"discord", "carol", grp.ConversationID()},
	} {
		id := person(t, b, who.platform, who.user)
		p, err := b.Store.Person(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(p)
		places = append(places, "person: "+string(raw))
		places = append(places, storedAndSent(t, b, who.conv, id)...)
	}
	all := strings.Join(places, "\n")
	if !strings.Contains(all, "Bob [phone]") || !strings.Contains(all, "[email]") {
		t.Errorf("no redacted name anywhere; were the messages captured?\n%s", all)
	}
	for _, p := range places {
		for _, v := range []string{piiPhone, piiEmail} {
			if strings.Contains(p, v) {
				t.Errorf("%q leaked into %s", v, p)
			}
		}
	}
}
