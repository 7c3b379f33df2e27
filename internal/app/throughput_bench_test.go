package app

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Load of BenchmarkReplicaThroughput.
const (
	perfPeople   = 1000
	perfMemories = 10
	perfLatency  = 200 * time.Millisecond
)

// BenchmarkReplicaThroughput is one replica assembled as Open builds it
// (embedded SQLite store, memory service and recall index, extraction
// scheduler, durable answer queue) answering private Telegram messages of
// 1,000 known people with memories, arriving at a steady rate spread
// over them, against a fake OpenAI-compatible server on the loopback
// interface whose every answer takes 200 ms. Each op is one message,
// started at its slot whatever the earlier ones are doing (as webhook
// deliveries are); run it with -benchtime Nx (e.g. 3000x), the messages
// at each rate. It reports the rate sustained (messages answered per
// second), the latency added beyond the model's 200 ms (from Handle to
// the delivered reply) at the 50th, 95th and 99th percentile, and the
// store calls per message (background work included).
func BenchmarkReplicaThroughput(b *testing.B) {
	ctx := context.Background()
	a, counter := openPerf(b, perfLatency)
	users := make([]string, perfPeople)
	for i := range users {
		users[i] = fmt.Sprintf("u%04d", i)
		if err := seedPerson(ctx, a.Store, users[i], perfMemories); err != nil {
			b.Fatal(err)
		}
	}
	var seq atomic.Int64
	// Steady state: every person and conversation known, every index
	// loaded.
	if _, err := drive(ctx, a, users, &seq, len(users), 500); err != nil {
		b.Fatal(err)
	}
	for _, rate := range perfRates {
		b.Run(fmt.Sprint("rate=", rate), func(b *testing.B) {
			before := counter.snapshot()
			start := time.Now()
			lat, err := drive(ctx, a, users, &seq, b.N, rate)
			elapsed := time.Since(start)
			if err != nil {
				b.Fatal(err)
			}
			_, ops := counter.since(before)
			slices.Sort(lat)
			ms := func(q float64) float64 {
				return float64((lat[int(q*float64(len(lat)-1))] - perfLatency).Microseconds()) / 1000
			}
			b.ReportMetric(float64(b.N)/elapsed.Seconds(), "msgs/s")
			b.ReportMetric(ms(0.50), "added-p50-ms")
			b.ReportMetric(ms(0.95), "added-p95-ms")
			b.ReportMetric(ms(0.99), "added-p99-ms")
			b.ReportMetric(float64(ops)/float64(b.N), "store-ops/msg")
		})
	}
}

// drive sends n messages at rate a second, each in its slot, spread over
// users in turn, waits for every answer and returns the time each took
// from Handle to its delivered reply.
func drive(ctx context.Context, a *App, users []string, seq *atomic.Int64, n, rate int) ([]time.Duration, error) {
	interval := time.Second / time.Duration(rate)
	lat := make([]time.Duration, n)
	errs := make(chan error, n)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		time.Sleep(time.Until(start.Add(time.Duration(i) * interval)))
		k := int(seq.Add(1))
		wg.Go(func() {
			d, err := handleAndWait(ctx, a.Engine, perfMessage(users[k%len(users)], k, k%3 == 0))
			lat[i] = d
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	return lat, <-errs
}

// perfRates are the arrival rates BenchmarkReplicaThroughput offers, in
// messages a second.
var perfRates = []int{200, 300}
