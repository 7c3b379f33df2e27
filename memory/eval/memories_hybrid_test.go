package eval

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

// topicEmbedder embeds a text as [pet, other]: 1 on the first axis when it
// mentions an animal, on the second otherwise.
type topicEmbedder struct {
	mu    sync.Mutex
	texts []string
}

func (e *topicEmbedder) EmbeddingModel() string { return "topics" }

func (e *topicEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.mu.Lock()
	e.texts = append(e.texts, texts...)
	e.mu.Unlock()
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = []float32{0, 1}
		for _, w := range []string{"puppy", "animal", "pet"} {
			if strings.Contains(strings.ToLower(t), w) {
				out[i] = []float32{1, 0}
			}
		}
	}
	return out, nil
}

// animalBench asks about a puppy in words no memory uses.
func animalBench() *Bench {
	return &Bench{Name: "animal", Cases: []Case{{
		ID: "c1",
		Memories: []Memory{
			{ID: "1", Text: "Has a puppy called Rex"},
			{ID: "2", Text: "Listens to jazz on Sundays"},
		},
		Queries: []Query{{ID: "q", Text: "which animal lives at home?", Evidence: []string{"1"}, Category: "single-hop"}},
	}}}
}

func TestRunMemoriesHybridWithEmbedder(t *testing.T) {
	lexical, err := Run(context.Background(), animalBench(), Options{Ks: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	e := &topicEmbedder{}
	hybrid, err := Run(context.Background(), animalBench(), Options{Ks: []int{1}, Embedder: e, Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	if lexical.Pooled.Recall[0] != 0 {
		t.Errorf("lexical recall@1 = %v: the query was meant to share no word with the memory", lexical.Pooled.Recall[0])
	}
	if hybrid.Pooled.Recall[0] != 1 {
		t.Errorf("hybrid recall@1 = %v, want the puppy found by its vector", hybrid.Pooled.Recall[0])
	}
	if hybrid.Baseline.Pooled.Recall[0] != 0 {
		t.Errorf("the BM25 baseline used vectors: recall@1 = %v", hybrid.Baseline.Pooled.Recall[0])
	}
	// Both memories and the one query, once each: the baseline embeds nothing.
	if len(e.texts) != 3 {
		t.Errorf("embedded %q, want the two memories and the query", e.texts)
	}
	// Through an embedded store the vectors make the round trip.
	stores := StoreFactoryFunc(func(ctx context.Context, _ string) (memory.Store, func() error, error) {
		s, err := sqlite.Open(ctx, t.TempDir())
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	})
	stored, err := Run(context.Background(), animalBench(), Options{Ks: []int{1}, Embedder: &topicEmbedder{}, Stores: stores})
	if err != nil {
		t.Fatal(err)
	}
	if stored.Pooled.Recall[0] != 1 {
		t.Errorf("hybrid recall@1 through the store = %v, want 1", stored.Pooled.Recall[0])
	}
}

func TestRunMemoriesProductionCutOffs(t *testing.T) {
	b := &Bench{Name: "games", Cases: []Case{{
		ID: "c1",
		Memories: []Memory{
			{ID: "1", Text: "Plays tennis with her brother"},
			{ID: "2", Text: "Plays chess online"},
		},
		Queries: []Query{{ID: "q", Text: "which games does she play?", Evidence: []string{"1", "2"}, Category: "multi-hop"}},
	}}}
	ranking, err := Run(context.Background(), b, Options{Ks: []int{2}})
	if err != nil {
		t.Fatal(err)
	}
	capped, err := Run(context.Background(), b, Options{Ks: []int{2}, Production: &ProductionRecall{Limit: 1, TokenBudget: 400}})
	if err != nil {
		t.Fatal(err)
	}
	if ranking.Pooled.Recall[0] != 1 || capped.Pooled.Recall[0] != 0.5 {
		t.Errorf("recall@2 = %v ranking alone, %v capped at one injected memory; want 1 and 0.5",
			ranking.Pooled.Recall[0], capped.Pooled.Recall[0])
	}
}
