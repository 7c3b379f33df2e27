package eval

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// benchDir finds the public development sets: $MEMBOT_BENCH_DIR, bench/
// at the repository root, or the shared/bench folder beside the checkout.
func benchDir(t *testing.T) string {
	t.Helper()
	for _, d := range []string{os.Getenv("MEMBOT_BENCH_DIR"), filepath.Join("..", "..", "bench"), filepath.Join("..", "..", "..", "shared", "bench")} {
		if d == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(d, "locomo-dev.json")); err == nil {
			return d
		}
	}
	t.Skip("no bench files (set MEMBOT_BENCH_DIR)")
	return ""
}

// TestDevBenchesBeatBaseline guards recall quality: on every development
// set and unit, recall@5 and @10 stay clearly above a plain BM25 over the
// same units.
func TestDevBenchesBeatBaseline(t *testing.T) {
	dir := benchDir(t)
	const margin = 0.03
	runs := []struct{ file, unit string }{
		{"locomo-dev.json", UnitMessages},
		{"locomo-dev.json", UnitMemories},
		{"madial-en-dev.json", UnitMemories},
		{"madial-zh-dev.json", UnitMemories},
	}
	for _, r := range runs {
		t.Run(r.file+"/"+r.unit, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, r.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			b, err := Load(f, r.file)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Run(context.Background(), b, Options{Unit: r.unit, Ks: []int{5, 10}, Baseline: true})
			if err != nil {
				t.Fatal(err)
			}
			for i, k := range rep.Ks {
				got, base := rep.Pooled.Recall[i], rep.Baseline.Pooled.Recall[i]
				t.Logf("recall@%d %.3f (bm25 %.3f)", k, got, base)
				if got < base+margin {
					t.Errorf("recall@%d = %.3f, not clearly above plain BM25 %.3f", k, got, base)
				}
			}
		})
	}
}

// TestMemDailyAboveBaseline guards Chinese conversational recall: over
// MemDaily's messages (one person's daily-life notes) recall@10 stays
// above a plain BM25 with character pairs and at or above the floor it
// measures today.
func TestMemDailyAboveBaseline(t *testing.T) {
	dir := benchDir(t)
	const floor = 0.61
	f, err := os.Open(filepath.Join(dir, "memdaily-dev.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := Load(f, "memdaily-dev.json")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), b, Options{Unit: UnitMessages, Ks: []int{10}, Baseline: true})
	if err != nil {
		t.Fatal(err)
	}
	got, base := rep.Pooled.Recall[0], rep.Baseline.Pooled.Recall[0]
	t.Logf("recall@10 %.3f (bm25 %.3f)", got, base)
	if got <= base || got < floor {
		t.Errorf("recall@10 = %.3f, want above plain BM25 %.3f and at least %.2f", got, base, floor)
	}
}
