package bot_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// missedNotice is the start of the English missed-message notice.
const missedNotice = "I was restarting and missed your message"

// deliveries counts what each message got, across runs of the bot.
type deliveries struct {
	mu   sync.Mutex
	got  map[string][]string // message id → "answer" / "notice", in order
	hold int                 // deliveries blocked until their context ends, once hold > 0
	held chan struct{}       // receives one value per Send blocked by hold
}

func newDeliveries() *deliveries {
	return &deliveries{got: map[string][]string{}, held: make(chan struct{}, 1000)}
}

// responder delivers the replies to message id.
func (d *deliveries) responder(id string) bot.Responder { return &countingResponder{d: d, id: id} }

// countingResponder records each reply delivered while its context is
// live; once the deliveries are held it blocks instead, like a process
// about to be killed mid-send.
type countingResponder struct {
	d  *deliveries
	id string
}

func (r *countingResponder) Typing(context.Context) error         { return nil }
func (r *countingResponder) Stream(context.Context, string) error { return nil }

func (r *countingResponder) Send(ctx context.Context, rep bot.Reply) error {
	r.d.mu.Lock()
	hold := r.d.hold > 0
	r.d.mu.Unlock()
	if hold {
		r.d.held <- struct{}{}
		<-ctx.Done()
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	kind := "answer"
	if strings.HasPrefix(rep.Text, missedNotice) {
		kind = "notice"
	}
	r.d.mu.Lock()
	defer r.d.mu.Unlock()
	r.d.got[r.id] = append(r.d.got[r.id], kind)
	return nil
}

// holdFrom makes every Send from now on block until its context ends.
func (d *deliveries) holdFrom() {
	d.mu.Lock()
	d.hold = 1
	d.mu.Unlock()
}

func (d *deliveries) release() {
	d.mu.Lock()
	d.hold = 0
	d.mu.Unlock()
}

// settled waits, boundedly, until every id got something.
func (d *deliveries) settled(t *testing.T, ids []string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		d.mu.Lock()
		n := 0
		for _, id := range ids {
			if len(d.got[id]) > 0 {
				n++
			}
		}
		d.mu.Unlock()
		if n == len(ids) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d messages got an answer or a notice", n, len(ids))
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// run is one run of the bot over the store in dir.
type run struct {
	engine *bot.Engine
	store  *sqlite.Store
	cancel context.CancelFunc
}

// startRun opens the store in dir and starts an offline engine on it that
// delivers to d, as the console would after a restart.
func startRun(t *testing.T, dir string, clk *clock, d *deliveries, o bot.AnswerOptions) *run {
	t.Helper()
	store, err := sqlite.Open(t.Context(), dir, sqlite.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	mems, err := service.New(service.Options{Store: store})
	if err != nil {
		t.Fatal(err)
	}
	if o.Replica == "" {
		o.Replica = "embedded"
	}
	e, err := bot.New(bot.Deps{Messages: store, People: store, Settings: store, Memories: mems, Answers: store},
		bot.Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Answers: o})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if err := e.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := e.Resume(ctx, "console", func(_ context.Context, m bot.Message, _ <-chan struct{}) (bot.Responder, error) {
		return d.responder(m.ID), nil
	}); err != nil {
		t.Fatal(err)
	}
	r := &run{engine: e, store: store, cancel: cancel}
	t.Cleanup(func() { cancel(); _ = store.Close() })
	return r
}

// kill abandons the run without Close: everything is cancelled, and the
// store is closed under whatever still runs, as the process dying would.
func (r *run) kill() {
	r.cancel()
	_ = r.store.Close()
}

// message is an addressed terminal message number i of conversation c,
// sent at sent.
func message(c, i int, sent time.Time) bot.Message {
	return bot.Message{
		Platform: "console", ChatID: fmt.Sprintf("u%d", c), ID: fmt.Sprintf("c%d-m%d", c, i),
		Author: bot.Author{ID: fmt.Sprintf("u%d", c), Username: fmt.Sprintf("u%d", c)},
		Text:   fmt.Sprintf("message %d of conversation %d", i, c), Time: sent, IsDM: true, Addressed: true,
	}
}

// exactlyOnce checks that every id got exactly one delivery, and counts
// them by kind.
func exactlyOnce(t *testing.T, d *deliveries, ids []string) map[string]int {
	t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	kinds := map[string]int{}
	for _, id := range ids {
		got := d.got[id]
		if len(got) != 1 {
			t.Errorf("message %s got %v, want exactly one answer or notice", id, got)
			continue
		}
		kinds[got[0]]++
	}
	return kinds
}

// TestKillAndRestartMidLoad kills the bot while replies are being sent and
// restarts it on the same data directory: every addressed message is then
// answered (or, when too old, noticed) exactly once.
func TestKillAndRestartMidLoad(t *testing.T) {
	const convs, perConv = 6, 10
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	var ids []string
	// The first three of each conversation are answered before the kill.
	for i := range perConv {
		if i == 3 {
			// Let the conversations get through their first three, then
			// block every delivery: the kill comes mid-send.
			d.settled(t, ids)
			d.holdFrom()
		}
		for c := range convs {
			sent := clk.Now()
			if i == perConv-1 {
				// Sent 90 s before: fresh now, stale once restarted a
				// minute later.
				sent = sent.Add(-90 * time.Second)
			}
			m := message(c, i, sent)
			ids = append(ids, m.ID)
			if _, err := first.engine.Handle(t.Context(), m, d.responder(m.ID)); err != nil {
				t.Fatalf("Handle %s: %v", m.ID, err)
			}
		}
	}
	for range convs {
		<-d.held // every conversation is blocked in a send
	}
	first.kill()
	d.release()

	clk.Add(time.Minute)
	startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.settled(t, ids)
	kinds := exactlyOnce(t, d, ids)
	if kinds["notice"] != convs || kinds["answer"] != convs*(perConv-1) {
		t.Errorf("got %v, want %d answers and %d notices (the messages older than 2 minutes at restart)",
			kinds, convs*(perConv-1), convs)
	}
}

// TestCloseLeavesQueuedAnswersForTheNextRun stops the bot (SIGTERM) with
// one reply in flight and more queued: the one in flight is delivered, the
// queued ones are not run but stay in the store, and the next run answers
// them, each exactly once.
func TestCloseLeavesQueuedAnswersForTheNextRun(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	gate := &gatedResponder{inner: d.responder("c0-m0"), entered: make(chan struct{}), release: make(chan struct{})}
	var ids []string
	for i := range 5 {
		m := message(0, i, clk.Now())
		ids = append(ids, m.ID)
		var r bot.Responder = d.responder(m.ID)
		if i == 0 {
			r = gate
		}
		if _, err := first.engine.Handle(t.Context(), m, r); err != nil {
			t.Fatal(err)
		}
	}
	<-gate.entered
	closed := make(chan error, 1)
	go func() { closed <- first.engine.Close(context.Background()) }()
	// Once Close has begun, intake is stopped; then the reply in flight
	// may finish.
	for {
		probe := message(9, 0, clk.Now())
		probe.Addressed = false // captured, never answered
		_, err := first.engine.Handle(t.Context(), probe, d.responder("probe"))
		if errors.Is(err, bot.ErrClosed) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	close(gate.release)
	if err := <-closed; err != nil {
		t.Fatalf("Close: %v", err)
	}
	d.mu.Lock()
	got := fmt.Sprint(d.got)
	d.mu.Unlock()
	if got != "map[c0-m0:[answer]]" {
		t.Fatalf("delivered before the restart: %s, want only the reply in flight", got)
	}
	first.kill()

	startRun(t, dir, clk, d, bot.AnswerOptions{})
	d.settled(t, ids)
	if kinds := exactlyOnce(t, d, ids); kinds["answer"] != 5 {
		t.Errorf("got %v, want 5 answers", kinds)
	}
}

// TestRedeliveryIsAnsweredOnce hands the engine a message it answered in
// an earlier run: it is not answered again.
func TestRedeliveryIsAnsweredOnce(t *testing.T) {
	dir := t.TempDir()
	clk := &clock{now: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	d := newDeliveries()
	first := startRun(t, dir, clk, d, bot.AnswerOptions{})
	m := message(0, 0, clk.Now())
	done, err := first.engine.Handle(t.Context(), m, d.responder(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	<-done
	if err := first.engine.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	first.kill()
	second := startRun(t, dir, clk, d, bot.AnswerOptions{})
	done, err = second.engine.Handle(t.Context(), m, d.responder(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	<-done
	if err := second.engine.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	exactlyOnce(t, d, []string{m.ID})
}

// gatedResponder holds its first Send until released.
type gatedResponder struct {
	inner   bot.Responder
	entered chan struct{}
	release chan struct{}
	once    sync.Once
}

func (g *gatedResponder) Typing(ctx context.Context) error           { return g.inner.Typing(ctx) }
func (g *gatedResponder) Stream(ctx context.Context, s string) error { return g.inner.Stream(ctx, s) }
func (g *gatedResponder) Send(ctx context.Context, r bot.Reply) error {
	g.once.Do(func() { close(g.entered) })
	<-g.release
	return g.inner.Send(ctx, r)
}
