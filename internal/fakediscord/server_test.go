package fakediscord

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// session opens a real unsharded discordgo session against the fake.
func session(t *testing.T, s *Server) (*discordgo.Session, chan *discordgo.MessageCreate) {
	t.Helper()
	dg, created, _ := shardSession(t, s, 0, 0)
	return dg, created
}

// shardSession opens a real discordgo session as shard id of count (count
// 0: unsharded) and waits for its first heartbeat. stop closes it; it is
// also called when the test ends.
func shardSession(t *testing.T, s *Server, id, count int) (dg *discordgo.Session, created chan *discordgo.MessageCreate, stop func()) {
	t.Helper()
	dg, err := discordgo.New("Bot fake-token")
	if err != nil {
		t.Fatal(err)
	}
	dg.Client = s.Client()
	dg.SyncEvents = true
	dg.ShardID, dg.ShardCount = id, count
	created = make(chan *discordgo.MessageCreate, 16)
	dg.AddHandler(func(_ *discordgo.Session, m *discordgo.MessageCreate) { created <- m })
	beats := s.ShardHeartbeats(id)
	opened := make(chan error, 1)
	go func() { opened <- dg.Open() }()
	select {
	case err := <-opened:
		if err != nil {
			t.Fatalf("open: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("open timed out")
	}
	s.WaitUntil("first heartbeat", func() bool { return s.ShardHeartbeats(id) > beats })
	var once sync.Once
	stop = func() {
		once.Do(func() {
			dg.Lock()
			dg.ShouldReconnectOnError = false
			dg.Unlock()
			_ = dg.Close()
		})
	}
	t.Cleanup(stop)
	return dg, created, stop
}

func next(t *testing.T, c chan *discordgo.MessageCreate) *discordgo.MessageCreate {
	t.Helper()
	select {
	case m := <-c:
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no MESSAGE_CREATE")
		return nil
	}
}

func TestGatewayAndRESTWithDiscordgo(t *testing.T) {
	s := New(t)
	dg, created := session(t, s)
	if dg.State.User == nil || dg.State.User.ID != s.Bot().ID {
		t.Fatalf("READY user not applied: %+v", dg.State.User)
	}
	u := s.NewUser("ann")
	sent := s.SendDM(u, "hello")
	got := next(t, created)
	if got.ID != sent.ID || got.Content != "hello" || got.Author.ID != u.ID {
		t.Fatalf("received %+v", got.Message)
	}
	m, err := dg.ChannelMessageSendReply(got.ChannelID, "hi ann", got.Reference())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageEdit(got.ChannelID, m.ID, "hi again"); err != nil {
		t.Fatal(err)
	}
	stored, ok := s.Message(m.ID)
	if !ok || stored.Content != "hi again" || stored.ReferenceID != sent.ID || stored.Audience != u.ID || len(stored.History) != 2 {
		t.Errorf("stored %+v", stored)
	}
	if seen := s.SeenBy(s.NewID()); len(seen) != 0 {
		t.Errorf("a stranger sees a DM: %+v", seen)
	}

	s.DropGateway()
	s.SendDM(u, "while away")
	if m := next(t, created); m.Content != "while away" {
		t.Errorf("after resume got %q", m.Content)
	}
	if s.Resumes() != 1 || len(s.Identifies()) != 1 {
		t.Errorf("resumes %d identifies %d", s.Resumes(), len(s.Identifies()))
	}
}

func TestFailureInjection(t *testing.T) {
	s := New(t)
	dg, _ := session(t, s)
	guild := s.NewGuild()
	ch := s.AddChannel(guild)

	s.RateLimitNext("POST", "/messages", 10*time.Millisecond, false)
	if _, err := dg.ChannelMessageSend(ch, "after a rate limit"); err != nil {
		t.Fatalf("discordgo did not retry the 429: %v", err)
	}
	s.DenyChannel(ch)
	_, err := dg.ChannelMessageSend(ch, "denied")
	var re *discordgo.RESTError
	if !errors.As(err, &re) || re.Message == nil || re.Message.Code != discordgo.ErrCodeMissingPermissions {
		t.Errorf("denied channel answered %v", err)
	}
	u := s.NewUser("bo")
	s.CloseDMs(u.ID)
	dm, err := dg.UserChannelCreate(u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageSend(dm.ID, "x"); !errors.As(err, &re) || re.Message.Code != discordgo.ErrCodeCannotSendMessagesToThisUser {
		t.Errorf("closed DMs answered %v", err)
	}
	var statuses []int
	for _, c := range s.CallsTo("POST", "/messages") {
		statuses = append(statuses, c.Status)
	}
	if len(statuses) != 4 || statuses[0] != 429 || statuses[1] != 200 || statuses[2] != 403 || statuses[3] != 403 {
		t.Errorf("statuses %v", statuses)
	}
}

func TestInteractionsAreModelled(t *testing.T) {
	s := New(t)
	dg, _ := session(t, s)
	interactions := make(chan *discordgo.InteractionCreate, 4)
	dg.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { interactions <- i })
	ch := s.AddChannel(s.NewGuild())
	u := s.NewUser("cy")
	id := s.Slash(ch, Invoker{User: u, Permissions: discordgo.PermissionManageGuild}, "memories", Sub("list", Int("page", 2)))
	var i *discordgo.InteractionCreate
	select {
	case i = <-interactions:
	case <-time.After(10 * time.Second):
		t.Fatal("no interaction")
	}
	data := i.ApplicationCommandData()
	if i.ID != id || i.Member.User.ID != u.ID || i.Member.Permissions != discordgo.PermissionManageGuild || data.Options[0].Options[0].IntValue() != 2 {
		t.Fatalf("interaction %+v", i.Interaction)
	}
	err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	})
	if err != nil {
		t.Fatal(err)
	}
	text := "done"
	if _, err := dg.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &text}); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "more", Flags: discordgo.MessageFlagsEphemeral}); err != nil {
		t.Fatal(err)
	}
	if err := dg.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource}); err == nil {
		t.Error("a second callback was accepted")
	}
	ms := s.InteractionMessages(id)
	if len(ms) != 2 || ms[0].Content != "done" || !ms[0].Ephemeral || ms[1].Content != "more" || ms[1].Audience != u.ID {
		t.Errorf("interaction messages %+v", ms)
	}
	if seen := s.SeenBy(s.NewID()); len(seen) != 0 {
		t.Errorf("another member sees ephemeral messages: %+v", seen)
	}
	if len(s.SeenBy(u.ID)) != 2 {
		t.Errorf("the invoker sees %d messages, want 2", len(s.SeenBy(u.ID)))
	}
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("fake listens on %s", s.URL())
	}
}

func TestInteractionContextFollowsTheChannel(t *testing.T) {
	s := New(t)
	dg, _ := session(t, s)
	got := make(chan *discordgo.Interaction, 4)
	dg.AddHandler(func(_ *discordgo.Session, e *discordgo.InteractionCreate) { got <- e.Interaction })
	u := s.NewUser("ida")
	botDM := discordgo.InteractionContextBotDM
	tests := []struct {
		name    string
		channel string
		who     Invoker
		want    discordgo.InteractionContextType
	}{
		{"guild channel", s.AddChannel(s.NewGuild()), Invoker{User: u}, discordgo.InteractionContextGuild},
		{"DM with the bot", s.DMChannelOf(u.ID), Invoker{User: u}, discordgo.InteractionContextBotDM},
		{"group DM", s.AddGroupDM(), Invoker{User: u}, discordgo.InteractionContextPrivateChannel},
		{"pinned context", s.AddGroupDM(), Invoker{User: u, Context: &botDM}, discordgo.InteractionContextBotDM},
	}
	for _, tc := range tests {
		s.Slash(tc.channel, tc.who, "help")
		select {
		case i := <-got:
			if i.Context != tc.want {
				t.Errorf("%s: context %d, want %d", tc.name, i.Context, tc.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no INTERACTION_CREATE", tc.name)
		}
	}
}

func TestHangNextHoldsTheRequest(t *testing.T) {
	s := New(t)
	dg, err := discordgo.New("Bot fake-token")
	if err != nil {
		t.Fatal(err)
	}
	dg.Client = s.Client()
	ch := s.AddChannel(s.NewGuild())
	s.HangNext("POST", "/messages", 1)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := dg.ChannelMessageSend(ch, "stuck", discordgo.WithContext(ctx))
		errc <- err
	}()
	s.WaitUntil("the request arrives", func() bool { return len(s.CallsTo("POST", "/messages")) == 1 })
	select {
	case err := <-errc:
		t.Fatalf("the hung request returned early: %v", err)
	default:
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("hung request ended with %v, want the client's cancellation", err)
	}
	if _, err := dg.ChannelMessageSend(ch, "next"); err != nil {
		t.Errorf("the next request should be answered: %v", err)
	}
}
