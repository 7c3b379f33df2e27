package recall

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory/text"
)

// ids returns the ids of hits in order.
func ids(hits []Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	return out
}

// plainOptions is a textbook BM25 over lower-cased words, the simplest
// ranking the corpus offers.
func plainOptions() Options {
	return Options{Tokenizer: text.PlainTokenizer(), K1: 1.2, B: 0.75, KeywordWeight: 1}
}

// mustAdd indexes docs or fails the test.
func mustAdd(t testing.TB, c *Corpus, docs ...Doc) {
	t.Helper()
	for _, d := range docs {
		if err := c.Add(d); err != nil {
			t.Fatalf("Add(%s): %v", d.ID, err)
		}
	}
}

func TestCorpusBM25Ranking(t *testing.T) {
	for _, opts := range []Options{MemoryOptions(), plainOptions()} {
		c := NewCorpus(opts)
		mustAdd(t, c,
			Doc{ID: "coffee", Text: "She drinks black coffee every morning"},
			Doc{ID: "tea", Text: "He prefers green tea in the afternoon"},
			Doc{ID: "both", Text: "Coffee or tea, coffee wins"},
			Doc{ID: "none", Text: "The weather was lovely in Lisbon"},
		)
		hits := c.Search(Query{Text: "coffee", Limit: 10})
		got := ids(hits)
		if len(got) != 2 || got[0] != "both" || got[1] != "coffee" {
			t.Fatalf("coffee query = %v, want [both coffee] (higher tf first)", got)
		}
		for _, h := range hits {
			if h.Relevance <= 0 || h.Relevance > 1 || h.Score <= 0 {
				t.Errorf("hit %s has relevance %v score %v", h.ID, h.Relevance, h.Score)
			}
		}
		if hits := c.Search(Query{Text: "Lisbon weather"}); len(hits) != 1 || hits[0].ID != "none" {
			t.Errorf("rare terms query = %v, want [none]", ids(hits))
		}
		if hits := c.Search(Query{Text: "quantum chromodynamics"}); len(hits) != 0 {
			t.Errorf("unrelated query returned %v", ids(hits))
		}
	}
}

func TestCorpusRareTermOutweighsCommon(t *testing.T) {
	c := NewCorpus(plainOptions())
	for i := range 20 {
		mustAdd(t, c, Doc{ID: fmt.Sprint("d", i), Text: "we talked about work today"})
	}
	mustAdd(t, c, Doc{ID: "rare", Text: "we talked about the violin"})
	hits := c.Search(Query{Text: "work violin"})
	if len(hits) == 0 || hits[0].ID != "rare" {
		t.Fatalf("first hit = %v, want rare", ids(hits))
	}
}

func TestCorpusRemoveAndUpdate(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c,
		Doc{ID: "a", Text: "loves hiking in the mountains"},
		Doc{ID: "b", Text: "hiking boots are expensive"},
	)
	if !c.Remove("a") {
		t.Fatal("Remove(a) = false")
	}
	if c.Remove("a") {
		t.Error("second Remove(a) = true")
	}
	for _, h := range c.Search(Query{Text: "hiking mountains", Limit: 10}) {
		if h.ID == "a" {
			t.Fatal("removed document returned")
		}
	}
	if c.Len() != 1 || c.Has("a") {
		t.Fatalf("Len = %d, Has(a) = %v after removal", c.Len(), c.Has("a"))
	}
	// Update replaces the text: the old words no longer find it.
	mustAdd(t, c, Doc{ID: "b", Text: "owns a red kayak"})
	if hits := c.Search(Query{Text: "hiking boots"}); len(hits) != 0 {
		t.Errorf("old text still matches: %v", ids(hits))
	}
	if hits := c.Search(Query{Text: "kayak"}); len(hits) != 1 || hits[0].ID != "b" {
		t.Errorf("new text = %v, want [b]", ids(hits))
	}
	// Every term of removed documents is gone from the dictionary.
	c.Remove("b")
	if len(c.termIDs) != 0 || c.totalLen != 0 || c.live != 0 {
		t.Errorf("empty corpus keeps %d terms, length %v, %d live", len(c.termIDs), c.totalLen, c.live)
	}
}

func TestCorpusRejectsBadDocs(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	bad := []Doc{
		{ID: "", Text: "no id"},
		{ID: "big", Text: strings.Repeat("a ", MaxDocText)},
		{ID: "bad\xff", Text: "x"},
		{ID: "nan", Text: "x", Vector: []float32{float32(math.NaN()), 1}},
		{ID: "inf", Text: "x", Vector: []float32{float32(math.Inf(1)), 1}},
	}
	for _, d := range bad {
		if err := c.Add(d); err == nil {
			t.Errorf("Add(%.10q) accepted", d.ID)
		}
	}
	if c.Len() != 0 {
		t.Errorf("Len = %d after rejected adds", c.Len())
	}
}

func TestCorpusHostileQueries(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c, Doc{ID: "a", Text: "plain text"})
	for _, q := range []Query{
		{},
		{Text: "\xff\xfe\xfd"},
		{Text: strings.Repeat("word", 100000)},
		{Text: strings.Repeat("x ", 50000) + "plain", Limit: -5},
		{Text: "plain", Vector: []float32{float32(math.NaN())}},
	} {
		for _, h := range c.Search(q) {
			if h.ID != "a" {
				t.Errorf("unexpected hit %q", h.ID)
			}
		}
	}
}

func TestCorpusDateAndWhen(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	june := time.Date(2023, 6, 20, 0, 0, 0, 0, time.UTC)
	aug := time.Date(2023, 8, 20, 0, 0, 0, 0, time.UTC)
	mustAdd(t, c,
		Doc{ID: "aug", Text: "We went camping by the lake", Time: aug},
		Doc{ID: "june", Text: "We went camping by the river", Time: june},
	)
	hits := c.Search(Query{Text: "Where did they go camping in June?"})
	if len(hits) != 2 || hits[0].ID != "june" || !hits[0].Date {
		t.Fatalf("hits = %+v, want june first", hits)
	}
}

// A question naming a full date lifts what was said that day above a
// better-worded memory from another day of the same month.
func TestCorpusDayOfAFullDate(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c,
		Doc{ID: "other", Text: "Maria heard news about a puppy at the shelter", Time: time.Date(2023, 6, 2, 10, 0, 0, 0, time.UTC)},
		Doc{ID: "day", Text: "Maria joined a gym and loves it", Time: time.Date(2023, 6, 16, 18, 0, 0, 0, time.UTC)},
	)
	q := Query{Text: "What exciting news did Maria share on 16 June, 2023?"}
	if hits := c.Search(q); len(hits) != 2 || hits[0].ID != "day" {
		t.Fatalf("hits = %+v, want day first", hits)
	}
	o := MemoryOptions()
	o.DayBoost = 0
	plain := NewCorpus(o)
	mustAdd(t, plain,
		Doc{ID: "other", Text: "Maria heard news about a puppy at the shelter", Time: time.Date(2023, 6, 2, 10, 0, 0, 0, time.UTC)},
		Doc{ID: "day", Text: "Maria joined a gym and loves it", Time: time.Date(2023, 6, 16, 18, 0, 0, 0, time.UTC)},
	)
	if hits := plain.Search(q); len(hits) == 0 || hits[0].ID != "other" {
		t.Fatalf("without the day boost hits = %+v: the test no longer shows it", hits)
	}
}

func TestCorpusVectorFusion(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	mustAdd(t, c,
		Doc{ID: "lex", Text: "favourite programming language", Vector: []float32{0, 1, 0}},
		Doc{ID: "vec", Text: "prefers TypeScript", Vector: []float32{1, 0.05, 0}},
		Doc{ID: "novec", Text: "nothing in common"},
	)
	// Lexical alone without a query vector.
	if got := ids(c.Search(Query{Text: "programming language"})); len(got) != 1 || got[0] != "lex" {
		t.Fatalf("lexical = %v, want [lex]", got)
	}
	// A query vector close to "vec" finds it with no shared word.
	hits := c.Search(Query{Text: "which language should I code in", Vector: []float32{0.9, 0.1, 0}})
	found := false
	for _, h := range hits {
		if h.ID == "vec" {
			found = h.Cosine > 0.9 && h.VectorRel == 1
		}
		if h.ID == "novec" {
			t.Error("document without vector or words returned")
		}
	}
	if !found {
		t.Fatalf("vector match missing or unscored: %+v", hits)
	}
	// A document not embedded yet is judged by its words, not penalised.
	hits = c.Search(Query{Text: "nothing in common", Vector: []float32{0, 0, 1}})
	if len(hits) != 1 || hits[0].ID != "novec" || hits[0].Score != hits[0].LexicalRel {
		t.Errorf("unembedded document = %+v, want scored by words alone", hits)
	}
	// Vectors of another dimension are ignored, not a panic.
	if hits := c.Search(Query{Text: "zzz", Vector: []float32{1, 0}}); len(hits) != 0 {
		t.Errorf("mismatched dimensions returned %v", ids(hits))
	}
}

func TestCosine(t *testing.T) {
	if got := Cosine([]float32{1, 0}, []float32{0, 1}); got != 0 {
		t.Errorf("orthogonal cosine = %v", got)
	}
	if got := Cosine([]float32{1, 2, 3}, []float32{2, 4, 6}); math.Abs(got-1) > 1e-9 {
		t.Errorf("parallel cosine = %v", got)
	}
	if got := Cosine([]float32{1}, []float32{1, 2}); got != 0 {
		t.Errorf("mismatched cosine = %v", got)
	}
}

func TestCorpusConcurrentUse(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				id := fmt.Sprintf("w%d-%d", w, i%20)
				if i%3 == 2 {
					c.Remove(id)
					continue
				}
				if err := c.Add(Doc{ID: id, Text: fmt.Sprintf("note %d about topic %d", i, i%7)}); err != nil {
					t.Error(err)
					return
				}
				c.Search(Query{Text: "topic note", Limit: 5})
			}
		}()
	}
	wg.Wait()
	for _, h := range c.Search(Query{Text: "note topic", Limit: 1000}) {
		if !c.Has(h.ID) {
			t.Fatalf("hit %s is not indexed", h.ID)
		}
	}
}

// TestCorpusCompoundQuestion checks that each part of a message asking two
// things brings its own answer: the rarer-worded part must not fill the
// results alone.
func TestCorpusCompoundQuestion(t *testing.T) {
	c := NewCorpus(MemoryOptions())
	docs := map[string]string{
		"phone":  "我的手机是小米十四",
		"place":  "读书分享会的地点是杭州西湖边",
		"time":   "读书分享会的时间是周六下午",
		"size":   "读书分享会的规模是一百人",
		"topic":  "读书分享会的主要内容是交流读书心得",
		"other":  "周末去超市买了水果",
		"other2": "昨天晚上看了一部电影",
	}
	for id, text := range docs {
		mustAdd(t, c, Doc{ID: id, Text: text})
	}
	got := ids(c.Search(Query{Text: "我用的手机是啥来着？另外，读书分享会的地点在哪里？", Limit: 3}))
	if len(got) == 0 || got[0] != "place" || !slices.Contains(got, "phone") {
		t.Fatalf("hits = %v, want place first and phone among the top 3", got)
	}
	one := ids(c.Search(Query{Text: "读书分享会的地点在哪里？", Limit: 3}))
	if len(one) == 0 || one[0] != "place" || slices.Contains(one, "phone") {
		t.Fatalf("single question hits = %v, want place first and no phone", one)
	}
}
