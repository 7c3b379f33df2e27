// Package observe is what an operator sees of a running membot: the
// Prometheus metrics, the decorators that feed them (a counting
// memory.Store, a metered llm.Client, a counting front of the engine), and
// the small HTTP listener serving /healthz, /readyz and /metrics.
//
// Every process builds its own Metrics with its own registry: nothing here
// registers with the client library's global default registry, so two bots
// in one test binary never see each other's counts.
package observe

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/membot/membot/memory/llm"
)

// Platforms are the platform labels created at zero, so that a rate over a
// platform that has not spoken yet is 0 rather than absent.
var platforms = []string{"console", "discord", "telegram"}

// purposes are the model call purposes created at zero.
var purposes = []llm.Purpose{llm.PurposeReply, llm.PurposeExtraction, llm.PurposeReconcile, llm.PurposeSummary, llm.PurposeEmbedding}

// RecallBuckets are the recall latency histogram's bucket bounds, in
// seconds: recall serves from the in-process index after one store read,
// so most calls land in the low milliseconds, and a reload of a large
// owner in the hundreds.
var RecallBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// Outcomes of a delivered reply and of a model call, as label values.
const (
	OutcomeSent   = "sent"
	OutcomeFailed = "failed"
	OutcomeOK     = "ok"
	OutcomeError  = "error"
)

// scrapeTimeout bounds what a scrape reads from the store (extraction lag,
// lease holders), so that a slow store makes a scrape incomplete, never
// hung.
const scrapeTimeout = 2 * time.Second

// Metrics holds one process's collectors and their registry. Its methods
// are safe for concurrent use.
type Metrics struct {
	reg *prometheus.Registry

	messagesIn    *prometheus.CounterVec
	repliesOut    *prometheus.CounterVec
	modelCalls    *prometheus.CounterVec
	modelTokens   *prometheus.CounterVec
	recallLatency prometheus.Histogram
	storeOps      *prometheus.CounterVec
	storeErrors   *prometheus.CounterVec

	mu      sync.Mutex
	lag     ExtractionLag
	unsaved UnsavedCounter
	leases  LeaseHolders
}

// NewMetrics builds the collectors and registers them, with the Go runtime
// and process collectors, in a registry of its own.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		messagesIn: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_messages_received_total",
			Help: "Messages from people that the platform adapters handed to the engine, by platform.",
		}, []string{"platform"}),
		repliesOut: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_replies_total",
			Help: "Complete replies handed to a platform, by platform and outcome (sent, or failed: the platform refused this attempt; the engine may retry).",
		}, []string{"platform", "outcome"}),
		modelCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_model_calls_total",
			Help: "Model calls, by purpose and outcome (ok or error, after the client's own retries).",
		}, []string{"purpose", "outcome"}),
		modelTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_model_tokens_total",
			Help: "Model tokens the server reported, by purpose and kind (prompt or completion). Embedding calls report none.",
		}, []string{"purpose", "kind"}),
		recallLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "membot_recall_duration_seconds",
			Help:    "Time the engine spent in recall for one reply or search (revision read, index search, profile).",
			Buckets: RecallBuckets,
		}),
		storeOps: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_store_operations_total",
			Help: "Store calls made by the bot, by method.",
		}, []string{"method"}),
		storeErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "membot_store_errors_total",
			Help: "Store calls that returned an error, by method and kind (not_found and conflict are mostly ordinary flow; unavailable, read_only and other are trouble).",
		}, []string{"method", "kind"}),
	}
	for _, p := range platforms {
		m.messagesIn.WithLabelValues(p)
		m.repliesOut.WithLabelValues(p, OutcomeSent)
		m.repliesOut.WithLabelValues(p, OutcomeFailed)
	}
	for _, p := range purposes {
		m.modelCalls.WithLabelValues(string(p), OutcomeOK)
		m.modelCalls.WithLabelValues(string(p), OutcomeError)
		m.modelTokens.WithLabelValues(string(p), "prompt")
		m.modelTokens.WithLabelValues(string(p), "completion")
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.messagesIn, m.repliesOut, m.modelCalls, m.modelTokens,
		m.recallLatency, m.storeOps, m.storeErrors,
		&stateCollector{m: m},
	)
	return m
}

// Registry is the registry every collector of m is in: the /metrics
// handler serves it, and a caller may register more collectors in it.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// MessageIn counts one message received on platform.
func (m *Metrics) MessageIn(platform string) { m.messagesIn.WithLabelValues(platform).Inc() }

// ReplyOut counts one complete reply handed to platform; failed when the
// platform refused it.
func (m *Metrics) ReplyOut(platform string, failed bool) {
	outcome := OutcomeSent
	if failed {
		outcome = OutcomeFailed
	}
	m.repliesOut.WithLabelValues(platform, outcome).Inc()
}

// ModelCall counts one model call for purpose with the tokens it used.
func (m *Metrics) ModelCall(purpose llm.Purpose, u llm.Usage, failed bool) {
	outcome := OutcomeOK
	if failed {
		outcome = OutcomeError
	}
	m.modelCalls.WithLabelValues(string(purpose), outcome).Inc()
	if u.PromptTokens > 0 {
		m.modelTokens.WithLabelValues(string(purpose), "prompt").Add(float64(u.PromptTokens))
	}
	if u.CompletionTokens > 0 {
		m.modelTokens.WithLabelValues(string(purpose), "completion").Add(float64(u.CompletionTokens))
	}
}

// Recall records how long one recall took.
func (m *Metrics) Recall(d time.Duration) { m.recallLatency.Observe(d.Seconds()) }

// ExtractionLag reads, at scrape time, how far extraction is behind:
// the conversations with people's messages past their watermark (at most
// some bound) and the most messages any of them has past it.
type ExtractionLag func(ctx context.Context) (Lag, error)

// Lag is how far extraction is behind.
type Lag struct {
	// Pending conversations hold people's messages not extracted yet.
	Pending int
	// MaxMessages is the most messages past the watermark in one pending
	// conversation.
	MaxMessages int64
}

// UnsavedCounter reads the captured messages not in the store: those in
// the spool, and those held in memory or lost.
type UnsavedCounter func() (spooled, other int)

// LeaseHolders reads, at scrape time, how many leases of each kind
// ("extraction", "upkeep", …) this process holds. It is the hook for the
// store's lease primitives: until the app feeds one with WatchLeases, no
// lease metric is exported.
type LeaseHolders func(ctx context.Context) (map[string]int, error)

// WatchExtraction makes every scrape read the extraction lag through f.
func (m *Metrics) WatchExtraction(f ExtractionLag) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lag = f
}

// WatchUnsaved makes every scrape read the spool depth through f.
func (m *Metrics) WatchUnsaved(f UnsavedCounter) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.unsaved = f
}

// WatchLeases makes every scrape read the leases this process holds
// through f.
func (m *Metrics) WatchLeases(f LeaseHolders) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.leases = f
}

// sources returns the scrape-time readers set so far.
func (m *Metrics) sources() (ExtractionLag, UnsavedCounter, LeaseHolders) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lag, m.unsaved, m.leases
}
