package bot

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"
)

// allowMessage reports whether m answers person's message at now under
// perMinute, with captures unbounded.
func (m *meter) allowMessage(person string, now time.Time, perMinute int) bool {
	return m.admit(person, now, perMinute, 1<<20) == admitAnswer
}

func TestMeterMessagesPerMinute(t *testing.T) {
	m := newMeter()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		if !m.allowMessage("p", t0, 3) {
			t.Fatalf("message %d of 3 refused", i+1)
		}
	}
	if m.allowMessage("p", t0.Add(time.Second), 3) {
		t.Fatal("fourth message within the minute allowed")
	}
	if !m.allowMessage("q", t0, 3) {
		t.Fatal("another person is held back by p")
	}
	// A third of a minute later one more message fits, not two.
	if !m.allowMessage("p", t0.Add(21*time.Second), 3) || m.allowMessage("p", t0.Add(21*time.Second), 3) {
		t.Fatal("the limit does not refill one message per minute/perMinute")
	}
	if !m.allowMessage("p", t0, 0) {
		t.Fatal("no limit refused a message")
	}
}

func TestMeterWarnOnceAMinute(t *testing.T) {
	m := newMeter()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if !m.warnOnce("a", t0) || m.warnOnce("a", t0.Add(59*time.Second)) {
		t.Fatal("want one notice within a minute")
	}
	if !m.warnOnce("a", t0.Add(61*time.Second)) {
		t.Fatal("no notice a minute later")
	}
	if !m.warnOnce("b", t0) {
		t.Fatal("another account is not told")
	}
}

func TestMeterForgetsRefilledBuckets(t *testing.T) {
	m := newMeter()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range maxTracked {
		m.allowMessage(string(rune('a'+i%26))+time.Duration(i).String(), t0, 5)
	}
	m.allowMessage("late", t0.Add(time.Hour), 5)
	if n := len(m.recent); n != 1 {
		t.Fatalf("%d buckets kept an hour later, want only the new one", n)
	}
}

func TestMeterCapturesOverTheAnswerLimitUpToABound(t *testing.T) {
	m := newMeter()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var got [3]int
	for range 20 {
		got[m.admit("p", t0, 3, 8)]++
	}
	if got != [3]int{3, 5, 12} {
		t.Fatalf("answered, captured, dropped = %v, want [3 5 12]", got)
	}
	if a := m.admit("q", t0, 3, 8); a != admitAnswer {
		t.Fatalf("another person's first message: %v", a)
	}
	// 7.5 s later one capture has refilled (8 a minute), no answer (3 a
	// minute).
	if a := m.admit("p", t0.Add(7500*time.Millisecond), 3, 8); a != admitCapture {
		t.Fatalf("after 7.5 s: %v, want a capture", a)
	}
	if a := m.admit("p", t0, 0, 0); a != admitAnswer {
		t.Fatalf("no limit: %v", a)
	}
}

func TestMeterFloodWindows(t *testing.T) {
	m := newMeter()
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i := range 5 {
		if n := m.drop("p", t0.Add(time.Duration(i)*time.Second)); n != i+1 {
			t.Fatalf("drop %d counted %d", i+1, n)
		}
	}
	if w := m.closeFlood("p", t0.Add(59*time.Second)); w.count != 0 {
		t.Fatalf("window closed before its minute: %+v", w)
	}
	if w := m.closeFlood("p", t0.Add(time.Minute)); w.count != 5 || !w.start.Equal(t0) {
		t.Fatalf("closed window = %+v, want 5 from t0", w)
	}
	if n := m.drop("p", t0.Add(time.Minute)); n != 1 {
		t.Fatalf("a new window starts at %d", n)
	}
	if m.droppedTotal() != 6 {
		t.Fatalf("total %d, want 6", m.droppedTotal())
	}
}

func TestLimitsPerPlatform(t *testing.T) {
	l := Limits{MessagesPerMinute: 20, PlatformMessagesPerMinute: map[string]int{"console": 0}}
	if l.perMinute("console") != 0 || l.perMinute("telegram") != 20 {
		t.Fatalf("per-minute limits: console %d, telegram %d", l.perMinute("console"), l.perMinute("telegram"))
	}
	if l.capturePerMinute(20) != CaptureFactor*20 {
		t.Fatalf("default capture bound %d", l.capturePerMinute(20))
	}
	l.CapturePerMinute = 5
	if l.capturePerMinute(20) != 20 {
		t.Fatalf("a capture bound below the answer limit: %d", l.capturePerMinute(20))
	}
}

// recordLogs keeps the records of a logger.
type recordLogs struct {
	mu   sync.Mutex
	recs []slog.Record
}

func (h *recordLogs) Enabled(context.Context, slog.Level) bool { return true }
func (h *recordLogs) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.recs = append(h.recs, r)
	return nil
}
func (h *recordLogs) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *recordLogs) WithGroup(string) slog.Handler      { return h }

func attr(r slog.Record, key string) string {
	v := ""
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == key {
			v = a.Value.String()
			return false
		}
		return true
	})
	return v
}

func TestFloodDropsAreCountedInTheLog(t *testing.T) {
	logs := &recordLogs{}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	o := withDefaults(Options{Logger: slog.New(logs), Now: func() time.Time { return now }, Limits: Limits{MessagesPerMinute: 1, CapturePerMinute: 2}})
	e := &Engine{opts: o, base: &base{log: o.Logger}, meter: newMeter()}
	msg := Message{Platform: "telegram", ChatID: "c", Author: Author{ID: "p"}, Addressed: true}
	var got []admission
	for range 7 {
		got = append(got, e.admit(context.Background(), msg))
	}
	want := []admission{admitAnswer, admitCapture, admitDrop, admitDrop, admitDrop, admitDrop, admitDrop}
	if !slices.Equal(got, want) {
		t.Fatalf("admissions %v, want %v", got, want)
	}
	var counts []string
	for _, r := range logs.recs {
		counts = append(counts, attr(r, "dropped_this_minute"))
	}
	if !slices.Equal(counts, []string{"1", "2", "4"}) {
		t.Fatalf("drops logged at counts %v, want 1, 2, 4", counts)
	}
	now = now.Add(time.Minute)
	e.admit(context.Background(), msg)
	last := logs.recs[len(logs.recs)-1]
	if attr(last, "dropped") != "5" || attr(last, "account") != "telegram:p" {
		t.Fatalf("the minute's total is not logged: %v", last)
	}
	if e.FloodDropped() != 5 {
		t.Fatalf("FloodDropped = %d, want 5", e.FloodDropped())
	}
}
