package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// tinyBench is small enough to score by hand. Every message is on its own
// day, so neighbouring turns (other sessions) lend nothing, and each query
// shares words only with the messages named below.
//
//	qa "puppy Rex": m1 holds both words, m2 only "Rex" → ranked [m1 m2].
//	qb "sister Lisbon violin": m3 holds two words, m4 one → [m3 m4].
//	qc "spaceship" (adversarial): nothing matches → [].
//
// With k = 1, 2, 5 over messages, pooled over qa and qb:
//
//	recall@1 = (1 + 1/2)/2 = 0.75, all@1 = (1 + 0)/2 = 0.5, covered@1 = 1
//	recall@2 = 1, all@2 = 1, covered@2 = 2; @5 the same as @2.
//
// Over memories (mem2 covers m3 and m4): qa → [mem1], qb → [mem2, ...]:
//
//	recall@1 = 1, all@1 = 1, covered@1 = (1 + 2)/2 = 1.5.
func tinyBench() *Bench {
	day := func(d int) time.Time { return time.Date(2024, 1, d, 10, 0, 0, 0, time.UTC) }
	return &Bench{Name: "tiny", Cases: []Case{{
		ID:       "c1",
		Speakers: []string{"Ann", "Bob"},
		Messages: []Message{
			{ID: "m1", Speaker: "Ann", Time: day(1), Text: "I adopted a puppy named Rex"},
			{ID: "m2", Speaker: "Bob", Time: day(2), Text: "Rex loves the beach"},
			{ID: "m3", Speaker: "Ann", Time: day(3), Text: "My sister lives in Lisbon"},
			{ID: "m4", Speaker: "Bob", Time: day(4), Text: "I started learning the violin"},
			{ID: "m5", Speaker: "Ann", Time: day(5), Text: "Quantum physics lectures bore me"},
		},
		Memories: []Memory{
			{ID: "mem1", Owner: "Ann", Time: day(1), Text: "Ann has a puppy called Rex", Source: []string{"m1"}},
			{ID: "mem2", Owner: "Ann", Time: day(4), Text: "Ann's sister lives in Lisbon; Bob learns violin", Source: []string{"m3", "m4"}},
			{ID: "mem3", Owner: "Bob", Time: day(2), Text: "Bob enjoys beaches", Source: []string{"m2"}},
		},
		Queries: []Query{
			{ID: "qa", Text: "puppy Rex", Time: day(9), Evidence: []string{"m1"}, Category: "single-hop"},
			{ID: "qb", Text: "sister Lisbon violin", Time: day(9), Evidence: []string{"m3", "m4"}, Category: "multi-hop"},
			{ID: "qc", Text: "spaceship", Time: day(9), Evidence: []string{"m5"}, Category: AdversarialCategory},
		},
	}}}
}

// near reports whether two floats agree to 1e-9.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// checkScores compares scores with expected recall, all and covered.
func checkScores(t *testing.T, label string, s Scores, n int, recall, all, covered []float64) {
	t.Helper()
	if s.N != n {
		t.Errorf("%s: n = %d, want %d", label, s.N, n)
	}
	for i := range recall {
		if !near(s.Recall[i], recall[i]) || !near(s.All[i], all[i]) || !near(s.Covered[i], covered[i]) {
			t.Errorf("%s k#%d: recall %v all %v covered %v, want %v %v %v",
				label, i, s.Recall[i], s.All[i], s.Covered[i], recall[i], all[i], covered[i])
		}
	}
}

func TestRunMessagesByHand(t *testing.T) {
	for _, baseline := range []bool{false, true} {
		r, err := Run(context.Background(), tinyBench(), Options{Ks: []int{5, 1, 2, 2}, Baseline: baseline})
		if err != nil {
			t.Fatal(err)
		}
		if r.Unit != UnitMessages || !slices.Equal(r.Ks, []int{1, 2, 5}) || r.Queries != 3 || r.Cases != 1 {
			t.Fatalf("report header = %+v", r)
		}
		checkScores(t, "pooled", r.Pooled, 2, []float64{0.75, 1, 1}, []float64{0.5, 1, 1}, []float64{1, 2, 2})
		checkScores(t, "single-hop", r.ByCategory["single-hop"], 1, []float64{1, 1, 1}, []float64{1, 1, 1}, []float64{1, 2, 2})
		checkScores(t, "multi-hop", r.ByCategory["multi-hop"], 1, []float64{0.5, 1, 1}, []float64{0, 1, 1}, []float64{1, 2, 2})
		checkScores(t, "adversarial", r.ByCategory[AdversarialCategory], 1, []float64{0, 0, 0}, []float64{0, 0, 0}, []float64{0, 0, 0})
		if baseline {
			if r.Baseline == nil {
				t.Fatal("no baseline")
			}
			checkScores(t, "baseline pooled", r.Baseline.Pooled, 2, []float64{0.75, 1, 1}, []float64{0.5, 1, 1}, []float64{1, 2, 2})
		} else if r.Baseline != nil {
			t.Error("baseline reported unasked")
		}
	}
}

func TestRunMemoriesByHand(t *testing.T) {
	r, err := Run(context.Background(), tinyBench(), Options{Unit: UnitMemories, Ks: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	checkScores(t, "pooled", r.Pooled, 2, []float64{1}, []float64{1}, []float64{1.5})
	checkScores(t, "multi-hop", r.ByCategory["multi-hop"], 1, []float64{1}, []float64{1}, []float64{2})
}

func TestRunMemoriesCoverOwnIDsWithoutMessages(t *testing.T) {
	b := &Bench{Name: "madial-like", Cases: []Case{{
		ID: "u1",
		Memories: []Memory{
			{ID: "1", Text: "Bart danced at the Christmas party"},
			{ID: "2", Text: "Bart won a swimming race"},
		},
		Queries: []Query{{ID: "q", Text: "I love swimming!", Evidence: []string{"2"}, Category: "memory-recall"}},
	}}}
	r, err := Run(context.Background(), b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Unit != UnitMemories {
		t.Errorf("unit = %q, want memories chosen from the data", r.Unit)
	}
	checkScores(t, "pooled", r.Pooled, 1, []float64{1, 1, 1}, []float64{1, 1, 1}, []float64{1, 1, 1})
	if _, err := Run(context.Background(), b, Options{Unit: UnitMessages}); err == nil {
		t.Error("unit messages accepted for a bench without messages")
	}
}

func TestRunRejectsBadOptions(t *testing.T) {
	for _, o := range []Options{{Unit: "turns"}, {Ks: []int{0}}, {Ks: []int{5000}}} {
		if _, err := Run(context.Background(), tinyBench(), o); err == nil {
			t.Errorf("Run(%+v) accepted", o)
		}
	}
	if _, err := Run(context.Background(), &Bench{}, Options{}); err == nil {
		t.Error("empty bench accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, tinyBench(), Options{}); err == nil {
		t.Error("cancelled context ignored")
	}
}

// fakeStore keeps what the eval writes; methods the eval does not use are
// left to the embedded nil interface.
type fakeStore struct {
	memory.Store
	mu       sync.Mutex
	msgs     []memory.Message
	mems     []memory.Memory
	released bool
}

func (s *fakeStore) EnsureConversation(_ context.Context, c memory.Conversation) (memory.Conversation, error) {
	return c, nil
}

func (s *fakeStore) AppendMessage(_ context.Context, m *memory.Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.Seq = int64(len(s.msgs) + 1)
	s.msgs = append(s.msgs, *m)
	return nil
}

func (s *fakeStore) Messages(_ context.Context, _ string, after int64, limit int) ([]memory.Message, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []memory.Message
	for _, m := range s.msgs {
		if m.Seq > after && len(out) < limit {
			out = append(out, m)
		}
	}
	return out, nil
}

func (s *fakeStore) InsertMemory(_ context.Context, m *memory.Memory) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.ID = "stored-" + m.ID
	s.mems = append(s.mems, *m)
	return nil
}

func (s *fakeStore) Revision(context.Context, string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.mems)), nil
}

func (s *fakeStore) ListMemories(_ context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []memory.Memory
	for _, m := range s.mems {
		if m.Owner == q.Owner {
			out = append(out, m)
		}
	}
	return out, nil
}

func TestRunThroughStores(t *testing.T) {
	for _, unit := range []string{UnitMessages, UnitMemories} {
		var opened []*fakeStore
		f := StoreFactoryFunc(func(context.Context, string) (memory.Store, func() error, error) {
			s := &fakeStore{}
			opened = append(opened, s)
			return s, func() error { s.released = true; return nil }, nil
		})
		direct, err := Run(context.Background(), tinyBench(), Options{Unit: unit})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := Run(context.Background(), tinyBench(), Options{Unit: unit, Stores: f})
		if err != nil {
			t.Fatal(err)
		}
		if len(opened) != 1 || !opened[0].released {
			t.Fatalf("%s: opened %d stores, released %v", unit, len(opened), len(opened) > 0 && opened[0].released)
		}
		if len(opened[0].msgs)+len(opened[0].mems) == 0 {
			t.Errorf("%s: nothing written to the store", unit)
		}
		if !slices.Equal(direct.Pooled.Recall, stored.Pooled.Recall) || !slices.Equal(direct.Pooled.Covered, stored.Pooled.Covered) {
			t.Errorf("%s: through the store %v/%v, direct %v/%v", unit,
				stored.Pooled.Recall, stored.Pooled.Covered, direct.Pooled.Recall, direct.Pooled.Covered)
		}
	}
	failing := StoreFactoryFunc(func(context.Context, string) (memory.Store, func() error, error) {
		return nil, nil, fmt.Errorf("disk full")
	})
	if _, err := Run(context.Background(), tinyBench(), Options{Stores: failing}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("store failure: %v", err)
	}
}

func TestScoreQuery(t *testing.T) {
	covers := [][]string{{"a", "x"}, {"x"}, {"b", "c"}}
	o := scoreQuery(covers, []string{"a", "b", "z"}, []int{1, 2, 3, 10})
	wantRecall := []float64{1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3}
	wantCovered := []float64{2, 2, 4, 4}
	for i := range wantRecall {
		if !near(o.recall[i], wantRecall[i]) || o.all[i] != 0 || o.covered[i] != wantCovered[i] {
			t.Errorf("k#%d: recall %v all %v covered %v", i, o.recall[i], o.all[i], o.covered[i])
		}
	}
	if o := scoreQuery(covers, []string{"x"}, []int{1}); o.recall[0] != 1 || o.all[0] != 1 {
		t.Errorf("single evidence: %+v", o)
	}
}

func TestLatencyPercentiles(t *testing.T) {
	var ds []time.Duration
	for i := 1; i <= 100; i++ {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	l := latencyOf(ds)
	if l.P50 != 50 || l.P95 != 95 {
		t.Errorf("latency = %+v, want p50 50 p95 95", l)
	}
	if l := latencyOf(nil); l.P50 != 0 || l.P95 != 0 {
		t.Errorf("empty latency = %+v", l)
	}
}

func TestReportJSONShape(t *testing.T) {
	r, err := Run(context.Background(), tinyBench(), Options{Ks: []int{1, 5}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		t.Fatalf("invalid JSON %s: %v", b.String(), err)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range got {
			if !yield(k) {
				return
			}
		}
	})
	if !slices.Equal(keys, []string{"by_category", "data", "k", "latency_ms", "pooled", "unit"}) {
		t.Fatalf("top-level keys = %v", keys)
	}
	if string(got["data"]) != `"tiny"` || string(got["unit"]) != `"messages"` || string(got["k"]) != `[1,5]` {
		t.Errorf("data/unit/k = %s %s %s", got["data"], got["unit"], got["k"])
	}
	var pooled map[string]float64
	if err := json.Unmarshal(got["pooled"], &pooled); err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"recall@1": 0.75, "all@1": 0.5, "covered@1": 1, "recall@5": 1, "all@5": 1, "covered@5": 2, "n": 2}
	if len(pooled) != len(want) {
		t.Errorf("pooled = %v, want keys of %v", pooled, want)
	}
	for k, v := range want {
		if pooled[k] != v {
			t.Errorf("pooled[%s] = %v, want %v", k, pooled[k], v)
		}
	}
	var cats map[string]map[string]float64
	if err := json.Unmarshal(got["by_category"], &cats); err != nil {
		t.Fatal(err)
	}
	if len(cats) != 3 || cats[AdversarialCategory]["n"] != 1 || cats["multi-hop"]["recall@1"] != 0.5 {
		t.Errorf("by_category = %v", cats)
	}
	var lat map[string]float64
	if err := json.Unmarshal(got["latency_ms"], &lat); err != nil || len(lat) != 2 {
		t.Errorf("latency_ms = %s (%v)", got["latency_ms"], err)
	}
	if _, ok := lat["p95"]; !ok {
		t.Error("latency_ms lacks p95")
	}

	// With a baseline, one more key of the same shape.
	r2, err := Run(context.Background(), tinyBench(), Options{Ks: []int{1, 5}, Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := r2.MarshalJSON()
	var withBase struct {
		Baseline struct {
			Method     string                        `json:"method"`
			Pooled     map[string]float64            `json:"pooled"`
			ByCategory map[string]map[string]float64 `json:"by_category"`
			Latency    map[string]float64            `json:"latency_ms"`
		} `json:"baseline"`
	}
	if err := json.Unmarshal(data, &withBase); err != nil {
		t.Fatal(err)
	}
	if withBase.Baseline.Method != "bm25" || withBase.Baseline.Pooled["recall@1"] != 0.75 || len(withBase.Baseline.ByCategory) != 3 {
		t.Errorf("baseline = %+v", withBase.Baseline)
	}
}

func TestReportText(t *testing.T) {
	r, err := Run(context.Background(), tinyBench(), Options{Ks: []int{1, 5}, Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"tiny", "unit messages", "recall@1", "covered@5", "pooled", "bm25", "adversarial (not pooled)", "multi-hop", "0.750", "latency ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
}
