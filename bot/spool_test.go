package bot_test

import (
	"context"
	"encoding/json"
	"errors"
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

// The notice is in the person's language, and a transient outage keeps
// its messages in the spool at once, still there after the shutdown.
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
	if recs, _ := env.spool.Records(ctx); len(recs) != 1 {
		t.Errorf("a transient outage spooled %d records at once, want the message", len(recs))
	}
	env.close(t)
	if got := env.eng.Unsaved(); got != (bot.Unsaved{Spooled: 1}) {
		t.Errorf("unsaved after close = %+v, want 1 spooled", got)
	}
}

// dropOnceFails is a spool whose first Drop fails, as a crash between
// saving the replayed messages and dropping them would leave it.
type dropOnceFails struct {
	*spool.File
	failed bool
}

func (d *dropOnceFails) Drop(ctx context.Context, n int) error {
	if !d.failed {
		d.failed = true
		return errors.New("drop: interrupted")
	}
	return d.File.Drop(ctx, n)
}

// Messages held through a transient outage are in the spool before Handle
// returns: an engine that dies without Close (its context cancelled, its
// store still down) loses none, and the next one saves each once and in
// order, even when it replays them twice.
func TestOutageSurvivesCrash(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	path := filepath.Join(dir, "spool.jsonl")
	engine := func(s memory.Store, sp bot.Spool) *bot.Engine {
		mems, err := service.New(service.Options{Store: s})
		if err != nil {
			t.Fatal(err)
		}
		e, err := bot.New(bot.Deps{Messages: s, People: s, Settings: s, Memories: mems, Spool: sp},
			bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}

	down := storetest.NewFaulty(st)
	down.FailAlways("ResolveIdentity", fmt.Errorf("dial: %w", memory.ErrUnavailable))
	dying := engine(down, spool.New(path, 0))
	runCtx, crash := context.WithCancel(ctx)
	if err := dying.Start(runCtx); err != nil {
		t.Fatal(err)
	}
	const n = 12
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var conv string
	for i := range n {
		msg := bottest.DM("discord", "gus", fmt.Sprintf("line %02d, reach me at gus@example.com", i))
		msg.Time = t0.Add(time.Duration(i) * time.Second)
		conv = msg.ConversationID()
		done, err := dying.Handle(ctx, msg, &bottest.Recorder{})
		if err != nil {
			t.Fatalf("message %d with the store down: %v", i, err)
		}
		<-done
	}
	crash() // no Close: what is only in memory is gone with the process

	sp := &dropOnceFails{File: spool.New(path, 0)}
	next := engine(st, sp)
	if err := next.Start(ctx); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := next.Close(cctx); err != nil {
		t.Fatal(err)
	}
	if !sp.failed {
		t.Error("the replay never dropped what it saved")
	}
	msgs, err := st.RecentMessages(ctx, conv, 2*n)
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != n {
		t.Fatalf("after the crash and a restart, %d messages stored, want each of the %d once", len(msgs), n)
	}
	for i, m := range msgs {
		if want := fmt.Sprintf("line %02d", i); !strings.HasPrefix(m.Text, want) || strings.Contains(m.Text, "gus@example.com") {
			t.Errorf("message %d stored as %q, want %q… redacted, in order", i, m.Text, want)
		}
	}
	if recs, err := spool.New(path, 0).Records(ctx); err != nil || len(recs) != 0 {
		t.Errorf("spool holds %d records (%v) after the replay, want none", len(recs), err)
	}
	if got := next.Unsaved(); got != (bot.Unsaved{}) {
		t.Errorf("unsaved after the replay = %+v, want none", got)
	}
}

// failingAppends is a spool whose Appends numbered from..to-1 (from 0)
// fail, like a disk that filled up for a while.
type failingAppends struct {
	*spool.File
	from, to, n int
}

func (f *failingAppends) Append(ctx context.Context, rec []byte) error {
	i := f.n
	f.n++
	if i >= f.from && i < f.to {
		return spool.ErrFull
	}
	return f.File.Append(ctx, rec)
}

// When the spool fails the messages wait in memory, and the later ones
// behind them, so that all are saved in the order they came.
func TestOutageSpoolFailsMemoryFallback(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	real, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer real.Close()
	store := &flakyStore{Store: real}
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	sp := &failingAppends{File: spool.New(filepath.Join(dir, "spool.jsonl"), 0), from: 3, to: 5}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Spool: sp},
		bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	store.down.Store(true)
	const n = 8
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	var conv string
	for i := range n {
		msg := bottest.DM("discord", "hal", fmt.Sprintf("line %02d", i))
		msg.Time = t0.Add(time.Duration(i) * time.Second)
		conv = msg.ConversationID()
		done, err := e.Handle(ctx, msg, &bottest.Recorder{})
		if err != nil {
			t.Fatalf("message %d with the store down: %v", i, err)
		}
		<-done
	}
	if got := e.Unsaved(); got != (bot.Unsaved{Spooled: 3, Lost: n - 3}) {
		t.Errorf("unsaved while down = %+v, want 3 spooled and the rest in memory", got)
	}
	store.down.Store(false)
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := e.Close(cctx); err != nil {
		t.Fatal(err)
	}
	msgs, err := real.RecentMessages(ctx, conv, 2*n)
	if err != nil || len(msgs) != n {
		t.Fatalf("stored %d messages (%v), want %d", len(msgs), err, n)
	}
	for i, m := range msgs {
		if want := fmt.Sprintf("line %02d", i); m.Text != want {
			t.Errorf("message %d stored as %q, want %q", i, m.Text, want)
		}
	}
}
