package bot

import (
	"testing"
	"time"
)

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
