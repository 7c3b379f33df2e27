package bot_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
)

func recent(t *testing.T, b *bottest.Bot, conv string) []memory.Message {
	t.Helper()
	msgs, err := b.Store.RecentMessages(context.Background(), conv, 100)
	if err != nil {
		t.Fatal(err)
	}
	return msgs
}

func TestReplyStreamsAndIsCaptured(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: "Hello there, how can I help?", Chunks: 4}
	})
	msg := bottest.DM("telegram", "alice", "hi")
	r := b.Send(t, msg)
	if got := r.Text(); got != "Hello there, how can I help?" {
		t.Fatalf("reply = %q", got)
	}
	streams := r.Streams()
	if len(streams) < 2 {
		t.Fatalf("reply not streamed: %q", streams)
	}
	for i := 1; i < len(streams); i++ {
		if !strings.HasPrefix(streams[i], streams[i-1]) {
			t.Fatalf("stream went backwards: %q then %q", streams[i-1], streams[i])
		}
	}
	msgs := recent(t, b, msg.ConversationID())
	if len(msgs) != 2 || msgs[0].Text != "hi" || msgs[0].Role != memory.RoleUser || msgs[1].Role != memory.RoleAssistant {
		t.Fatalf("captured = %+v", msgs)
	}
}

func TestCapturedEvenWhenModelFails(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Status: 500}
	})
	msg := bottest.DM("console", "bob", "please remember my cat is called Miso")
	r := b.Send(t, msg)
	if !strings.Contains(r.Text(), "could not reach the model") {
		t.Fatalf("reply = %q, want an apology", r.Text())
	}
	msgs := recent(t, b, msg.ConversationID())
	if len(msgs) != 1 || !strings.Contains(msgs[0].Text, "Miso") {
		t.Fatalf("message not captured: %+v", msgs)
	}
}

func TestRateLimitApology(t *testing.T) {
	b := bottest.New(t, bottest.WithConfig(func(c *configT) { c.Model.MaxRetries = 0 }))
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Status: 429, RetryAfter: time.Minute}
	})
	r := b.Send(t, bottest.DM("console", "bob", "hello"))
	if !strings.Contains(r.Text(), "rate limited") {
		t.Fatalf("reply = %q", r.Text())
	}
}

func TestPIIRedactedBeforeStoreAndModel(t *testing.T) {
	b := bottest.New(t)
	msg := bottest.DM("console", "carol", "my email is carol@example.com and my phone 13812345678")
	b.Send(t, msg)
	for _, m := range recent(t, b, msg.ConversationID()) {
		if strings.Contains(m.Text, "carol@example.com") || strings.Contains(m.Text, "13812345678") {
			t.Fatalf("PII stored: %q", m.Text)
		}
	}
	for _, req := range b.Model.ChatRequests() {
		for _, m := range req.Messages {
			if strings.Contains(m.Content, "carol@example.com") || strings.Contains(m.Content, "13812345678") {
				t.Fatalf("PII sent to the model: %q", m.Content)
			}
		}
	}
}

func TestHistoryInPrompt(t *testing.T) {
	b := bottest.New(t)
	b.Send(t, bottest.DM("console", "dan", "first"))
	b.Send(t, bottest.DM("console", "dan", "second"))
	last, _ := b.Model.LastChat()
	var got []string
	for _, m := range last.Messages[1:] {
		got = append(got, m.Role+":"+m.Content)
	}
	want := []string{"user:first", "assistant:echo: first", "user:second"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("history = %q, want %q", got, want)
	}
	if last.Messages[0].Role != "system" {
		t.Fatalf("first message role %q, want system", last.Messages[0].Role)
	}
}

func TestGroupHistoryNamesAuthors(t *testing.T) {
	b := bottest.New(t)
	b.Send(t, bottest.Group("discord", "g1", "alice", "hi all", true))
	b.Send(t, bottest.Group("discord", "g1", "bob", "hello", true))
	last, _ := b.Model.LastChat()
	joined := ""
	for _, m := range last.Messages {
		joined += m.Content + "\n"
	}
	if !strings.Contains(joined, "alice: hi all") || !strings.Contains(joined, "bob: hello") {
		t.Fatalf("group history lacks author names:\n%s", joined)
	}
}

func TestRepliesInOrderPerConversation(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		// Earlier messages answer more slowly: ordering must come from the
		// engine, not from the model's speed.
		var n int
		fmt.Sscanf(req.LastUser(), "msg %d", &n)
		return fakeopenai.Response{Content: req.LastUser(), Delay: time.Duration(10-n) * 3 * time.Millisecond}
	})
	var mu sync.Mutex
	var order []string
	var dones []<-chan struct{}
	for i := 0; i < 10; i++ {
		msg := bottest.DM("console", "erin", fmt.Sprintf("msg %d", i))
		r := &orderRecorder{log: &order, mu: &mu}
		done, err := b.Engine.Handle(context.Background(), msg, r)
		if err != nil {
			t.Fatal(err)
		}
		dones = append(dones, done)
	}
	for _, d := range dones {
		<-d
	}
	for i, got := range order {
		if want := fmt.Sprintf("msg %d", i); got != want {
			t.Fatalf("reply %d = %q, want %q (all: %q)", i, got, want, order)
		}
	}
	if len(order) != 10 {
		t.Fatalf("%d replies, want 10", len(order))
	}
}

type orderRecorder struct {
	bottest.Recorder
	mu  *sync.Mutex
	log *[]string
}

func (r *orderRecorder) Send(_ context.Context, rep bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	*r.log = append(*r.log, rep.Text)
	return nil
}

func TestOfflineReply(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	r := b.Send(t, bottest.DM("console", "fay", "hello"))
	if !strings.Contains(r.Text(), "offline mode") {
		t.Fatalf("reply = %q", r.Text())
	}
	r = b.Send(t, bottest.DM("console", "fay", "你好，今天天气怎么样"))
	if !strings.Contains(r.Text(), "离线模式") {
		t.Fatalf("Chinese message got %q", r.Text())
	}
}

func TestIgnoresBotsAndEmpty(t *testing.T) {
	b := bottest.New(t)
	m := bottest.DM("discord", "otherbot", "beep")
	m.Author.IsBot = true
	if r := b.Send(t, m); len(r.Replies()) != 0 {
		t.Fatalf("answered a bot: %q", r.Text())
	}
	if r := b.Send(t, bottest.DM("discord", "gus", "   ")); len(r.Replies()) != 0 {
		t.Fatalf("answered an empty message: %q", r.Text())
	}
	if n := len(b.Model.ChatRequests()); n != 0 {
		t.Fatalf("%d model calls, want 0", n)
	}
	if msgs := recent(t, b, m.ConversationID()); len(msgs) != 0 {
		t.Fatalf("bot message captured: %+v", msgs)
	}
}

func TestHugeAndInvalidInput(t *testing.T) {
	b := bottest.New(t)
	huge := strings.Repeat("長", 200_000) + "\xff"
	msg := bottest.DM("console", "hal", huge)
	b.Send(t, msg)
	msgs := recent(t, b, msg.ConversationID())
	if len(msgs) == 0 {
		t.Fatal("huge message not captured")
	}
	if n := len([]rune(msgs[0].Text)); n > bot.MaxMessageRunes+100 {
		t.Fatalf("captured %d runes, want at most about %d", n, bot.MaxMessageRunes)
	}
}

func TestEditAndDelete(t *testing.T) {
	b := bottest.New(t)
	msg := bottest.DM("telegram", "ivy", "I live in Paris")
	b.Send(t, msg)
	edit := msg
	edit.Text = "I live in Lyon"
	if err := b.Engine.Edited(context.Background(), edit); err != nil {
		t.Fatal(err)
	}
	msgs := recent(t, b, msg.ConversationID())
	if msgs[0].Text != "I live in Lyon" || !msgs[0].Edited {
		t.Fatalf("after edit: %+v", msgs[0])
	}
	if err := b.Engine.Deleted(context.Background(), msg.Platform, msg.ChatID, "", msg.ID); err != nil {
		t.Fatal(err)
	}
	for _, m := range recent(t, b, msg.ConversationID()) {
		if m.PlatformID == msg.ID {
			t.Fatal("deleted message still captured")
		}
	}
	if err := b.Engine.Deleted(context.Background(), msg.Platform, msg.ChatID, "", "unknown"); err != nil {
		t.Fatalf("deleting an unknown message: %v", err)
	}
}

func TestCloseWaitsForReplies(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: "slow answer", Delay: 50 * time.Millisecond}
	})
	r := &bottest.Recorder{}
	done, err := b.Engine.Handle(context.Background(), bottest.DM("console", "jo", "hi"), r)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := b.Engine.Close(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	default:
		t.Fatal("Close returned before the queued reply was delivered")
	}
	if r.Text() != "slow answer" {
		t.Fatalf("reply = %q", r.Text())
	}
	if _, err := b.Engine.Handle(context.Background(), bottest.DM("console", "jo", "late"), r); err == nil {
		t.Fatal("Handle after Close accepted a message")
	}
}
