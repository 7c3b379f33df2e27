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
