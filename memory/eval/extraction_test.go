package eval

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/sqlite"
)

// keywordExtractor stands in for a model: for every source line holding
// one of its keywords it extracts the matching fact, citing that line.
type keywordExtractor struct {
	facts map[string]string
	// fail, when set, is returned by every call.
	fail  error
	calls *atomic.Int64
}

func (k keywordExtractor) Extract(_ context.Context, in extract.Input) (extract.Extraction, error) {
	if k.calls != nil {
		k.calls.Add(1)
	}
	if k.fail != nil {
		return extract.Extraction{}, k.fail
	}
	out := extract.Extraction{Calls: 1}
	keys := make([]string, 0, len(k.facts))
	for key := range k.facts {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, l := range in.Window {
		if !l.Source {
			continue
		}
		for _, key := range keys {
			if !strings.Contains(l.Text, key) {
				continue
			}
			out.Memories = append(out.Memories, memory.Memory{
				Owner: in.Owner, Text: k.facts[key], Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
				Subject: key, Importance: 0.8, Confidence: 0.9, Status: memory.StatusActive,
				Source: memory.Source{Platform: in.Platform, ConversationID: in.ConversationID,
					MessageIDs: l.MessageIDs, Time: l.Time},
			})
		}
	}
	return out, nil
}

// tinyFacts extract one memory of Ann from m1 and m3 each, and one of Bob
// from m4 (see tinyBench).
var tinyFacts = map[string]string{
	"puppy":  "Has a puppy named Rex",
	"Lisbon": "Has a sister who lives in Lisbon",
	"violin": "Is learning to play the violin",
}

// sqliteStores opens a fresh embedded store per case.
func sqliteStores(t *testing.T) StoreFactory {
	t.Helper()
	return StoreFactoryFunc(func(ctx context.Context, _ string) (memory.Store, func() error, error) {
		s, err := sqlite.Open(ctx, t.TempDir())
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	})
}

// TestRunExtractedByHand: qa "puppy Rex" finds Ann's puppy memory (m1)
// first; qb "sister Lisbon violin" needs Ann's memory (m3) and Bob's (m4),
// so both speakers' memories must be searched: recall@1 1/2, @2 1.
//
//	pooled recall@1 = (1 + 1/2)/2 = 0.75, recall@2 = 1, covered@1 = 1,
//	covered@2 = (1 + 2)/2 = 1.5 (nothing else shares a word with qa).
func TestRunExtractedByHand(t *testing.T) {
	var calls atomic.Int64
	for _, baseline := range []bool{false, true} {
		before := calls.Load()
		r, err := Run(context.Background(), tinyBench(), Options{
			Ks: []int{1, 2}, Stores: sqliteStores(t), Baseline: baseline,
			Extract: &ExtractOptions{Model: "kw", Extractor: keywordExtractor{facts: tinyFacts, calls: &calls}},
		})
		if err != nil {
			t.Fatal(err)
		}
		if r.Unit != UnitMemories {
			t.Errorf("unit = %q, want memories", r.Unit)
		}
		checkScores(t, "pooled", r.Pooled, 2, []float64{0.75, 1}, []float64{0.5, 1}, []float64{1, 1.5})
		checkScores(t, "multi-hop", r.ByCategory["multi-hop"], 1, []float64{0.5, 1}, []float64{0, 1}, []float64{1, 2})
		if baseline {
			if r.Baseline == nil {
				t.Fatal("no baseline")
			}
			checkScores(t, "baseline pooled", r.Baseline.Pooled, 2, []float64{0.75, 1}, []float64{0.5, 1}, []float64{1, 1.5})
		}
		// Ann has 3 messages and Bob 2, in five windows' worth of lines:
		// whatever the windowing, each speaker is asked at least once, and
		// the baseline reuses the extraction instead of running it again.
		if n := calls.Load() - before; n < 2 || int(n) != r.Extraction.Windows {
			t.Errorf("extractor called %d times for %d windows", n, r.Extraction.Windows)
		}
		x := r.Extraction
		if x == nil || x.Model != "kw" || x.Messages != 5 || x.Memories != 3 || x.Added != 3 || x.MemoriesPer100 != 60 {
			t.Fatalf("extraction = %+v", x)
		}
		if c := x.Cost[llm.PurposeExtraction]; c.Calls != int64(x.Windows) || x.Calls != c.Calls || x.CallsPer100 != round(per100(float64(c.Calls), 5), 2) {
			t.Errorf("cost = %+v, calls %d (%v per 100), windows %d", x.Cost, x.Calls, x.CallsPer100, x.Windows)
		}
	}
}

func TestRunExtractedReports(t *testing.T) {
	r, err := Run(context.Background(), tinyBench(), Options{
		Ks: []int{1}, Stores: sqliteStores(t),
		Extract: &ExtractOptions{Model: "kw", Extractor: keywordExtractor{facts: tinyFacts}},
	})
	if err != nil {
		t.Fatal(err)
	}
	data, err := r.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Unit       string `json:"unit"`
		Extraction struct {
			Model    string                    `json:"model"`
			Messages int                       `json:"messages"`
			Memories int                       `json:"memories"`
			Per100   float64                   `json:"memories_per_100_messages"`
			Cost     map[string]map[string]int `json:"cost"`
		} `json:"extraction"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("invalid JSON %s: %v", data, err)
	}
	if got.Unit != UnitMemories || got.Extraction.Model != "kw" || got.Extraction.Messages != 5 ||
		got.Extraction.Memories != 3 || got.Extraction.Per100 != 60 || got.Extraction.Cost["extraction"]["calls"] == 0 {
		t.Errorf("JSON = %s", data)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"unit memories", "extraction (kw): 5 messages → 3 memories, 60.00 per 100 messages", "added 3", "purpose", "extraction", "per 100 messages"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, b.String())
		}
	}
}

func TestRunExtractedOffline(t *testing.T) {
	r, err := Run(context.Background(), tinyBench(), Options{Stores: sqliteStores(t), Extract: &ExtractOptions{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Extraction == nil || r.Extraction.Windows == 0 || r.Extraction.Messages != 5 {
		t.Fatalf("extraction = %+v", r.Extraction)
	}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "extraction (offline rules)") {
		t.Errorf("text report does not say the rules extracted:\n%s", b.String())
	}
}

func TestRunExtractRejects(t *testing.T) {
	kw := &ExtractOptions{Extractor: keywordExtractor{facts: tinyFacts}}
	memoriesOnly := &Bench{Name: "m", Cases: []Case{{ID: "u1",
		Memories: []Memory{{ID: "1", Text: "Bart won a swimming race"}},
		Queries:  []Query{{ID: "q", Text: "swimming", Evidence: []string{"1"}, Category: "c"}},
	}}}
	failing := StoreFactoryFunc(func(context.Context, string) (memory.Store, func() error, error) {
		return nil, nil, errors.New("disk full")
	})
	tests := []struct {
		name  string
		bench *Bench
		opts  Options
		want  []string
	}{
		{"unit messages", tinyBench(), Options{Unit: UnitMessages, Stores: sqliteStores(t), Extract: kw}, []string{"unit \"messages\"", "extracted memories"}},
		{"no stores", tinyBench(), Options{Extract: kw}, []string{"needs a store"}},
		{"no messages", memoriesOnly, Options{Stores: sqliteStores(t), Extract: kw}, []string{`case "u1"`, "no messages"}},
		{"store fails", tinyBench(), Options{Stores: failing, Extract: kw}, []string{`case "c1"`, "disk full"}},
		{"model fails", tinyBench(), Options{Stores: sqliteStores(t), Extract: &ExtractOptions{
			Extractor: keywordExtractor{fail: &llm.Error{Kind: llm.ErrRateLimited, Purpose: llm.PurposeExtraction}},
		}}, []string{`case "c1"`, "rate limited"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Run(context.Background(), tt.bench, tt.opts)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestCoversMergeOverUpdates(t *testing.T) {
	mem := func(id, supersedes string, ids ...string) memory.Memory {
		return memory.Memory{ID: id, Supersedes: supersedes, Source: memory.Source{MessageIDs: ids}}
	}
	byID := map[string]memory.Memory{
		"a": mem("a", "", "m1"),
		"b": mem("b", "a", "m3", "m1"),
		"c": mem("c", "b", "m5"),
		// A cycle (never written by the pipeline) must not loop.
		"x": mem("x", "y", "m7"),
		"y": mem("y", "x", "m8"),
		// A link to a memory that is gone ends the chain.
		"z": mem("z", "gone", "m9"),
	}
	tests := []struct {
		id   string
		want []string
	}{
		{"a", []string{"m1"}},
		{"b", []string{"m3", "m1"}},
		{"c", []string{"m5", "m3", "m1"}},
		{"x", []string{"m7", "m8"}},
		{"z", []string{"m9"}},
	}
	for _, tt := range tests {
		if got := coversOf(byID[tt.id], byID); !slices.Equal(got, tt.want) {
			t.Errorf("covers of %s = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestRestampByCoveredMessages(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 1, d, 10, 0, 0, 0, time.UTC) }
	times := map[string]time.Time{"m1": day(1), "m3": day(3), "m5": day(5)}
	stored := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	m := memory.Memory{CreatedAt: stored, UpdatedAt: stored}
	restamp(&m, []string{"m3", "m1", "unknown"}, times)
	if !m.CreatedAt.Equal(day(1)) || !m.UpdatedAt.Equal(day(3)) {
		t.Errorf("created %v updated %v, want day 1 and day 3", m.CreatedAt, m.UpdatedAt)
	}
	m = memory.Memory{CreatedAt: stored, UpdatedAt: stored}
	restamp(&m, []string{"unknown"}, times)
	if !m.CreatedAt.Equal(stored) {
		t.Errorf("memory without dated sources restamped to %v", m.CreatedAt)
	}
}

func TestDiffCounts(t *testing.T) {
	before := map[llm.Purpose]llm.Counts{llm.PurposeReply: {Calls: 4, PromptTokens: 100}}
	after := map[llm.Purpose]llm.Counts{
		llm.PurposeReply:      {Calls: 4, PromptTokens: 100},
		llm.PurposeExtraction: {Calls: 3, Failures: 1, PromptTokens: 900, CompletionTokens: 90},
	}
	d := diffCounts(after, before)
	if len(d) != 1 || d[llm.PurposeExtraction] != after[llm.PurposeExtraction] {
		t.Errorf("diff = %+v", d)
	}
	var r ExtractionReport
	r.Messages = 200
	r.setCost(d)
	if r.Calls != 3 || r.Tokens != 990 || r.CallsPer100 != 1.5 || r.TokensPer100 != 495 {
		t.Errorf("totals = %+v", r)
	}
}

// An extracted temporary memory is searchable until it expires, judged at
// each query's time, even when it expired before the conversation ended.
func TestExtractedExpiryAtQueryTime(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2024, 1, d, 10, 0, 0, 0, time.UTC) }
	mk := func(id, text string, at, expires time.Time) memory.Memory {
		return memory.Memory{ID: id, Owner: "bench:c", Text: text, Type: memory.TypeEvent, Lifecycle: memory.LifecycleTemporary,
			Importance: 0.7, Confidence: 0.9, Status: memory.StatusActive, ExpiresAt: expires,
			CreatedAt: at, UpdatedAt: at, Version: 1}
	}
	ext := &extracted{owner: "bench:c", covers: map[string][]string{"a": {"m1"}, "b": {"m9"}}, memories: []memory.Memory{
		mk("a", "Goes to the pottery workshop on Friday", day(1), day(5)),
		mk("b", "Is moving house next month", day(9), time.Time{}),
	}}
	s, err := newExtractedSearcher(context.Background(), ext, Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		at   time.Time
		want int
	}{{day(3), 1}, {day(10), 0}} {
		covers, err := s.search(context.Background(), Query{Text: "pottery workshop", Time: tt.at}, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(covers) != tt.want || (tt.want == 1 && covers[0][0] != "m1") {
			t.Errorf("at %v: covers %v, want %d result(s)", tt.at.Format(time.DateOnly), covers, tt.want)
		}
	}
}
