package bot_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
)

// flaky is a Responder whose platform refuses: streamed edits from the
// failStreamFrom-th on, and the first failSends sends (or every send
// when failSends < 0).
type flaky struct {
	mu             sync.Mutex
	failStreamFrom int
	failSends      int
	permanent      bool
	streams, sends int
	delivered      []string
	attempted      []string
}

func (f *flaky) Typing(context.Context) error { return nil }

func (f *flaky) Stream(_ context.Context, text string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.streams++
	if f.failStreamFrom > 0 && f.streams >= f.failStreamFrom {
		return errors.New("edit message: HTTP 500")
	}
	return nil
}

func (f *flaky) Send(_ context.Context, r bot.Reply) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.sends++
	f.attempted = append(f.attempted, r.Text)
	if f.failSends < 0 || f.sends <= f.failSends {
		return &bot.DeliveryError{RetryAfter: time.Millisecond, Permanent: f.permanent, Err: errors.New("HTTP 500")}
	}
	f.delivered = append(f.delivered, r.Text)
	return nil
}

func handle(t *testing.T, b *bottest.Bot, msg bot.Message, r bot.Responder) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	done, err := b.Engine.Handle(ctx, msg, r)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("no reply")
	}
}

const apology = "could not reach the model"

func TestRefusedStreamStillDeliversTheAnswer(t *testing.T) {
	const answer = "The capital of Australia is Canberra, not Sydney."
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Response{Content: answer, Chunks: 5}
	})
	f := &flaky{failStreamFrom: 2, failSends: 2}
	handle(t, b, bottest.DM("telegram", "ann", "what is the capital of Australia?"), f)
	if len(f.delivered) != 1 || f.delivered[0] != answer {
		t.Fatalf("delivered %q (attempted %q), want the whole answer once", f.delivered, f.attempted)
	}
	if f.streams != 2 {
		t.Errorf("%d streamed edits, want streaming to stop after the refused one", f.streams)
	}
	for _, a := range f.attempted {
		if strings.Contains(a, apology) {
			t.Fatalf("model apology %q sent although the model answered", a)
		}
	}
}

func TestUndeliveredAnswerComesWithTheNextMessage(t *testing.T) {
	dir := t.TempDir()
	answers := []string{"First answer: Miso is a lovely name.", "Second answer: yes, cats sleep a lot."}
	var mu sync.Mutex
	n := 0
	model := fakeopenai.New(t)
	model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fakeopenai.Response{Content: answers[min(n, len(answers))-1]}
	})
	b := bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model))
	down := &flaky{failSends: -1}
	handle(t, b, bottest.DM("discord", "cy", "my cat is called Miso"), down)
	if len(down.delivered) != 0 || len(down.attempted) < 2 {
		t.Fatalf("attempts %q: want the refused reply tried again", down.attempted)
	}
	// A restart does not lose the kept answer.
	b.Stop(t)
	b = bottest.New(t, bottest.WithDir(dir), bottest.WithModel(model))

	r := b.Send(t, bottest.DM("discord", "cy", "do cats sleep a lot?"))
	reps := r.Replies()
	if len(reps) != 2 {
		t.Fatalf("replies %+v, want the kept answer then the new one", reps)
	}
	if !strings.Contains(reps[0].Text, "did not reach you") || !strings.Contains(reps[0].Text, answers[0]) {
		t.Fatalf("first reply %q, want the undelivered answer with a note", reps[0].Text)
	}
	if reps[1].Text != answers[1] {
		t.Fatalf("second reply %q", reps[1].Text)
	}
	r = b.Send(t, bottest.DM("discord", "cy", "thanks"))
	for _, rep := range r.Replies() {
		if strings.Contains(rep.Text, "did not reach you") {
			t.Fatalf("kept answer offered twice: %q", rep.Text)
		}
	}
}

func TestPermanentRefusalIsKeptWithoutRetrying(t *testing.T) {
	b := bottest.New(t)
	b.Model.SetHandler(func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return fakeopenai.Text("An answer the channel will not take.")
	})
	f := &flaky{failSends: -1, permanent: true}
	msg := bottest.DM("discord", "di", "hello")
	handle(t, b, msg, f)
	if len(f.attempted) != 1 {
		t.Fatalf("%d attempts, want 1: a permanent refusal is not retried", len(f.attempted))
	}
	n, err := b.Store.CountSettings(context.Background(), "undelivered:")
	if err != nil || n != 1 {
		t.Fatalf("%d kept answers (%v), want 1", n, err)
	}
}
