package leakcheck_test

import (
	"testing"

	"github.com/membot/membot/internal/lifecycle/leakcheck"
)

// recorder is a testing.TB that records a failure instead of ending the
// test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Fatalf(string, ...any) { r.failed = true }

func TestCheckSeesALeftGoroutine(t *testing.T) {
	r := &recorder{TB: t}
	check := leakcheck.Check(r)
	release := make(chan struct{})
	go func() { <-release }()
	defer close(release)
	done := make(chan struct{})
	go func() { defer close(done); check() }()
	<-done
	if !r.failed {
		t.Fatal("a goroutine left running was not reported")
	}
}

func TestCheckPassesWhenGoroutinesEnd(t *testing.T) {
	r := &recorder{TB: t}
	check := leakcheck.Check(r)
	done := make(chan struct{})
	go func() { close(done) }()
	<-done
	check()
	if r.failed {
		t.Fatal("reported a leak with no goroutine left")
	}
}
