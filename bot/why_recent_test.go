package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

// recentTexts lists the memory texts of each recent reply, newest first.
func recentTexts(t *testing.T, b *bottest.Bot, personID string, limit int) [][]string {
	t.Helper()
	list, err := b.Engine.RecentReplies(context.Background(), personID, limit)
	if err != nil {
		t.Fatal(err)
	}
	out := make([][]string, len(list))
	for i, in := range list {
		if i > 0 && in.At.After(list[i-1].At) {
			t.Errorf("reply %d (%v) is newer than reply %d (%v)", i, in.At, i-1, list[i-1].At)
		}
		for _, r := range in.Memories {
			out[i] = append(out[i], r.Memory.Text)
		}
	}
	return out
}

func hasText(texts []string, word string) bool {
	return slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, word) })
}

// The panel's recent replies: the last replies newest first, each with the
// memories that went into it as they are now (a forgotten one left out),
// kept over a restart and added to by the next process.
func TestRecentRepliesKeepsTheLastReplies(t *testing.T) {
	dir := t.TempDir()
	b := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	dm := bottest.DM("console", "alice", "")
	alice := person(t, b, "console", "alice")
	remember(t, b, alice, "m-tea-1", "Alice drinks oolong tea every morning")
	remember(t, b, alice, "m-bike-1", "Alice rides a tandem bicycle")
	remember(t, b, alice, "m-cat-1", "Alice has a cat named Miso")
	say(t, b, dm, "which oolong tea should I buy?")
	say(t, b, dm, "my tandem bicycle needs new tyres")
	say(t, b, dm, "what toy would Miso the cat like?")

	got := recentTexts(t, b, alice, 0)
	if len(got) != 3 || !hasText(got[0], "Miso") || !hasText(got[1], "tandem") || !hasText(got[2], "oolong") {
		t.Fatalf("recent replies = %q, want the cat, bicycle and tea replies, newest first", got)
	}
	if r := say(t, b, dm, "/memories forget m-bike-1"); !strings.Contains(r.Text, "Forgotten") {
		t.Fatalf("forget: %q", r.Text)
	}
	got = recentTexts(t, b, alice, 0)
	if len(got) != 3 || hasText(got[1], "tandem") {
		t.Errorf("recent replies after forgetting the bicycle = %q, want 3 replies without it", got)
	}
	if got := recentTexts(t, b, alice, 2); len(got) != 2 || !hasText(got[0], "Miso") {
		t.Errorf("recent replies, limit 2 = %q", got)
	}
	if got := recentTexts(t, b, person(t, b, "console", "bob"), 0); len(got) != 0 {
		t.Errorf("bob's recent replies = %q, want none", got)
	}

	b.Stop(t)
	b = bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	got = recentTexts(t, b, alice, 0)
	if len(got) != 3 || !hasText(got[0], "Miso") || !hasText(got[2], "oolong") || hasText(got[1], "tandem") {
		t.Fatalf("recent replies after a restart = %q", got)
	}
	say(t, b, dm, "is oolong tea good in the evening?")
	got = recentTexts(t, b, alice, 0)
	if len(got) != 4 || !hasText(got[0], "oolong") || !hasText(got[1], "Miso") || !hasText(got[3], "oolong") {
		t.Errorf("recent replies after one more reply in the new process = %q, want 4", got)
	}
	if r := say(t, b, dm, "/memories why"); !strings.Contains(r.Text, "oolong") || strings.Contains(r.Text, "Miso") {
		t.Errorf("/memories why does not show the last reply only:\n%s", r.Text)
	}
}

// At most RecentRepliesMax replies are kept, the newest ones.
func TestRecentRepliesBounded(t *testing.T) {
	dir := t.TempDir()
	b := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	dm := bottest.DM("console", "alice", "")
	alice := person(t, b, "console", "alice")
	remember(t, b, alice, "m-tea-1", "Alice drinks oolong tea every morning")
	n := bot.RecentRepliesMax + 3
	for i := range n {
		say(t, b, dm, fmt.Sprintf("oolong tea question number %d", i))
	}
	list, err := b.Engine.RecentReplies(context.Background(), alice, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != bot.RecentRepliesMax {
		t.Fatalf("%d recent replies, want %d", len(list), bot.RecentRepliesMax)
	}
	b.Stop(t)
	b = bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	raw, err := b.Store.Setting(context.Background(), memory.WhyKey(alice))
	if err != nil {
		t.Fatal(err)
	}
	var stored struct {
		Earlier []json.RawMessage `json:"earlier"`
	}
	if err := json.Unmarshal([]byte(raw), &stored); err != nil || len(stored.Earlier) != bot.RecentRepliesMax-1 {
		t.Errorf("stored record holds %d earlier replies (%v), want %d", len(stored.Earlier), err, bot.RecentRepliesMax-1)
	}
}

// A record written before it kept earlier replies reads as one reply, and
// the next reply keeps it.
func TestRecentRepliesReadsASingleRecord(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	b := bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	alice := person(t, b, "console", "alice")
	remember(t, b, alice, "m-tea-1", "Alice drinks oolong tea every morning")
	at := time.Now().Add(-time.Hour).UTC()
	old := fmt.Sprintf(`{"at":%q,"conversation_id":"console:dm-alice","message_id":"old-1","items":[{"owner":%q,"id":"m-tea-1","score":0.5}]}`, at.Format(time.RFC3339Nano), alice)
	if err := b.Store.PutSetting(ctx, memory.WhyKey(alice), old, time.Time{}); err != nil {
		t.Fatal(err)
	}
	b.Stop(t)
	b = bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	list, err := b.Engine.RecentReplies(ctx, alice, 0)
	if err != nil || len(list) != 1 || list[0].MessageID != "old-1" || len(list[0].Memories) != 1 || list[0].Memories[0].Score != 0.5 {
		t.Fatalf("recent replies from a single record = %+v, %v", list, err)
	}
	b.Stop(t)
	b = bottest.New(t, bottest.Offline(), bottest.WithDir(dir))
	say(t, b, bottest.DM("console", "alice", ""), "more oolong tea?")
	list, err = b.Engine.RecentReplies(ctx, alice, 0)
	if err != nil || len(list) != 2 || list[1].MessageID != "old-1" {
		t.Errorf("recent replies after the next reply = %+v, %v; want it and the old one", list, err)
	}
}
