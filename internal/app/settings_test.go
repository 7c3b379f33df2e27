package app

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
)

func TestSchedulerOptions(t *testing.T) {
	tests := []struct {
		name       string
		delay      time.Duration
		wantWindow time.Duration
		wantRetry  time.Duration
	}{
		{"zero extracts at once", 0, immediateWindow, extract.DefaultStabilityWindow},
		{"default", 30 * time.Second, 30 * time.Second, 30 * time.Second},
		{"short window, retry floor", 5 * time.Second, 5 * time.Second, extract.DefaultStabilityWindow},
		{"long window", 5 * time.Minute, 5 * time.Minute, 5 * time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := schedulerOptions(config.Memory{ExtractionDelay: config.Duration(tt.delay)}, nil, nil, nil)
			if o.Window != tt.wantWindow || o.RetryDelay != tt.wantRetry {
				t.Fatalf("window %v retry %v, want %v and %v", o.Window, o.RetryDelay, tt.wantWindow, tt.wantRetry)
			}
			if o.Window <= 0 {
				t.Fatal("a zero window would be replaced by the scheduler's default")
			}
		})
	}
}

// quietResponder takes the engine's replies and drops them.
type quietResponder struct{}

func (quietResponder) Typing(context.Context) error          { return nil }
func (quietResponder) Stream(context.Context, string) error  { return nil }
func (quietResponder) Send(context.Context, bot.Reply) error { return nil }

// With memory.extraction_delay = 0 a conversation is extracted right after
// a message, not after the default 30 quiet seconds.
func TestZeroExtractionDelayExtractsAtOnce(t *testing.T) {
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.Memory.ExtractionDelay = 0
	ctx := context.Background()
	a, err := Open(ctx, cfg, WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(ctx)
	msg := bot.Message{Platform: "console", ChatID: "c1", ID: "1", Text: "I work as a nurse in Lyon",
		Author: bot.Author{ID: "alice", Username: "alice"}, IsDM: true, Addressed: true}
	done, err := a.Engine.Handle(ctx, msg, quietResponder{})
	if err != nil {
		t.Fatal(err)
	}
	<-done
	// Well under the 30 s default window: the wait below only ends early
	// when extraction ran without it.
	deadline := time.Now().Add(15 * time.Second)
	for {
		pending, err := a.Store.PendingConversations(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("conversation still waiting for extraction: %+v", pending)
		}
		time.Sleep(10 * time.Millisecond)
	}
	msgs, err := a.Store.RecentMessages(ctx, msg.ConversationID(), 10)
	if err != nil || len(msgs) == 0 {
		t.Fatalf("message not captured: %v, %v", msgs, err)
	}
}

func TestArchiveAfterSetting(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want time.Duration
	}{
		{0, -1},
		{48 * time.Hour, 48 * time.Hour},
	}
	for _, tt := range tests {
		if got := archiveAfter(config.Memory{ArchiveAfter: config.Duration(tt.in)}); got != tt.want {
			t.Errorf("archiveAfter(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// With memory.archive_after = 0 a memory unused for a very long time stays
// active, while an expired temporary one is still archived.
func TestZeroArchiveAfterKeepsUnusedMemories(t *testing.T) {
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.Memory.ArchiveAfter = 0
	old := time.Now().Add(-400 * 24 * time.Hour)
	unused := memory.Memory{Owner: "p1", Text: "Works as a nurse in Lyon", Type: memory.TypeFact,
		Lifecycle: memory.LifecycleFact, Importance: 0.5, Confidence: 0.9, Status: memory.StatusActive,
		CreatedAt: old, UpdatedAt: old}
	expired := memory.Memory{Owner: "p1", Text: "Dentist appointment on Monday", Type: memory.TypeEvent,
		Lifecycle: memory.LifecycleTemporary, Importance: 0.5, Confidence: 0.9, Status: memory.StatusActive,
		CreatedAt: old, UpdatedAt: old, ExpiresAt: old.Add(24 * time.Hour)}
	// Upkeep runs at start: both memories are looked at in the same pass.
	a := restartWith(t, cfg, &unused, &expired)
	waitArchived(t, a, "p1", expired.ID)
	got, err := a.Store.Memory(context.Background(), "p1", unused.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != memory.StatusActive {
		t.Fatalf("unused memory is %s; archive_after = 0 must keep it", got.Status)
	}
}
