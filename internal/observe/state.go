package observe

import (
	"context"
	"fmt"
	"sort"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/membot/membot/memory"
)

var (
	descPending = prometheus.NewDesc("membot_extraction_pending_conversations",
		"Conversations holding people's messages past their extraction watermark, counted up to a bound (LagBound).", nil, nil)
	descLagMax = prometheus.NewDesc("membot_extraction_lag_messages_max",
		"The most messages past the watermark in one pending conversation (among those counted).", nil, nil)
	descSpool = prometheus.NewDesc("membot_spool_messages",
		"Captured messages waiting in the spool file for the store to take them.", nil, nil)
	descUnsaved = prometheus.NewDesc("membot_unsaved_messages",
		"Captured messages not in the store: in the spool, held in memory while the store is down, or lost.", nil, nil)
	descLeases = prometheus.NewDesc("membot_leases_held",
		"Leases this process holds, by kind.", []string{"kind"}, nil)
)

// stateCollector reads, at scrape time, what is not a counter of events:
// extraction lag, the spool and leases. A reader that fails makes its
// metrics invalid (reported in the scrape's errors) while the others are
// served.
type stateCollector struct{ m *Metrics }

// Describe sends every metric the collector may report, whether or not
// its source is set yet.
func (c *stateCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descPending, descLagMax, descSpool, descUnsaved, descLeases} {
		ch <- d
	}
}

// Collect reads each source that is set, under one bounded context:
// prometheus collectors are not given the scrape's.
func (c *stateCollector) Collect(ch chan<- prometheus.Metric) {
	lag, unsaved, leases := c.m.sources()
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	if lag != nil {
		l, err := lag(ctx)
		if err != nil {
			ch <- prometheus.NewInvalidMetric(descPending, fmt.Errorf("extraction lag: %w", err))
		} else {
			ch <- prometheus.MustNewConstMetric(descPending, prometheus.GaugeValue, float64(l.Pending))
			ch <- prometheus.MustNewConstMetric(descLagMax, prometheus.GaugeValue, float64(l.MaxMessages))
		}
	}
	if unsaved != nil {
		spooled, other := unsaved()
		ch <- prometheus.MustNewConstMetric(descSpool, prometheus.GaugeValue, float64(spooled))
		ch <- prometheus.MustNewConstMetric(descUnsaved, prometheus.GaugeValue, float64(spooled+other))
	}
	if leases != nil {
		held, err := leases(ctx)
		if err != nil {
			ch <- prometheus.NewInvalidMetric(descLeases, fmt.Errorf("lease holders: %w", err))
			return
		}
		kinds := make([]string, 0, len(held))
		for k := range held {
			kinds = append(kinds, k)
		}
		sort.Strings(kinds)
		for _, k := range kinds {
			ch <- prometheus.MustNewConstMetric(descLeases, prometheus.GaugeValue, float64(held[k]), k)
		}
	}
}

// LagBound is how many pending conversations a scrape reads at most.
const LagBound = 100

// LagReader is what measuring the extraction lag reads of the store.
type LagReader interface {
	PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error)
	RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error)
}

// StoreLag measures the extraction lag from the store: at most LagBound
// pending conversations, and for each its latest message, whose sequence
// number less the watermark is the messages past it (the bot's own
// replies included, which extraction reads as context). That is 1 +
// LagBound reads at most per scrape, each bounded by the scrape's timeout.
func StoreLag(s LagReader) ExtractionLag {
	return func(ctx context.Context) (Lag, error) {
		convs, err := s.PendingConversations(ctx, LagBound)
		if err != nil {
			return Lag{}, fmt.Errorf("pending conversations: %w", err)
		}
		l := Lag{Pending: len(convs)}
		for _, c := range convs {
			last, err := s.RecentMessages(ctx, c.ID, 1)
			if err != nil {
				return Lag{}, fmt.Errorf("latest message of %s: %w", c.ID, err)
			}
			if len(last) == 1 {
				l.MaxMessages = max(l.MaxMessages, last[0].Seq-c.Watermark)
			}
		}
		return l, nil
	}
}
