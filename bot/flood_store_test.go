package bot_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/spool"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// TestFloodWhileTheStoreRefusesWrites: a flood from one person while the
// store refuses writes spools no more than the capture bound, answers
// within the answer limit, and says each thing once.
func TestFloodWhileTheStoreRefusesWrites(t *testing.T) {
	const perMinute, flood = 4, 200
	dir := t.TempDir()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f := storetest.NewFaulty(st)
	mems, err := service.New(service.Options{Store: f})
	if err != nil {
		t.Fatal(err)
	}
	sp := spool.New(filepath.Join(dir, "spool.jsonl"), 0)
	now := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
	e, err := bot.New(bot.Deps{Messages: f, People: f, Settings: f, Memories: mems, Spool: sp, Answers: f},
		bot.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return now },
			Limits: bot.Limits{MessagesPerMinute: perMinute}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	f.FailAlways("AppendMessage", errFull)
	var answers, cannotSave, slowDown int
	for i := range flood {
		msg := bottest.DM("telegram", "fox", "flood line")
		msg.Time = now
		r := &bottest.Recorder{}
		done, err := e.Handle(ctx, msg, r)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		<-done
		for _, rep := range r.Replies() {
			switch {
			case strings.Contains(rep.Text, "can't save"):
				cannotSave++
			case strings.Contains(rep.Text, "offline mode"):
				answers++
			default:
				slowDown++
			}
		}
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := e.Close(cctx); err != nil {
		t.Fatal(err)
	}
	recs, err := sp.Records(ctx)
	if err != nil {
		t.Fatal(err)
	}
	capBound := bot.CaptureFactor * perMinute
	t.Logf("answers %d, cannot-save notices %d, other replies %d, spooled %d, unsaved %+v", answers, cannotSave, slowDown, len(recs), e.Unsaved())
	if answers != perMinute || cannotSave != 1 || slowDown != 1 {
		t.Errorf("answers %d, cannot-save %d, slow-down %d; want %d, 1, 1", answers, cannotSave, slowDown, perMinute)
	}
	if len(recs) != capBound {
		t.Errorf("spooled %d, want the capture bound %d", len(recs), capBound)
	}
}
