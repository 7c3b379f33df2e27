package faketelegram_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/internal/faketelegram"
)

func newClient(t *testing.T, s *faketelegram.Server) *tgbot.Bot {
	t.Helper()
	b, err := tgbot.New(s.Token, tgbot.WithServerURL(s.URL), tgbot.WithSkipGetMe())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVisibleHTML(t *testing.T) {
	tests := []struct {
		in, want string
		bad      bool
	}{
		{in: "plain", want: "plain"},
		{in: "<b>bold</b> &lt;x&gt; &amp; &quot;q&quot; &#33;", want: "bold <x> & \"q\" !"},
		{in: `<a href="https://x">link</a>`, want: "link"},
		{in: "<pre><code class=\"language-go\">x</code></pre>", want: "x"},
		{in: "<b>unclosed", bad: true},
		{in: "<b><i>crossed</b></i>", bad: true},
		{in: "<script>x</script>", bad: true},
		{in: "a < b", bad: true},
		{in: "a > b", bad: true},
		{in: "fish & chips", bad: true},
		{in: "&nbsp;", bad: true},
		{in: "< >", bad: true},
	}
	for _, tt := range tests {
		got, err := faketelegram.VisibleHTML(tt.in)
		if tt.bad != (err != nil) || (!tt.bad && got != tt.want) {
			t.Errorf("VisibleHTML(%q) = %q, %v", tt.in, got, err)
		}
	}
}

func TestSentShowsTheFinalTextAfterEdits(t *testing.T) {
	s := faketelegram.New(t, faketelegram.Config{})
	b := newClient(t, s)
	ctx := context.Background()
	m, err := b.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: 5, Text: "<b>draft</b>", ParseMode: models.ParseModeHTML,
		ReplyParameters: &models.ReplyParameters{MessageID: 3}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.EditMessageText(ctx, &tgbot.EditMessageTextParams{ChatID: 5, MessageID: m.ID, Text: "final &amp; done", ParseMode: models.ParseModeHTML}); err != nil {
		t.Fatal(err)
	}
	_, err = b.EditMessageText(ctx, &tgbot.EditMessageTextParams{ChatID: 5, MessageID: m.ID, Text: "final &amp; done", ParseMode: models.ParseModeHTML})
	if !errors.Is(err, tgbot.ErrorBadRequest) {
		t.Errorf("identical edit: %v, want not modified", err)
	}
	sent := s.Sent(5)
	if len(sent) != 1 || sent[0].Text != "final & done" || sent[0].ReplyTo != 3 || sent[0].Edits != 1 {
		t.Errorf("sent = %+v", sent)
	}
	if _, err := b.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: 5, Text: "<b>broken", ParseMode: models.ParseModeHTML}); !errors.Is(err, tgbot.ErrorBadRequest) {
		t.Errorf("malformed HTML accepted: %v", err)
	}
	calls := s.Calls("sendMessage")
	if len(calls) != 2 || calls[0].Fields["text"] != "<b>draft</b>" || calls[1].ErrorCode != http.StatusBadRequest {
		t.Errorf("calls = %+v", calls)
	}
}

func TestFaultsAreInjectedPerMethodAndChat(t *testing.T) {
	s := faketelegram.New(t, faketelegram.Config{})
	b := newClient(t, s)
	ctx := context.Background()
	s.Fail("sendMessage", faketelegram.TooManyRequests(7), 1)
	s.FailChat(9, "", faketelegram.Blocked(), -1)
	_, err := b.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: 5, Text: "a"})
	var tm *tgbot.TooManyRequestsError
	if !errors.As(err, &tm) || tm.RetryAfter != 7 {
		t.Errorf("first send: %v, want 429 retry_after 7", err)
	}
	if _, err := b.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: 5, Text: "a"}); err != nil {
		t.Errorf("second send: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := b.SendChatAction(ctx, &tgbot.SendChatActionParams{ChatID: 9, Action: models.ChatActionTyping}); !errors.Is(err, tgbot.ErrorForbidden) {
			t.Errorf("blocked chat: %v", err)
		}
	}
	s.ClearFaults()
	if _, err := b.SendChatAction(ctx, &tgbot.SendChatActionParams{ChatID: 9, Action: models.ChatActionTyping}); err != nil {
		t.Errorf("after ClearFaults: %v", err)
	}
	if _, err := b.SendMessage(ctx, &tgbot.SendMessageParams{ChatID: 5, Text: string(make([]byte, 5000))}); !errors.Is(err, tgbot.ErrorBadRequest) {
		t.Errorf("over-long text: %v", err)
	}
}

func TestGetUpdatesHonoursOffsetsAndHolds(t *testing.T) {
	s := faketelegram.New(t, faketelegram.Config{PollHold: 50 * time.Millisecond})
	u := faketelegram.User(1, "A", "a")
	id1 := s.PushMessage(s.NewMessage(faketelegram.PrivateChat(u), u, "/start@membot hi @membot"))
	id2 := s.PushMessage(s.NewMessage(faketelegram.PrivateChat(u), u, "second"))

	var got []models.Update
	b, err := tgbot.New(s.Token, tgbot.WithServerURL(s.URL), tgbot.WithSkipGetMe(),
		tgbot.WithDefaultHandler(func(_ context.Context, _ *tgbot.Bot, upd *models.Update) { got = append(got, *upd) }),
		tgbot.WithNotAsyncHandlers())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { b.Start(ctx); close(done) }()
	s.Wait(t, 5*time.Second, "confirmation", func() bool { return s.Pending() == 0 })
	cancel()
	<-done
	if len(got) != 2 || got[0].ID != id1 || got[1].ID != id2 {
		t.Fatalf("updates = %+v", got)
	}
	ents := got[0].Message.Entities
	if len(ents) != 2 || ents[0].Type != models.MessageEntityTypeBotCommand || ents[0].Length != 13 || ents[1].Offset != 17 {
		t.Errorf("entities = %+v", ents)
	}
	if offs := s.ConfirmedOffsets(); len(offs) == 0 || offs[len(offs)-1] != id2+1 {
		t.Errorf("confirmed offsets %v", offs)
	}
	if s.Deliveries(id1) != 1 {
		t.Errorf("update delivered %d times", s.Deliveries(id1))
	}
}

func TestWebhookConflictsWithPolling(t *testing.T) {
	s := faketelegram.New(t, faketelegram.Config{})
	b := newClient(t, s)
	ctx := context.Background()
	if _, err := b.SetWebhook(ctx, &tgbot.SetWebhookParams{URL: "https://x/hook", SecretToken: "abc"}); err != nil {
		t.Fatal(err)
	}
	if url, secret := s.Webhook(); url != "https://x/hook" || secret != "abc" {
		t.Errorf("webhook = %q %q", url, secret)
	}
	if _, err := b.DeleteWebhook(ctx, &tgbot.DeleteWebhookParams{}); err != nil {
		t.Fatal(err)
	}
	if url, _ := s.Webhook(); url != "" {
		t.Errorf("webhook still set: %q", url)
	}
}

func TestHangHoldsTheCallUntilTheClientGivesUp(t *testing.T) {
	s := faketelegram.New(t, faketelegram.Config{})
	b := newClient(t, s)
	s.Hang("getChatMember", 1)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := b.GetChatMember(ctx, &tgbot.GetChatMemberParams{ChatID: -5, UserID: 7})
		errc <- err
	}()
	s.Wait(t, 10*time.Second, "the call to arrive", func() bool { return s.CallCount("getChatMember") == 1 })
	select {
	case err := <-errc:
		t.Fatalf("the hung call returned before the client gave up: %v", err)
	default:
	}
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("hung call ended with %v, want the client's cancellation", err)
	}
	if _, err := b.GetChatMember(context.Background(), &tgbot.GetChatMemberParams{ChatID: -5, UserID: 7}); err != nil {
		t.Errorf("the next call should be answered: %v", err)
	}
}
