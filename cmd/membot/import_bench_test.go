package main

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
)

// BenchmarkImportOffline imports an export of 100,000 generated messages
// (half the person's, 20–300 characters; half an assistant's, 200–1,000)
// offline: capture, rule extraction and reconciliation of every window.
func BenchmarkImportOffline(b *testing.B) {
	const n = 100_000
	export := filepath.Join(b.TempDir(), "export.jsonl")
	writeExport(b, export, n, 42)
	b.ResetTimer()
	for range b.N {
		var out, errOut bytes.Buffer
		notTTY := false
		code := Main(context.Background(), []string{"import", export, "--user", "sam", "--data", b.TempDir(), "--json"},
			Env{Stdout: &out, Stderr: &errOut, Getenv: func(string) string { return "" }, Interactive: &notTTY})
		var s importSummary
		if err := json.Unmarshal(out.Bytes(), &s); code != 0 || err != nil || s.Messages != n {
			b.Fatalf("exit %d, summary %+v (%v), stderr:\n%s", code, s, err, errOut.String())
		}
		b.ReportMetric(float64(s.Added+s.Superseded+s.Updated), "memories")
		b.ReportMetric(float64(s.Windows), "windows")
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}
