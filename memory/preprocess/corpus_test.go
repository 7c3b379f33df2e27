package preprocess

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// corpusCase is one line of testdata/redact_corpus.tsv: a positive names
// the kind and the value that must disappear; a negative must come through
// unchanged.
type corpusCase struct {
	line     int
	positive bool
	kind     Kind
	text     string
	value    string
}

func loadCorpus(t testing.TB) []corpusCase {
	t.Helper()
	f, err := os.Open("testdata/redact_corpus.tsv")
	if err != nil {
		t.Fatalf("open corpus: %v", err)
	}
	defer f.Close()
	var out []corpusCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		switch {
		case fields[0] == "+" && len(fields) == 4:
			out = append(out, corpusCase{line: n, positive: true, kind: Kind(fields[1]), text: fields[2], value: fields[3]})
		case fields[0] == "-" && len(fields) == 2:
			out = append(out, corpusCase{line: n, text: fields[1]})
		default:
			t.Fatalf("corpus line %d is malformed: %q", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read corpus: %v", err)
	}
	return out
}

// TestRedactCorpusFigures measures the redactor on the committed corpus:
// recall is the share of positives whose value disappears behind a
// placeholder of its kind, the false-positive rate the share of look-alike
// negatives that are altered at all. Run with -v to see the figures.
func TestRedactCorpusFigures(t *testing.T) {
	cases := loadCorpus(t)
	var pos, neg, hit, altered int
	for _, c := range cases {
		out, _ := Redact(c.text)
		if again, _ := Redact(out); again != out {
			t.Errorf("line %d: not idempotent: %q -> %q", c.line, out, again)
		}
		if !c.positive {
			neg++
			if out != c.text {
				altered++
				t.Logf("false positive (line %d): %q -> %q", c.line, c.text, out)
			}
			continue
		}
		pos++
		if !strings.Contains(c.text, c.value) {
			t.Fatalf("line %d: value %q is not in its text", c.line, c.value)
		}
		if strings.Contains(out, c.value) || !strings.Contains(out, c.kind.Placeholder()) {
			t.Logf("missed %s (line %d): %q -> %q", c.kind, c.line, c.text, out)
			continue
		}
		hit++
	}
	if pos < 150 || neg < 100 {
		t.Fatalf("corpus has %d positives and %d negatives, want at least 150 and 100", pos, neg)
	}
	recall := float64(hit) / float64(pos)
	fpRate := float64(altered) / float64(neg)
	t.Logf("positives %d, redacted %d (recall %.1f%%); negatives %d, altered %d (false positives %.1f%%)",
		pos, hit, 100*recall, neg, altered, 100*fpRate)
	if recall < 0.99 {
		t.Errorf("recall %.1f%% is below 99%%", 100*recall)
	}
	if fpRate > 0.01 {
		t.Errorf("false-positive rate %.1f%% is above 1%%", 100*fpRate)
	}
}
