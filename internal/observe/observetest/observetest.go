// Package observetest reads metrics the way Prometheus does, for tests:
// over HTTP in the text format, parsed by the client library's own parser.
package observetest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Families are the metric families of one scrape, by name.
type Families map[string]*dto.MetricFamily

// Scrape fetches url (a /metrics endpoint) and parses the text format,
// failing the test on any error or a status other than 200.
func Scrape(tb testing.TB, url string) Families {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		tb.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("scrape %s: %v", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		tb.Fatalf("scrape %s: HTTP %d: %s", url, resp.StatusCode, body)
	}
	f, err := Parse(resp.Body)
	if err != nil {
		tb.Fatalf("scrape %s: %v", url, err)
	}
	return f
}

// Parse reads the Prometheus text format.
func Parse(r io.Reader) (Families, error) {
	p := expfmt.NewTextParser(model.UTF8Validation)
	f, err := p.TextToMetricFamilies(r)
	if err != nil {
		return nil, fmt.Errorf("parse the text format: %w", err)
	}
	return f, nil
}

// Value is the value of the series of name whose labels include labels:
// a counter's or gauge's value, a histogram's sample count. It fails the
// test when no series or more than one matches.
func (f Families) Value(tb testing.TB, name string, labels map[string]string) float64 {
	tb.Helper()
	fam, ok := f[name]
	if !ok {
		tb.Fatalf("no metric %s", name)
	}
	var found []float64
	for _, m := range fam.GetMetric() {
		if !matches(m, labels) {
			continue
		}
		switch {
		case m.GetCounter() != nil:
			found = append(found, m.GetCounter().GetValue())
		case m.GetGauge() != nil:
			found = append(found, m.GetGauge().GetValue())
		case m.GetHistogram() != nil:
			found = append(found, float64(m.GetHistogram().GetSampleCount()))
		case m.GetUntyped() != nil:
			found = append(found, m.GetUntyped().GetValue())
		}
	}
	if len(found) != 1 {
		tb.Fatalf("%s%v: %d series match, want 1", name, labels, len(found))
	}
	return found[0]
}

// Sum adds the values of every series of name whose labels include
// labels (0 when none does).
func (f Families) Sum(name string, labels map[string]string) float64 {
	var sum float64
	for _, m := range f[name].GetMetric() {
		if matches(m, labels) {
			sum += m.GetCounter().GetValue() + m.GetGauge().GetValue()
		}
	}
	return sum
}

func matches(m *dto.Metric, labels map[string]string) bool {
	have := make(map[string]string, len(m.GetLabel()))
	for _, l := range m.GetLabel() {
		have[l.GetName()] = l.GetValue()
	}
	for k, v := range labels {
		if have[k] != v {
			return false
		}
	}
	return true
}
