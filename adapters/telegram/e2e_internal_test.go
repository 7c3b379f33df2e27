package telegram

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/faketelegram"
)

// These tests run the adapter on the real engine (bot/bottest: embedded
// store, real model client) against the fake Bot API and a fake model:
// what a Telegram user sees, end to end.

// extractionWait bounds the wait for the engine's first extraction call.
const extractionWait = 5 * time.Second

// sourceLine finds the "[m3] Alice: text" lines of an extraction prompt.
var sourceLine = regexp.MustCompile(`(?m)^\[(m\d+)\] .*$`)

// scriptModel makes the fake model answer chat with a fixed text and
// extract one memory per fact whose key appears in the conversation.
func scriptModel(m *fakeopenai.Server, facts map[string]string) {
	m.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Text("Sure, noted.")
	})
	m.OnSchema("extract_memories", func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		user := ""
		for _, msg := range req.Messages {
			if msg.Role == "user" {
				user = msg.Content
				break
			}
		}
		memories := []map[string]any{}
		for _, line := range sourceLine.FindAllStringSubmatch(user, -1) {
			for key, text := range facts {
				if strings.Contains(line[0], key) {
					memories = append(memories, map[string]any{
						"text": text, "type": "fact", "lifecycle": "fact", "subject": "pet " + key,
						"tags": []string{"pet"}, "keywords": []string{key, "pet", "宠物"},
						"importance": 0.8, "confidence": 0.95, "event_time": nil, "expires_at": nil,
						"source_ids": []string{line[1]},
					})
				}
			}
		}
		data, _ := json.Marshal(map[string]any{"memories": memories})
		return fakeopenai.Text(string(data))
	})
}

func startEngine(t *testing.T) (*bottest.Bot, *harness) {
	t.Helper()
	b := bottest.New(t)
	hs := startHarnessWith(t, faketelegram.New(t, faketelegram.Config{}), b.Engine, func(o *Options) {
		o.EditInterval = 10 * time.Millisecond
	})
	return b, hs
}

// ask sends text from u in chat and waits for n bot messages in wait's
// chat whose last satisfies ok.
func (hs *harness) ask(chat models.Chat, u models.User, text string, waitChat int64, ok func(string) bool) *models.Message {
	hs.t.Helper()
	in := hs.fake.NewMessage(chat, u, text)
	before := len(hs.fake.Sent(waitChat))
	hs.fake.PushMessage(in)
	hs.fake.Wait(hs.t, 2*waitTimeout, "answer to "+text, func() bool {
		s := hs.fake.Sent(waitChat)
		return len(s) > before && ok(s[len(s)-1].Text)
	})
	return in
}

func anyText(string) bool { return true }

// waitForExtraction waits for the engine's first extraction call, and
// fails the test when none comes.
func waitForExtraction(t *testing.T, b *bottest.Bot) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), extractionWait)
	defer cancel()
	for b.Model.CountBySchema("extract_memories") == 0 {
		if ctx.Err() != nil {
			t.Fatalf("the engine made no extraction call within %v", extractionWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitMemories asks "/memories" in chat until the DM answer contains want.
func (hs *harness) waitMemories(chat models.Chat, u models.User, want string) string {
	hs.t.Helper()
	deadline := time.Now().Add(2 * waitTimeout)
	for {
		hs.ask(chat, u, "/memories", u.ID, anyText)
		dm := hs.fake.Sent(u.ID)
		last := dm[len(dm)-1].Text
		if strings.Contains(last, want) {
			return last
		}
		if time.Now().After(deadline) {
			hs.t.Fatalf("%s's memories never showed %q; last list: %q", u.FirstName, want, last)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestEndToEndPrivateMemoryCarriesIntoALaterConversation(t *testing.T) {
	b, hs := startEngine(t)
	scriptModel(b.Model, map[string]string{"Miso": "Has a cat called Miso"})
	dm := faketelegram.PrivateChat(alice)

	in := hs.ask(dm, alice, "Please remember that my cat is called Miso.", alice.ID, func(s string) bool { return s == "Sure, noted." })
	if got := hs.fake.Sent(alice.ID)[0]; got.ReplyTo != in.ID {
		t.Errorf("answer replies to %d, want %d", got.ReplyTo, in.ID)
	}
	waitForExtraction(t, b)
	list := hs.waitMemories(dm, alice, "Miso")
	if !strings.Contains(list, "cat") {
		t.Errorf("memory list %q", list)
	}

	// Later, in another conversation (a group), the memory is background.
	hs.ask(team, alice, "@membot what is my cat called?", team.ID, func(s string) bool { return s == "Sure, noted." })
	var system string
	for _, req := range b.Model.ChatRequests() {
		if req.SchemaName == "" && strings.Contains(req.LastUser(), "what is my cat called") {
			system = req.System()
		}
	}
	if !strings.Contains(system, "Miso") {
		t.Errorf("the later answer's prompt lacks the memory:\n%s", system)
	}
}

func TestEndToEndGroupKeepsEachPersonsMemoriesPrivate(t *testing.T) {
	b, hs := startEngine(t)
	scriptModel(b.Model, map[string]string{"Miso": "Has a cat called Miso", "Rex": "Has a dog called Rex"})
	noted := func(s string) bool { return s == "Sure, noted." }
	hs.ask(team, alice, "@membot remember that my cat is called Miso", team.ID, noted)
	hs.ask(team, bob, "@membot remember that my dog is called Rex", team.ID, noted)
	waitForExtraction(t, b)

	aliceList := hs.waitMemories(team, alice, "Miso")
	bobList := hs.waitMemories(team, bob, "Rex")
	if strings.Contains(aliceList, "Rex") || strings.Contains(bobList, "Miso") {
		t.Errorf("memories crossed people:\nalice: %q\nbob: %q", aliceList, bobList)
	}
	hs.fake.Wait(t, waitTimeout, "group notes", func() bool {
		n := 0
		for _, s := range hs.fake.SentTexts(team.ID) {
			if s == notesEN.sentDM {
				n++
			}
		}
		return n >= 2
	})
	for _, m := range hs.fake.AllSent() {
		if m.ChatID != team.ID || m.Deleted {
			continue
		}
		if m.Text != "Sure, noted." && m.Text != notesEN.sentDM {
			t.Errorf("the group saw %q", m.Text)
		}
	}
}
