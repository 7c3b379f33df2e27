package storetest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// base is the suite's reference time. It carries nanoseconds so that the
// millisecond truncation of every backend is exercised.
var base = time.Date(2026, 3, 14, 9, 26, 53, 589_793_238, time.UTC)

// shanghai is a non-UTC zone without needing the tz database.
var shanghai = time.FixedZone("CST", 8*60*60)

// ms is t as a store keeps it: UTC, millisecond precision.
func ms(t time.Time) time.Time {
	return t.UTC().Truncate(time.Millisecond)
}

// sameMs reports whether a and b are the same instant at millisecond
// precision.
func sameMs(a, b time.Time) bool {
	return ms(a).Equal(ms(b))
}

// newMemory returns a minimal valid memory of owner.
func newMemory(owner, text string) memory.Memory {
	return memory.Memory{
		Owner:      owner,
		Text:       text,
		Type:       memory.TypeFact,
		Lifecycle:  memory.LifecycleFact,
		Importance: 0.5,
		Confidence: 0.8,
		Status:     memory.StatusActive,
	}
}

// fullMemory returns a memory with every field set, to check round-trips.
func fullMemory(owner string) memory.Memory {
	return memory.Memory{
		ID:           "full0123456789ab",
		Owner:        owner,
		Text:         "Prefers TypeScript for frontend work; 偏好使用 TypeScript 编程 🚀",
		Type:         memory.TypePreference,
		Lifecycle:    memory.LifecycleTemporary,
		Subject:      "programming language",
		Tags:         []string{"programming", "编程", "typescript"},
		Keywords:     []string{"TypeScript", "前端", "frontend"},
		Importance:   0.87,
		Confidence:   0.6123456789,
		EventTime:    base.Add(72 * time.Hour),
		ExpiresAt:    base.Add(30 * 24 * time.Hour).In(shanghai),
		Status:       memory.StatusSuperseded,
		SupersededBy: "newer0123456789a",
		Supersedes:   "older0123456789a",
		History: []memory.Version{
			{Text: "Prefers JavaScript", Time: base.Add(-48 * time.Hour), Reason: "user said so", Action: "update",
				ConversationID: "telegram:77", MessageIDs: []string{"501", "502"}},
			{Text: "喜欢 JavaScript", Time: base.Add(-24*time.Hour + 123*time.Microsecond), Reason: "contradiction", Action: "supersede", LinkedID: "older0123456789a"},
		},
		Source: memory.Source{
			Platform:       "discord",
			ConversationID: "discord:123:456",
			MessageIDs:     []string{"1001", "1002", "1003"},
			Excerpt:        "I really prefer TypeScript these days 真的",
			Time:           base.Add(-time.Hour),
		},
		Embedding:  &memory.Embedding{Model: "text-embedding-3-small", Vector: vector(1536, 7)},
		CreatedAt:  base.Add(-2 * time.Hour),
		UpdatedAt:  base.Add(-time.Minute),
		LastUsedAt: base.Add(-30 * time.Second),
		UseCount:   42,
	}
}

// vector returns a deterministic pseudo-random vector of n dimensions.
func vector(n int, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	v := make([]float32, n)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// normMemory returns m as a store returns it: times in UTC at millisecond
// precision, empty slices nil.
func normMemory(m memory.Memory) memory.Memory {
	m.EventTime = ms(m.EventTime)
	m.ExpiresAt = ms(m.ExpiresAt)
	m.CreatedAt = ms(m.CreatedAt)
	m.UpdatedAt = ms(m.UpdatedAt)
	m.LastUsedAt = ms(m.LastUsedAt)
	m.Source.Time = ms(m.Source.Time)
	m.Tags = nilIfEmpty(m.Tags)
	m.Keywords = nilIfEmpty(m.Keywords)
	m.Source.MessageIDs = nilIfEmpty(m.Source.MessageIDs)
	if len(m.History) == 0 {
		m.History = nil
	} else {
		h := make([]memory.Version, len(m.History))
		for i, v := range m.History {
			v.Time = ms(v.Time)
			h[i] = v
		}
		m.History = h
	}
	return m
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

// assertMemory fails t unless got is want as a store keeps it, embedding
// included (compared bit for bit).
func assertMemory(t *testing.T, want, got memory.Memory) {
	t.Helper()
	if msg := embeddingDiff(want.Embedding, got.Embedding); msg != "" {
		t.Errorf("memory %s embedding: %s", want.ID, msg)
	}
	w, g := normMemory(want), normMemory(got)
	w.Embedding, g.Embedding = nil, nil
	if !reflect.DeepEqual(w, g) {
		t.Errorf("memory %s round-trip differs:\n got: %+v\nwant: %+v", want.ID, g, w)
	}
}

// embeddingDiff describes how got differs from want, or returns "".
func embeddingDiff(want, got *memory.Embedding) string {
	switch {
	case want == nil && got == nil:
		return ""
	case want == nil:
		return fmt.Sprintf("got model %q with %d dims, want nil", got.Model, len(got.Vector))
	case got == nil:
		return fmt.Sprintf("got nil, want model %q with %d dims", want.Model, len(want.Vector))
	case want.Model != got.Model:
		return fmt.Sprintf("model %q, want %q", got.Model, want.Model)
	case len(want.Vector) != len(got.Vector):
		return fmt.Sprintf("%d dims, want %d", len(got.Vector), len(want.Vector))
	}
	for i := range want.Vector {
		if math.Float32bits(want.Vector[i]) != math.Float32bits(got.Vector[i]) {
			return fmt.Sprintf("dim %d is %v, want %v", i, got.Vector[i], want.Vector[i])
		}
	}
	return ""
}

// mustInsert inserts m or fails the test.
func mustInsert(t *testing.T, s memory.Store, m *memory.Memory) {
	t.Helper()
	if err := s.InsertMemory(t.Context(), m); err != nil {
		t.Fatalf("InsertMemory(%q): %v", m.Text, err)
	}
}

// mustGet reads a memory or fails the test.
func mustGet(t *testing.T, s memory.Store, owner, id string) memory.Memory {
	t.Helper()
	m, err := s.Memory(t.Context(), owner, id)
	if err != nil {
		t.Fatalf("Memory(%s, %s): %v", owner, id, err)
	}
	return m
}

// mustList lists memories or fails the test.
func mustList(t *testing.T, s memory.Store, q memory.MemoryQuery) []memory.Memory {
	t.Helper()
	ms, err := s.ListMemories(t.Context(), q)
	if err != nil {
		t.Fatalf("ListMemories(%+v): %v", q, err)
	}
	return ms
}

// ids returns the ids of ms in order.
func ids(ms []memory.Memory) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}

// wantErr fails t unless err matches target with errors.Is.
func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: error %v, want %v", what, err, target)
	}
}

// seqs returns the sequence numbers of msgs in order.
func seqs(msgs []memory.Message) []int64 {
	out := make([]int64, len(msgs))
	for i, m := range msgs {
		out[i] = m.Seq
	}
	return out
}

// equalSorted reports whether a and b hold the same strings in any order.
func equalSorted(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
