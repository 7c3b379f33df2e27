package bot_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// flakyStore fails every capture while down is set, like a database that
// went away.
type flakyStore struct {
	*sqlite.Store
	down atomic.Bool
}

var errDown = errors.New("connection refused")

func (s *flakyStore) ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error) {
	if s.down.Load() {
		return memory.Person{}, errDown
	}
	return s.Store.ResolveIdentity(ctx, platform, userID, username)
}

func (s *flakyStore) AppendMessage(ctx context.Context, m *memory.Message) error {
	if s.down.Load() {
		return errDown
	}
	return s.Store.AppendMessage(ctx, m)
}

// While the store is down the bot still answers, and what was said is
// captured once the store is back.
func TestStoreDownBuffersAndFlushes(t *testing.T) {
	ctx := context.Background()
	real, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer real.Close()
	store := &flakyStore{Store: real}
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems}, bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	store.down.Store(true)
	msg := bottest.DM("discord", "dee", "my flight leaves on Friday")
	r := &bottest.Recorder{}
	done, err := e.Handle(ctx, msg, r)
	if err != nil {
		t.Fatalf("Handle with the store down: %v", err)
	}
	<-done
	if r.Text() == "" {
		t.Fatal("no answer while the store was down")
	}
	store.down.Store(false)
	closeCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := e.Close(closeCtx); err != nil {
		t.Fatal(err)
	}
	msgs, err := real.RecentMessages(ctx, msg.ConversationID(), 10)
	if err != nil || len(msgs) != 1 || msgs[0].Text != "my flight leaves on Friday" {
		t.Fatalf("buffered message not captured after the store came back: %+v %v", msgs, err)
	}
}
