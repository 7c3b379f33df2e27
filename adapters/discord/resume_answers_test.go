package discord

import (
	"context"
	"sync"
	"testing"

	"github.com/membot/membot/bot"
)

// resumingHandler is a scripted engine with a durable answer queue: it
// keeps the ResponderFor the adapter gives it at start.
type resumingHandler struct {
	scriptHandler
	mu       sync.Mutex
	platform string
	f        bot.ResponderFor
}

func (h *resumingHandler) Resume(_ context.Context, platform string, f bot.ResponderFor) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.platform, h.f = platform, f
	return nil
}

// TestStoredMessageIsAnsweredInItsChannel: after a restart the engine
// answers a stored message with only what it stored of it; the answer goes
// to the message's channel, referencing it.
func TestStoredMessageIsAnsweredInItsChannel(t *testing.T) {
	t.Parallel()
	h := &resumingHandler{}
	hs2 := startWith(t, h, nil)
	alice := hs2.fake.NewUser("alice")
	q := hs2.fake.SendDM(alice, "are you there?")
	hs2.fake.WaitUntil("the message reaches the engine", func() bool { return len(h.handledMessages()) == 1 })
	stored := h.handledMessages()[0] // what the engine keeps of it
	h.mu.Lock()
	platformName, f := h.platform, h.f
	h.mu.Unlock()
	if f == nil || platformName != platform {
		t.Fatalf("Resume got platform %q, responder %v; want %q and one", platformName, f != nil, platform)
	}
	done := make(chan struct{})
	r, err := f(t.Context(), stored, done)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Send(t.Context(), bot.Reply{Text: "sorry for the wait"}); err != nil {
		t.Fatal(err)
	}
	close(done)
	dm := hs2.fake.DMChannelOf(alice.ID)
	msgs := hs2.waitContent(dm, "sorry for the wait")
	if len(msgs) != 1 || msgs[0].ReferenceID != q.ID {
		t.Errorf("channel shows %+v, want one reply referencing %q", msgs, q.ID)
	}
}
