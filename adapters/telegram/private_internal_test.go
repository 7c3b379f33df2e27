package telegram

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

var alice = faketelegram.User(501, "Alice", "alice")

func TestDMReplyIsStreamedThrottledAndCompleted(t *testing.T) {
	h := newFakeHandler(nil)
	var hs *harness
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Typing(ctx))
		h.noteErr(r.Stream(ctx, "Hel"))
		h.noteErr(r.Stream(ctx, "Hello wor")) // within the edit interval: skipped
		hs.clock.Advance(2 * time.Second)
		h.noteErr(r.Stream(ctx, "Hello world, **friend**"))
		h.noteErr(r.Stream(ctx, "Hello world, **friend**!")) // skipped again
		h.noteErr(r.Send(ctx, bot.Reply{Text: "Hello world, **friend**! Done."}))
	}
	hs = startHarness(t, h, nil)
	in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hello")
	hs.fake.PushMessage(in)
	hs.fake.Wait(t, waitTimeout, "final edit", func() bool {
		s := hs.fake.Sent(alice.ID)
		return len(s) == 1 && s[0].Text == "Hello world, friend! Done."
	})

	msgs := h.Messages()
	if len(msgs) != 1 {
		t.Fatalf("handler got %d messages, want 1", len(msgs))
	}
	got := msgs[0]
	want := bot.Message{Platform: "telegram", ChatID: "501", ID: fmt.Sprint(in.ID), Text: "hello", IsDM: true, Addressed: true}
	if got.Platform != want.Platform || got.ChatID != want.ChatID || got.ID != want.ID || got.Text != want.Text || !got.IsDM || !got.Addressed || got.GuildID != "" {
		t.Errorf("message = %+v, want %+v", got, want)
	}
	if got.Author.ID != "501" || got.Author.Username != "alice" || got.Author.DisplayName != "Alice" || got.Author.LanguageCode != "en" {
		t.Errorf("author = %+v", got.Author)
	}
	sent := hs.fake.Sent(alice.ID)[0]
	if sent.ReplyTo != in.ID {
		t.Errorf("reply_to = %d, want %d", sent.ReplyTo, in.ID)
	}
	if sent.ParseMode != "HTML" || !strings.Contains(sent.Raw, "<b>friend</b>") {
		t.Errorf("raw = %q (%s), want HTML with bold", sent.Raw, sent.ParseMode)
	}
	if n := hs.fake.CallCount("sendMessage"); n != 1 {
		t.Errorf("sendMessage calls = %d, want 1", n)
	}
	// One edit after the clock moved past the interval, one final edit;
	// the two streams inside the interval made none.
	if n := hs.fake.CallCount("editMessageText"); n != 2 {
		t.Errorf("editMessageText calls = %d, want 2", n)
	}
	if len(hs.clock.Slept(500*time.Millisecond)) == 0 {
		t.Error("the final edit did not wait for the edit interval")
	}
	calls := hs.fake.Calls("")
	typing, firstSend := -1, -1
	for i, c := range calls {
		if c.Method == "sendChatAction" && typing < 0 {
			typing = i
			if c.Fields["action"] != "typing" {
				t.Errorf("chat action = %q", c.Fields["action"])
			}
		}
		if c.Method == "sendMessage" && firstSend < 0 {
			firstSend = i
		}
	}
	if typing < 0 || typing > firstSend {
		t.Errorf("typing action at call %d, first message at %d: want typing first", typing, firstSend)
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestLongAnswerIsSplitInOrder(t *testing.T) {
	long := strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 40) // ~2.3k
	text := strings.Join([]string{long + "One.", long + "Two.", long + "Three.", long + "Four.", long + "Five."}, "\n\n")
	for _, streamed := range []bool{false, true} {
		t.Run(fmt.Sprintf("streamed=%v", streamed), func(t *testing.T) {
			h := newFakeHandler(nil)
			var hs *harness
			h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
				if streamed {
					for i := 500; i < len(text); i += 700 {
						hs.clock.Advance(2 * time.Second)
						h.noteErr(r.Stream(ctx, text[:i]))
					}
				}
				h.noteErr(r.Send(ctx, bot.Reply{Text: text}))
			}
			hs = startHarness(t, h, nil)
			in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "tell me a lot")
			hs.fake.PushMessage(in)
			hs.fake.Wait(t, waitTimeout, "whole answer", func() bool {
				return strings.HasSuffix(strings.Join(hs.fake.SentTexts(alice.ID), ""), "Five.")
			})
			sent := hs.fake.Sent(alice.ID)
			if len(sent) < 3 {
				t.Fatalf("answer in %d messages, want at least 3", len(sent))
			}
			var parts []string
			for i, m := range sent {
				if n := len(utf16.Encode([]rune(m.Text))); n > faketelegram.MaxTextLen {
					t.Errorf("message %d has %d characters", i, n)
				}
				if i == 0 && m.ReplyTo != in.ID {
					t.Errorf("first part replies to %d, want %d", m.ReplyTo, in.ID)
				}
				if i > 0 && m.ReplyTo != 0 {
					t.Errorf("part %d replies to %d, want none", i, m.ReplyTo)
				}
				parts = append(parts, m.Text)
			}
			if got := strings.Join(parts, "\n\n"); got != text {
				t.Errorf("parts do not add up to the answer (paragraph splits):\n got %d chars\nwant %d chars", len(got), len(text))
			}
			if errs := h.Errors(); len(errs) > 0 {
				t.Errorf("responder errors: %v", errs)
			}
		})
	}
}

func TestRuledAnswerIsSplitByItsRenderedLength(t *testing.T) {
	text := ruledText(600)
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Send(ctx, bot.Reply{Text: text}))
	}
	hs := startHarness(t, h, nil)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "list everything"))
	hs.fake.Wait(t, waitTimeout, "the whole answer or an error", func() bool {
		texts := hs.fake.SentTexts(alice.ID)
		return len(h.Errors()) > 0 || (len(texts) > 0 && strings.HasSuffix(texts[len(texts)-1], "Point 600."))
	})
	if errs := h.Errors(); len(errs) > 0 {
		t.Fatalf("responder errors: %v", errs)
	}
	for i, m := range hs.fake.Sent(alice.ID) {
		if n := len(utf16.Encode([]rune(m.Text))); n > faketelegram.MaxTextLen {
			t.Errorf("message %d has %d characters", i, n)
		}
		if m.ParseMode != "HTML" {
			t.Errorf("message %d went out as %q, want formatted", i, m.ParseMode)
		}
	}
}

func TestMarkdownParseErrorFallsBackToPlainText(t *testing.T) {
	h := newFakeHandler(sendText("**bold** and `code`"))
	hs := startHarness(t, h, nil)
	hs.fake.FailFormatted("sendMessage", 1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	sent := hs.waitSent(alice.ID, 1)
	if sent[0].Text != "**bold** and `code`" || sent[0].ParseMode != "" {
		t.Errorf("sent %q (parse mode %q), want the plain text", sent[0].Text, sent[0].ParseMode)
	}
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "again"))
	sent = hs.waitSent(alice.ID, 2)
	if sent[1].Text != "bold and code" || sent[1].ParseMode != "HTML" {
		t.Errorf("second reply %q (%q), want formatted", sent[1].Text, sent[1].ParseMode)
	}
}

func TestFloodControlDeliversEveryReplyOnce(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	hs.fake.Fail("sendMessage", faketelegram.TooManyRequests(3), 4)
	users := []models.User{alice, faketelegram.User(502, "Bob", "bob"), faketelegram.User(503, "Carol", "carol")}
	for _, u := range users {
		hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(u), u, "hi from "+u.FirstName))
	}
	for _, u := range users {
		sent := hs.waitSent(u.ID, 1)
		if len(sent) != 1 || sent[0].Text != "echo: hi from "+u.FirstName {
			t.Errorf("%s got %q", u.FirstName, hs.fake.SentTexts(u.ID))
		}
	}
	hs.waitIdle()
	ok := 0
	for _, c := range hs.fake.Calls("sendMessage") {
		if c.ErrorCode == 0 {
			ok++
		}
	}
	if ok != len(users) {
		t.Errorf("%d messages delivered, want %d", ok, len(users))
	}
	if n := len(hs.clock.Slept(3 * time.Second)); n < 4 {
		t.Errorf("waited retry_after %d times, want 4", n)
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("responder errors: %v", errs)
	}
}

func TestBlockedChatDropsReplyWithoutCrashing(t *testing.T) {
	h := newFakeHandler(nil)
	h.reply = func(ctx context.Context, msg bot.Message, r bot.Responder) {
		h.noteErr(r.Typing(ctx))
		h.noteErr(r.Stream(ctx, "partial"))
		h.noteErr(r.Send(ctx, bot.Reply{Text: "echo: " + msg.Text}))
	}
	hs := startHarness(t, h, nil)
	bob := faketelegram.User(502, "Bob", "bob")
	hs.fake.FailChat(alice.ID, "", faketelegram.Blocked(), -1)
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hi"))
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(bob), bob, "hello"))
	hs.fake.Wait(t, waitTimeout, "bob's answer", func() bool {
		s := hs.fake.SentTexts(bob.ID)
		return len(s) == 1 && s[0] == "echo: hello"
	})
	hs.waitIdle()
	if got := hs.fake.Sent(alice.ID); len(got) != 0 {
		t.Errorf("blocked chat shows %d messages", len(got))
	}
	if errs := h.Errors(); len(errs) > 0 {
		t.Errorf("a blocked chat surfaced as errors: %v", errs)
	}
	hs.fake.Wait(t, waitTimeout, "log", func() bool { return strings.Contains(hs.logs.String(), "chat unreachable") })
}

func TestEditedMessageIsReported(t *testing.T) {
	h := newFakeHandler(nil)
	hs := startHarness(t, h, nil)
	in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "I like tea")
	hs.fake.PushMessage(in)
	hs.fake.PushEdit(in, "I like coffee")
	hs.waitIdle()
	edits := h.Edits()
	if len(edits) != 1 || edits[0].Text != "I like coffee" || edits[0].ID != fmt.Sprint(in.ID) || edits[0].ChatID != "501" {
		t.Fatalf("edits = %+v", edits)
	}
	if n := len(h.Messages()); n != 1 {
		t.Errorf("edit also captured as a new message (%d messages)", n)
	}
}

func TestOtherBotsAreIgnored(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	other := faketelegram.User(900, "Helper", "helper_bot")
	other.IsBot = true
	group := faketelegram.Group(-100200, "Team")
	hs.fake.PushMessage(hs.fake.NewMessage(group, other, "@membot hello from a bot"))
	hs.fake.PushMessage(hs.fake.NewMessage(group, alice, "just chatting"))
	hs.waitIdle()
	msgs := h.Messages()
	if len(msgs) != 1 || msgs[0].Author.ID != "501" {
		t.Fatalf("handler got %+v, want only Alice's message", msgs)
	}
	if n := len(hs.fake.Sent(group.ID)); n != 0 {
		t.Errorf("%d replies to a bot", n)
	}
}

func TestDocumentIsAnsweredButNotCaptured(t *testing.T) {
	h := newEchoHandler()
	hs := startHarness(t, h, nil)
	in := hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "")
	in.Document = &models.Document{FileID: "f1", FileUniqueID: "u1", FileName: "result.json"}
	in.Caption = "here is my export"
	hs.fake.PushMessage(in)
	sent := hs.waitSent(alice.ID, 1)
	if !strings.Contains(sent[0].Text, "isn't supported yet") || sent[0].ReplyTo != in.ID {
		t.Errorf("reply %q to %d", sent[0].Text, sent[0].ReplyTo)
	}
	hs.waitIdle()
	if n := len(h.Messages()); n != 0 {
		t.Errorf("document passed to the handler (%d messages)", n)
	}
}

// TestBacklogGoesToTheEngine: a message sent before start-up is passed on
// addressed, like any other; the engine decides by its age whether to
// answer it or say it was missed.
func TestBacklogGoesToTheEngine(t *testing.T) {
	fake := faketelegram.New(t, faketelegram.Config{})
	old := fake.NewMessage(faketelegram.PrivateChat(alice), alice, "are you there?")
	old.Date = int(time.Now().Add(-time.Hour).Unix())
	fake.PushMessage(old)
	h := newEchoHandler()
	hs := startHarnessOn(t, fake, h, nil)
	fresh := fake.NewMessage(faketelegram.PrivateChat(alice), alice, "hello")
	fresh.Date = int(time.Now().Add(time.Minute).Unix())
	fake.PushMessage(fresh)
	msgs := hs.waitHandled(2)
	if !msgs[0].Addressed || !msgs[1].Addressed {
		t.Errorf("addressed = %v, %v; want both", msgs[0].Addressed, msgs[1].Addressed)
	}
	if got := msgs[0].Time.Unix(); got != int64(old.Date) {
		t.Errorf("backlog message dated %d, want its own date %d", got, old.Date)
	}
	want := []string{"echo: are you there?", "echo: hello"}
	if sent := hs.waitSent(alice.ID, len(want)); len(sent) != len(want) {
		t.Errorf("sent %q, want %q", hs.fake.SentTexts(alice.ID), want)
	}
}

func TestCommandMenusAreRegistered(t *testing.T) {
	hs := startHarness(t, newFakeHandler(nil), nil)
	sets := hs.fake.Commands()
	type key struct{ scope, lang string }
	got := map[key][]models.BotCommand{}
	for _, s := range sets {
		got[key{s.Scope, s.Language}] = s.Commands
	}
	for _, k := range []key{{"all_private_chats", ""}, {"all_private_chats", "zh"}, {"all_group_chats", ""}, {"all_group_chats", "zh"}} {
		cmds, ok := got[k]
		if !ok {
			t.Errorf("no command menu for %v", k)
			continue
		}
		names := map[string]string{}
		for _, c := range cmds {
			names[c.Command] = c.Description
		}
		for _, want := range []string{"memories", "summary", "link", "help"} {
			if _, ok := names[want]; !ok {
				t.Errorf("%v lacks /%s", k, want)
			}
		}
		if _, ok := names["start"]; ok != (k.scope == "all_private_chats") {
			t.Errorf("%v: /start present = %v", k, ok)
		}
		if desc := names["summary"]; (k.lang == "zh") != strings.ContainsRune(desc, '摘') {
			t.Errorf("%v: /summary described as %q", k, desc)
		}
	}
}
