package app

import (
	"context"
	"slices"
	"testing"

	"github.com/membot/membot/bot"
)

// maxOpsPerMessage is the store calls one answered chat message may cost
// in steady state with the limits off: on MongoDB each is at least one
// round trip. It is what the engine costs now, so that any call added
// shows.
const maxOpsPerMessage = 8

// maxOpsWithLimits is the store calls one answered message may cost with
// the production defaults, as issue 12 asks: the per-minute limit and the
// spent tokens are one counter write each (the budget check reads the
// store only now and then, bot/counters.go), and the why record goes with
// the reply's capture. The memories' use counters are not per message:
// they are bounded apart (maxUseBatches).
const maxOpsWithLimits = 8

// maxUseBatches is the use-counter writes (TouchMemories) the measured
// messages of one person may cost: one batch, when Close flushes them.
const maxUseBatches = 1

// measured is how many messages of one person the count is taken over,
// in a row: the memories' use counters are written per owner every few
// seconds, not per reply (bot/usecounts.go).
const measured = 3

// A plain chat message from a known person in a known conversation costs
// at most maxOpsPerMessage store calls, all told, with the production
// defaults (per-minute limit and daily token budget on) and a responder
// that names its messages as Telegram's and Discord's do: capture, the
// answer queue, the limits, recall's revision check, history, the reply's
// message recorded, the reply's capture with its why record and the queue
// entry marked done (one call), and the memories' use counters in one
// batch.
func TestStoreOpsPerAnsweredMessage(t *testing.T) {
	for _, tc := range []struct {
		name       string
		short      bool
		production bool
		budget     int // store calls for measured messages
	}{
		{"standalone message", false, true, maxOpsWithLimits*measured + maxUseBatches},
		{"short follow-up", true, true, maxOpsWithLimits*measured + maxUseBatches},
		{"limits off", false, false, maxOpsPerMessage * measured},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			open := func(tb testing.TB) (*App, opCounts) { return openPerf(tb, 0) }
			if tc.production {
				open = openProduction
			}
			a, counter := open(t)
			if err := seedPerson(ctx, a.Store, "u1", 20); err != nil {
				t.Fatal(err)
			}
			// Steady state: the person, the conversation and the recall
			// index are known after the first messages.
			for n := 1; n <= 2; n++ {
				if _, err := handleAndWaitTracked(ctx, a.Engine, perfMessage("u1", n, tc.short)); err != nil {
					t.Fatal(err)
				}
			}
			// Extraction and upkeep work per conversation and per period,
			// not per message: stopped, they stay out of the count.
			if err := a.Extraction.Close(ctx); err != nil {
				t.Fatal(err)
			}
			if err := a.upkeep.Close(ctx); err != nil {
				t.Fatal(err)
			}
			before := counter.snapshot()
			for n := 3; n < 3+measured; n++ {
				if _, err := handleAndWaitTracked(ctx, a.Engine, perfMessage("u1", n, tc.short)); err != nil {
					t.Fatal(err)
				}
			}
			// Close waits for the work the replies left in the background
			// (the why record) and writes the use counters gathered.
			if err := a.Engine.Close(ctx); err != nil {
				t.Fatal(err)
			}
			ops, total := counter.since(before)
			// Close hands back this replica's leases once per process.
			total -= ops["ReleaseAnswers"]
			delete(ops, "ReleaseAnswers")
			methods := slices.Sorted(func(yield func(string) bool) {
				for m := range ops {
					if !yield(m) {
						return
					}
				}
			})
			for _, m := range methods {
				t.Logf("%-22s %.2f", m, float64(ops[m])/measured)
			}
			t.Logf("total %.2f a message", float64(total)/measured)
			if ops["TouchMemories"] == 0 {
				t.Error("no memory recalled: the count misses the use counters")
			}
			if ops["TouchMemories"] > maxUseBatches {
				t.Errorf("%d use-counter writes for %d messages of one person, want at most %d", ops["TouchMemories"], measured, maxUseBatches)
			}
			if total > tc.budget {
				t.Errorf("%d store calls for %d answered messages, want at most %d", total, measured, tc.budget)
			}
			// The model use of every reply (and of the extraction before)
			// is gathered and written in one batch: at most two counter
			// writes per purpose and day, not two a reply.
			flush := counter.snapshot()
			if err := a.usage.Close(ctx); err != nil {
				t.Fatal(err)
			}
			_, written := counter.since(flush)
			t.Logf("model use of %d replies written in %d store calls", 2+measured, written)
			if written == 0 || written > 2*len(bot.UsagePurposes) {
				t.Errorf("model use written in %d store calls, want 1 to %d", written, 2*len(bot.UsagePurposes))
			}
			msgs, err := a.Store.RecentMessages(ctx, "telegram:u1", 20)
			if err != nil || len(msgs) != 2*(2+measured) {
				t.Fatalf("captured %d messages (%v), want %d messages and as many replies", len(msgs), err, 2+measured)
			}
		})
	}
}
