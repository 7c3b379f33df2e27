package observe_test

import (
	"bytes"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/common/expfmt"

	"github.com/membot/membot/internal/observe/observetest"
)

// gathered is one scrape of a registry, through the text format.
type gathered struct{ f observetest.Families }

// scrape gathers g and reads it back from the text format, as a
// Prometheus server would.
func scrape(t *testing.T, g prometheus.Gatherer) gathered {
	t.Helper()
	mfs, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	enc := expfmt.NewEncoder(&buf, expfmt.NewFormat(expfmt.TypeTextPlain))
	for _, mf := range mfs {
		if err := enc.Encode(mf); err != nil {
			t.Fatal(err)
		}
	}
	f, err := observetest.Parse(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return gathered{f}
}

func (g gathered) value(t *testing.T, name string, labels map[string]string) float64 {
	t.Helper()
	return g.f.Value(t, name, labels)
}
