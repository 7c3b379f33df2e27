package discord

import (
	"context"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

// runAdapter runs an adapter against fake until the returned cancel is
// called; wait returns Run's error.
func runAdapter(t *testing.T, fake *fakediscord.Server, h Handler, tweak func(*Options)) (cancel func(), wait func() error) {
	t.Helper()
	opts := Options{Token: testToken, HTTPClient: fake.Client(), EditInterval: time.Millisecond}
	if tweak != nil {
		tweak(&opts)
	}
	a, err := New(opts, h)
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- a.Run(ctx) }()
	fake.WaitUntil("connected", func() bool { return fake.Heartbeats() > 0 && len(fake.CallsTo("PUT", "/commands")) > 0 })
	return stop, func() error {
		select {
		case err := <-errc:
			return err
		case <-time.After(30 * time.Second):
			t.Fatal("Run did not return")
			return nil
		}
	}
}

func TestShutdownCompletesRepliesInProgress(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	proceed := make(chan struct{})
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, "half an answer"); err != nil {
			return err
		}
		<-proceed
		return r.Send(ctx, bot.Reply{Text: "the whole answer"})
	}}
	cancel, wait := runAdapter(t, fake, h, nil)
	u := fake.NewUser("nora")
	dm := fake.DMChannelOf(u.ID)
	fake.SendDM(u, "question")
	fake.WaitUntil("the reply started", func() bool { return len(fake.Messages(dm)) == 1 })
	cancel()
	// Let the reply finish only once shutdown has closed the gateway.
	fake.WaitUntil("the gateway closed", func() bool { return !fake.Connected() })
	close(proceed)
	if err := wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if ms := fake.Messages(dm); len(ms) != 1 || ms[0].Content != "the whole answer" {
		t.Errorf("after shutdown the DM shows %+v; want the completed reply", ms)
	}
}

func TestShutdownIsBounded(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	cancelled := make(chan struct{})
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		<-ctx.Done() // a reply that never ends on its own
		close(cancelled)
		return ctx.Err()
	}}
	cancel, wait := runAdapter(t, fake, h, func(o *Options) { o.ShutdownTimeout = 50 * time.Millisecond })
	u := fake.NewUser("otto")
	fake.SendDM(u, "question")
	fake.WaitUntil("the question is handled", func() bool { return len(h.handledMessages()) == 1 })
	cancel()
	if err := wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	select {
	case <-cancelled:
	default:
		t.Error("Run returned without cancelling the stuck reply")
	}
}

func TestStreamWithoutSendIsCompleted(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, _ bot.Message, r bot.Responder) error {
		if err := r.Stream(ctx, "part"); err != nil {
			return err
		}
		return r.Stream(ctx, "part and the rest") // throttled: not shown yet
	}}
	hs := start(t, h, func(o *Options) { o.EditInterval = time.Hour })
	u := hs.fake.NewUser("pia")
	hs.fake.SendDM(u, "question")
	msgs := hs.waitContent(hs.fake.DMChannelOf(u.ID), "part and the rest")
	if len(msgs) != 1 || len(msgs[0].History) != 2 {
		t.Errorf("got %+v; want the streamed message completed by one edit", msgs)
	}
}

func TestSlashCommandInDMIsNotEphemeral(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: memoriesEngine}
	hs := start(t, h, nil)
	u := hs.fake.NewUser("quinn")
	dm := hs.fake.DMChannelOf(u.ID)
	botDM := discordgo.InteractionContextBotDM
	id := hs.fake.Slash(dm, fakediscord.Invoker{User: u, Context: &botDM}, "memories", fakediscord.Sub("list", fakediscord.Int("page", 2)))
	hs.fake.WaitUntil("answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
	m := hs.fake.InteractionMessages(id)[0]
	if m.Ephemeral || m.Audience != u.ID {
		t.Errorf("DM response %+v: want a plain message only the user sees", m)
	}
	if got := h.handledMessages(); len(got) != 1 || !got[0].IsDM || got[0].GuildID != "" {
		t.Errorf("engine got %+v", got)
	}
}

func TestSlashCommandInGroupDMIsEphemeral(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		if msg.Text == "/summary" { // streamed: its privacy is not known while it streams
			if err := r.Stream(ctx, "Summary so"); err != nil {
				return err
			}
			return r.Send(ctx, bot.Reply{Text: "Summary so far.", Private: true})
		}
		return memoriesEngine(ctx, msg, r)
	}}
	hs := start(t, h, nil)
	u := hs.fake.NewUser("rae")
	group := hs.fake.AddGroupDM()
	tests := []struct {
		name string
		run  func() string
	}{
		{"private reply", func() string {
			return hs.fake.Slash(group, fakediscord.Invoker{User: u}, "memories", fakediscord.Sub("list", fakediscord.Int("page", 2)))
		}},
		{"streamed reply", func() string {
			return hs.fake.Slash(group, fakediscord.Invoker{User: u}, "summary")
		}},
	}
	for n, tc := range tests {
		id := tc.run()
		hs.fake.WaitUntil("answered", func() bool { return len(hs.fake.InteractionMessages(id)) == 1 })
		m := hs.fake.InteractionMessages(id)[0]
		if !m.Ephemeral || m.Audience != u.ID {
			t.Errorf("%s: group DM response %+v: want an ephemeral message only the asker sees", tc.name, m)
		}
		got := h.handledMessages()
		if len(got) != n+1 || got[n].IsDM || got[n].GuildID != "" {
			t.Errorf("%s: engine got %+v; want a message that is not a DM", tc.name, got)
		}
	}
}

func TestRepliesAreCancelledAtShutdownWhateverTheEnginesContext(t *testing.T) {
	t.Parallel()
	fake := fakediscord.New(t)
	returned := make(chan error, 1)
	h := &scriptHandler{reply: func(_ context.Context, _ bot.Message, r bot.Responder) error {
		// An engine whose own context never ends.
		err := r.Send(context.Background(), bot.Reply{Text: "stuck answer"})
		returned <- err
		return err
	}}
	cancel, wait := runAdapter(t, fake, h, func(o *Options) { o.ShutdownTimeout = 50 * time.Millisecond })
	fake.HangNext("POST", "/messages", 1)
	u := fake.NewUser("sam")
	fake.SendDM(u, "question")
	fake.WaitUntil("the reply is stuck", func() bool { return len(fake.CallsTo("POST", "/messages")) == 1 })
	cancel()
	if err := wait(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	select {
	case err := <-returned:
		if err == nil {
			t.Error("the stuck reply reported success")
		}
	default:
		t.Error("Run returned with the reply still stuck: shutdown did not cancel it")
	}
}
