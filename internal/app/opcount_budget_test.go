package app

import (
	"context"
	"slices"
	"testing"
)

// maxOpsPerMessage is the store calls one answered chat message may cost
// in steady state: on MongoDB each is at least one round trip. It is what
// the engine costs now, so that any call added shows.
const maxOpsPerMessage = 8

// A plain chat message from a known person in a known conversation costs
// at most maxOpsPerMessage store calls, all told: capture, the answer
// queue, recall's revision check, history, the reply's capture, the why
// record, the memories' use counters, the queue entry marked done.
func TestStoreOpsPerAnsweredMessage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		short bool
	}{
		{"standalone message", false},
		{"short follow-up", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			a, counter := openPerf(t, 0)
			if err := seedPerson(ctx, a.Store, "u1", 20); err != nil {
				t.Fatal(err)
			}
			// Steady state: the person, the conversation and the recall
			// index are known after the first messages.
			for n := 1; n <= 2; n++ {
				if _, err := handleAndWait(ctx, a.Engine, perfMessage("u1", n, tc.short)); err != nil {
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
			if _, err := handleAndWait(ctx, a.Engine, perfMessage("u1", 3, tc.short)); err != nil {
				t.Fatal(err)
			}
			// Close waits for the work the reply left in the background
			// (the why record, the use counters).
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
				t.Logf("%-20s %d", m, ops[m])
			}
			t.Logf("total %d", total)
			if ops["TouchMemories"] == 0 {
				t.Error("no memory recalled: the count misses the use counters")
			}
			if total > maxOpsPerMessage {
				t.Errorf("%d store calls for one answered message, want at most %d", total, maxOpsPerMessage)
			}
			msgs, err := a.Store.RecentMessages(ctx, "telegram:u1", 10)
			if err != nil || len(msgs) != 6 {
				t.Fatalf("captured %d messages (%v), want 3 messages and 3 replies", len(msgs), err)
			}
		})
	}
}
