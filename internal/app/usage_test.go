package app

import (
	"context"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/llm"
)

// A reply and an extraction count toward their person's model use once
// the usage is written, and toward no one else's.
func TestUsagePerPerson(t *testing.T) {
	ctx := context.Background()
	a, _ := openPerf(t, 0)
	for _, u := range []string{"u1", "u2"} {
		if err := seedPerson(ctx, a.Store, u, 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := handleAndWaitTracked(ctx, a.Engine, perfMessage("u1", 1, false)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Extraction.ExtractNow(ctx, "telegram:u1", true); err != nil {
		t.Fatal(err)
	}
	read := func(person string, purpose llm.Purpose) (int64, int64) {
		t.Helper()
		ck, tk := bot.UsageKeys(person, time.Now(), purpose)
		calls, err := a.Store.Count(ctx, ck, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		tokens, err := a.Store.Count(ctx, tk, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		return calls, tokens
	}
	id := func(u string) string {
		t.Helper()
		p, err := a.Store.ResolveIdentity(ctx, "telegram", u, u)
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	u1, u2 := id("u1"), id("u2")
	if err := a.Engine.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := a.usage.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if calls, tokens := read(u1, llm.PurposeReply); calls != 1 || tokens <= 0 {
		t.Errorf("u1 replies: %d calls, %d tokens; want 1 call and some tokens", calls, tokens)
	}
	if calls, tokens := read(u1, llm.PurposeExtraction); calls < 1 || tokens <= 0 {
		t.Errorf("u1 extraction: %d calls, %d tokens; want at least 1 call and some tokens", calls, tokens)
	}
	for _, p := range bot.UsagePurposes {
		if calls, tokens := read(u2, p); calls != 0 || tokens != 0 {
			t.Errorf("u2 %s: %d calls, %d tokens; want none", p, calls, tokens)
		}
	}
}
