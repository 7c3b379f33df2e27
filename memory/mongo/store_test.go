package mongo

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/membot/membot/memory"
)

// The tests in this file need the server at MONGODB_URI; TestMongoStore
// runs them.

func testEmbeddingStoredAsVectorBinary(t *testing.T, srv *testServer) {
	s := srv.open(t)
	m := memory.Memory{Owner: "p", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Status: memory.StatusActive, Embedding: &memory.Embedding{Model: "m", Vector: []float32{0.5, -1, 2}}}
	if err := s.InsertMemory(t.Context(), &m); err != nil {
		t.Fatalf("InsertMemory: %v", err)
	}
	raw, err := s.memories.FindOne(t.Context(), memoryKey("p", m.ID)).Raw()
	if err != nil {
		t.Fatalf("read raw document: %v", err)
	}
	vec := raw.Lookup("embedding", "vector")
	subtype, data, ok := vec.BinaryOK()
	if !ok {
		t.Fatalf("embedding.vector is BSON %v, want binary", vec.Type)
	}
	if subtype != bson.TypeBinaryVector || len(data) != 2+4*3 || data[0] != bson.Float32Vector {
		t.Errorf("embedding.vector: subtype %#x, %d bytes, dtype %#x; want a float32 vector (subtype 9) of 14 bytes",
			subtype, len(data), data[0])
	}
	if dims, ok := raw.Lookup("embedding", "dims").Int32OK(); !ok || dims != 3 {
		t.Errorf("embedding.dims = %v, want int32 3", raw.Lookup("embedding", "dims"))
	}
	if model, ok := raw.Lookup("embedding", "model").StringValueOK(); !ok || model != "m" {
		t.Errorf("embedding.model = %v, want \"m\"", raw.Lookup("embedding", "model"))
	}
	if created := raw.Lookup("created_at"); created.Type != bson.TypeDateTime {
		t.Errorf("created_at is BSON %v, want a date", created.Type)
	}
}

func testIndexesCreatedIdempotently(t *testing.T, srv *testServer) {
	s := srv.open(t)
	// A second replica opening the same database must not fail.
	again, err := Open(t.Context(), srv.uri, s.db.Name(), srv.options...)
	if err != nil {
		t.Fatalf("second Open of the same database: %v", err)
	}
	if err := again.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	want := map[string][]string{}
	for _, ix := range indexSpecs() {
		want[ix.coll] = append(want[ix.coll], ix.name)
	}
	for coll, names := range want {
		specs, err := s.db.Collection(coll).Indexes().ListSpecifications(t.Context())
		if err != nil {
			t.Fatalf("list indexes of %s: %v", coll, err)
		}
		var got []string
		for _, sp := range specs {
			got = append(got, sp.Name)
		}
		for _, name := range names {
			if !slices.Contains(got, name) {
				t.Errorf("collection %s has indexes %v, missing %s", coll, got, name)
			}
		}
	}
}

func testUniqueIndexesHold(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	msg := messageDoc{ConversationID: "c", Seq: 1, PlatformID: "x", Role: "user", Text: "a"}
	if _, err := s.messages.InsertOne(ctx, msg); err != nil {
		t.Fatalf("insert message: %v", err)
	}
	for name, dup := range map[string]messageDoc{
		"same platform id": {ConversationID: "c", Seq: 2, PlatformID: "x", Role: "user", Text: "b"},
		"same seq":         {ConversationID: "c", Seq: 1, PlatformID: "y", Role: "user", Text: "b"},
	} {
		_, err := s.messages.InsertOne(ctx, dup)
		if err := s.fail("insert", err); !errors.Is(err, memory.ErrConflict) {
			t.Errorf("message with the %s: %v, want memory.ErrConflict", name, err)
		}
	}
	ident := identityDoc{Platform: "discord", UserID: "u", PersonID: "a"}
	if _, err := s.identities.InsertOne(ctx, ident); err != nil {
		t.Fatalf("insert identity: %v", err)
	}
	ident.PersonID = "b"
	_, err := s.identities.InsertOne(ctx, ident)
	if err := s.fail("insert", err); !errors.Is(err, memory.ErrConflict) {
		t.Errorf("second identity for discord/u: %v, want memory.ErrConflict", err)
	}
}

// testAppendMessageSkipsATakenSeq: a seq handed out twice (FerretDB v1's
// $inc can lose a concurrent update) makes the insert a duplicate on the
// seq, not on the message; the message is stored under the next seq
// instead of reported missing.
func testAppendMessageSkipsATakenSeq(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	first := memory.Message{ConversationID: "c", PlatformID: "1", Role: memory.RoleUser, Text: "first"}
	if err := s.AppendMessage(ctx, &first); err != nil {
		t.Fatal(err)
	}
	// Another writer took the next seq without the counter knowing.
	if _, err := s.messages.InsertOne(ctx, messageDoc{ConversationID: "c", Seq: first.Seq + 1, PlatformID: "other", Role: "user", Text: "b"}); err != nil {
		t.Fatal(err)
	}
	m := memory.Message{ConversationID: "c", PlatformID: "2", Role: memory.RoleUser, Text: "second"}
	if err := s.AppendMessage(ctx, &m); err != nil {
		t.Fatalf("AppendMessage after a taken seq: %v", err)
	}
	if m.Seq != first.Seq+2 {
		t.Errorf("seq = %d, want %d (the one after the taken one)", m.Seq, first.Seq+2)
	}
	got, err := s.Messages(ctx, "c", 0, 0)
	if err != nil || len(got) != 3 {
		t.Fatalf("messages = %d, %v; want 3", len(got), err)
	}
}

func testClosedStoreIsUnavailable(t *testing.T, srv *testServer) {
	s := srv.open(t)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	_, err := s.Memory(t.Context(), "p", "x")
	if !errors.Is(err, memory.ErrUnavailable) {
		t.Errorf("Memory after Close: %v, want memory.ErrUnavailable", err)
	}
}

func testMessageInputRejected(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	for _, tc := range []struct {
		name string
		msg  memory.Message
	}{
		{"no platform id", memory.Message{ConversationID: "c", Role: memory.RoleUser, Text: "hi"}},
		{"text not UTF-8", memory.Message{ConversationID: "c", PlatformID: "1", Role: memory.RoleUser, Text: "a\xffb"}},
		{"huge text", memory.Message{ConversationID: "c", PlatformID: "2", Role: memory.RoleUser, Text: strings.Repeat("x", maxMessageText+1)}},
		{"conversation id not UTF-8", memory.Message{ConversationID: "c\xfe", PlatformID: "3", Role: memory.RoleUser, Text: "hi"}},
		{"huge author", memory.Message{ConversationID: "c", PlatformID: "4", Role: memory.RoleUser, Text: "hi", AuthorName: strings.Repeat("n", maxShort+1)}},
	} {
		m := tc.msg
		if err := s.AppendMessage(ctx, &m); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("AppendMessage with %s: %v, want memory.ErrInvalid", tc.name, err)
		}
	}
	if err := s.EditMessage(ctx, "c", "1", "bad \xff"); !errors.Is(err, memory.ErrInvalid) {
		t.Errorf("EditMessage with invalid UTF-8: %v, want memory.ErrInvalid", err)
	}
	if n, err := s.messages.CountDocuments(ctx, bson.D{}); err != nil || n != 0 {
		t.Errorf("after rejected input %d messages are stored (err %v), want none", n, err)
	}
	if n, err := s.counters.CountDocuments(ctx, bson.D{}); err != nil || n != 0 {
		t.Errorf("after rejected input %d counters exist (err %v), want none", n, err)
	}
}

func testConversationSeesMessagesCapturedBeforeIt(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	m := memory.Message{ConversationID: "telegram:1", PlatformID: "1", Role: memory.RoleUser, Text: "hi", Time: time.Now()}
	if err := s.AppendMessage(ctx, &m); err != nil {
		t.Fatalf("AppendMessage: %v", err)
	}
	if _, err := s.EnsureConversation(ctx, memory.Conversation{ID: "telegram:1", Platform: "telegram"}); err != nil {
		t.Fatalf("EnsureConversation: %v", err)
	}
	pending, err := s.PendingConversations(ctx, 0)
	if err != nil {
		t.Fatalf("PendingConversations: %v", err)
	}
	if len(pending) != 1 || pending[0].ID != "telegram:1" {
		t.Errorf("pending = %+v, want telegram:1, whose user message came before the conversation", pending)
	}
}

func testReassignOwnerBumpsVersion(t *testing.T, srv *testServer) {
	s := srv.open(t)
	ctx := t.Context()
	m := memory.Memory{Owner: "a", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
	if err := s.InsertMemory(ctx, &m); err != nil {
		t.Fatalf("InsertMemory: %v", err)
	}
	if err := s.ReassignOwner(ctx, "a", "b"); err != nil {
		t.Fatalf("ReassignOwner: %v", err)
	}
	got, err := s.Memory(ctx, "b", m.ID)
	if err != nil {
		t.Fatalf("Memory: %v", err)
	}
	if got.Version != 2 {
		t.Errorf("version after the move = %d, want 2, so a write based on the old owner's copy conflicts", got.Version)
	}
	if err := s.ReassignOwner(ctx, "b", "b"); err != nil {
		t.Errorf("ReassignOwner to the same person: %v", err)
	}
}
