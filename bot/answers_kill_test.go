package bot_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// dyingAppend is a store whose process dies while persisting an addressed
// message: whatever the engine wrote before that point is all the next
// run finds.
type dyingAppend struct {
	*sqlite.Store
	reached chan struct{}
}

func (d dyingAppend) AppendMessage(ctx context.Context, m *memory.Message) error {
	if !m.Addressed {
		return d.Store.AppendMessage(ctx, m)
	}
	close(d.reached)
	<-ctx.Done()
	return ctx.Err()
}

// QueueAnswerWithMessage queues the entry and dies persisting the message,
// as a store without transactions may.
func (d dyingAppend) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (bool, error) {
	if err := d.Store.QueueAnswer(ctx, a); err != nil {
		return false, err
	}
	return true, d.AppendMessage(ctx, m)
}

// A kill while the message is being persisted still gets it answered (or
// noticed) after the restart, and the message into the store: the answer
// queue's entry, written first, carries it.
func TestKillWhileCapturingStillAnswers(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	st, err := sqlite.Open(t.Context(), dir, sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	dying := dyingAppend{Store: st, reached: make(chan struct{})}
	mems, err := service.New(service.Options{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: dying, People: st, Settings: st, Memories: mems, Answers: dying},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Answers: bot.AnswerOptions{Replica: "embedded"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	d := newDeliveries()
	m := message(0, 0, clk.Now())
	go func() { _, _ = e.Handle(ctx, m, d.responder(m.ID)) }()
	<-dying.reached
	cancel() // the process dies here
	_ = st.Close()

	r := startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.settled(t, []string{m.ID})
	exactlyOnce(t, d, []string{m.ID})
	msgs, err := r.store.RecentMessages(t.Context(), m.ConversationID(), 10)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, got := range msgs {
		found = found || got.PlatformID == m.ID
	}
	if !found {
		t.Fatalf("the message is not in the store after the restart: %+v", msgs)
	}
}
