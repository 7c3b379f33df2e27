package sqlite

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func openInternal(t *testing.T, opts ...Option) *Store {
	t.Helper()
	s, err := Open(t.Context(), t.TempDir(), opts...)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func TestPragmas(t *testing.T) {
	s := openInternal(t)
	for _, tc := range []struct {
		pragma, want string
	}{
		{"journal_mode", "wal"},
		{"foreign_keys", "1"},
		{"busy_timeout", "10000"},
		{"synchronous", "1"},
		{"secure_delete", "1"},
	} {
		var got string
		if err := s.db.QueryRowContext(t.Context(), "PRAGMA "+tc.pragma).Scan(&got); err != nil {
			t.Fatalf("PRAGMA %s: %v", tc.pragma, err)
		}
		if got != tc.want {
			t.Errorf("PRAGMA %s = %s, want %s", tc.pragma, got, tc.want)
		}
	}
}

func TestMigrationsAppliedOnce(t *testing.T) {
	dir := t.TempDir()
	known, err := schemaVersion()
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		s, err := Open(t.Context(), dir)
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		var n, highest int
		if err := s.db.QueryRowContext(t.Context(), `SELECT COUNT(*), MAX(version) FROM schema_migrations`).Scan(&n, &highest); err != nil {
			t.Fatal(err)
		}
		if n != known || highest != known {
			t.Errorf("schema_migrations holds %d rows up to %d, want %d", n, highest, known)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestForeignKeysEnforced(t *testing.T) {
	s := openInternal(t)
	_, err := s.db.ExecContext(t.Context(), `INSERT INTO identities (platform, user_id, person_id, linked_at) VALUES ('x', 'y', 'nobody', 0)`)
	if err == nil {
		t.Error("an identity of an unknown person was accepted")
	}
}

func TestMalformedRowIsAnError(t *testing.T) {
	s := openInternal(t)
	ctx := t.Context()
	m := memory.Memory{Owner: "p", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
	if err := s.InsertMemory(ctx, &m); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ column, value string }{
		{"tags", "not json"},
		{"history", `[{"text": 7}]`},
	} {
		if _, err := s.db.ExecContext(ctx, `UPDATE memories SET `+tc.column+` = ? WHERE id = ?`, tc.value, m.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Memory(ctx, "p", m.ID); err == nil || !strings.Contains(err.Error(), m.ID) {
			t.Errorf("reading a memory with malformed %s: %v, want an error naming it", tc.column, err)
		}
		if _, err := s.db.ExecContext(ctx, `UPDATE memories SET `+tc.column+` = '[]' WHERE id = ?`, m.ID); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCanceledContextWritesNothing(t *testing.T) {
	s := openInternal(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	m := memory.Memory{Owner: "p", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
	if err := s.InsertMemory(ctx, &m); !errors.Is(err, context.Canceled) {
		t.Errorf("InsertMemory with a canceled context: %v, want context.Canceled", err)
	}
	if n, err := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: "p"}); err != nil || n != 0 {
		t.Errorf("after a canceled insert %d memories (%v), want 0", n, err)
	}
}

func TestTouchManyIDs(t *testing.T) {
	s := openInternal(t)
	ctx := t.Context()
	var ids []string
	for i := range 3 * touchBatch / 2 {
		m := memory.Memory{Owner: "p", Text: fmt.Sprint("memory ", i), Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
		if err := s.InsertMemory(ctx, &m); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	// Every id twice: each memory still counts one use.
	if err := s.TouchMemories(ctx, "p", append(ids, ids...), time.Unix(1, 0)); err != nil {
		t.Fatalf("TouchMemories: %v", err)
	}
	var wrong int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM memories WHERE use_count <> 1`).Scan(&wrong); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 {
		t.Errorf("%d of %d memories do not have exactly one use", wrong, len(ids))
	}
}

func TestClock(t *testing.T) {
	at := time.Date(2030, 1, 2, 3, 4, 5, 6_789_000, time.UTC)
	s := openInternal(t, WithClock(func() time.Time { return at }))
	m := memory.Memory{Owner: "p", Text: "t", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Status: memory.StatusActive}
	if err := s.InsertMemory(t.Context(), &m); err != nil {
		t.Fatal(err)
	}
	if want := at.Truncate(time.Millisecond); !m.CreatedAt.Equal(want) || !m.UpdatedAt.Equal(want) {
		t.Errorf("timestamps %v / %v, want the injected clock's %v", m.CreatedAt, m.UpdatedAt, want)
	}
}

func TestVectorCodec(t *testing.T) {
	for _, v := range [][]float32{nil, {0}, {1.5, -2.25, 3e-39}} {
		got, err := decodeVector(encodeVector(v), int64(len(v)))
		if err != nil {
			t.Fatalf("decode %v: %v", v, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(v) && len(v) > 0 {
			t.Errorf("round-trip of %v gave %v", v, got)
		}
	}
	if _, err := decodeVector([]byte{1, 2, 3}, 1); err == nil {
		t.Error("a 3-byte vector of 1 dim decoded without error")
	}
}

func TestHostileMessages(t *testing.T) {
	s := openInternal(t)
	ctx := t.Context()
	for _, tc := range []struct {
		name string
		msg  memory.Message
	}{
		{"huge text", memory.Message{ConversationID: "c", PlatformID: "1", Role: memory.RoleUser, Text: strings.Repeat("x", maxMessageText+1)}},
		{"invalid UTF-8 text", memory.Message{ConversationID: "c", PlatformID: "2", Role: memory.RoleUser, Text: "bad \xff"}},
		{"invalid UTF-8 author", memory.Message{ConversationID: "c", PlatformID: "3", Role: memory.RoleUser, Text: "ok", AuthorName: "\xc3"}},
	} {
		m := tc.msg
		if err := s.AppendMessage(ctx, &m); !errors.Is(err, memory.ErrInvalid) {
			t.Errorf("AppendMessage with %s: %v, want ErrInvalid", tc.name, err)
		}
	}
	ok := memory.Message{ConversationID: "c", PlatformID: "4", Role: memory.RoleUser, Text: "fine"}
	if err := s.AppendMessage(ctx, &ok); err != nil {
		t.Fatal(err)
	}
	if ok.Seq != 1 {
		t.Errorf("first accepted message got seq %d, want 1 (rejected ones must not use numbers)", ok.Seq)
	}
	if err := s.EditMessage(ctx, "c", "4", strings.Repeat("y", maxMessageText+1)); !errors.Is(err, memory.ErrInvalid) {
		t.Errorf("EditMessage with huge text: %v, want ErrInvalid", err)
	}
}
