package storetest

import (
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func memoryContracts() []contract {
	return []contract{
		{name: "InsertMemoryRoundTrip", run: testInsertMemoryRoundTrip},
		{name: "InsertMemoryDefaults", run: testInsertMemoryDefaults},
		{name: "InsertMemoryInvalid", run: testInsertMemoryInvalid},
		{name: "InsertMemoryDuplicateID", run: testInsertMemoryDuplicateID},
		{name: "MinimalMemoryRoundTrip", run: testMinimalMemoryRoundTrip},
		{name: "EmbeddingRoundTrip", run: testEmbeddingRoundTrip},
		{name: "TimesUTCMillis", run: testTimesUTCMillis},
		{name: "UnicodeRoundTrip", run: testUnicodeRoundTrip},
		{name: "InvalidUTF8", run: testInvalidUTF8},
	}
}

// urlSafe matches ids that can be typed in a command and put in a URL.
var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_-]{12,}$`)

func testInsertMemoryRoundTrip(t *testing.T, s memory.Store) {
	m := fullMemory("person-1")
	want := m
	want.Version = 1
	mustInsert(t, s, &m)
	if m.ID != want.ID || m.Version != 1 {
		t.Errorf("after insert id %q version %d, want %q version 1", m.ID, m.Version, want.ID)
	}
	assertMemory(t, want, mustGet(t, s, "person-1", want.ID))

	list := mustList(t, s, memory.MemoryQuery{Owner: "person-1", WithEmbedding: true})
	if len(list) != 1 {
		t.Fatalf("ListMemories = %v, want one memory", ids(list))
	}
	assertMemory(t, want, list[0])
}

func testInsertMemoryDefaults(t *testing.T, s memory.Store) {
	before := time.Now().Add(-time.Minute)
	a := newMemory("person-1", "first")
	a.Version = 7
	mustInsert(t, s, &a)
	after := time.Now().Add(time.Minute)
	if !urlSafe.MatchString(a.ID) {
		t.Errorf("assigned id %q, want at least 12 URL-safe characters", a.ID)
	}
	if a.Version != 1 {
		t.Errorf("version after insert = %d, want 1", a.Version)
	}
	for name, ts := range map[string]time.Time{"CreatedAt": a.CreatedAt, "UpdatedAt": a.UpdatedAt} {
		if ts.Before(before) || ts.After(after) {
			t.Errorf("%s = %v, want the time of insertion", name, ts)
		}
	}
	got := mustGet(t, s, "person-1", a.ID)
	if got.Version != 1 || !sameMs(got.CreatedAt, a.CreatedAt) || !sameMs(got.UpdatedAt, a.UpdatedAt) {
		t.Errorf("stored %+v, want version 1 and the timestamps set on insert (%v)", got, a.CreatedAt)
	}
	b := newMemory("person-1", "second")
	mustInsert(t, s, &b)
	if b.ID == a.ID {
		t.Errorf("two inserts got the same id %q", a.ID)
	}
}

func testInsertMemoryInvalid(t *testing.T, s memory.Store) {
	for _, tc := range []struct {
		name   string
		mutate func(*memory.Memory)
	}{
		{"no owner", func(m *memory.Memory) { m.Owner = "" }},
		{"empty text", func(m *memory.Memory) { m.Text = "" }},
		{"huge text", func(m *memory.Memory) { m.Text = strings.Repeat("x", memory.MaxMemoryText+1) }},
		{"unknown type", func(m *memory.Memory) { m.Type = "gossip" }},
		{"unknown lifecycle", func(m *memory.Memory) { m.Lifecycle = "forever" }},
		{"unknown status", func(m *memory.Memory) { m.Status = "forgotten" }},
		{"importance above 1", func(m *memory.Memory) { m.Importance = 1.5 }},
		{"negative confidence", func(m *memory.Memory) { m.Confidence = -0.1 }},
	} {
		m := newMemory("person-1", "valid text")
		tc.mutate(&m)
		wantErr(t, "InsertMemory with "+tc.name, s.InsertMemory(t.Context(), &m), memory.ErrInvalid)
	}
	n, err := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: "person-1"})
	if err != nil || n != 0 {
		t.Errorf("after invalid inserts the owner has %d memories (err %v), want 0", n, err)
	}
}

func testInsertMemoryDuplicateID(t *testing.T, s memory.Store) {
	m := newMemory("alice", "original")
	m.ID = "dup0123456789abc"
	mustInsert(t, s, &m)
	for _, owner := range []string{"alice", "bob"} {
		dup := newMemory(owner, "impostor")
		dup.ID = m.ID
		wantErr(t, "InsertMemory of a taken id for "+owner, s.InsertMemory(t.Context(), &dup), memory.ErrConflict)
	}
	if got := mustGet(t, s, "alice", m.ID); got.Text != "original" || got.Version != 1 {
		t.Errorf("after duplicate inserts the memory is %+v, want it unchanged", got)
	}
	_, err := s.Memory(t.Context(), "bob", m.ID)
	wantErr(t, "Memory of the duplicate under bob", err, memory.ErrNotFound)
}

func testMinimalMemoryRoundTrip(t *testing.T, s memory.Store) {
	m := newMemory("person-1", "Has a cat")
	mustInsert(t, s, &m)
	got := mustGet(t, s, "person-1", m.ID)
	assertMemory(t, m, got)
	if !got.EventTime.IsZero() || !got.ExpiresAt.IsZero() || !got.LastUsedAt.IsZero() || !got.Source.Time.IsZero() {
		t.Errorf("zero times came back set: %+v", got)
	}
	if got.Embedding != nil {
		t.Errorf("a memory without embedding came back with %+v", got.Embedding)
	}
}

func testEmbeddingRoundTrip(t *testing.T, s memory.Store) {
	ctx := t.Context()
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, float32(math.Inf(1)), float32(math.Inf(-1)), 1e-20, 3.1415927}
	small := newMemory("person-1", "special values")
	small.Embedding = &memory.Embedding{Model: "tiny", Vector: special}
	big := newMemory("person-1", "1536 dims")
	big.Embedding = &memory.Embedding{Model: "text-embedding-3-small", Vector: vector(1536, 1)}
	none := newMemory("person-1", "no vector")
	byID := map[string]memory.Memory{}
	for _, m := range []*memory.Memory{&small, &big, &none} {
		mustInsert(t, s, m)
		byID[m.ID] = *m
		if d := embeddingDiff(m.Embedding, mustGet(t, s, "person-1", m.ID).Embedding); d != "" {
			t.Errorf("Memory(%q) embedding: %s", m.Text, d)
		}
	}

	for _, m := range mustList(t, s, memory.MemoryQuery{Owner: "person-1", WithEmbedding: true}) {
		if d := embeddingDiff(byID[m.ID].Embedding, m.Embedding); d != "" {
			t.Errorf("ListMemories WithEmbedding %q: %s", m.Text, d)
		}
	}
	for _, m := range mustList(t, s, memory.MemoryQuery{Owner: "person-1"}) {
		if m.Embedding != nil {
			t.Errorf("ListMemories without WithEmbedding returned a vector for %q", m.Text)
		}
	}

	big.Embedding = &memory.Embedding{Model: "v2", Vector: []float32{0.25, -0.5, 0.75}}
	if err := s.UpdateMemory(ctx, &big); err != nil {
		t.Fatalf("UpdateMemory with a new embedding: %v", err)
	}
	if d := embeddingDiff(big.Embedding, mustGet(t, s, "person-1", big.ID).Embedding); d != "" {
		t.Errorf("replaced embedding: %s", d)
	}
	big.Embedding = nil
	if err := s.UpdateMemory(ctx, &big); err != nil {
		t.Fatalf("UpdateMemory clearing the embedding: %v", err)
	}
	if e := mustGet(t, s, "person-1", big.ID).Embedding; e != nil {
		t.Errorf("cleared embedding came back as model %q with %d dims", e.Model, len(e.Vector))
	}
}

func testTimesUTCMillis(t *testing.T, s memory.Store) {
	m := newMemory("person-1", "times")
	m.EventTime = time.Date(1969, 7, 20, 20, 17, 40, 123_000_000, time.UTC)
	m.ExpiresAt = time.Date(2300, 1, 2, 3, 4, 5, 999_999_999, shanghai)
	m.CreatedAt = base.In(shanghai)
	m.UpdatedAt = base.Add(1500 * time.Microsecond)
	m.LastUsedAt = base.Add(time.Nanosecond)
	m.Source.Time = base.Add(-999 * time.Microsecond).In(shanghai)
	m.History = []memory.Version{{Text: "old", Time: base.Add(123_456 * time.Nanosecond).In(shanghai)}}
	mustInsert(t, s, &m)
	got := mustGet(t, s, "person-1", m.ID)
	for _, tc := range []struct {
		name      string
		got, want time.Time
	}{
		{"EventTime", got.EventTime, m.EventTime},
		{"ExpiresAt", got.ExpiresAt, m.ExpiresAt},
		{"CreatedAt", got.CreatedAt, m.CreatedAt},
		{"UpdatedAt", got.UpdatedAt, m.UpdatedAt},
		{"LastUsedAt", got.LastUsedAt, m.LastUsedAt},
		{"Source.Time", got.Source.Time, m.Source.Time},
	} {
		if !sameMs(tc.got, tc.want) || tc.got.Location() != time.UTC {
			t.Errorf("%s = %v, want %v in UTC", tc.name, tc.got, ms(tc.want))
		}
	}
	if len(got.History) != 1 || !sameMs(got.History[0].Time, m.History[0].Time) || got.History[0].Time.Location() != time.UTC {
		t.Errorf("history = %+v, want one version at %v in UTC", got.History, ms(m.History[0].Time))
	}
}

func testUnicodeRoundTrip(t *testing.T, s memory.Store) {
	texts := []string{
		"偏好使用 TypeScript 编程",
		"Loves 🐱 cats and 🍜 ramen 👩🏽‍💻",
		"Café naïve résumé — ‘quotes’ «guillemets»",
		"שלום مرحبا नमस्ते",
		strings.Repeat("记", (memory.MaxMemoryText-2)/3) + "ok",
	}
	for _, text := range texts {
		m := newMemory("用户-1", text)
		m.Subject = "话题 🏷️"
		m.Tags = []string{"猫", "cat 🐱"}
		m.Keywords = []string{"拉面", "ramen"}
		m.Source.Excerpt = "原话：" + string([]rune(text)[:min(len([]rune(text)), 30)])
		mustInsert(t, s, &m)
		assertMemory(t, m, mustGet(t, s, "用户-1", m.ID))
	}
}

func testInvalidUTF8(t *testing.T, s memory.Store) {
	m := newMemory("person-1", "bad \xff\xfe bytes")
	err := s.InsertMemory(t.Context(), &m)
	switch {
	case errors.Is(err, memory.ErrInvalid):
		if n, _ := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: "person-1"}); n != 0 {
			t.Errorf("a refused memory was stored")
		}
	case err != nil:
		t.Errorf("InsertMemory with invalid UTF-8: %v, want ErrInvalid or success", err)
	default:
		if got := mustGet(t, s, "person-1", m.ID); got.Text != m.Text {
			t.Errorf("invalid UTF-8 stored as %q, want %q byte for byte", got.Text, m.Text)
		}
	}
}
