package mongo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/internal/fakenet"
	"github.com/membot/membot/memory"
)

// proxied puts a fakenet proxy in front of the test server and returns it
// with the URI that reaches the server through it.
func (srv *testServer) proxied(t *testing.T) (*fakenet.Proxy, string) {
	t.Helper()
	co := options.Client().ApplyURI(srv.uri)
	if len(co.Hosts) != 1 {
		t.Skipf("%s names %d hosts; the failover tests put a proxy in front of a single host", envURI, len(co.Hosts))
	}
	p, err := fakenet.Start(co.Hosts[0])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	uri := strings.Replace(srv.uri, co.Hosts[0], p.Addr(), 1)
	// Only through the proxy: no discovery of other replica set members.
	sep := "?"
	if strings.Contains(strings.SplitN(uri, "//", 2)[1], "?") {
		sep = "&"
	} else if !strings.HasSuffix(uri, "/") {
		sep = "/?"
	}
	return p, uri + sep + "directConnection=true"
}

// openAt opens a store at uri on a fresh database of its own, dropped when
// t ends.
func (srv *testServer) openAt(t *testing.T, uri string) (*Store, string) {
	t.Helper()
	name := "membot_test_" + newID()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := srv.admin.Database(name).Drop(ctx); err != nil {
			t.Errorf("drop test database %s: %v", name, err)
		}
	})
	s, err := Open(t.Context(), uri, name, append(append([]Option{}, srv.options...), WithTimeout(5*time.Second))...)
	if err != nil {
		t.Fatalf("Open through the proxy: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, name
}

// retryableWrites reports whether the driver retries writes on the server
// (a replica set member or mongos that has sessions), and why not.
func (srv *testServer) retryableWrites(t *testing.T) (bool, string) {
	var hello struct {
		SetName  string `bson:"setName"`
		Msg      string `bson:"msg"`
		Sessions *int64 `bson:"logicalSessionTimeoutMinutes"`
	}
	if err := srv.admin.Database("admin").RunCommand(t.Context(), bson.D{{Key: "hello", Value: 1}}).Decode(&hello); err != nil {
		return false, fmt.Sprintf("hello failed: %v", err)
	}
	switch {
	case hello.Sessions == nil:
		return false, "the server reports no logical sessions"
	case hello.SetName == "" && hello.Msg != "isdbgrid":
		return false, "the server is a standalone (no replica set, no mongos)"
	}
	return true, "replica set " + hello.SetName + hello.Msg
}

// failoverCase is one write whose connection resets mid-way.
type failoverCase struct {
	name string
	// command and collection pick the wire message the fault strikes.
	command, collection string
	// prepare runs before the fault is armed and returns the call.
	prepare func(t *testing.T, s *Store) (call func() error)
	// count is how many copies of the write the server holds (read
	// through the test's own connection).
	count func(t *testing.T, db string) int64
	// again is what the call gives when repeated after it succeeded.
	again error
	// after, if set, checks what else the write must have left.
	after func(t *testing.T, db string)
}

// countIn counts the documents matching filter in db's collection,
// through the test's own client.
func (srv *testServer) countIn(t *testing.T, db, coll string, filter bson.D) int64 {
	t.Helper()
	n, err := srv.admin.Database(db).Collection(coll).CountDocuments(t.Context(), filter)
	if err != nil {
		t.Fatalf("count %s: %v", coll, err)
	}
	return n
}

func failoverCases(srv *testServer) []failoverCase {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	msg := func() *memory.Message {
		return &memory.Message{ConversationID: "telegram:1", PlatformID: "42", PersonID: "p1", Role: memory.RoleUser, Text: "hello", Time: t0}
	}
	answer := memory.Answer{ConversationID: "telegram:1", PlatformID: "42", Platform: "telegram", PersonID: "p1",
		Payload: "{}", ReceivedAt: t0, Holder: "r1", LeaseUntil: t0.Add(time.Minute)}
	appendCase := func(command, collection string) failoverCase {
		return failoverCase{
			name: "AppendMessage/" + command + "-" + collection, command: command, collection: collection,
			prepare: func(t *testing.T, s *Store) func() error {
				if _, err := s.EnsureConversation(t.Context(), memory.Conversation{ID: "telegram:1", Platform: "telegram", IsDM: true}); err != nil {
					t.Fatal(err)
				}
				return func() error { return s.AppendMessage(t.Context(), msg()) }
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collMessages, messageKey("telegram:1", "42"))
			},
			after: func(t *testing.T, db string) {
				var m messageDoc
				if err := srv.admin.Database(db).Collection(collMessages).FindOne(t.Context(), messageKey("telegram:1", "42")).Decode(&m); err != nil {
					t.Fatalf("load the message: %v", err)
				}
				if n := srv.countIn(t, db, collConversations, bson.D{{Key: "_id", Value: "telegram:1"}, {Key: "last_user_seq", Value: m.Seq}}); n != 1 {
					t.Errorf("message %d captured but its conversation is not marked pending", m.Seq)
				}
			},
		}
	}
	memKey := bson.D{{Key: "owner", Value: "p1"}}
	return []failoverCase{
		{
			name: "ResolveIdentity", command: "insert", collection: collIdentities,
			prepare: func(t *testing.T, s *Store) func() error {
				return func() error {
					_, err := s.ResolveIdentity(t.Context(), "telegram", "7", "ann")
					return err
				}
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collIdentities, bson.D{{Key: "platform", Value: "telegram"}, {Key: "user_id", Value: "7"}})
			},
			after: func(t *testing.T, db string) {
				var ident identityDoc
				if err := srv.admin.Database(db).Collection(collIdentities).FindOne(t.Context(),
					bson.D{{Key: "platform", Value: "telegram"}, {Key: "user_id", Value: "7"}}).Decode(&ident); err != nil {
					t.Fatalf("load the identity: %v", err)
				}
				if n := srv.countIn(t, db, collPeople, bson.D{{Key: "_id", Value: ident.PersonID}}); n != 1 {
					t.Errorf("the identity names person %s, who does not exist", ident.PersonID)
				}
			},
		},
		appendCase("findAndModify", collCounters),
		appendCase("insert", collMessages),
		appendCase("update", collConversations),
		{
			name: "QueueAnswer", command: "insert", collection: collAnswers, again: memory.ErrConflict,
			prepare: func(t *testing.T, s *Store) func() error {
				return func() error { return s.QueueAnswer(t.Context(), answer) }
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collAnswers, bson.D{{Key: "platform_id", Value: "42"}})
			},
		},
		{
			name: "FinishAnswer", command: "update", collection: collAnswers, again: memory.ErrConflict,
			prepare: func(t *testing.T, s *Store) func() error {
				if err := s.QueueAnswer(t.Context(), answer); err != nil {
					t.Fatal(err)
				}
				return func() error {
					return s.FinishAnswer(t.Context(), "telegram:1", "42", "r1", t0.Add(time.Second), t0.Add(time.Hour))
				}
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collAnswers, bson.D{{Key: "platform_id", Value: "42"}, {Key: "done", Value: true}})
			},
		},
		{
			// No entry: the upsert inserts it done.
			name: "SettleAnswer", command: "update", collection: collAnswers, again: memory.ErrConflict,
			prepare: func(t *testing.T, s *Store) func() error {
				return func() error {
					return s.SettleAnswer(t.Context(), "telegram:1", "42", "r1", t0.Add(time.Second), t0.Add(time.Hour))
				}
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collAnswers, bson.D{{Key: "platform_id", Value: "42"}, {Key: "done", Value: true}})
			},
		},
		{
			name: "ClaimAnswer", command: "findAndModify", collection: collAnswers, again: memory.ErrNotFound,
			prepare: func(t *testing.T, s *Store) func() error {
				if err := s.QueueAnswer(t.Context(), answer); err != nil {
					t.Fatal(err)
				}
				return func() error {
					a, err := s.ClaimAnswer(t.Context(), memory.ClaimQuery{Platform: "telegram", Holder: "r2",
						Now: t0.Add(2 * time.Minute), Until: t0.Add(3 * time.Minute)})
					if err == nil && (a.PlatformID != "42" || a.Holder != "r2") {
						t.Errorf("claimed %+v, want entry 42 held by r2", a)
					}
					return err
				}
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collAnswers, bson.D{{Key: "platform_id", Value: "42"}, {Key: "holder", Value: "r2"}})
			},
		},
		{
			name: "InsertMemory", command: "insert", collection: collMemories,
			prepare: func(t *testing.T, s *Store) func() error {
				return func() error {
					m := teaMemory()
					return s.InsertMemory(t.Context(), &m)
				}
			},
			count: func(t *testing.T, db string) int64 { return srv.countIn(t, db, collMemories, memKey) },
		},
		{
			name: "UpdateMemory", command: "update", collection: collMemories, again: memory.ErrConflict,
			prepare: func(t *testing.T, s *Store) func() error {
				m := teaMemory()
				if err := s.InsertMemory(t.Context(), &m); err != nil {
					t.Fatal(err)
				}
				return func() error {
					edit := m
					edit.Text = "likes green tea"
					return s.UpdateMemory(t.Context(), &edit)
				}
			},
			count: func(t *testing.T, db string) int64 {
				return srv.countIn(t, db, collMemories, bson.D{{Key: "text", Value: "likes green tea"}, {Key: "version", Value: int64(2)}})
			},
		},
	}
}

// TestWriteSurvivesConnectionReset resets the store's connections while a
// write is in flight, at each point of its round trip, and checks that
// the server holds it once or not at all, that the call's result says
// which, and that the engine's retry of the call neither duplicates it
// nor reports a conflict for the caller's own write.
func TestWriteSurvivesConnectionReset(t *testing.T) {
	srv := needServer(t)
	if ok, why := srv.retryableWrites(t); ok {
		t.Logf("driver retryable writes are on (%s): a reset before the reply is retried by the driver once", why)
	} else {
		t.Logf("driver retryable writes are off here (%s): every reset reaches the store; the driver's own retry (replica set or mongos) is not exercised and needs real MongoDB", why)
	}
	for _, tc := range failoverCases(srv) {
		for _, at := range []fakenet.Point{fakenet.DropRequest, fakenet.CutRequest, fakenet.LoseReply} {
			t.Run(tc.name+"/"+at.String(), func(t *testing.T) {
				p, uri := srv.proxied(t)
				s, db := srv.openAt(t, uri)
				call := tc.prepare(t, s)
				p.Arm(fakenet.Fault{Match: fakenet.MongoCommand(tc.command, tc.collection), At: at})
				first := call()
				if p.Fired() != 1 {
					t.Fatalf("the fault on %s %s never struck (first call: %v)", tc.command, tc.collection, first)
				}
				n := tc.count(t, db)
				switch {
				case n > 1:
					t.Fatalf("after the reset the server holds %d copies of the write", n)
				case first == nil && n == 0:
					t.Fatalf("the call succeeded but the write is not there")
				case first != nil && n == 1:
					t.Errorf("the call failed (%v) but its write is there: a lost reply must be resolved by the store", first)
				case first != nil && !errors.Is(first, memory.ErrUnavailable):
					t.Errorf("the call failed with %v, want memory.ErrUnavailable", first)
				}
				retry := call()
				wantRetry := error(nil)
				if first == nil {
					wantRetry = tc.again
				}
				if (wantRetry == nil && retry != nil) || (wantRetry != nil && !errors.Is(retry, wantRetry)) {
					t.Errorf("retry after first=%v: %v, want %v", first, retry, wantRetry)
				}
				if got := tc.count(t, db); got != 1 && tc.name != "InsertMemory" {
					t.Errorf("after the retry the server holds %d copies of the write, want 1", got)
				} else if tc.name == "InsertMemory" && got != 1+btoi(first == nil) {
					// A successful InsertMemory called again is a second memory by design.
					t.Errorf("after the retry the server holds %d memories, want %d", got, 1+btoi(first == nil))
				}
				if tc.after != nil {
					tc.after(t, db)
				}
			})
		}
	}
}

func btoi(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func teaMemory() memory.Memory {
	return memory.Memory{Owner: "p1", Text: "likes tea", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.5, Confidence: 0.8, Status: memory.StatusActive}
}
