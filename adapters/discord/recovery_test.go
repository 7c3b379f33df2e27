package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

func TestPanicInTheEngineIsLoggedAndSurvived(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if strings.Contains(msg.Text, "boom") {
			panic("engine bug on " + msg.Text)
		}
		return r.Send(ctx, bot.Reply{Text: "answer to " + msg.Text})
	}}
	hs := start(t, h, nil)
	u := hs.fake.NewUser("tia")
	dm := hs.fake.DMChannelOf(u.ID)
	hs.fake.SendDM(u, "boom")
	hs.fake.SendDM(u, "still there?")
	hs.waitContent(dm, "answer to still there?")

	ch, alice, _ := guildSetup(hs)
	id := hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "memories", fakediscord.Sub("search", fakediscord.Str("query", "boom")))
	hs.fake.WaitUntil("the command is answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	if m := hs.fake.InteractionMessages(id)[0]; m.Content != noteFailed || !m.Ephemeral {
		t.Errorf("the failed command shows %+v; want the failure note, ephemeral", m)
	}
	logs := hs.logs.String()
	for _, want := range []string{"level=ERROR", "recovered from a panic", "engine bug on boom", "engine bug on /memories search boom", "goroutine"} {
		if !strings.Contains(logs, want) {
			t.Errorf("the logs lack %q", want)
		}
	}
}
