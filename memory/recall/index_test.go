package recall

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"

	"github.com/membot/membot/memory/text"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// mem returns a valid active fact of owner "p1".
func mem(id, text string) memory.Memory {
	return memory.Memory{
		ID: id, Owner: "p1", Text: text, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.5, Confidence: 0.8, Status: memory.StatusActive,
		CreatedAt: t0, UpdatedAt: t0, Version: 1,
	}
}

// fakeLoader serves memories per owner like a store: every write through
// put or del moves the owner's revision by one. It counts loads and
// revision reads.
type fakeLoader struct {
	mu    sync.Mutex
	mems  map[string][]memory.Memory
	revs  map[string]int64
	loads int
	reads int
	err   error
	// gate, when set, is waited on inside LoadActive; entered is closed
	// on entry.
	gate    chan struct{}
	entered chan struct{}
}

func (f *fakeLoader) Revision(_ context.Context, owner string) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.reads++
	return f.revs[owner], nil
}

// put stores m (replacing the memory with its id) and returns the owner's
// new revision.
func (f *fakeLoader) put(m memory.Memory) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	ms := slices.DeleteFunc(f.mems[m.Owner], func(o memory.Memory) bool { return o.ID == m.ID })
	f.mems[m.Owner] = append(ms, m)
	return f.bumpLocked(m.Owner)
}

// del deletes owner's memory id and returns the owner's new revision.
func (f *fakeLoader) del(owner, id string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mems[owner] = slices.DeleteFunc(f.mems[owner], func(o memory.Memory) bool { return o.ID == id })
	return f.bumpLocked(owner)
}

func (f *fakeLoader) bumpLocked(owner string) int64 {
	if f.revs == nil {
		f.revs = make(map[string]int64)
	}
	f.revs[owner]++
	return f.revs[owner]
}

func (f *fakeLoader) Load(ctx context.Context, owner string, page func([]memory.Memory) error) error {
	ms, err := f.load(ctx, owner)
	if err != nil {
		return err
	}
	return page(ms)
}

func (f *fakeLoader) load(ctx context.Context, owner string) ([]memory.Memory, error) {
	f.mu.Lock()
	f.loads++
	gate, entered, err := f.gate, f.entered, f.err
	f.entered = nil // the first load only
	ms := append([]memory.Memory(nil), f.mems[owner]...)
	f.mu.Unlock()
	if entered != nil {
		close(entered)
	}
	if gate != nil {
		select {
		case <-gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return ms, err
}

// clock is a settable test clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// newTestIndex returns an index over loader with a clock at t0.
func newTestIndex(l Loader) (*Index, *clock) {
	clk := &clock{now: t0}
	cfg := DefaultConfig()
	cfg.Now = clk.Now
	return NewIndex(l, cfg), clk
}

// search runs a search that must not fail.
func search(t *testing.T, x *Index, owner string, q Query) []Result {
	t.Helper()
	rs, err := x.Search(context.Background(), owner, q)
	if err != nil {
		t.Fatalf("Search(%q): %v", q.Text, err)
	}
	return rs
}

// resultIDs returns the memory ids of results in order.
func resultIDs(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.Memory.ID
	}
	return out
}

func TestIndexSearchFindsAndExplains(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("m1", "Prefers TypeScript for web projects"),
		mem("m2", "Has a cat named Miso"),
	}}}
	x, _ := newTestIndex(l)
	rs := search(t, x, "p1", Query{Text: "Which language for my web project?"})
	if len(rs) != 1 || rs[0].Memory.ID != "m1" {
		t.Fatalf("results = %v, want [m1]", resultIDs(rs))
	}
	r := rs[0]
	for _, k := range []string{"lexical", "vector", "importance", "recency", "type", "confidence", "usage", "prior"} {
		if _, ok := r.Parts[k]; !ok {
			t.Errorf("Parts lacks %q", k)
		}
	}
	if r.Score <= 0 || r.Relevance <= 0 || r.Relevance > 1 || r.Memory.Embedding != nil {
		t.Errorf("score %v relevance %v embedding %v", r.Score, r.Relevance, r.Memory.Embedding)
	}
	search(t, x, "p1", Query{Text: "cat"})
	if l.loads != 1 {
		t.Errorf("loads = %d, want 1 (cached)", l.loads)
	}
}

func TestIndexRemovedNeverServed(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Allergic to peanuts"), mem("m2", "Peanut butter fan")}}}
	x, _ := newTestIndex(l)
	if got := resultIDs(search(t, x, "p1", Query{Text: "peanuts"})); len(got) != 2 {
		t.Fatalf("before removal = %v", got)
	}
	// Removed by this process: patched in, no reload.
	x.Apply("p1", 1, l.del("p1", "m1"), Change{Removed: []string{"m1"}})
	for _, r := range search(t, x, "p1", Query{Text: "allergic peanuts", MinScore: -1}) {
		if r.Memory.ID == "m1" {
			t.Fatal("removed memory served")
		}
	}
	if n, _ := x.Stats("p1"); n != 1 {
		t.Errorf("Stats memories = %d, want 1", n)
	}
	if l.loads != 1 {
		t.Errorf("loads = %d, want 1 (patched, not reloaded)", l.loads)
	}
	// Removed by another replica: the revision moved, so the next search
	// reloads.
	l.del("p1", "m2")
	if got := resultIDs(search(t, x, "p1", Query{Text: "peanut butter", MinScore: -1})); len(got) != 0 {
		t.Fatalf("memory another writer removed served: %v", got)
	}
	if l.loads != 2 {
		t.Errorf("loads = %d, want 2 (reloaded after a foreign write)", l.loads)
	}
}

func TestIndexOneRevisionReadPerSearch(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Plays the violin")}}}
	x, _ := newTestIndex(l)
	for range 5 {
		search(t, x, "p1", Query{Text: "violin"})
	}
	if l.reads != 5 || l.loads != 1 {
		t.Errorf("5 searches: %d revision reads and %d loads, want 5 and 1", l.reads, l.loads)
	}
}

func TestIndexApplyAfterForeignWriteReloads(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Lives in Lyon")}}}
	x, _ := newTestIndex(l)
	search(t, x, "p1", Query{Text: "Lyon"})
	l.put(mem("m2", "Works in Lyon")) // another replica
	mine := mem("m3", "Cycles around Lyon")
	x.Apply("p1", 1, l.put(mine), Change{Put: []memory.Memory{mine}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "Lyon", Limit: 10})); len(got) != 3 {
		t.Fatalf("results = %v, want all three writes", got)
	}
	if l.loads != 2 {
		t.Errorf("loads = %d, want 2 (one write was not this process's)", l.loads)
	}
}

func TestIndexRemoveRacingLoad(t *testing.T) {
	entered := make(chan struct{})
	l := &fakeLoader{
		mems:    map[string][]memory.Memory{"p1": {mem("m1", "Lives in Berlin"), mem("m2", "Works in Berlin")}},
		gate:    make(chan struct{}),
		entered: entered,
	}
	x, _ := newTestIndex(l)
	done := make(chan []Result)
	go func() {
		rs, err := x.Search(context.Background(), "p1", Query{Text: "Berlin"})
		if err != nil {
			t.Error(err)
		}
		done <- rs
	}()
	<-entered
	// The loader has read m1; the store deletes it and the index is told
	// before the load finishes.
	x.Apply("p1", 1, l.del("p1", "m1"), Change{Removed: []string{"m1"}})
	close(l.gate)
	for _, rs := range [][]Result{<-done, search(t, x, "p1", Query{Text: "Berlin"})} {
		if got := resultIDs(rs); len(got) != 1 || got[0] != "m2" {
			t.Fatalf("results = %v, want [m2]", got)
		}
	}
}

func TestIndexApply(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Drinks oat milk")}}}
	x, _ := newTestIndex(l)
	// Not cached yet: ignored, the load brings the store's truth.
	chess := mem("m9", "Plays chess")
	x.Apply("p1", 1, 7, Change{Put: []memory.Memory{chess}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "chess"})); len(got) != 0 {
		t.Fatalf("uncached patch served: %v", got)
	}
	added := mem("m2", "Plays the cello")
	x.Apply("p1", 1, l.put(added), Change{Put: []memory.Memory{added}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "cello"})); len(got) != 1 {
		t.Fatalf("after insert = %v, want [m2]", got)
	}
	edited := mem("m1", "Drinks soy milk")
	edited.Version = 2
	x.Apply("p1", 1, l.put(edited), Change{Put: []memory.Memory{edited}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "oat"})); len(got) != 0 {
		t.Errorf("old text still found: %v", got)
	}
	if l.loads != 1 {
		t.Errorf("loads = %d, want 1 (patched, not reloaded)", l.loads)
	}
	// A patch whose revision does not follow (someone else wrote between)
	// is not trusted: the store's truth is reloaded.
	stale := mem("m1", "Drinks oat milk")
	x.Apply("p1", 1, 99, Change{Put: []memory.Memory{stale}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "soy milk"})); len(got) != 1 {
		t.Errorf("stale patch overwrote newer version: %v", got)
	}
	superseded := edited
	superseded.Version = 3
	superseded.Status = memory.StatusSuperseded
	x.Apply("p1", 1, l.put(superseded), Change{Put: []memory.Memory{superseded}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "soy milk", MinScore: -1})); len(got) != 0 {
		t.Errorf("superseded memory served: %v", got)
	}
	other := mem("x", "Someone else's")
	other.Owner = "p2"
	x.Apply("p1", 1, l.put(mem("m4", "Bakes bread")), Change{Put: []memory.Memory{other}})
	if got := resultIDs(search(t, x, "p1", Query{Text: "someone else", MinScore: -1})); len(got) != 0 {
		t.Errorf("another owner's memory patched in: %v", got)
	}
}

func TestIndexExcludesExpiredAndInactive(t *testing.T) {
	expired := mem("old", "Dentist appointment on Friday")
	expired.Lifecycle = memory.LifecycleTemporary
	expired.ExpiresAt = t0.Add(-time.Hour)
	later := mem("soon", "Dentist appointment next Friday")
	later.Lifecycle = memory.LifecycleTemporary
	later.ExpiresAt = t0.Add(48 * time.Hour)
	archived := mem("arch", "Dentist is Dr Chen")
	archived.Status = memory.StatusArchived
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {expired, later, archived}}}
	x, clk := newTestIndex(l)
	if got := resultIDs(search(t, x, "p1", Query{Text: "dentist appointment", MinScore: -1})); len(got) != 1 || got[0] != "soon" {
		t.Fatalf("results = %v, want [soon]", got)
	}
	clk.Set(t0.Add(72 * time.Hour))
	if got := resultIDs(search(t, x, "p1", Query{Text: "dentist appointment", MinScore: -1})); len(got) != 0 {
		t.Fatalf("after expiry = %v, want none", got)
	}
}

func TestIndexDecayByLifecycle(t *testing.T) {
	var ms []memory.Memory
	for _, lc := range []memory.Lifecycle{memory.LifecycleTemporary, memory.LifecycleFact, memory.LifecycleLongTerm} {
		m := mem(string(lc), "Enjoys climbing at the gym")
		m.Lifecycle = lc
		ms = append(ms, m)
	}
	upcoming := mem("upcoming", "Climbing trip to the gym in the Alps")
	upcoming.Lifecycle = memory.LifecycleTemporary
	upcoming.EventTime = t0.Add(200 * 24 * time.Hour)
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": ms}}
	x, clk := newTestIndex(l)
	x.cfg.DuplicateSimilarity = 0

	rs := search(t, x, "p1", Query{Text: "climbing gym"})
	if len(rs) != 3 || rs[0].Score != rs[2].Score {
		t.Fatalf("fresh memories should tie: %v", rs)
	}
	clk.Set(t0.Add(60 * 24 * time.Hour))
	x.Apply("p1", 1, l.put(upcoming), Change{Put: []memory.Memory{upcoming}})
	rs = search(t, x, "p1", Query{Text: "climbing gym", Limit: 10})
	rec := map[string]float64{}
	for _, r := range rs {
		rec[r.Memory.ID] = r.Parts["recency"]
	}
	if rec["long_term"] != 1 || rec["upcoming"] != 1 {
		t.Errorf("long-term and upcoming recency = %v, %v, want 1", rec["long_term"], rec["upcoming"])
	}
	if !(rec["long_term"] > rec["fact"] && rec["fact"] > rec["temporary"] && rec["temporary"] < 0.01) {
		t.Errorf("recency by lifecycle = %v, want long_term > fact > temporary ≈ 0", rec)
	}
	order := resultIDs(rs)
	pos := map[string]int{}
	for i, id := range order {
		pos[id] = i
	}
	if !(pos["long_term"] < pos["fact"] && pos["fact"] < pos["temporary"]) {
		t.Errorf("order = %v, want long_term before fact before temporary", order)
	}
}

func TestIndexRelevanceThreshold(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("m1", "Vegetarian since 2019"),
		mem("m2", "Birthday is on 4 May"),
	}}}
	x, _ := newTestIndex(l)
	if rs := search(t, x, "p1", Query{Text: "Can you help me fix this Kubernetes deployment?"}); len(rs) != 0 {
		t.Errorf("irrelevant message recalled %v", resultIDs(rs))
	}
	if rs := search(t, x, "p1", Query{Text: "ok"}); len(rs) != 0 {
		t.Errorf("empty-content message recalled %v", resultIDs(rs))
	}
	// A weak overlap (one of many words) falls under a high bar and over
	// a low one.
	q := Query{Text: "any vegetarian options among these ten restaurants near the station tonight downtown"}
	q.MinScore = 0.9
	if rs := search(t, x, "p1", q); len(rs) != 0 {
		t.Errorf("weak match passed a 0.9 bar: %v", resultIDs(rs))
	}
	q.MinScore = 0.01
	if rs := search(t, x, "p1", q); len(rs) != 1 {
		t.Errorf("weak match missed a 0.01 bar: %v", resultIDs(rs))
	}
}

func TestIndexDropsNearDuplicates(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("a", "Prefers dark roast coffee in the morning"),
		mem("b", "Prefers dark roast coffee in the morning!"),
		mem("c", "Drinks coffee with oat milk"),
	}}}
	x, _ := newTestIndex(l)
	got := resultIDs(search(t, x, "p1", Query{Text: "coffee"}))
	if len(got) != 2 || !slices.Contains(got, "c") || (slices.Contains(got, "a") == slices.Contains(got, "b")) {
		t.Errorf("results = %v, want c and one of a/b", got)
	}
}

func TestIndexTokenBudgetAndLimit(t *testing.T) {
	var ms []memory.Memory
	for i := range 8 {
		ms = append(ms, mem(fmt.Sprint("m", i), fmt.Sprintf("Garden note %d: %s", i, strings.Repeat("tomatoes basil ", 10+i))))
	}
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": ms}}
	x, _ := newTestIndex(l)
	x.cfg.DuplicateSimilarity = 0
	rs := search(t, x, "p1", Query{Text: "tomatoes", TokenBudget: 100})
	used := 0
	for _, r := range rs {
		used += text.EstimateTokens(r.Memory.Text)
	}
	if len(rs) == 0 || used > 100 {
		t.Fatalf("%d results use %d tokens, budget 100", len(rs), used)
	}
	if len(rs) >= 5 {
		t.Errorf("budget did not bind: %d results", len(rs))
	}
	if rs := search(t, x, "p1", Query{Text: "tomatoes", TokenBudget: -1}); len(rs) != 5 {
		t.Errorf("default limit gave %d results, want 5", len(rs))
	}
	if rs := search(t, x, "p1", Query{Text: "tomatoes", TokenBudget: -1, Limit: 3}); len(rs) != 3 {
		t.Errorf("limit 3 gave %d", len(rs))
	}
}

func TestIndexOwnersIsolated(t *testing.T) {
	other := mem("o1", "Secret plan about the surprise party")
	other.Owner = "p2"
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Likes parties")}, "p2": {other}}}
	x, _ := newTestIndex(l)
	for _, r := range search(t, x, "p1", Query{Text: "surprise party plan", MinScore: -1}) {
		if r.Memory.Owner != "p1" {
			t.Fatalf("served memory of %s to p1", r.Memory.Owner)
		}
	}
	// A loader returning another owner's memory is an error, not a leak.
	bad := &fakeLoader{mems: map[string][]memory.Memory{"p3": {other}}}
	xb, _ := newTestIndex(bad)
	if _, err := xb.Search(context.Background(), "p3", Query{Text: "party"}); err == nil {
		t.Error("foreign memory accepted")
	}
	if _, err := x.Search(context.Background(), "", Query{Text: "x"}); !errors.Is(err, memory.ErrInvalid) {
		t.Errorf("empty owner: %v", err)
	}
}

func TestIndexLoadErrorRetries(t *testing.T) {
	boom := errors.New("store down")
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Runs marathons")}}, err: boom}
	x, _ := newTestIndex(l)
	if _, err := x.Search(context.Background(), "p1", Query{Text: "marathon"}); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want store down", err)
	}
	l.mu.Lock()
	l.err = nil
	l.mu.Unlock()
	if got := resultIDs(search(t, x, "p1", Query{Text: "marathon"})); len(got) != 1 {
		t.Fatalf("after recovery = %v", got)
	}
}

func TestIndexCacheBounds(t *testing.T) {
	p2 := mem("m2", "Knits scarves")
	p2.Owner = "p2"
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {mem("m1", "Knits hats")}, "p2": {p2}}}
	x, _ := newTestIndex(l)
	x.cfg.MaxOwners = 1
	search(t, x, "p1", Query{Text: "knits"})
	search(t, x, "p2", Query{Text: "knits"})
	search(t, x, "p1", Query{Text: "knits"})
	if l.loads != 3 {
		t.Errorf("loads = %d, want 3 (p1 evicted by p2)", l.loads)
	}
	search(t, x, "p1", Query{Text: "knits"})
	if l.loads != 3 {
		t.Errorf("loads = %d, want 3 (cached while the revision holds)", l.loads)
	}
	l.put(mem("m3", "Knits socks"))
	search(t, x, "p1", Query{Text: "knits"})
	if l.loads != 4 {
		t.Errorf("loads = %d, want 4 (reloaded after the revision moved)", l.loads)
	}
	x.Invalidate("p1")
	search(t, x, "p1", Query{Text: "knits"})
	if l.loads != 5 {
		t.Errorf("loads = %d, want 5 (reloaded after Invalidate)", l.loads)
	}
	if n, b := x.Stats("p1"); n != 2 || b <= 0 {
		t.Errorf("Stats = %d memories, %d bytes", n, b)
	}
}

// lister serves n memories a page at a time and records the queries a
// StoreLoader sends.
type lister struct {
	n   int
	got []memory.MemoryQuery
}

func (l *lister) Revision(context.Context, string) (int64, error) { return 3, nil }

func (l *lister) ListMemories(_ context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	l.got = append(l.got, q)
	var out []memory.Memory
	for i := q.Offset; i < l.n && i < q.Offset+q.Limit; i++ {
		out = append(out, mem(fmt.Sprintf("m%d", i), "x"))
	}
	return out, nil
}

func TestStoreLoader(t *testing.T) {
	l := lister{n: 5}
	var ms []memory.Memory
	pages := 0
	err := StoreLoader{Store: &l, PageSize: 2}.Load(context.Background(), "p1", func(p []memory.Memory) error {
		pages++
		ms = append(ms, p...)
		return nil
	})
	if err != nil || len(ms) != 5 || pages != 3 {
		t.Fatalf("Load = %d memories in %d pages, %v; want 5 in 3", len(ms), pages, err)
	}
	if len(l.got) != 3 {
		t.Fatalf("%d queries, want 3 pages of 2", len(l.got))
	}
	for i, q := range l.got {
		if q.Owner != "p1" || !q.WithEmbedding || !slices.Equal(q.Statuses, []memory.Status{memory.StatusActive, memory.StatusPendingReview}) || q.Offset != 2*i || q.Limit != 2 {
			t.Errorf("query %d = %+v", i, q)
		}
	}
	if rev, err := (StoreLoader{Store: &l}).Revision(context.Background(), "p1"); rev != 3 || err != nil {
		t.Errorf("Revision = %d, %v", rev, err)
	}
}

// Recent turns re-rank what the message matches but never pull in a
// memory the message itself has nothing to do with.
func TestIndexContextDoesNotBringOffTopicMemories(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	mem := func(id, text string) memory.Memory {
		return memory.Memory{ID: id, Owner: "o", Text: text, Type: memory.TypePreference,
			Lifecycle: memory.LifecycleLongTerm, Importance: 0.7, Confidence: 0.9,
			Status: memory.StatusActive, CreatedAt: now, UpdatedAt: now}
	}
	loader := fixedLoader(func(context.Context, string) ([]memory.Memory, error) {
		return []memory.Memory{mem("tea", "Prefers green tea over coffee"), mem("paris", "Lives in Paris")}, nil
	})
	cfg := DefaultConfig()
	cfg.Now = func() time.Time { return now }
	x := NewIndex(loader, cfg)
	got, err := x.Search(context.Background(), "o", Query{Text: "any tea recommendation?", Context: []string{"I live in Paris"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Memory.ID != "tea" {
		t.Fatalf("results = %+v, want only the tea memory", got)
	}
}

// A person with a single memory still gets it back for a question that
// mentions its topic among other words.
func TestIndexSmallCorpusStillRecalls(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	loader := fixedLoader(func(context.Context, string) ([]memory.Memory, error) {
		return []memory.Memory{{ID: "s", Owner: "o", Text: "Goes sailing on the lake",
			Type: memory.TypePreference, Lifecycle: memory.LifecycleLongTerm, Importance: 0.7, Confidence: 0.9,
			Status: memory.StatusActive, CreatedAt: now, UpdatedAt: now}}, nil
	})
	cfg := DefaultConfig()
	cfg.Now = func() time.Time { return now }
	got, err := NewIndex(loader, cfg).Search(context.Background(), "o", Query{Text: "Any good tips for sailing with kids this weekend?"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 {
		t.Fatalf("results = %+v, want the sailing memory", got)
	}
}

// fixedLoader serves the memories f returns at a revision that never
// moves.
type fixedLoader func(context.Context, string) ([]memory.Memory, error)

func (f fixedLoader) Revision(context.Context, string) (int64, error) { return 1, nil }

func (f fixedLoader) Load(ctx context.Context, owner string, page func([]memory.Memory) error) error {
	ms, err := f(ctx, owner)
	if err != nil {
		return err
	}
	return page(ms)
}
