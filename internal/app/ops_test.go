package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/internal/observe/observetest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/storetest"
)

func withListener(c *config.Config) { c.HTTP.Listen = "127.0.0.1:0" }

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

// One message through the engine, as an adapter hands it over, moves the
// counters by what it cost, as scraped over HTTP.
func TestMetricsCountOneAnsweredMessage(t *testing.T) {
	b := bottest.New(t, bottest.WithConfig(withListener))
	base := "http://" + b.OpsAddr()
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Fatalf("/readyz = %d %q", code, body)
	}
	before := observetest.Scrape(t, base+"/metrics")
	ops := b.StoreOps.Counts()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r := &bottest.Recorder{}
	done, err := b.Handler.Handle(ctx, bottest.DM("telegram", "alice", "hello, how are you today?"), r)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("no reply")
	}
	if len(r.Replies()) != 1 {
		t.Fatalf("replies %+v", r.Replies())
	}
	after := observetest.Scrape(t, base+"/metrics")
	delta := func(name string, labels map[string]string) float64 {
		return after.Value(t, name, labels) - before.Value(t, name, labels)
	}
	tests := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"membot_messages_received_total", map[string]string{"platform": "telegram"}, 1},
		{"membot_messages_received_total", map[string]string{"platform": "discord"}, 0},
		{"membot_replies_total", map[string]string{"platform": "telegram", "outcome": "sent"}, 1},
		{"membot_replies_total", map[string]string{"platform": "telegram", "outcome": "failed"}, 0},
		{"membot_model_calls_total", map[string]string{"purpose": "reply", "outcome": "ok"}, 1},
		{"membot_model_calls_total", map[string]string{"purpose": "reply", "outcome": "error"}, 0},
		{"membot_recall_duration_seconds", nil, 1},
		// The message is queued and captured in one call, the reply captured
		// as its entry is marked done.
		{"membot_store_operations_total", map[string]string{"method": "QueueAnswerWithMessage"}, 1},
		{"membot_store_operations_total", map[string]string{"method": "FinishAnswerWithReply"}, 1},
		{"membot_store_operations_total", map[string]string{"method": "AppendMessage"}, 0},
	}
	for _, tt := range tests {
		if got := delta(tt.name, tt.labels); got != tt.want {
			t.Errorf("%s%v moved by %v, want %v", tt.name, tt.labels, got, tt.want)
		}
	}
	if got := delta("membot_model_tokens_total", map[string]string{"purpose": "reply", "kind": "prompt"}); got <= 0 {
		t.Errorf("reply prompt tokens moved by %v", got)
	}
	// The in-process counts agree with what was scraped.
	now := b.StoreOps.Counts()
	var cost []string
	for method, c := range now {
		if d := c.Calls - ops[method].Calls; d > 0 {
			cost = append(cost, fmt.Sprintf("%s %d", method, d))
		}
	}
	sort.Strings(cost)
	t.Logf("store operations for one answered message (background work included): %s", strings.Join(cost, ", "))
	for _, method := range []string{"QueueAnswerWithMessage", "FinishAnswerWithReply"} {
		if got := now[method].Calls - ops[method].Calls; got != int64(delta("membot_store_operations_total", map[string]string{"method": method})) {
			t.Errorf("%s: %d counted in the process, %v scraped", method, got, delta("membot_store_operations_total", map[string]string{"method": method}))
		}
	}
	if v := after.Value(t, "membot_extraction_pending_conversations", nil); v != 1 {
		t.Errorf("pending conversations = %v, want 1 (extraction waits an hour in tests)", v)
	}
	if v := after.Value(t, "membot_extraction_lag_messages_max", nil); v != 2 {
		t.Errorf("lag = %v, want 2 (the message and the reply)", v)
	}
	if v := after.Value(t, "membot_spool_messages", nil); v != 0 {
		t.Errorf("spool = %v", v)
	}
}

func quietApp(t *testing.T, cfg config.Config, opts ...app.Option) *app.App {
	t.Helper()
	opts = append(opts, app.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil))))
	a, err := app.Open(context.Background(), cfg, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close(context.Background()) })
	return a
}

func offlineConfig(t *testing.T) config.Config {
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	withListener(&cfg)
	return cfg
}

// /readyz is 503, naming the store, while the store fails its read, and
// 200 again once it answers; /healthz stays 200 throughout.
func TestReadyFollowsTheStore(t *testing.T) {
	var faulty *storetest.Faulty
	a := quietApp(t, offlineConfig(t), app.WithStoreWrapper(func(s memory.Store) memory.Store {
		faulty = storetest.NewFaulty(s)
		return faulty
	}))
	base := "http://" + a.OpsAddr()
	if code, body := get(t, base+"/readyz"); code != 200 || body != "ready\n" {
		t.Fatalf("offline, store fine: %d %q", code, body)
	}
	faulty.FailAlways("Revision", memory.ErrUnavailable)
	code, body := get(t, base+"/readyz")
	if code != http.StatusServiceUnavailable || !strings.HasPrefix(body, "store: ") || strings.Count(body, "\n") != 1 {
		t.Fatalf("store failing: %d %q", code, body)
	}
	if code, _ := get(t, base+"/healthz"); code != 200 {
		t.Fatalf("/healthz with the store failing: %d", code)
	}
	faulty.Heal()
	if code, body := get(t, base+"/readyz"); code != 200 {
		t.Fatalf("store healed: %d %q", code, body)
	}
}

// A closed store is not ready.
func TestReadyWithTheStoreClosed(t *testing.T) {
	a := quietApp(t, offlineConfig(t))
	if err := a.Ready(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := a.StoreOps.Unwrap().Close(); err != nil {
		t.Fatal(err)
	}
	code, body := get(t, "http://"+a.OpsAddr()+"/readyz")
	if code != http.StatusServiceUnavailable || !strings.HasPrefix(body, "store: ") {
		t.Fatalf("store closed: %d %q", code, body)
	}
}

// A model server nobody answers on is not ready; without http.listen no
// listener starts.
func TestReadyNeedsTheModel(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String() + "/v1"
	ln.Close()
	cfg := offlineConfig(t)
	cfg.Model.BaseURL, cfg.Model.Name = dead, "test-model"
	a := quietApp(t, cfg)
	code, body := get(t, "http://"+a.OpsAddr()+"/readyz")
	if code != http.StatusServiceUnavailable || !strings.HasPrefix(body, "model: model probe: list models: unreachable") {
		t.Fatalf("model unreachable: %d %q", code, body)
	}
	cfg = config.Default()
	cfg.DataDir = t.TempDir()
	if a := quietApp(t, cfg); a.OpsAddr() != "" {
		t.Fatalf("listener on %s without http.listen", a.OpsAddr())
	}
}
