package bot

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// touchCall is one Touch a toucher received.
type touchCall struct {
	owner string
	ids   string
	at    time.Time
}

// recordingToucher keeps the Touch calls it gets.
type recordingToucher struct {
	mu    sync.Mutex
	calls []touchCall
}

func (r *recordingToucher) Touch(_ context.Context, owner string, ids []string, t time.Time) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls = append(r.calls, touchCall{owner, strings.Join(ids, ","), t})
	return nil
}

func (r *recordingToucher) got() []touchCall {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls)
}

// TestUseCountsBatched: the uses of several replies are written together,
// one call per owner and level of use, so that every use still counts;
// nothing is written before the interval is over, and Close writes what
// is pending.
func TestUseCountsBatched(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	w := newWorkers(log)
	if err := w.start(context.Background()); err != nil {
		t.Fatal(err)
	}
	touch := &recordingToucher{}
	u := newUseCounts(touch, w, log)
	u.interval = time.Hour // only Close flushes
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	// add runs inside reply jobs, as the replier calls it.
	done := make(chan struct{})
	w.enqueue("c", func(context.Context) {
		defer close(done)
		u.add("p", []string{"m1", "m2"}, base)
		u.add("p", []string{"m3", "m1"}, base.Add(time.Second))
		u.add("g", []string{"n1", "n1"}, base.Add(2*time.Second))
		u.add("p", []string{"m4"}, base.Add(3*time.Second))
	})
	<-done
	if got := touch.got(); len(got) != 0 {
		t.Fatalf("uses written before the interval was over: %v", got)
	}
	drained, _ := w.stop()
	<-drained
	want := []touchCall{
		{"g", "n1", base.Add(2 * time.Second)},
		{"p", "m1,m2,m3,m4", base.Add(3 * time.Second)},
		{"p", "m1", base.Add(time.Second)},
	}
	if got := touch.got(); !slices.Equal(got, want) {
		t.Errorf("Touch calls\n got %v\nwant %v", got, want)
	}
}

// TestUseCountsFlushedEachInterval: once the interval is over, the uses
// gathered are written without waiting for Close.
func TestUseCountsFlushedEachInterval(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	w := newWorkers(log)
	if err := w.start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer func() { drained, _ := w.stop(); <-drained }()
	touch := &recordingToucher{}
	u := newUseCounts(touch, w, log)
	u.interval = time.Millisecond
	w.enqueue("c", func(context.Context) { u.add("p", []string{"m1"}, time.Unix(1, 0)) })
	for len(touch.got()) == 0 {
		time.Sleep(time.Millisecond)
	}
	if got := touch.got(); len(got) != 1 || got[0].ids != "m1" {
		t.Errorf("Touch calls %v, want one for m1", got)
	}
}
