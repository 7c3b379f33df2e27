package panele2e_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/adapters/telegram"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/faketelegram"
	"github.com/membot/membot/memory"
)

// waitFor bounds every wait for the bot: a reply, an extraction.
const waitFor = 30 * time.Second

// chatReply is what the fake model answers every chat turn with.
const chatReply = "Noted, thanks."

// fact is a memory the fake model extracts from any message holding key:
// a lasting fact when kind is "fact", else a long-term preference.
type fact struct{ key, text, kind string }

// harness is a running membot with Telegram on a fake Bot API, a fake
// model, and the operator's listener on a local port.
type harness struct {
	t     *testing.T
	bot   *bottest.Bot
	model *fakeopenai.Server
	tg    *faketelegram.Server
	// addr is the operator's listener, host:port.
	addr string
}

// start runs membot as `membot run` would with a Telegram token, with
// http.listen on a free local port. The model extracts one memory per
// known fact from the messages that mention its key.
func start(t *testing.T, known []fact, edit ...func(c *config.Config, addr string)) *harness {
	t.Helper()
	addr := freeAddr(t)
	model := fakeopenai.New(t)
	model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Text(chatReply) })
	model.OnSchema("extract_memories", extractKnown(known))
	b := bottest.New(t, bottest.WithModel(model), bottest.WithConfig(func(c *config.Config) {
		c.HTTP.Listen = addr
		for _, e := range edit {
			e(c, addr)
		}
	}))
	if got := b.OpsAddr(); got != addr {
		t.Fatalf("the operator's listener is on %q, want %q", got, addr)
	}
	tg := faketelegram.New(t, faketelegram.Config{})
	a, err := telegram.New(telegram.Options{
		Token: tg.Token, APIURL: tg.URL,
		PollTimeout: 10 * time.Second, RequestTimeout: 5 * time.Second, EditInterval: 10 * time.Millisecond,
		Logger: slog.New(slog.DiscardHandler),
	}, b.Handler)
	if err != nil {
		t.Fatalf("telegram adapter: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	if err := a.Start(context.WithoutCancel(ctx)); err != nil {
		t.Fatalf("start the telegram adapter: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), waitFor)
		defer cancel()
		if err := a.Close(ctx); err != nil {
			t.Errorf("close the telegram adapter: %v", err)
		}
	})
	select {
	case <-a.Ready():
	case <-ctx.Done():
		t.Fatal("the telegram adapter is not ready")
	}
	if err := a.StartErr(); err != nil {
		t.Fatalf("the telegram adapter did not start: %v", err)
	}
	return &harness{t: t, bot: b, model: model, tg: tg, addr: addr}
}

// sourceLine is a line of an extraction window that can be a source:
// "[m3] time | "Ann" (author) | "text"" (the author's consecutive
// messages share one line).
var sourceLine = regexp.MustCompile(`(?m)^\[(m\d+)\] .*$`)

// extractKnown answers extraction as a literal model would: every known
// fact whose key a source line mentions is a memory citing that line.
func extractKnown(known []fact) fakeopenai.ChatHandler {
	return func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var window strings.Builder
		for _, m := range req.Messages {
			if m.Role == "user" {
				window.WriteString(m.Content)
			}
		}
		memories := []map[string]any{}
		for _, line := range sourceLine.FindAllStringSubmatch(window.String(), -1) {
			for _, f := range known {
				if strings.Contains(line[0], f.key) {
					kind, lifecycle := "preference", "long_term"
					if f.kind == "fact" {
						kind, lifecycle = "fact", "fact"
					}
					memories = append(memories, map[string]any{
						"text": f.text, "type": kind, "lifecycle": lifecycle, "subject": f.key,
						"tags": []string{f.key}, "keywords": strings.Fields(strings.ToLower(f.text)),
						"importance": 0.8, "confidence": 0.95, "event_time": nil, "expires_at": nil,
						"source_ids": []string{line[1]},
					})
				}
			}
		}
		out, err := json.Marshal(map[string]any{"memories": memories})
		if err != nil {
			panic(err)
		}
		return fakeopenai.Text(string(out))
	}
}

// freeAddr picks a free local port for the operator's listener. Its
// address has to be known before membot starts, since the sign-in links
// point at it (web.public_url); start checks that membot got it.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// person is someone chatting with the bot in a private chat.
type person struct {
	h    *harness
	user models.User
}

// person makes someone with Telegram user id id.
func (h *harness) person(id int64, name string) *person {
	return &person{h: h, user: faketelegram.User(id, name, strings.ToLower(name))}
}

// say sends text to the bot in the private chat and returns the text of
// the bot's next message there once done accepts it (a streamed reply is
// edited until it is whole).
func (p *person) say(text string, done func(string) bool) string {
	p.h.t.Helper()
	chat := faketelegram.PrivateChat(p.user)
	before := len(p.h.tg.Sent(chat.ID))
	p.h.tg.PushMessage(p.h.tg.NewMessage(chat, p.user, text))
	var got string
	p.h.tg.Wait(p.h.t, waitFor, "the answer to "+strconv.Quote(text), func() bool {
		s := p.h.tg.Sent(chat.ID)
		if len(s) <= before || !done(s[len(s)-1].Text) {
			return false
		}
		got = s[len(s)-1].Text
		return true
	})
	return got
}

// chat says text and waits for the model's whole reply.
func (p *person) chat(text string) {
	p.h.t.Helper()
	p.say(text, func(s string) bool { return s == chatReply })
}

// extract asks for the extraction of what was said so far now, instead
// of after the extraction delay.
func (p *person) extract() string {
	p.h.t.Helper()
	return p.say("/memories extract", func(string) bool { return true })
}

// personID is the person's id in the store.
func (p *person) personID() string {
	p.h.t.Helper()
	who, err := p.h.bot.Store.ResolveIdentity(context.Background(), "telegram", strconv.FormatInt(p.user.ID, 10), p.user.Username)
	if err != nil {
		p.h.t.Fatal(err)
	}
	return who.ID
}

// memories lists the person's memories straight from the store.
func (p *person) memories() []memory.Memory {
	p.h.t.Helper()
	ms, err := p.h.bot.Store.ListMemories(context.Background(), memory.MemoryQuery{Owner: p.personID()})
	if err != nil {
		p.h.t.Fatal(err)
	}
	return ms
}

// memoryWith is the id of the person's memory whose text holds s.
func (p *person) memoryWith(s string) string {
	p.h.t.Helper()
	for _, m := range p.memories() {
		if strings.Contains(m.Text, s) {
			return m.ID
		}
	}
	p.h.t.Fatalf("%s has no memory holding %q: %+v", p.user.FirstName, s, p.memories())
	return ""
}

// The harness itself: what a person says on the fake Telegram becomes
// memories through the fake model, and the operator's listener answers on
// the port chosen before the start.
func TestHarnessChatsFactsIntoMemories(t *testing.T) {
	h := start(t, []fact{{"Miso", "Has a cat called Miso", "fact"}, {"Lisbon", "Lives in Lisbon", "fact"}})
	ann := h.person(4201, "Ann")
	ann.chat("My cat is called Miso.")
	ann.chat("I live in Lisbon these days.")
	if out := ann.extract(); !strings.Contains(out, "2") {
		t.Errorf("/memories extract answered %q, want 2 added", out)
	}
	got := map[string]bool{}
	for _, m := range ann.memories() {
		got[m.Text] = true
	}
	if !got["Has a cat called Miso"] || !got["Lives in Lisbon"] || len(got) != 2 {
		t.Errorf("memories after the chat: %v", got)
	}
	if a, b := ann.memoryWith("Miso"), ann.memoryWith("Lisbon"); a == b {
		t.Errorf("two facts, one memory id %q", a)
	}
	bob := h.person(4202, "Bob")
	bob.chat("Hello there")
	if ms := bob.memories(); len(ms) != 0 {
		t.Errorf("Bob has memories he never spoke of: %+v", ms)
	}
	if h.model.CountBySchema("extract_memories") != 1 {
		t.Errorf("%d extraction calls, want 1", h.model.CountBySchema("extract_memories"))
	}
}
