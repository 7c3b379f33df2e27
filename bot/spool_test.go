package bot_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/spool"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// spoolEnv is an engine over a real store behind a fault injector, with a
// spool in the store's directory.
type spoolEnv struct {
	store *sqlite.Store
	fault *storetest.Faulty
	spool *spool.File
	eng   *bot.Engine
}

func newSpoolEnv(t *testing.T, dir string) *spoolEnv {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	f := storetest.NewFaulty(st)
	mems, err := service.New(service.Options{Store: f})
	if err != nil {
		t.Fatal(err)
	}
	sp := spool.New(filepath.Join(dir, "spool.jsonl"), 0)
	e, err := bot.New(bot.Deps{Messages: f, People: f, Settings: f, Memories: mems, Spool: sp},
		bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return &spoolEnv{store: st, fault: f, spool: sp, eng: e}
}

func (s *spoolEnv) start(t *testing.T) {
	t.Helper()
	if err := s.eng.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// close closes the engine well within the time a refusing store would
// make a retrying one wait, and the store.
func (s *spoolEnv) close(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := s.eng.Close(ctx); err != nil {
		t.Fatalf("close engine: %v", err)
	}
	if err := s.store.Close(); err != nil {
		t.Fatal(err)
	}
}

// allText joins every reply r got.
func allText(r *bottest.Recorder) string {
	var b strings.Builder
	for _, rep := range r.Replies() {
		b.WriteString(rep.Text + "\n")
	}
	return b.String()
}

// errFull is how the embedded store reports a full disk.
var errFull = fmt.Errorf("append message: database or disk is full (13): %w", memory.ErrReadOnly)

// A store that refuses writes: the person is told once, the messages go
// to the spool (redacted), the engine counts them as unsaved, and the next
// start with a store that takes writes saves each exactly once.
func TestRefusedWritesSpoolAndReplay(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	env := newSpoolEnv(t, dir)
	env.start(t)
	env.fault.FailAlways("AppendMessage", errFull)
	texts := []string{"my flight leaves on Friday, mail me at dee@example.com", "and I land in Oslo"}
	var conv string
	var notices int
	for _, text := range texts {
		msg := bottest.DM("discord", "dee", text)
		conv = msg.ConversationID()
		r := &bottest.Recorder{}
		done, err := env.eng.Handle(ctx, msg, r)
		if err != nil {
			t.Fatalf("Handle with the store refusing writes: %v", err)
		}
		<-done
		notices += strings.Count(allText(r), "can't save messages right now")
		if !strings.Contains(r.Text(), "offline mode") {
			t.Errorf("no answer while the store refused writes: %q", r.Text())
		}
	}
	if notices != 1 {
		t.Errorf("told %d times that messages cannot be saved, want once per conversation", notices)
	}
	recs, err := env.spool.Records(ctx)
	if err != nil || len(recs) != 2 {
		t.Fatalf("spool holds %d records (%v), want 2", len(recs), err)
	}
	var first bot.Message
	if err := json.Unmarshal(recs[0], &first); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(first.Text, "dee@example.com") || !strings.Contains(first.Text, "Friday") {
		t.Errorf("spooled text not as capture stores it (redacted): %q", first.Text)
	}
	env.close(t)
	if got := env.eng.Unsaved(); got != (bot.Unsaved{Spooled: 2}) {
		t.Errorf("unsaved after close = %+v, want 2 spooled", got)
	}

	// Restart twice with a store that takes writes.
	for run := range 2 {
		env := newSpoolEnv(t, dir)
		env.start(t)
		env.close(t)
		if got := env.eng.Unsaved(); got != (bot.Unsaved{}) {
			t.Errorf("run %d: unsaved = %+v, want none", run, got)
		}
		st, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
		if err != nil {
			t.Fatal(err)
		}
		msgs, err := st.RecentMessages(ctx, conv, 10)
		st.Close()
		if err != nil || len(msgs) != 2 || !strings.Contains(msgs[0].Text, "Friday") || msgs[1].Text != texts[1] {
			t.Fatalf("run %d: stored %+v (%v), want each spooled message once, in order", run, msgs, err)
		}
	}
	if recs, _ := spool.New(filepath.Join(dir, "spool.jsonl"), 0).Records(ctx); len(recs) != 0 {
		t.Errorf("spool still holds %d records after the replay", len(recs))
	}
}

// The notice is in the person's language, and a transient outage that
// lasts to the shutdown leaves its messages in the spool, not lost.
func TestOutageAtShutdownSpools(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	env := newSpoolEnv(t, dir)
	env.start(t)
	env.fault.FailAlways("ResolveIdentity", fmt.Errorf("dial: %w", memory.ErrUnavailable))
	r := &bottest.Recorder{}
	done, err := env.eng.Handle(ctx, bottest.DM("telegram", "li", "我明天去上海出差"), r)
	if err != nil {
		t.Fatal(err)
	}
	<-done
	if !strings.Contains(allText(r), "我现在无法保存消息") {
		t.Errorf("notice not in Chinese: %q", allText(r))
	}
	if recs, _ := env.spool.Records(ctx); len(recs) != 0 {
		t.Errorf("a transient outage spooled at once: %d records", len(recs))
	}
	env.close(t)
	if got := env.eng.Unsaved(); got != (bot.Unsaved{Spooled: 1}) {
		t.Errorf("unsaved after close = %+v, want 1 spooled", got)
	}
}
