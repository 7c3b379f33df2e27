package observe_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/internal/observe/observetest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(body)
}

func startServer(t *testing.T, o observe.ServerOptions) (*observe.Server, string) {
	t.Helper()
	o.Addr, o.Logger = "127.0.0.1:0", quiet
	if o.Metrics == nil {
		o.Metrics = observe.NewMetrics()
	}
	s := observe.NewServer(o)
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close(context.Background()) })
	return s, "http://" + s.Addr().String()
}

// /healthz answers while the process runs; /readyz follows its checks,
// naming the first that fails on one line; /metrics serves the text
// format.
func TestServerEndpoints(t *testing.T) {
	var storeErr atomic.Pointer[error]
	m := observe.NewMetrics()
	_, base := startServer(t, observe.ServerOptions{Metrics: m, Checks: []observe.Check{
		{Name: "store", Run: func(context.Context) error {
			if p := storeErr.Load(); p != nil {
				return *p
			}
			return nil
		}},
		{Name: "model", Run: func(context.Context) error { return nil }},
	}})
	if code, body := get(t, base+"/healthz"); code != 200 || body != "ok\n" {
		t.Fatalf("/healthz = %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz"); code != 200 || body != "ready\n" {
		t.Fatalf("/readyz = %d %q", code, body)
	}
	down := errors.New("dial tcp 10.0.0.1:27017:\n connection refused")
	storeErr.Store(&down)
	code, body := get(t, base+"/readyz")
	if code != http.StatusServiceUnavailable || body != "store: dial tcp 10.0.0.1:27017: connection refused\n" {
		t.Fatalf("/readyz with the store down = %d %q", code, body)
	}
	if code, _ := get(t, base+"/healthz"); code != 200 {
		t.Fatalf("/healthz with the store down = %d", code)
	}
	m.MessageIn("telegram")
	f := observetest.Scrape(t, base+"/metrics")
	if v := f.Value(t, "membot_messages_received_total", map[string]string{"platform": "telegram"}); v != 1 {
		t.Fatalf("messages received = %v", v)
	}
	if _, ok := f["go_goroutines"]; !ok {
		t.Fatal("no Go runtime metrics")
	}
}

// A check that hangs is cut off at ReadyTimeout: /readyz answers 503
// rather than hanging with it.
func TestReadyCheckIsBounded(t *testing.T) {
	err := observe.Ready(context.Background(), []observe.Check{{Name: "store", Run: func(ctx context.Context) error {
		<-ctx.Done()
		return ctx.Err()
	}}})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "store: ") {
		t.Fatalf("Ready = %v", err)
	}
}

// Start fails on a port already taken; Close shuts the listener down,
// twice is fine, and Start after Close is refused.
func TestServerLifecycle(t *testing.T) {
	s, base := startServer(t, observe.ServerOptions{})
	other := observe.NewServer(observe.ServerOptions{Addr: s.Addr().String(), Metrics: observe.NewMetrics(), Logger: quiet})
	if err := other.Start(context.Background()); err == nil || !strings.Contains(err.Error(), "http listener") {
		t.Fatalf("second listener on one port: %v", err)
	}
	_ = other.Close(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(ctx); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("listener still answers after Close")
	}
	if err := s.Start(ctx); err == nil {
		t.Fatal("Start after Close succeeded")
	}
	if err := observe.NewServer(observe.ServerOptions{Metrics: observe.NewMetrics()}).Close(ctx); err != nil {
		t.Fatalf("Close before Start: %v", err)
	}
}

// The scrape-time gauges: extraction lag read from the store, the spool,
// and the lease holders hook; a reader that fails leaves the rest served.
func TestStateGauges(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	for _, c := range []struct {
		id   string
		msgs int
	}{{"telegram:1", 3}, {"telegram:2", 5}} {
		if _, err := st.EnsureConversation(ctx, memory.Conversation{ID: c.id, Platform: "telegram"}); err != nil {
			t.Fatal(err)
		}
		for i := range c.msgs {
			msg := memory.Message{ConversationID: c.id, PlatformID: c.id + string(rune('a'+i)), Role: memory.RoleUser, Text: "hello", Time: time.Now()}
			if err := st.AppendMessage(ctx, &msg); err != nil {
				t.Fatal(err)
			}
		}
	}
	m := observe.NewMetrics()
	_, base := startServer(t, observe.ServerOptions{Metrics: m})
	f := observetest.Scrape(t, base+"/metrics")
	for _, name := range []string{"membot_extraction_pending_conversations", "membot_spool_messages", "membot_leases_held"} {
		if _, ok := f[name]; ok {
			t.Fatalf("%s exported before anything feeds it", name)
		}
	}
	m.WatchExtraction(observe.StoreLag(st))
	m.WatchUnsaved(func() (int, int) { return 4, 2 })
	leaseErr := errors.New("leases unavailable")
	m.WatchLeases(func(context.Context) (map[string]int, error) { return nil, leaseErr })
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	f, err = observetest.Parse(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("scrape with a failing reader: %d, %v", resp.StatusCode, err)
	}
	want := map[string]float64{
		"membot_extraction_pending_conversations": 2,
		"membot_extraction_lag_messages_max":      5,
		"membot_spool_messages":                   4,
		"membot_unsaved_messages":                 6,
	}
	for name, v := range want {
		if got := f.Value(t, name, nil); got != v {
			t.Errorf("%s = %v, want %v", name, got, v)
		}
	}
	if _, ok := f["membot_leases_held"]; ok {
		t.Fatal("lease gauge served from a failing reader")
	}
	m.WatchLeases(func(context.Context) (map[string]int, error) {
		return map[string]int{"extraction": 3, "upkeep": 1}, nil
	})
	f = observetest.Scrape(t, base+"/metrics")
	if v := f.Value(t, "membot_leases_held", map[string]string{"kind": "extraction"}); v != 3 {
		t.Fatalf("extraction leases = %v", v)
	}
	if v := f.Value(t, "membot_leases_held", map[string]string{"kind": "upkeep"}); v != 1 {
		t.Fatalf("upkeep leases = %v", v)
	}
}

// The registry passes the client library's own consistency checks
// (every collected metric described, names and help valid) with every
// scrape-time source set.
func TestRegistryIsConsistent(t *testing.T) {
	m := observe.NewMetrics()
	m.WatchExtraction(func(context.Context) (observe.Lag, error) { return observe.Lag{Pending: 1, MaxMessages: 3}, nil })
	m.WatchUnsaved(func() (int, int) { return 1, 0 })
	m.WatchLeases(func(context.Context) (map[string]int, error) { return map[string]int{"upkeep": 1}, nil })
	m.MessageIn("console")
	problems, err := testutil.GatherAndLint(m.Registry())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("%s: %s", p.Metric, p.Text)
	}
	if n := testutil.CollectAndCount(m.Registry(), "membot_leases_held", "membot_spool_messages"); n != 2 {
		t.Fatalf("%d series, want 2", n)
	}
}

// An Extra handler serves everything under /panel/ on the same listener,
// beside the operator's endpoints.
func TestServerExtraUnderPanel(t *testing.T) {
	extra := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "panel "+r.URL.Path)
	})
	_, base := startServer(t, observe.ServerOptions{Extra: extra})
	for path, want := range map[string]string{"/panel/memories": "panel /panel/memories", "/healthz": "ok\n"} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != want {
			t.Errorf("%s: %q, want %q", path, b, want)
		}
	}
}
