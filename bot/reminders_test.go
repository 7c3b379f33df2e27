package bot_test

import (
	"context"
	"errors"
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

// remindT0 is the reminder tests' start: a Monday morning, UTC.
var remindT0 = time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)

// outbox records what reached each chat through the adapters' ResponderFor.
type outbox struct {
	mu   sync.Mutex
	sent map[string][]bot.Reply // by chat
	// refuse is how many sends the platform refuses next.
	refuse int
}

func (o *outbox) responderFor(_ context.Context, msg bot.Message, _ <-chan struct{}) (bot.Responder, error) {
	return chatRecorder{o: o, chat: msg.ChatID, dm: msg.IsDM}, nil
}

func (o *outbox) replies(chat string) []bot.Reply {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]bot.Reply(nil), o.sent[chat]...)
}

func (o *outbox) total() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, r := range o.sent {
		n += len(r)
	}
	return n
}

type chatRecorder struct {
	o    *outbox
	chat string
	dm   bool
}

func (chatRecorder) Typing(context.Context) error         { return nil }
func (chatRecorder) Stream(context.Context, string) error { return nil }
func (c chatRecorder) Send(_ context.Context, r bot.Reply) error {
	c.o.mu.Lock()
	defer c.o.mu.Unlock()
	if c.o.refuse > 0 {
		c.o.refuse--
		return &bot.DeliveryError{Permanent: true, Err: errors.New("bot was blocked")}
	}
	if !c.dm {
		r.Text = "NOT PRIVATE: " + r.Text
	}
	c.o.sent[c.chat] = append(c.o.sent[c.chat], r)
	return nil
}

// remindEnv is one SQLite store, a shared clock, and the engines
// (replicas, or one process and its restart) running over them.
type remindEnv struct {
	t     *testing.T
	ctx   context.Context
	store *sqlite.Store
	svc   *service.Service
	clk   *bottest.Clock
	out   *outbox
}

func newRemindEnv(t *testing.T) *remindEnv {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	clk := bottest.NewClock(remindT0)
	svc, err := service.New(service.Options{Store: st, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return &remindEnv{t: t, ctx: ctx, store: st, svc: svc, clk: clk, out: &outbox{sent: make(map[string][]bot.Reply)}}
}

// engine starts an engine named replica over the store, connected to the
// outbox as the Telegram adapter would be.
func (e *remindEnv) engine(replica string) *bot.Engine {
	e.t.Helper()
	st := e.store
	eng, err := bot.New(bot.Deps{Messages: st, People: st, Settings: st, Memories: e.svc, Answers: st, Counters: st, Due: st, Leases: st},
		bot.Options{Now: e.clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Answers:   bot.AnswerOptions{Replica: replica, SweepInterval: time.Hour, Freshness: time.Hour},
			Reminders: bot.ReminderOptions{Lead: time.Hour, Interval: time.Hour}})
	if err != nil {
		e.t.Fatal(err)
	}
	if err := eng.Start(e.ctx); err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { _ = eng.Close(context.Background()) })
	if err := eng.Resume(e.ctx, "telegram", e.out.responderFor); err != nil {
		e.t.Fatal(err)
	}
	return eng
}

// say has user send text to eng in their private chat (in lang, when
// given) and returns the answer.
func (e *remindEnv) say(eng *bot.Engine, user, lang, text string) string {
	e.t.Helper()
	msg := bottest.DM("telegram", user, text)
	msg.Author.LanguageCode = lang
	msg.Time = e.clk.Now()
	rec := &bottest.Recorder{}
	done, err := eng.Handle(e.ctx, msg, rec)
	if err != nil {
		e.t.Fatalf("%s: %v", text, err)
	}
	<-done
	return rec.Text()
}

// task stores a memory of user's due at due.
func (e *remindEnv) task(user, text string, typ memory.Type, due time.Time) memory.Memory {
	e.t.Helper()
	p, err := e.store.ResolveIdentity(e.ctx, "telegram", user, user)
	if err != nil {
		e.t.Fatal(err)
	}
	m := memory.Memory{Owner: p.ID, Text: text, Type: typ, Lifecycle: memory.LifecycleTemporary,
		Importance: 0.7, Confidence: 0.9, Status: memory.StatusActive, EventTime: due}
	if err := e.svc.Insert(e.ctx, &m); err != nil {
		e.t.Fatal(err)
	}
	return m
}

func (e *remindEnv) remind(eng *bot.Engine) int {
	e.t.Helper()
	n, err := eng.RemindNow(e.ctx)
	if err != nil {
		e.t.Fatalf("reminder pass: %v", err)
	}
	return n
}

// A reminder goes out once, in its Lead before the task, to the owner's
// private chat: not before, not again from the same process, not from the
// process that replaced a stopped one, nor from another replica.
func TestReminderSentOnceAcrossARestart(t *testing.T) {
	e := newRemindEnv(t)
	first := e.engine("replica-a")
	if got := e.say(first, "ann", "", "/memories remind on"); !strings.Contains(got, "Reminders on") || !strings.Contains(got, "1 hour") {
		t.Fatalf("remind on: %q", got)
	}
	e.task("ann", "submit the tax return", memory.TypeTask, remindT0.Add(3*time.Hour))
	if n := e.remind(first); n != 0 || e.out.total() != 0 {
		t.Fatalf("3 h before: %d sent", e.out.total())
	}
	if err := first.Close(e.ctx); err != nil {
		t.Fatal(err)
	}
	e.clk.Add(2*time.Hour + 15*time.Minute) // while no engine runs: 45 min before
	second := e.engine("replica-a")
	other := e.engine("replica-b")
	if n := e.remind(second); n != 1 {
		t.Errorf("after the restart: %d sent, want 1", n)
	}
	e.clk.Add(5 * time.Minute)
	if n := e.remind(second) + e.remind(other); n != 0 {
		t.Errorf("later passes sent %d more", n)
	}
	got := e.out.replies("dm-ann")
	if len(got) != 1 || e.out.total() != 1 {
		t.Fatalf("ann got %v (%d in all), want one reminder", got, e.out.total())
	}
	if r := got[0]; !r.Private || !strings.Contains(r.Text, "Reminder: submit the tax return") || !strings.Contains(r.Text, "12:00") ||
		!strings.Contains(r.Text, "/memories done") {
		t.Errorf("reminder %+v", r)
	}
}

// Only people who turned reminders on get them, each only their own, in
// their own language, in their own private chat; a task marked done and
// one whose time passed while the bot was down are not reminded.
func TestRemindersOptInPrivacyLanguage(t *testing.T) {
	e := newRemindEnv(t)
	eng := e.engine("r1")
	e.say(eng, "ann", "", "/memories remind on")
	e.say(eng, "wei", "zh", "/memories remind on")
	e.say(eng, "bob", "", "/memories remind on")
	if got := e.say(eng, "bob", "", "/memories remind off"); !strings.Contains(got, "Reminders off") {
		t.Fatalf("remind off: %q", got)
	}
	e.say(eng, "cid", "", "hello") // a private chat, never opted in
	due := remindT0.Add(30 * time.Minute)
	e.task("ann", "call the dentist", memory.TypeTask, due)
	finished := e.task("ann", "book the train", memory.TypeTask, due)
	e.task("wei", "和小李吃饭", memory.TypeEvent, due)
	e.task("bob", "water the plants", memory.TypeTask, due)
	e.task("cid", "pay the rent", memory.TypeTask, due)
	missed := e.task("ann", "feed the cat", memory.TypeTask, remindT0.Add(-time.Minute))
	if got := e.say(eng, "ann", "", "/memories done "+finished.ID[:8]); !strings.Contains(got, "Done") {
		t.Fatalf("done: %q", got)
	}
	if n := e.remind(eng); n != 2 {
		t.Errorf("%d sent, want 2 (ann's dentist, wei's dinner)", n)
	}
	ann, wei := e.out.replies("dm-ann"), e.out.replies("dm-wei")
	if len(ann) != 1 || !strings.Contains(ann[0].Text, "call the dentist") {
		t.Errorf("ann got %+v", ann)
	}
	if len(wei) != 1 || !strings.HasPrefix(wei[0].Text, "提醒：和小李吃饭") || strings.Contains(wei[0].Text, "/memories done") {
		t.Errorf("wei got %+v", wei)
	}
	for _, chat := range []string{"dm-bob", "dm-cid"} {
		if got := e.out.replies(chat); len(got) != 0 {
			t.Errorf("%s got %+v without asking", chat, got)
		}
	}
	for _, r := range append(ann, wei...) {
		if strings.Contains(r.Text, "NOT PRIVATE") || strings.Contains(r.Text, missed.Text) || strings.Contains(r.Text, finished.Text) {
			t.Errorf("reminder %q", r.Text)
		}
	}
}

// A whole-day event (due at midnight) is reminded on the morning of its
// day, not the evening before nor at midnight.
func TestWholeDayReminderInTheMorning(t *testing.T) {
	e := newRemindEnv(t)
	eng := e.engine("r1")
	e.say(eng, "ann", "", "/memories remind on")
	day := time.Date(2026, 5, 5, 0, 0, 0, 0, time.UTC)
	e.task("ann", "mum's birthday", memory.TypeEvent, day)
	for _, at := range []time.Time{day.Add(-time.Hour), day.Add(7 * time.Hour)} {
		e.clk.Add(at.Sub(e.clk.Now()))
		if n := e.remind(eng); n != 0 {
			t.Errorf("at %s: %d sent", at.Format(time.Kitchen), n)
		}
	}
	e.clk.Add(90 * time.Minute)
	if n := e.remind(eng); n != 1 {
		t.Fatalf("at 8:30: %d sent, want 1", n)
	}
	if got := e.out.replies("dm-ann"); len(got) != 1 || !strings.Contains(got[0].Text, "Reminder for today: mum's birthday") {
		t.Errorf("ann got %+v", got)
	}
}

// A reminder the platform refused is given back and sent by a later pass,
// while still before the task.
func TestRefusedReminderSentLater(t *testing.T) {
	e := newRemindEnv(t)
	eng := e.engine("r1")
	e.say(eng, "ann", "", "/memories remind on")
	e.task("ann", "renew the parking permit", memory.TypeTask, remindT0.Add(40*time.Minute))
	e.out.mu.Lock()
	e.out.refuse = 1
	e.out.mu.Unlock()
	if n := e.remind(eng); n != 0 {
		t.Errorf("refused pass: %d sent", n)
	}
	e.clk.Add(10 * time.Minute)
	if n := e.remind(eng); n != 1 {
		t.Errorf("next pass: %d sent, want 1", n)
	}
	if got := e.out.replies("dm-ann"); len(got) != 1 {
		t.Errorf("ann got %+v", got)
	}
}
