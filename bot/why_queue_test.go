package bot_test

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/storetest"
)

// queuedEngine starts a replica with a model and the durable answer queue
// over a faulty view of the shared store; it is closed when the test ends.
func (rs *replicas) queuedEngine(t *testing.T, name string) (*bot.Engine, *storetest.Faulty) {
	t.Helper()
	faulty := storetest.NewFaulty(rs.store)
	mems, err := service.New(service.Options{Store: faulty})
	if err != nil {
		t.Fatal(err)
	}
	model := bottest.NewDyingModel(t, "", "here is an answer", false)
	e, err := bot.New(bot.Deps{Messages: faulty, People: faulty, Settings: faulty, Memories: mems, Recall: wordRecall{mems},
		Answers: faulty, Model: model},
		bot.Options{Now: rs.clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Answers: bot.AnswerOptions{Replica: name, SweepInterval: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := e.Close(ctx); err != nil {
			t.Errorf("close engine: %v", err)
		}
	})
	return e, faulty
}

// A durable answer's why record is written by the call that captures the
// reply and marks its queue entry done, not by a call of its own: once
// the answer's job has ended, another replica's "/memories why" shows it.
func TestWhyRecordGoesWithTheReplysCapture(t *testing.T) {
	rs := newReplicas(t)
	a, faulty := rs.queuedEngine(t, "a")
	b, _ := rs.queuedEngine(t, "b")
	owner := rs.storeMemory(t, "di", "di keeps bees")
	send(t, a, "di", "tell me about bees")
	if n := faulty.Calls("PutSetting"); n != 0 {
		t.Errorf("%d PutSetting calls for one answer; want the why record written with the reply", n)
	}
	if n := faulty.Calls("FinishAnswerWithReply"); n != 1 {
		t.Errorf("%d FinishAnswerWithReply calls for one answer, want 1", n)
	}
	if v, err := rs.store.Setting(context.Background(), memory.WhyKey(owner)); err != nil || !strings.Contains(v, owner) {
		t.Fatalf("why record right after the answer = %q, %v; want it stored", v, err)
	}
	if got := send(t, b, "di", "/memories why"); !strings.Contains(got, "bees") {
		t.Fatalf("why on another replica right after the answer: %q", got)
	}
}

// When the call that would store the why record fails, the replica that
// answered still shows its own record.
func TestWhyKeptHereWhenTheStoreMissesIt(t *testing.T) {
	rs := newReplicas(t)
	a, faulty := rs.queuedEngine(t, "a")
	owner := rs.storeMemory(t, "ed", "ed keeps bees")
	faulty.FailOn("FinishAnswerWithReply", 1, memory.ErrUnavailable)
	send(t, a, "ed", "tell me about bees")
	if n := faulty.Calls("FinishAnswerWithReply"); n != 1 {
		t.Fatalf("%d FinishAnswerWithReply calls, want the one that failed", n)
	}
	if _, err := rs.store.Setting(context.Background(), memory.WhyKey(owner)); err == nil {
		t.Fatal("why record stored by a call that failed")
	}
	if got := send(t, a, "ed", "/memories why"); !strings.Contains(got, "bees") {
		t.Fatalf("why on the replica that answered, its store write failed: %q", got)
	}
}
