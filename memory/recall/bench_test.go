package recall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// synth generates reproducible memory-like text over a Zipf-distributed
// vocabulary of English words and Chinese characters.
type synth struct {
	r     *rand.Rand
	zipf  *rand.Zipf
	vocab []string
}

func newSynth(seed uint64) *synth {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	const n = 5000
	vocab := make([]string, n)
	han := []rune("咖啡茶猫狗书电影音乐旅行工作学校家朋友运动跑步游泳画画编程语言喜欢讨厌周末早上晚上城市北京上海")
	for i := range vocab {
		if i%10 == 9 {
			vocab[i] = string([]rune{han[r.IntN(len(han))], han[r.IntN(len(han))], han[r.IntN(len(han))]})
			continue
		}
		var b strings.Builder
		for range 3 + r.IntN(6) {
			b.WriteByte(byte('a' + r.IntN(26)))
		}
		vocab[i] = b.String()
	}
	return &synth{r: r, zipf: rand.NewZipf(r, 1.1, 2, n-1), vocab: vocab}
}

func (s *synth) sentence(words int) string {
	parts := make([]string, words)
	for i := range parts {
		parts[i] = s.vocab[s.zipf.Uint64()]
	}
	return strings.Join(parts, " ")
}

func (s *synth) vector(dims int) []float32 {
	v := make([]float32, dims)
	for i := range v {
		v[i] = float32(s.r.NormFloat64())
	}
	return v
}

func (s *synth) memories(n, dims int) []memory.Memory {
	lcs := memory.Lifecycles
	ms := make([]memory.Memory, n)
	for i := range ms {
		m := memory.Memory{
			ID: fmt.Sprintf("mem-%06d", i), Owner: "bench", Text: s.sentence(8 + s.r.IntN(16)),
			Type: memory.Types[s.r.IntN(len(memory.Types))], Lifecycle: lcs[s.r.IntN(len(lcs))],
			Keywords: strings.Fields(s.sentence(3)), Importance: s.r.Float64(), Confidence: s.r.Float64(),
			Status: memory.StatusActive, CreatedAt: t0.Add(-time.Duration(s.r.IntN(400*24)) * time.Hour),
			UseCount: int64(s.r.IntN(10)), Version: 1,
		}
		m.UpdatedAt = m.CreatedAt
		if dims > 0 {
			m.Embedding = &memory.Embedding{Model: "bench", Vector: s.vector(dims)}
		}
		ms[i] = m
	}
	return ms
}

// warmIndex is an index holding ms as the owner "bench", loaded.
func warmIndex(b *testing.B, ms []memory.Memory) *Index {
	b.Helper()
	cfg := DefaultConfig()
	cfg.Now = func() time.Time { return t0 }
	x := NewIndex(fixedLoader(func(context.Context, string) ([]memory.Memory, error) { return ms, nil }), cfg)
	if err := x.Warm(context.Background(), "bench"); err != nil {
		b.Fatal(err)
	}
	return x
}

// benchmarkRecall measures Index.Search over n memories of one owner and
// reports the 50th and 95th percentile latency besides the mean.
func benchmarkRecall(b *testing.B, n, dims int) {
	s := newSynth(uint64(n + dims))
	ms := s.memories(n, dims)
	x := warmIndex(b, ms)
	queries := make([]Query, 64)
	for i := range queries {
		queries[i] = Query{Text: s.sentence(10), Context: []string{s.sentence(12), s.sentence(12)}}
		if dims > 0 {
			queries[i].Vector = s.vector(dims)
		}
	}
	_, bytes := x.Stats("bench")
	timeSearches(b, x, queries)
	b.ReportMetric(float64(bytes)/float64(n), "bytes/memory")
}

// timeSearches runs the queries in turn for the benchmark's iterations
// and reports the 50th and 95th percentile latency besides the mean.
func timeSearches(b *testing.B, x *Index, queries []Query) {
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := x.Search(ctx, "bench", queries[i%len(queries)]); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(lat)
	if len(lat) > 0 {
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
	}
}

func BenchmarkRecall1k(b *testing.B)         { benchmarkRecall(b, 1000, 0) }
func BenchmarkRecall1kVectors(b *testing.B)  { benchmarkRecall(b, 1000, 1536) }
func BenchmarkRecall10k(b *testing.B)        { benchmarkRecall(b, 10000, 0) }
func BenchmarkRecall10kVectors(b *testing.B) { benchmarkRecall(b, 10000, 1536) }

// BenchmarkCorpusIndexing measures BM25 indexing throughput.
func BenchmarkCorpusIndexing(b *testing.B) {
	s := newSynth(7)
	docs := make([]Doc, 10000)
	size := 0
	for i := range docs {
		docs[i] = Doc{ID: fmt.Sprint("d", i), Text: s.sentence(20), Keywords: strings.Fields(s.sentence(3))}
		size += len(docs[i].Text)
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for b.Loop() {
		c := NewCorpus(MemoryOptions())
		for _, d := range docs {
			if err := c.Add(d); err != nil {
				b.Fatal(err)
			}
		}
		n += len(docs)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "docs/s")
	b.SetBytes(int64(size))
}

// benchmarkWarm measures building one owner's index from n memories
// already in memory: the work a first recall does after the store has
// loaded them (the load itself is measured in memory/sqlite).
func benchmarkWarm(b *testing.B, n, dims int) {
	ms := newSynth(uint64(n+dims)).memories(n, dims)
	loader := fixedLoader(func(context.Context, string) ([]memory.Memory, error) { return ms, nil })
	cfg := DefaultConfig()
	cfg.Now = func() time.Time { return t0 }
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		x := NewIndex(loader, cfg)
		if err := x.Warm(ctx, "bench"); err != nil {
			b.Fatal(err)
		}
		if got, _ := x.Stats("bench"); got != n {
			b.Fatalf("index holds %d memories, want %d", got, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "memories/s")
}

func BenchmarkWarm1kVectors(b *testing.B)  { benchmarkWarm(b, 1000, 1536) }
func BenchmarkWarm10k(b *testing.B)        { benchmarkWarm(b, 10000, 0) }
func BenchmarkWarm10kVectors(b *testing.B) { benchmarkWarm(b, 10000, 1536) }

// BenchmarkVectorScan10k measures the vector part of a search alone: the
// cosine of one 1536-d query with 10,000 document vectors.
func BenchmarkVectorScan10k(b *testing.B) {
	s := newSynth(11)
	c := NewCorpus(MemoryOptions())
	for i := range 10000 {
		if err := c.Add(Doc{ID: fmt.Sprint("d", i), Vector: s.vector(1536)}); err != nil {
			b.Fatal(err)
		}
	}
	q := s.vector(1536)
	b.ReportAllocs()
	for b.Loop() {
		c.scanVectors(q).release()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000, "ns/vector")
}

// BenchmarkRecall10kDated measures questions that name a period ("this
// weekend", "on the 5th", "下周") over 10,000 memories, a fifth of them
// naming a day: such questions scan the owner's memories for days in
// the period besides the ranking (liftDated, liftPlans).
func BenchmarkRecall10kDated(b *testing.B) {
	s := newSynth(10007)
	ms := s.memories(10000, 0)
	days := []string{"on 9 August", "on the 5th", "4月15日", "every year on 3 May", "生日是十月一号"}
	for i := range ms {
		if i%5 == 0 {
			ms[i].Text += " " + days[i%len(days)]
		}
		if i%50 == 0 {
			ms[i].Lifecycle = memory.LifecycleTemporary
		}
	}
	x := warmIndex(b, ms)
	queries := []Query{
		{Text: "any ideas for this weekend?"}, {Text: "what is on the 5th?"},
		{Text: "下周有什么安排"}, {Text: "what should I pack for the trip next week?"},
	}
	timeSearches(b, x, queries)
}
