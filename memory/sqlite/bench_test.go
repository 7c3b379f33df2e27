package sqlite_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// quiet keeps migration logs out of benchmark output.
var quiet = sqlite.WithLogger(slog.New(slog.DiscardHandler))

// benchDims is the size of a text-embedding-3-small vector.
const benchDims = 1536

// benchMemory is a realistic memory of owner with a full-size vector.
func benchMemory(r *rand.Rand, owner string, i int) memory.Memory {
	v := make([]float32, benchDims)
	for j := range v {
		v[j] = r.Float32()*2 - 1
	}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Minute)
	return memory.Memory{
		Owner:      owner,
		Text:       fmt.Sprintf("Prefers TypeScript for frontend work, item %d; 偏好使用 TypeScript 编程", i),
		Type:       memory.TypePreference,
		Lifecycle:  memory.LifecycleLongTerm,
		Subject:    "programming language",
		Tags:       []string{"programming", "编程"},
		Keywords:   []string{"TypeScript", "前端", "frontend"},
		Importance: 0.8,
		Confidence: 0.9,
		Status:     memory.StatusActive,
		History:    []memory.Version{{Text: "Prefers JavaScript", Time: at.Add(-time.Hour), Action: "update"}},
		Source:     memory.Source{Platform: "discord", ConversationID: "discord:1:2", MessageIDs: []string{"1", "2"}, Time: at},
		Embedding:  &memory.Embedding{Model: "text-embedding-3-small", Vector: v},
		CreatedAt:  at,
		UpdatedAt:  at,
	}
}

// benchStore opens a store in a fresh directory holding n memories of
// "owner".
func benchStore(b *testing.B, n int) *sqlite.Store {
	b.Helper()
	s, err := sqlite.Open(b.Context(), b.TempDir(), quiet)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = s.Close() })
	insertMany(b, b.Context(), s, n)
	return s
}

func insertMany(b *testing.B, ctx context.Context, s *sqlite.Store, n int) {
	b.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		m := benchMemory(r, "owner", i)
		if err := s.InsertMemory(ctx, &m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInsert stores one person's memories, each in its own write, into
// an empty store.
func BenchmarkInsert(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				s, err := sqlite.Open(b.Context(), b.TempDir(), quiet)
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				insertMany(b, b.Context(), s, n)
				b.StopTimer()
				_ = s.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/memory")
		})
	}
}

// BenchmarkLoad reads all of one person's memories, as the recall index
// does when it (re)builds its cache.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		s := benchStore(b, n)
		for _, withVectors := range []bool{true, false} {
			name := fmt.Sprintf("%d/vectors=%t", n, withVectors)
			b.Run(name, func(b *testing.B) {
				q := memory.MemoryQuery{Owner: "owner", WithEmbedding: withVectors}
				for range b.N {
					ms, err := s.ListMemories(b.Context(), q)
					if err != nil {
						b.Fatal(err)
					}
					if len(ms) != n {
						b.Fatalf("loaded %d memories, want %d", len(ms), n)
					}
				}
			})
		}
	}
}

// BenchmarkUpdate is one conditional (version-checked) write of a memory
// with a full-size vector, and the read-modify-write around it.
func BenchmarkUpdate(b *testing.B) {
	s := benchStore(b, 1000)
	ms, err := s.ListMemories(b.Context(), memory.MemoryQuery{Owner: "owner", Limit: 1, WithEmbedding: true})
	if err != nil || len(ms) != 1 {
		b.Fatalf("pick a memory: %v", err)
	}
	m := ms[0]
	b.Run("conditional", func(b *testing.B) {
		for i := range b.N {
			m.Importance = float64(i%100) / 100
			if err := s.UpdateMemory(b.Context(), &m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("modify", func(b *testing.B) {
		for i := range b.N {
			_, err := memory.ModifyMemory(b.Context(), s, "owner", m.ID, func(x *memory.Memory) error {
				x.Confidence = float64(i%100) / 100
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkRevision is the one read that proves a cache of an owner's
// memories current, on the reply path.
func BenchmarkRevision(b *testing.B) {
	s := benchStore(b, 1000)
	for range b.N {
		r, err := s.Revision(b.Context(), "owner")
		if err != nil {
			b.Fatal(err)
		}
		if r != 1000 {
			b.Fatalf("revision %d, want 1000", r)
		}
	}
}
