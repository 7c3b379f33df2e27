package discord

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakediscord"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// choicelessEngine is the engine as a Handler; kill tests list no
// memories.
type choicelessEngine struct{ *bot.Engine }

func (choicelessEngine) MemoryChoices(context.Context, bot.Message, string) ([]bot.Choice, error) {
	return nil, nil
}

// runReplica runs an adapter for e against fake until the returned stop
// is called (or the test ends).
func runReplica(t *testing.T, fake *fakediscord.Server, e *bot.Engine) (a *Adapter, stop func()) {
	t.Helper()
	a, err := New(Options{
		Token: testToken, HTTPClient: fake.Client(), EditInterval: time.Millisecond, DeferAfter: time.Minute,
		ShutdownTimeout: 10 * time.Millisecond, Logger: slog.New(slog.DiscardHandler),
	}, choicelessEngine{e})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- a.Run(ctx) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case <-errc:
		case <-time.After(30 * time.Second):
			t.Error("Run did not return after cancel")
		}
	}
	t.Cleanup(stop)
	fake.WaitUntil("the adapter is connected", func() bool { return a.self() != "" && fake.Connected() })
	return a, stop
}

// TestResumedAnswerIsFinishedInItsMessage kills a replica (its engine
// dropped without Close, its adapter gone) while it answers, lets its
// lease run out and has another replica take the answer over: the asker
// sees exactly one bot message referencing the question, with the final
// text, and the entry is done.
func TestResumedAnswerIsFinishedInItsMessage(t *testing.T) {
	t.Parallel()
	const final = "The final answer, complete."
	cases := []struct {
		name    string
		partial string // what the dying replica streamed ("": nothing)
		// deleted: the streamed message is deleted before the takeover.
		deleted bool
		// unrecorded: the first message was created but recording it
		// failed; the repeated create (same nonce) returns it.
		unrecorded bool
		// finished: the dying replica delivered the whole answer and died
		// marking it done; its captured reply is delivered again.
		finished  bool
		wantCalls int
	}{
		{name: "killed after the first message", partial: "Let me think", wantCalls: 2},
		{name: "killed before any message", wantCalls: 2},
		{name: "first message deleted meanwhile", partial: "Let me think", deleted: true, wantCalls: 2},
		{name: "killed after the first message, before it was recorded", partial: "Let me think", unrecorded: true, wantCalls: 2},
		{name: "killed after the answer, before it was marked done", finished: true, wantCalls: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			fake := fakediscord.New(t)
			clk := bottest.NewClock(time.Now())
			store, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clk.Now))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = store.Close() })
			model := bottest.NewDyingModel(t, c.partial, final, !c.finished)
			first := bottest.NewReplicaStore(t, store)
			first.DieOnFinish, first.RefuseNotes = c.finished, c.unrecorded
			a1, stop1 := runReplica(t, fake, bottest.StartReplica(t, first, store, model, clk, "r1"))
			alice := fake.NewUser("alice")
			question := fake.SendDM(alice, "what should I cook tonight?")
			dm := fake.DMChannelOf(alice.ID)

			switch {
			case c.finished:
				fake.WaitUntil("the whole answer", func() bool {
					m := fake.Messages(dm)
					return len(m) == 1 && m[0].Content == final
				})
				waitReply(t, store, question.ChannelID, question.ID)
			case c.partial != "":
				fake.WaitUntil("the partial answer", func() bool {
					m := fake.Messages(dm)
					return len(m) == 1 && m[0].Content == c.partial
				})
				if !c.unrecorded {
					select {
					case <-first.Noted:
					case <-time.After(10 * time.Second):
						t.Error("the answer's first message was not recorded")
					}
				}
				if c.deleted {
					if err := a1.s.ChannelMessageDelete(dm, fake.Messages(dm)[0].ID); err != nil {
						t.Fatal(err)
					}
				}
			default:
				<-model.Started
			}
			stop1() // the replica dies: its engine is never closed
			clk.Add(time.Minute)

			second := bottest.NewReplicaStore(t, store)
			e2 := bottest.StartReplica(t, second, store, model, clk, "r2")
			runReplica(t, fake, e2)
			fake.WaitUntil("the final answer", func() bool {
				for _, m := range fake.Messages(dm) {
					if m.Content == final {
						return true
					}
				}
				return false
			})
			select {
			case id := <-second.Finished:
				if id != question.ID {
					t.Errorf("the second replica finished the answer to %s, want %v", id, question.ID)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the second replica did not finish the answer")
			}
			if err := e2.Close(t.Context()); err != nil {
				t.Fatal(err)
			}
			var replies []string
			for _, m := range fake.Messages(dm) {
				replies = append(replies, m.Content)
				if m.ReferenceID != question.ID {
					t.Errorf("bot message %s references %q, want the question %s", m.ID, m.ReferenceID, question.ID)
				}
			}
			if len(replies) != 1 || replies[0] != final {
				t.Errorf("bot messages %q, want exactly one %q", replies, final)
			}
			if n := model.Calls(); n != c.wantCalls {
				t.Errorf("%d model calls, want %d", n, c.wantCalls)
			}
			_, err = store.ClaimAnswer(t.Context(), memory.ClaimQuery{Platform: platform, Holder: "r3", Now: clk.Now().Add(time.Hour), Until: clk.Now().Add(2 * time.Hour)})
			if !errors.Is(err, memory.ErrNotFound) {
				t.Errorf("the answer is still claimable after the takeover (%v)", err)
			}
		})
	}
}

// waitReply waits until the reply to message id of channel is captured.
func waitReply(t *testing.T, store *sqlite.Store, channel, id string) {
	t.Helper()
	conv := platform + ":" + channel
	deadline := time.Now().Add(10 * time.Second)
	for {
		msgs, err := store.RecentMessages(t.Context(), conv, 10)
		for _, m := range msgs {
			if m.PlatformID == memory.ReplyPlatformID(id) {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reply to %s is not captured (%v)", id, err)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
