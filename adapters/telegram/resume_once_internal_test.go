package telegram

import (
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/faketelegram"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// TestResumedAnswerIsFinishedInItsMessage kills a replica (its engine
// dropped without Close, its adapter gone) while it answers, lets its
// lease run out and has another replica take the answer over: the asker
// sees exactly one bot message replying to the question, with the final
// text, and the entry is done.
func TestResumedAnswerIsFinishedInItsMessage(t *testing.T) {
	cases := []struct {
		name  string
		final string
		// partial is what the dying replica streamed ("" : nothing).
		partial string
		// deleted: the streamed message is deleted before the takeover.
		deleted bool
		// finished: the dying replica delivered the whole answer and died
		// marking it done; its captured reply is delivered again.
		finished  bool
		wantCalls int
	}{
		{name: "killed after the first message", partial: "Let me think", wantCalls: 2},
		{name: "killed before any message", wantCalls: 2},
		{name: "first message deleted meanwhile", partial: "Let me think", deleted: true, wantCalls: 2},
		{name: "killed after the answer, before it was marked done", finished: true, wantCalls: 1},
		// The reply is captured only once delivered: finding it, redacted
		// or not, the next replica sends nothing again.
		{name: "killed after a redacted answer, before it was marked done", final: "Ask chef.anna@example.com for the recipe.", finished: true, wantCalls: 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			final := "The final answer, complete."
			if c.final != "" {
				final = c.final
			}
			fake := faketelegram.New(t, faketelegram.Config{})
			clk := bottest.NewClock(time.Now())
			store, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clk.Now))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = store.Close() })
			model := bottest.NewDyingModel(t, c.partial, final, !c.finished)
			first := bottest.NewReplicaStore(t, store)
			first.DieOnFinish = c.finished
			opts := func(o *Options) { o.EditInterval, o.ShutdownTimeout = time.Millisecond, 10*time.Millisecond }
			hs1 := startHarnessWith(t, fake, bottest.StartReplica(t, first, store, model, clk, "r1"), opts)
			chat := faketelegram.PrivateChat(alice)
			question := fake.NewMessage(chat, alice, "what should I cook tonight?")
			fake.PushMessage(question)

			switch {
			case c.finished:
				fake.Wait(t, waitTimeout, "the whole answer", func() bool {
					s := fake.Sent(alice.ID)
					return len(s) == 1 && s[0].Text == final
				})
				waitMessages(t, store, question, 2) // the reply is captured
			case c.partial != "":
				fake.Wait(t, waitTimeout, "the partial answer", func() bool {
					s := fake.Sent(alice.ID)
					return len(s) == 1 && s[0].Text == c.partial
				})
				select {
				case <-first.Noted:
				case <-time.After(waitTimeout):
					t.Error("the answer's first message was not recorded")
				}
				if c.deleted {
					if err := hs1.a.deleteMessage(t.Context(), alice.ID, fake.Sent(alice.ID)[0].ID); err != nil {
						t.Fatal(err)
					}
				}
			default:
				<-model.Started
			}
			hs1.stop() // the replica dies: its engine is never closed
			clk.Add(time.Minute)

			second := bottest.NewReplicaStore(t, store)
			e2 := bottest.StartReplica(t, second, store, model, clk, "r2")
			hs2 := startHarnessWith(t, fake, e2, opts)
			defer hs2.stop()
			fake.Wait(t, waitTimeout, "the final answer", func() bool {
				for _, m := range fake.Sent(alice.ID) {
					if m.Text == final {
						return true
					}
				}
				return false
			})
			select {
			case id := <-second.Finished:
				if id != strconv.Itoa(question.ID) {
					t.Errorf("the second replica finished the answer to %s, want %v", id, strconv.Itoa(question.ID))
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the second replica did not finish the answer")
			}
			if err := e2.Close(t.Context()); err != nil {
				t.Fatal(err)
			}
			var replies []string
			for _, m := range fake.Sent(alice.ID) {
				replies = append(replies, m.Text)
				if m.ReplyTo != question.ID {
					t.Errorf("bot message %d replies to %d, want the question %d", m.ID, m.ReplyTo, question.ID)
				}
			}
			if len(replies) != 1 || replies[0] != final {
				t.Errorf("bot messages %q, want exactly one %q", replies, final)
			}
			if n := model.Calls(); n != c.wantCalls {
				t.Errorf("%d model calls, want %d", n, c.wantCalls)
			}
			_, err = store.ClaimAnswer(t.Context(), memory.ClaimQuery{Platform: Platform, Holder: "r3", Now: clk.Now().Add(time.Hour), Until: clk.Now().Add(2 * time.Hour)})
			if !errors.Is(err, memory.ErrNotFound) {
				t.Errorf("the answer is still claimable after the takeover (%v)", err)
			}
		})
	}
}

// waitMessages waits until the question's conversation holds n messages.
func waitMessages(t *testing.T, store *sqlite.Store, q *models.Message, n int) {
	t.Helper()
	conv := Platform + ":" + strconv.FormatInt(q.Chat.ID, 10)
	deadline := time.Now().Add(waitTimeout)
	for {
		msgs, err := store.RecentMessages(t.Context(), conv, 10)
		if err == nil && len(msgs) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("conversation %s holds %d messages (%v), want %d", conv, len(msgs), err, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
