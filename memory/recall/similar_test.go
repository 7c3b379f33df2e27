package recall

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func TestIndexSimilar(t *testing.T) {
	job := mem("job", "Works at Acme as an engineer")
	job.Subject = "Employer"
	city := mem("city", "Lives in Lyon")
	city.Embedding = &memory.Embedding{Model: "e", Vector: []float32{3, 4}}
	pet := mem("pet", "Has a beagle called Pip")
	gone := mem("gone", "Works at Initech")
	gone.Status = memory.StatusSuperseded
	review := mem("review", "Works at Globex")
	review.Status = memory.StatusPendingReview
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {job, city, pet, gone, review}}}
	x, _ := newTestIndex(l)
	ctx := context.Background()

	tests := []struct {
		name    string
		text    string
		subject string
		vector  []float32
		k       int
		// want are the first results in order; wantNone asks for none.
		want     []string
		wantNone bool
	}{
		{"same subject without shared words", "Started a new position at Globex", "employer", nil, 3, []string{"job"}, false},
		{"lexical", "beagle Pip", "", nil, 3, []string{"pet"}, false},
		{"vector", "moved house", "", []float32{6, 8}, 3, []string{"city"}, false},
		{"bounded", "works lives beagle", "", nil, 1, nil, false},
		{"none", "quantum chromodynamics", "", nil, 3, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := x.Similar(ctx, "p1", tc.text, tc.subject, tc.vector, tc.k)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > 2*tc.k {
				t.Fatalf("%d results for k=%d", len(got), tc.k)
			}
			if tc.wantNone && len(got) != 0 {
				t.Fatalf("got %v, want none", got)
			}
			for i, id := range tc.want {
				if i >= len(got) || got[i].ID != id {
					t.Fatalf("got %v, want %v first", memoryIDs(got), tc.want)
				}
			}
			for _, m := range got {
				if m.ID == "gone" {
					t.Error("superseded memory returned")
				}
				if m.ID == "city" && (m.Embedding == nil || m.Embedding.Dims() != 2) {
					t.Errorf("city returned without its vector: %+v", m.Embedding)
				}
			}
		})
	}
	got, err := x.Similar(ctx, "p1", "Globex", "", nil, 3)
	if err != nil || !slices.ContainsFunc(got, func(m memory.Memory) bool { return m.ID == "review" }) {
		t.Errorf("Similar = %v, %v: want the memory awaiting review", memoryIDs(got), err)
	}
	if rs := search(t, x, "p1", Query{Text: "Globex", MinScore: -1}); len(rs) != 0 {
		t.Errorf("a memory awaiting review was recalled: %v", resultIDs(rs))
	}
	if l.loads != 1 {
		t.Errorf("loads = %d, want 1: Similar works from the cached index", l.loads)
	}
}

func memoryIDs(ms []memory.Memory) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.ID
	}
	return out
}

// More memories on one subject than are asked for: the newest are
// returned, whatever their ids, so that reconciliation decides the same
// way on every run.
func TestIndexSimilarSameSubjectNewestFirst(t *testing.T) {
	base := time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)
	var ms []memory.Memory
	for i, id := range []string{"a-old", "m-mid", "z-new"} {
		m := mem(id, "Lives somewhere numbered "+string(rune('1'+i)))
		m.Subject = "residence"
		m.CreatedAt = base.AddDate(0, 0, i)
		ms = append(ms, m)
	}
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p1": ms}})
	got, err := x.Similar(context.Background(), "p1", "quantum chromodynamics", "residence", nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	if ids := memoryIDs(got); !slices.Equal(ids, []string{"z-new", "m-mid"}) {
		t.Errorf("got %v, want the two newest, newest first", ids)
	}
}
