package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/sqlite"
)

// The model use the bot records per person shows in stats over the last 7
// and 30 days, by purpose, and another person's does not.
func TestMemoriesStatsUsage(t *testing.T) {
	dir := seed(t)
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	ident, err := s.Identity(ctx, "telegram", "111")
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	add := func(person string, daysAgo int, purpose llm.Purpose, calls, tokens int64) {
		t.Helper()
		day := now.AddDate(0, 0, -daysAgo)
		ck, tk := bot.UsageKeys(person, day, purpose)
		for k, n := range map[string]int64{ck: calls, tk: tokens} {
			if _, err := s.AddCount(ctx, k, n, now, now.AddDate(0, 0, 35)); err != nil {
				t.Fatal(err)
			}
		}
	}
	add(ident.PersonID, 0, llm.PurposeReply, 2, 300)
	add(ident.PersonID, 10, llm.PurposeReply, 1, 50)
	add(ident.PersonID, 10, llm.PurposeExtraction, 4, 800)
	add(ident.PersonID, 40, llm.PurposeExtraction, 9, 9000) // past 30 days
	add("someone-else", 0, llm.PurposeSummary, 5, 500)
	s.Close()

	var st stats
	decode(t, memOK(t, dir, "stats", "--json", "--user", "telegram:111"), &st)
	want := []usageRow{
		{Purpose: "reply", Calls7d: 2, Tokens7d: 300, Calls30d: 3, Tokens30d: 350},
		{Purpose: "extraction", Calls30d: 4, Tokens30d: 800},
	}
	if len(st.Usage) != len(want) {
		t.Fatalf("usage %+v, want %+v", st.Usage, want)
	}
	for i := range want {
		if st.Usage[i] != want[i] {
			t.Errorf("usage[%d] = %+v, want %+v", i, st.Usage[i], want[i])
		}
	}
	out := memOK(t, dir, "stats", "--user", "telegram:111")
	for _, w := range []string{"Model use", "calls 7d", "tokens 30d", "reply", "extraction", "total"} {
		if !strings.Contains(out, w) {
			t.Errorf("stats lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "summary") || strings.Contains(out, "not recorded") {
		t.Errorf("stats shows another person's use or none:\n%s", out)
	}
	t.Logf("\n%s", out)
}
