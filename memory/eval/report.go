package eval

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
)

// Report is the outcome of one evaluation run.
type Report struct {
	// Data names the bench (its "name", or the file name).
	Data string
	// Unit is "messages" or "memories": what was indexed and retrieved.
	Unit string
	// Ks are the cut-offs, ascending.
	Ks []int
	// Cases and Queries count what was asked.
	Cases, Queries int
	// Pooled is the mean over every category but adversarial.
	Pooled     Scores
	ByCategory map[string]Scores
	Latency    Latency
	// Baseline is the same measured with plain BM25, when asked for.
	Baseline *Side
	// Extraction is what extracting the memories cost, when they were
	// extracted (Options.Extract).
	Extraction *ExtractionReport
}

// Side is one method's figures, for comparison beside the main ones.
type Side struct {
	Method     string
	Pooled     Scores
	ByCategory map[string]Scores
	Latency    Latency
}

// MarshalJSON writes the report as
// {"data","unit","k","pooled","by_category","latency_ms"} and, only when a
// baseline was run, "baseline" with the same pooled/by_category/latency_ms
// shape, and only when memories were extracted, "extraction" (see
// ExtractionReport for its keys). Metric keys read "recall@5", "all@5",
// "covered@5", then "n".
func (r *Report) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"data":`)
	writeJSON(&b, r.Data)
	b.WriteString(`,"unit":`)
	writeJSON(&b, r.Unit)
	b.WriteString(`,"k":`)
	ks := r.Ks
	if ks == nil {
		ks = []int{}
	}
	writeJSON(&b, ks)
	b.WriteByte(',')
	writeSide(&b, r.Ks, r.Pooled, r.ByCategory, r.Latency)
	if r.Baseline != nil {
		b.WriteString(`,"baseline":{"method":`)
		writeJSON(&b, r.Baseline.Method)
		b.WriteByte(',')
		writeSide(&b, r.Ks, r.Baseline.Pooled, r.Baseline.ByCategory, r.Baseline.Latency)
		b.WriteByte('}')
	}
	if r.Extraction != nil {
		data, err := json.Marshal(r.Extraction)
		if err != nil {
			return nil, fmt.Errorf("encode extraction report: %w", err)
		}
		b.WriteString(`,"extraction":`)
		b.Write(data)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeSide writes the "pooled", "by_category" and "latency_ms" members.
func writeSide(b *bytes.Buffer, ks []int, pooled Scores, by map[string]Scores, lat Latency) {
	b.WriteString(`"pooled":`)
	writeScores(b, ks, pooled)
	b.WriteString(`,"by_category":{`)
	for i, c := range slices.Sorted(maps.Keys(by)) {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(b, c)
		b.WriteByte(':')
		writeScores(b, ks, by[c])
	}
	b.WriteString(`},"latency_ms":{"p50":`)
	writeJSON(b, round(lat.P50, 3))
	b.WriteString(`,"p95":`)
	writeJSON(b, round(lat.P95, 3))
	b.WriteByte('}')
}

// writeScores writes one metrics object.
func writeScores(b *bytes.Buffer, ks []int, s Scores) {
	b.WriteByte('{')
	for i, k := range ks {
		fmt.Fprintf(b, `"recall@%d":`, k)
		writeJSON(b, round(at(s.Recall, i), 4))
		fmt.Fprintf(b, `,"all@%d":`, k)
		writeJSON(b, round(at(s.All, i), 4))
		fmt.Fprintf(b, `,"covered@%d":`, k)
		writeJSON(b, round(at(s.Covered, i), 4))
		b.WriteByte(',')
	}
	fmt.Fprintf(b, `"n":%d}`, s.N)
}

// writeJSON appends the JSON encoding of a plain value.
func writeJSON(b *bytes.Buffer, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		// Only strings, numbers and int slices reach here; they always
		// encode.
		data = []byte("null")
	}
	b.Write(data)
}

// at returns xs[i], or 0 when out of range.
func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// round keeps d decimals, so reports do not show float noise.
func round(x float64, d int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	p := math.Pow(10, float64(d))
	return math.Round(x*p) / p
}

// WriteJSON writes the report as one JSON document and a newline.
func (r *Report) WriteJSON(w io.Writer) error {
	data, err := r.MarshalJSON()
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	if _, err := w.Write(append(data, '\n')); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// WriteText writes the report as an aligned table: pooled first, then each
// category, each followed by the baseline's figures when present, and the
// extraction figures last when memories were extracted.
func (r *Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "recall eval: %s · unit %s · %d queries in %d cases\n", r.Data, r.Unit, r.Queries, r.Cases)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{"", "n"}
	for _, metric := range []string{"recall", "all", "covered"} {
		for _, k := range r.Ks {
			head = append(head, fmt.Sprintf("%s@%d", metric, k))
		}
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	row := func(label string, s Scores) {
		cells := []string{label, fmt.Sprint(s.N)}
		for _, xs := range [][]float64{s.Recall, s.All} {
			for i := range r.Ks {
				cells = append(cells, fmt.Sprintf("%.3f", at(xs, i)))
			}
		}
		for i := range r.Ks {
			cells = append(cells, fmt.Sprintf("%.2f", at(s.Covered, i)))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	pair := func(label string, s Scores, base *Scores) {
		row(label, s)
		if base != nil {
			row("  "+r.Baseline.Method, *base)
		}
	}
	var basePooled *Scores
	if r.Baseline != nil {
		basePooled = &r.Baseline.Pooled
	}
	pair("pooled", r.Pooled, basePooled)
	for _, c := range slices.Sorted(maps.Keys(r.ByCategory)) {
		var base *Scores
		if r.Baseline != nil {
			if s, ok := r.Baseline.ByCategory[c]; ok {
				base = &s
			}
		}
		label := c
		if c == AdversarialCategory {
			label += " (not pooled)"
		}
		pair(label, r.ByCategory[c], base)
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("format report: %w", err)
	}
	fmt.Fprintf(&b, "latency ms: p50 %.3f  p95 %.3f", r.Latency.P50, r.Latency.P95)
	if r.Baseline != nil {
		fmt.Fprintf(&b, "   (%s: p50 %.3f  p95 %.3f)", r.Baseline.Method, r.Baseline.Latency.P50, r.Baseline.Latency.P95)
	}
	b.WriteByte('\n')
	if r.Extraction != nil {
		if err := r.Extraction.writeText(&b); err != nil {
			return err
		}
	}
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}
