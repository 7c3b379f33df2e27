package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// benchText draws memory-like sentences from a Zipf-distributed vocabulary
// of 5,000 words, as people's memories use a few words often and most
// rarely.
type benchText struct {
	zipf  *rand.Zipf
	vocab []string
}

func newBenchText(r *rand.Rand) *benchText {
	vocab := make([]string, 5000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%x", i*2654435761%1000003)
	}
	return &benchText{zipf: rand.NewZipf(r, 1.1, 2, uint64(len(vocab)-1)), vocab: vocab}
}

// sentence returns n words.
func (t *benchText) sentence(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = t.vocab[t.zipf.Uint64()]
	}
	return strings.Join(w, " ")
}

// benchVector returns a random vector of dims.
func benchVector(r *rand.Rand, dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

// BenchmarkReconcileWindow measures reconciling one extraction window (three
// candidates with vectors, offline rules) against an owner holding n
// memories with 1536-d vectors: finding each candidate's neighbours in the
// recall index, deciding, and writing through the service.
func BenchmarkReconcileWindow(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("memories=%d", n), func(b *testing.B) {
			const dims = 1536
			ctx := context.Background()
			st, err := sqlite.Open(ctx, b.TempDir(), sqlite.WithLogger(slog.New(slog.DiscardHandler)))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { _ = st.Close() })
			r := rand.New(rand.NewPCG(uint64(n), 7))
			words := newBenchText(r)
			now := time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)
			for i := range n {
				m := memory.Memory{Owner: "bench", Text: words.sentence(8), Type: memory.TypeFact,
					Lifecycle: memory.LifecycleFact, Importance: 0.5, Confidence: 0.8, Status: memory.StatusActive,
					Embedding: &memory.Embedding{Model: "bench", Vector: benchVector(r, dims)},
					CreatedAt: now.Add(-time.Duration(i) * time.Minute), UpdatedAt: now}
				if err := st.InsertMemory(ctx, &m); err != nil {
					b.Fatal(err)
				}
			}
			svc, err := service.New(service.Options{Store: st, Now: func() time.Time { return now }})
			if err != nil {
				b.Fatal(err)
			}
			if err := svc.Index().Warm(ctx, "bench"); err != nil {
				b.Fatal(err)
			}
			rec, err := extract.NewReconciler(extract.ReconcilerOptions{Memories: svc, Now: func() time.Time { return now }})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				cands := make([]memory.Memory, 3)
				for j := range cands {
					cands[j] = memory.Memory{Owner: "bench", Text: fmt.Sprintf("%s %d", words.sentence(6), i*3+j),
						Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Importance: 0.5, Confidence: 0.8,
						Status:    memory.StatusActive,
						Embedding: &memory.Embedding{Model: "bench", Vector: benchVector(r, dims)}}
				}
				if _, err := rec.Reconcile(ctx, "bench", cands); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
