package bot_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// wordRecall recalls the owner's memories that share a word of four
// letters or more with the message: enough to tell two replies apart.
type wordRecall struct{ mems *service.Service }

func (r wordRecall) Recall(ctx context.Context, owner string, q bot.RecallQuery) ([]bot.Recalled, error) {
	all, err := r.mems.List(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		return nil, err
	}
	var out []bot.Recalled
	for _, m := range all {
		for _, w := range strings.Fields(strings.ToLower(q.Text)) {
			if len(w) >= 4 && strings.Contains(strings.ToLower(m.Text), w) {
				out = append(out, bot.Recalled{Memory: m, Score: 1})
				break
			}
		}
	}
	return out, nil
}

// replicas are engines over one store, as replicas over one database are.
type replicas struct {
	store *sqlite.Store
	clock *clock
}

func newReplicas(t *testing.T) *replicas {
	t.Helper()
	clk := &clock{now: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	store, err := sqlite.Open(t.Context(), t.TempDir(), sqlite.WithClock(clk.Now), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	return &replicas{store: store, clock: clk}
}

// engine starts one more offline engine (a replica, or a restart) over
// the shared store; it is closed when the test ends.
func (rs *replicas) engine(t *testing.T) *bot.Engine {
	t.Helper()
	mems, err := service.New(service.Options{Store: rs.store})
	if err != nil {
		t.Fatal(err)
	}
	e, err := bot.New(bot.Deps{Messages: rs.store, People: rs.store, Settings: rs.store, Memories: mems, Recall: wordRecall{mems}},
		bot.Options{Now: rs.clock.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
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
	return e
}

var msgSeq struct {
	sync.Mutex
	n int
}

// send has e handle text from user in a private chat and returns every
// reply it sent, joined.
func send(t *testing.T, e *bot.Engine, user, text string) string {
	t.Helper()
	msgSeq.Lock()
	msgSeq.n++
	id := fmt.Sprintf("r%d", msgSeq.n)
	msgSeq.Unlock()
	msg := bot.Message{
		Platform: "console", ChatID: user, ID: id, Author: bot.Author{ID: user, Username: user},
		Text: text, IsDM: true, Addressed: true,
	}
	r := &bottest.Recorder{}
	done, err := e.Handle(context.Background(), msg, r)
	if err != nil {
		t.Fatalf("handle %q: %v", text, err)
	}
	<-done
	return allText(r)
}

// storeMemory stores a memory of the person behind console user.
func (rs *replicas) storeMemory(t *testing.T, user, text string) string {
	t.Helper()
	p, err := rs.store.ResolveIdentity(context.Background(), "console", user, user)
	if err != nil {
		t.Fatal(err)
	}
	now := rs.clock.Now()
	m := memory.Memory{
		Owner: p.ID, Text: text, Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.7, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: now, UpdatedAt: now,
		Source: memory.Source{Platform: "console", ConversationID: "console:" + user, Excerpt: text, Time: now},
	}
	if err := rs.store.InsertMemory(context.Background(), &m); err != nil {
		t.Fatal(err)
	}
	return p.ID
}

func (rs *replicas) count(t *testing.T, owner string) int64 {
	t.Helper()
	n, err := rs.store.CountMemories(context.Background(), memory.MemoryQuery{Owner: owner})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const (
	forgotAll = "Deleted all"
	staleAll  = "No deletion is waiting"
)

// "/memories forget all" waits in the store: a confirmation reaching
// another replica, or this one restarted, erases; a cancel on another
// replica, a late confirmation and a second one do not.
func TestForgetAllConfirmationAcrossReplicas(t *testing.T) {
	rs := newReplicas(t)
	a, b := rs.engine(t), rs.engine(t)
	owner := rs.storeMemory(t, "ann", "ann likes tea")

	send(t, a, "ann", "/memories forget all")
	if got := send(t, b, "ann", "/memories forget all cancel"); !strings.Contains(got, "Cancelled") {
		t.Fatalf("cancel on another replica: %q", got)
	}
	if got := send(t, a, "ann", "/memories forget all confirm"); !strings.Contains(got, staleAll) || rs.count(t, owner) != 1 {
		t.Fatalf("confirmation after a cancel elsewhere: %q, %d left", got, rs.count(t, owner))
	}

	send(t, a, "ann", "/memories forget all")
	rs.clock.Add(bot.ForgetAllWindow + time.Second)
	if got := send(t, b, "ann", "/memories forget all confirm"); !strings.Contains(got, staleAll) || rs.count(t, owner) != 1 {
		t.Fatalf("late confirmation on another replica: %q, %d left", got, rs.count(t, owner))
	}

	send(t, a, "ann", "/memories forget all")
	rs.clock.Add(bot.ForgetAllWindow - time.Second)
	restarted := rs.engine(t)
	if got := send(t, restarted, "ann", "/memories forget all confirm"); !strings.Contains(got, forgotAll) || rs.count(t, owner) != 0 {
		t.Fatalf("confirmation after a restart: %q, %d left", got, rs.count(t, owner))
	}
	if got := send(t, b, "ann", "/memories forget all confirm"); !strings.Contains(got, staleAll) {
		t.Fatalf("second confirmation: %q", got)
	}
}

// Of two replicas given the same confirmation at once (asked on a
// third), exactly one erases.
func TestForgetAllConfirmationTakenOnce(t *testing.T) {
	rs := newReplicas(t)
	asked := rs.engine(t)
	engines := []*bot.Engine{rs.engine(t), rs.engine(t)}
	for round := range 5 {
		user := fmt.Sprintf("bo%d", round)
		rs.storeMemory(t, user, "bo likes coffee")
		send(t, asked, user, "/memories forget all")
		got := make([]string, len(engines))
		var wg sync.WaitGroup
		for i, e := range engines {
			wg.Go(func() { got[i] = send(t, e, user, "/memories forget all confirm") })
		}
		wg.Wait()
		erased, stale := 0, 0
		for _, g := range got {
			erased += strings.Count(g, forgotAll)
			stale += strings.Count(g, staleAll)
		}
		if erased != 1 || stale != 1 {
			t.Fatalf("round %d: replies %q; want one erasure and one stale answer", round, got)
		}
	}
}

// waitWhy waits until the stored why record names message text's reply;
// the engine writes it behind the reply.
func (rs *replicas) waitWhy(t *testing.T, personID, word string) {
	t.Helper()
	for range 500 {
		if v, err := rs.store.Setting(context.Background(), memory.WhyKey(personID)); err == nil && strings.Contains(v, word) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("why record of %s never named %q", personID, word)
}

// "/memories why" on a replica shows the person's last reply, even when
// another replica gave it after this one's.
func TestWhyShowsAnotherReplicasLaterReply(t *testing.T) {
	rs := newReplicas(t)
	a, b := rs.engine(t), rs.engine(t)
	owner := rs.storeMemory(t, "cy", "cy keeps bees")
	rs.storeMemory(t, "cy", "cy sails dinghies")
	ids := map[string]string{}
	all, err := rs.store.ListMemories(context.Background(), memory.MemoryQuery{Owner: owner})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		ids[strings.Fields(m.Text)[1]] = m.ID
	}

	send(t, a, "cy", "tell me about bees")
	rs.waitWhy(t, owner, ids["keeps"])
	if got := send(t, a, "cy", "/memories why"); !strings.Contains(got, "bees") {
		t.Fatalf("why after a reply here: %q", got)
	}
	rs.clock.Add(time.Minute)
	send(t, b, "cy", "what about dinghies")
	rs.waitWhy(t, owner, ids["sails"])
	got := send(t, a, "cy", "/memories why")
	if !strings.Contains(got, "dinghies") || strings.Contains(got, "bees") {
		t.Fatalf("why on replica A after replica B's later reply shows %q; want B's memories", got)
	}
}
