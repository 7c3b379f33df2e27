// Package leakcheck lets tests check that a component left no goroutine
// behind, by counting goroutines before and after with a bounded wait for
// the ones that are winding down. It counts rather than matching stacks
// (as go.uber.org/goleak does) to stay dependency-free; a test using it
// must not run in parallel with others.
package leakcheck

import (
	"runtime"
	"testing"
	"time"
)

// wait bounds how long Check waits for goroutines that are ending.
const wait = 10 * time.Second

// Check records how many goroutines run now and returns a function that
// fails t unless the count comes back to at most that, within a bounded
// wait.
func Check(t testing.TB) func() {
	t.Helper()
	before := runtime.NumGoroutine()
	return func() {
		t.Helper()
		deadline := time.Now().Add(wait)
		for {
			n := runtime.NumGoroutine()
			if n <= before {
				return
			}
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<20)
				buf = buf[:runtime.Stack(buf, true)]
				t.Fatalf("%d goroutines left running (%d before):\n%s", n-before, before, buf)
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
}
