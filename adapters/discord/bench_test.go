package discord

import (
	"context"
	"fmt"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// BenchmarkFirstStreamedEdit measures, per message, the time from the fake
// Discord dispatching MESSAGE_CREATE to it receiving the first streamed
// text of the reply, with an engine that streams at once. It includes the
// gateway and REST round trips on the loopback interface.
func BenchmarkFirstStreamedEdit(b *testing.B) {
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, "first token"); err != nil {
			return err
		}
		return r.Send(ctx, bot.Reply{Text: "first token, then the rest"})
	}}
	hs := start(b, h, nil)
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		u := hs.fake.NewUser("bench")
		dm := hs.fake.DMChannelOf(u.ID)
		b.StartTimer()
		hs.fake.SendDM(u, "question")
		hs.fake.WaitUntil("first streamed text", func() bool { return len(hs.fake.Messages(dm)) > 0 })
		b.StopTimer()
		hs.waitContent(dm, "first token, then the rest")
		b.StartTimer()
	}
}

// BenchmarkFiftyPeopleAtOnce sends 50 messages from 50 people spread over
// 10 channels at once and waits until all are answered, checking that
// the answers in each channel come in the order of the questions.
func BenchmarkFiftyPeopleAtOnce(b *testing.B) {
	const people, channels = 50, 10
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, "working on "+msg.ID); err != nil {
			return err
		}
		return r.Send(ctx, bot.Reply{Text: "answer to " + msg.ID})
	}}
	hs := start(b, h, nil)
	guild := hs.fake.NewGuild()
	users := make([]*discordgo.User, people)
	for i := range users {
		users[i] = hs.fake.NewUser(fmt.Sprintf("user%d", i))
	}
	mention := "<@" + hs.fake.Bot().ID + "> "
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		chans := make([]string, channels)
		for i := range chans {
			chans[i] = hs.fake.AddChannel(guild)
		}
		asked := make([][]string, channels)
		b.StartTimer()
		for i, u := range users {
			m := hs.fake.Say(chans[i%channels], u, mention+"question")
			asked[i%channels] = append(asked[i%channels], m.ID)
		}
		hs.fake.WaitUntil("all answered", func() bool {
			for c, ch := range chans {
				ms := hs.fake.Messages(ch)
				if len(ms) != len(asked[c]) || ms[len(ms)-1].Content != "answer to "+asked[c][len(asked[c])-1] {
					return false
				}
			}
			return true
		})
		b.StopTimer()
		for c, ch := range chans {
			for i, m := range hs.fake.Messages(ch) {
				if m.ReferenceID != asked[c][i] || m.Content != "answer to "+asked[c][i] {
					b.Fatalf("channel %d: answer %d is %q replying to %s; want the answer to %s", c, i, m.Content, m.ReferenceID, asked[c][i])
				}
			}
		}
		b.StartTimer()
	}
}
