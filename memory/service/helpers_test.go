package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	driver "go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/mongo"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// t0 is the tests' reference time.
var t0 = time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)

// env is a real store behind a fault injector, and a service over it: the
// embedded store, or MongoDB when MONGODB_URI names a server (each test on
// a database of its own, dropped afterwards).
type env struct {
	t     *testing.T
	ctx   context.Context
	store memory.Store
	fault *storetest.Faulty
	svc   *service.Service
	now   time.Time
}

func newEnv(t *testing.T) *env {
	t.Helper()
	ctx := context.Background()
	st := openStore(t)
	e := &env{t: t, ctx: ctx, store: st, fault: storetest.NewFaulty(st), now: t0}
	e.svc = e.service(e.fault)
	return e
}

// openStore opens the store the tests run on.
func openStore(t *testing.T) memory.Store {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	if uri := os.Getenv("MONGODB_URI"); uri != "" {
		name := fmt.Sprintf("membot_service_%d_%d", os.Getpid(), rand.Uint64())
		st, err := mongo.Open(ctx, uri, name, mongo.WithLogger(quiet))
		if err != nil {
			t.Fatalf("open MongoDB store at MONGODB_URI: %v", err)
		}
		t.Cleanup(func() {
			_ = st.Close()
			if c, err := driver.Connect(options.Client().ApplyURI(uri)); err == nil {
				_ = c.Database(name).Drop(ctx)
				_ = c.Disconnect(ctx)
			}
		})
		return st
	}
	st, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(quiet))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { _ = st.Close() })
	return st
}

// service builds another service over s (another replica on one store).
func (e *env) service(s memory.Store) *service.Service {
	e.t.Helper()
	svc, err := service.New(service.Options{Store: s, Now: func() time.Time { return e.now }})
	if err != nil {
		e.t.Fatalf("new service: %v", err)
	}
	return svc
}

// person creates a person with a console account.
func (e *env) person(name string) memory.Person {
	e.t.Helper()
	p, err := e.store.ResolveIdentity(e.ctx, "console", name, name)
	if err != nil {
		e.t.Fatalf("resolve %s: %v", name, err)
	}
	return p
}

// say captures a message of p in conv and the bot's reply to it.
func (e *env) say(conv string, p memory.Person, id, text string) {
	e.t.Helper()
	if _, err := e.store.EnsureConversation(e.ctx, memory.Conversation{ID: conv, Platform: "console"}); err != nil {
		e.t.Fatal(err)
	}
	for _, m := range []memory.Message{
		{ConversationID: conv, PlatformID: id, PersonID: p.ID, Role: memory.RoleUser, Text: text, Time: e.now},
		{ConversationID: conv, PlatformID: memory.ReplyPlatformID(id), Role: memory.RoleAssistant, Text: "Noted: " + text, ReplyTo: id, Time: e.now},
	} {
		if err := e.store.AppendMessage(e.ctx, &m); err != nil {
			e.t.Fatalf("append message: %v", err)
		}
	}
}

// remember stores an active memory of owner taken from message id of conv.
func (e *env) remember(owner, text, conv, id string) memory.Memory {
	e.t.Helper()
	m := memory.Memory{
		Owner: owner, Text: text, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive,
		Source:    memory.Source{Platform: "console", ConversationID: conv, MessageIDs: []string{id}},
		CreatedAt: e.now, UpdatedAt: e.now,
	}
	if err := e.svc.Insert(e.ctx, &m); err != nil {
		e.t.Fatalf("insert memory: %v", err)
	}
	return m
}

// recalled returns the ids svc recalls for owner and text.
func (e *env) recalled(svc *service.Service, owner, text string) []string {
	e.t.Helper()
	res, err := svc.Recall(e.ctx, owner, recallQuery(text))
	if err != nil {
		e.t.Fatalf("recall %q: %v", text, err)
	}
	var ids []string
	for _, r := range res {
		ids = append(ids, r.Memory.ID)
	}
	return ids
}

// messages returns the platform ids left in conv.
func (e *env) messages(conv string) []string {
	e.t.Helper()
	ms, err := e.store.Messages(e.ctx, conv, 0, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.PlatformID)
	}
	return ids
}

// count counts owner's memories in the store, of any status.
func (e *env) count(owner string) int64 {
	e.t.Helper()
	n, err := e.store.CountMemories(e.ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// errInjected is the failure the fault injector returns.
var errInjected = fmt.Errorf("injected failure: %w", memory.ErrUnavailable)
