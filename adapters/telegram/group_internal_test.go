package telegram

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

var (
	bob  = faketelegram.User(502, "Bob", "bob")
	team = faketelegram.Group(-100300, "Team")
)

func TestGroupRepliesOnlyWhenAddressed(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		toBot     bool // reply to the bot's message
		addressed bool
		wantText  string
	}{
		{"plain chatter", "anyone up for lunch?", false, false, "anyone up for lunch?"},
		{"mention", "@membot what's the weather", false, true, "what's the weather"},
		{"mention mid-sentence", "hey @MemBot, remind me", false, true, "hey @MemBot, remind me"},
		{"mention of a lookalike", "ask @membot_fan instead", false, false, "ask @membot_fan instead"},
		{"reply to the bot", "thanks, and tomorrow?", true, true, "thanks, and tomorrow?"},
		{"command", "/help", false, true, "/help"},
		{"command to this bot", "/summary@membot", false, true, "/summary"},
		{"command with arguments", "/memories@MemBot forget abc123", false, true, "/memories forget abc123"},
		{"command to another bot", "/summary@otherbot", false, false, "/summary@otherbot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newEchoHandler()
			hs := startHarness(t, h, nil)
			in := hs.fake.NewMessage(team, alice, tt.text)
			if tt.toBot {
				earlier := faketelegram.Message{ChatID: team.ID, ID: 77, Text: "It will rain."}
				in.ReplyToMessage = hs.fake.AsIncoming(earlier)
			}
			hs.fake.PushMessage(in)
			msgs := hs.waitHandled(1)
			got := msgs[0]
			if got.Addressed != tt.addressed || got.Text != tt.wantText {
				t.Errorf("addressed=%v text=%q, want %v %q", got.Addressed, got.Text, tt.addressed, tt.wantText)
			}
			if got.IsDM || got.GuildID != fmt.Sprint(team.ID) || got.ChatID != fmt.Sprint(team.ID) {
				t.Errorf("chat fields: %+v", got)
			}
			if tt.toBot && got.ReplyToID != "77" {
				t.Errorf("reply-to = %q, want 77", got.ReplyToID)
			}
			// A later addressed message proves the first was fully processed.
			hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/help"))
			want := 1
			if tt.addressed {
				want = 2
			}
			sent := hs.waitSent(team.ID, want)
			if len(sent) != want {
				t.Errorf("group shows %q, want %d replies", hs.fake.SentTexts(team.ID), want)
			}
			if tt.addressed && (sent[0].ReplyTo != in.ID || sent[0].Text != "echo: "+tt.wantText) {
				t.Errorf("reply %q to %d, want echo replying to %d", sent[0].Text, sent[0].ReplyTo, in.ID)
			}
		})
	}
}

func TestForumTopicIsTheConversation(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	forum := faketelegram.Forum(-100400, "Forum")
	in := hs.fake.NewMessage(forum, alice, "@membot hi in a topic")
	in.MessageThreadID, in.IsTopicMessage = 42, true
	in.ReplyToMessage = &models.Message{ID: 42, Chat: forum, Date: in.Date, ForumTopicCreated: &models.ForumTopicCreated{Name: "Ideas"}}
	hs.fake.PushMessage(in)
	sent := hs.waitSent(forum.ID, 1)
	got := h.Messages()[0]
	if got.ThreadID != "42" || got.ReplyToID != "" || got.ConversationID() != fmt.Sprintf("telegram:%d:42", forum.ID) {
		t.Errorf("thread %q reply-to %q conversation %q", got.ThreadID, got.ReplyToID, got.ConversationID())
	}
	if sent[0].ThreadID != 42 {
		t.Errorf("reply in thread %d, want 42", sent[0].ThreadID)
	}
}

func TestPrivateReplyInGroupGoesToDM(t *testing.T) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		if msg.Text == "/memories" {
			h.noteErr(r.Stream(ctx, "Your memories: likes"))
		}
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Your memories: likes tea", Private: true}))
	}
	hs := startHarness(t, h, nil)
	in := hs.fake.NewMessage(team, alice, "/memories")
	hs.fake.PushMessage(in)
	dm := hs.waitSent(alice.ID, 1)
	if dm[0].Text != "Your memories: likes tea" || dm[0].ReplyTo != 0 {
		t.Errorf("DM %q replying to %d", dm[0].Text, dm[0].ReplyTo)
	}
	group := hs.waitSent(team.ID, 1)
	if len(group) != 1 || group[0].Text != notesEN.sentDM || group[0].ReplyTo != in.ID {
		t.Errorf("group shows %q", hs.fake.SentTexts(team.ID))
	}
	for _, m := range hs.fake.AllSent() {
		if m.ChatID == team.ID && !m.Deleted && strings.Contains(m.Text, "memories") {
			t.Errorf("private content visible in the group: %q", m.Text)
		}
	}
	if n := hs.fake.CallCount("deleteMessage"); n != 1 {
		t.Errorf("streamed private text taken down %d times, want 1", n)
	}
}

func TestPrivateReplyWhenDMIsImpossibleLeavesAHint(t *testing.T) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Your memories: likes tea", Private: true}))
	}
	hs := startHarness(t, h, nil)
	hs.fake.FailChat(alice.ID, "", faketelegram.CantInitiate(), -1)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/memories"))
	group := hs.waitSent(team.ID, 1)
	if !strings.Contains(group[0].Text, "https://t.me/membot") || strings.Contains(group[0].Text, "tea") {
		t.Errorf("group hint = %q", group[0].Text)
	}
	for _, m := range hs.fake.AllSent() {
		if strings.Contains(m.Text, "tea") {
			t.Errorf("private content delivered to chat %d: %q", m.ChatID, m.Text)
		}
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestButtonsComeBackAsCommands(t *testing.T) {
	long := "/memories forget " + strings.Repeat("0123456789", 8)
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		if msg.Text != "/memories" {
			h.noteErr(r.Send(ctx, bot.Reply{Text: "ran " + msg.Text}))
			return
		}
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Page 1", Buttons: [][]bot.Button{{
			{Label: "Next", Command: "/memories list 2"},
			{Label: "Forget", Command: long},
		}}}))
	}
	hs := startHarness(t, h, nil)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/memories"))
	page := hs.waitSent(team.ID, 1)[0]
	if len(page.Buttons) != 1 || len(page.Buttons[0]) != 2 {
		t.Fatalf("buttons = %+v", page.Buttons)
	}
	next, forget := page.Buttons[0][0], page.Buttons[0][1]
	if next.Text != "Next" || next.CallbackData != fmt.Sprint(alice.ID)+"/memories list 2" {
		t.Errorf("next button = %+v", next)
	}
	if len(forget.CallbackData) > 64 || forget.CallbackData == long {
		t.Errorf("long command sent as callback data %q", forget.CallbackData)
	}

	// Alice, who asked, presses both; the engine sees her typing the
	// commands.
	_, cb1 := hs.fake.PushCallback(alice, page, next.CallbackData)
	_, cb2 := hs.fake.PushCallback(alice, page, forget.CallbackData)
	hs.fake.PushCallback(alice, page, "~not-a-token")
	hs.waitSent(team.ID, 3)
	hs.waitIdle()
	msgs := h.Messages()
	if len(msgs) != 3 {
		t.Fatalf("handler got %d messages, want 3", len(msgs))
	}
	for i, want := range []struct{ id, text string }{{"cb:" + cb1, "/memories list 2"}, {"cb:" + cb2, long}} {
		got := msgs[i+1]
		if got.ID != want.id || got.Text != want.text || got.Author.ID != fmt.Sprint(alice.ID) || !got.Addressed || got.ChatID != fmt.Sprint(team.ID) {
			t.Errorf("button press %d = %+v", i, got)
		}
	}
	hs.fake.Wait(t, waitTimeout, "answers", func() bool { return hs.fake.CallCount("answerCallbackQuery") == 3 })
	expired := 0
	for _, c := range hs.fake.Calls("answerCallbackQuery") {
		if c.Fields["text"] == notesEN.buttonExpired {
			expired++
		}
	}
	if expired != 1 {
		t.Errorf("%d presses answered as expired, want 1", expired)
	}
}

func TestButtonsRefuseOtherUsers(t *testing.T) {
	long := "/memories forget " + strings.Repeat("0123456789", 8)
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Page 1", Buttons: [][]bot.Button{{
			{Label: "Next", Command: "/memories list 2"},
			{Label: "Forget", Command: long},
		}}}))
	}
	hs := startHarness(t, h, nil)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/memories"))
	page := hs.waitSent(team.ID, 1)[0]
	if len(page.Buttons) != 1 || len(page.Buttons[0]) != 2 {
		t.Fatalf("buttons = %+v", page.Buttons)
	}
	hs.waitHandled(1)

	// Bob presses Alice's buttons, short and long, and a legacy button
	// without an owner; none of it reaches the engine.
	for _, data := range []string{page.Buttons[0][0].CallbackData, page.Buttons[0][1].CallbackData, "/memories list 2"} {
		hs.fake.PushCallback(bob, page, data)
	}
	hs.waitIdle()
	hs.fake.Wait(t, waitTimeout, "answers", func() bool { return hs.fake.CallCount("answerCallbackQuery") == 3 })
	if msgs := h.Messages(); len(msgs) != 1 {
		t.Errorf("handler got %d messages, want only Alice's command: %+v", len(msgs), msgs)
	}
	var notYours, expired int
	for _, c := range hs.fake.Calls("answerCallbackQuery") {
		switch c.Fields["text"] {
		case "This button is not yours.":
			notYours++
		case notesEN.buttonExpired:
			expired++
		}
		if c.Fields["show_alert"] == "true" {
			t.Errorf("refusal shown as an alert: %+v", c.Fields)
		}
	}
	if notYours != 2 || expired != 1 {
		t.Errorf("answers: %d not yours, %d expired; want 2 and 1", notYours, expired)
	}
	if got := len(hs.fake.Sent(team.ID)); got != 1 {
		t.Errorf("team chat shows %d messages, want only the page", got)
	}
}

func TestSettingsCommandCarriesAdminFlag(t *testing.T) {
	h := newFakeHandler(nil)
	hs := startHarness(t, h, nil)
	hs.fake.SetMember(team.ID, alice.ID, models.ChatMemberTypeAdministrator)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/membot config passive on"))
	hs.fake.PushMessage(hs.fake.NewMessage(team, bob, "/membot@membot config passive off"))
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/membot config passive off"))
	msgs := hs.waitHandled(3)
	if !msgs[0].Author.IsAdmin || msgs[1].Author.IsAdmin || !msgs[2].Author.IsAdmin {
		t.Errorf("admin flags = %v %v %v, want true false true", msgs[0].Author.IsAdmin, msgs[1].Author.IsAdmin, msgs[2].Author.IsAdmin)
	}
	if n := hs.fake.CallCount("getChatMember"); n != 2 {
		t.Errorf("getChatMember calls = %d, want 2 (one cached)", n)
	}
}

func TestFilesAreSentAsDocuments(t *testing.T) {
	export := &bot.File{Name: "exports/memories.json", MIME: "application/json", Data: []byte(`{"memories":[]}`)}
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Your export:", File: export, Private: true}))
	}
	hs := startHarness(t, h, nil)

	in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "/memories export")
	hs.fake.PushMessage(in)
	dm := hs.waitSent(alice.ID, 2)
	if dm[0].Text != "Your export:" || dm[1].Document == nil || dm[1].ReplyTo != in.ID {
		t.Fatalf("DM shows %+v", dm)
	}
	if dm[1].Document.Name != "memories.json" || string(dm[1].Document.Data) != string(export.Data) {
		t.Errorf("document %q with %q", dm[1].Document.Name, dm[1].Document.Data)
	}

	hs.fake.PushMessage(hs.fake.NewMessage(team, bob, "/memories export"))
	bobDM := hs.waitSent(bob.ID, 2)
	if bobDM[1].Document == nil {
		t.Errorf("bob's DM shows %+v", bobDM)
	}
	group := hs.waitSent(team.ID, 1)
	for _, m := range group {
		if m.Document != nil || m.Text != notesEN.sentDM {
			t.Errorf("the group saw %+v", m)
		}
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestRemovedFromGroupDropsReplies(t *testing.T) {
	for _, fault := range []faketelegram.Fault{faketelegram.Kicked(), faketelegram.ChatNotFound()} {
		t.Run(fault.Description, func(t *testing.T) {
			h := newEchoHandler()
			hs := startHarness(t, h, nil)
			hs.fake.FailChat(team.ID, "", fault, -1)
			hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "@membot hello?"))
			hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(bob), bob, "still there?"))
			hs.waitSent(bob.ID, 1)
			hs.waitIdle()
			if errs := h.Errors(); len(errs) > 0 {
				t.Errorf("responder errors: %v", errs)
			}
			if len(h.Messages()) != 2 {
				t.Errorf("handler got %d messages, want 2", len(h.Messages()))
			}
		})
	}
}

func TestAdminLookupIsOneBoundedAttempt(t *testing.T) {
	tests := []struct {
		name  string
		fault func(fake *faketelegram.Server)
	}{
		{"server error", func(fake *faketelegram.Server) { fake.Fail("getChatMember", faketelegram.ServerError(), 1) }},
		{"no answer", func(fake *faketelegram.Server) { fake.Hang("getChatMember", 1) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newFakeHandler(nil)
			hs := startHarness(t, h, func(o *Options) { o.RequestTimeout = 200 * time.Millisecond })
			hs.fake.SetMember(team.ID, alice.ID, models.ChatMemberTypeAdministrator)
			tt.fault(hs.fake)
			hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/membot config passive on"))
			msgs := hs.waitHandled(1)
			if msgs[0].Author.IsAdmin {
				t.Error("a failed admin check counted as admin")
			}
			if n := hs.fake.CallCount("getChatMember"); n != 1 {
				t.Errorf("getChatMember calls = %d, want a single attempt", n)
			}
			if !strings.Contains(hs.logs.String(), "could not check group admin") {
				t.Error("the failed check was not logged")
			}
			// The failure is not cached: the next command is checked again.
			hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/membot config passive off"))
			if msgs := hs.waitHandled(2); !msgs[1].Author.IsAdmin {
				t.Error("the admin was not recognised once the Bot API answered")
			}
		})
	}
}

func TestShutdownInterruptsAdminLookup(t *testing.T) {
	h := newFakeHandler(nil)
	hs := startHarness(t, h, nil)
	hs.fake.SetMember(team.ID, alice.ID, models.ChatMemberTypeAdministrator)
	hs.fake.Hang("getChatMember", -1)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/membot config passive on"))
	hs.fake.Wait(t, waitTimeout, "the admin check", func() bool { return hs.fake.CallCount("getChatMember") == 1 })
	hs.cancel()
	select {
	case err := <-hs.runErr:
		hs.stopped = true
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(waitTimeout):
		t.Fatal("Run is still blocked by the admin check after cancel")
	}
	msgs := h.Messages()
	if len(msgs) != 1 || msgs[0].Author.IsAdmin {
		t.Errorf("handler got %+v; want the command captured, not as admin", msgs)
	}
	if logs := hs.logs.String(); !strings.Contains(logs, "could not check group admin") || !strings.Contains(logs, "context canceled") {
		t.Errorf("want the check cancelled by shutdown; logs:\n%s", logs)
	}
	if n := hs.fake.CallCount("getChatMember"); n != 1 {
		t.Errorf("getChatMember calls = %d, want 1", n)
	}
}

func TestMessagesNoPersonWroteAreIgnored(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	service := faketelegram.User(777000, "Telegram", "")
	forwarded := hs.fake.NewMessage(team, service, "Channel post: big news")
	forwarded.IsAutomaticForward = true
	hs.fake.PushMessage(forwarded)
	unflagged := hs.fake.NewMessage(team, service, "@membot another channel post")
	hs.fake.PushMessage(unflagged)
	anonymous := faketelegram.User(1087968824, "Group", "GroupAnonymousBot")
	admin := hs.fake.NewMessage(team, anonymous, "@membot posted as the group")
	admin.SenderChat = &team
	hs.fake.PushMessage(admin)
	channel := models.Chat{ID: -100900, Type: models.ChatTypeChannel, Title: "News"}
	asChannel := hs.fake.NewMessage(team, bob, "@membot posted as a channel")
	asChannel.SenderChat = &channel
	hs.fake.PushMessage(asChannel)
	hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "@membot hello"))
	hs.waitSent(team.ID, 1)
	hs.waitIdle()
	msgs := h.Messages()
	if len(msgs) != 1 || msgs[0].Author.ID != fmt.Sprint(alice.ID) {
		t.Errorf("handler got %+v, want only Alice's message", msgs)
	}
	if n := len(hs.fake.Sent(team.ID)); n != 1 {
		t.Errorf("%d replies in the group, want only the one to Alice", n)
	}
}
