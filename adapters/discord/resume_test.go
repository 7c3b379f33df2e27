package discord

import (
	"context"
	"testing"

	"github.com/membot/membot/bot"
)

// TestGatewayDropMidReplyResumesWithoutLossOrDuplicate cuts the gateway
// while a reply is streaming, sends a message while the bot is away, and
// replays an event the bot already saw: every message is handled once and
// every reply completes once.
func TestGatewayDropMidReplyResumesWithoutLossOrDuplicate(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, "thinking about "+msg.Text); err != nil {
			return err
		}
		if msg.Text == "first" {
			<-release
		}
		return r.Send(ctx, bot.Reply{Text: "answer to " + msg.Text})
	}}
	hs := start(t, h, nil)
	lea := hs.fake.NewUser("lea")
	dm := hs.fake.DMChannelOf(lea.ID)

	hs.fake.SendDM(lea, "first")
	hs.waitContent(dm, "thinking about first")
	hs.fake.DropGateway()
	second := hs.fake.SendDM(lea, "second") // kept for the resume
	close(release)                          // the first reply finishes while disconnected
	hs.waitContent(dm, "answer to first")
	hs.fake.WaitUntil("the session resumed", func() bool { return hs.fake.Resumes() == 1 })
	hs.waitContent(dm, "answer to second")
	hs.fake.Post(second) // a duplicate delivery
	hs.fake.SendDM(lea, "third")
	hs.waitContent(dm, "answer to third")

	if n := len(hs.fake.Identifies()); n != 1 {
		t.Errorf("the bot identified %d times; want a resume, not a new session", n)
	}
	counts := map[string]int{}
	for _, m := range h.handledMessages() {
		counts[m.Text]++
	}
	for _, text := range []string{"first", "second", "third"} {
		if counts[text] != 1 {
			t.Errorf("%q handled %d times, want once", text, counts[text])
		}
	}
	replies := map[string]int{}
	for _, m := range hs.fake.Messages(dm) {
		replies[m.Content]++
	}
	for _, want := range []string{"answer to first", "answer to second", "answer to third"} {
		if replies[want] != 1 {
			t.Errorf("%q shown %d times, want once", want, replies[want])
		}
	}
	if len(hs.fake.Messages(dm)) != 3 {
		t.Errorf("got %d messages in the DM, want 3", len(hs.fake.Messages(dm)))
	}
}
