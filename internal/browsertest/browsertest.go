// Package browsertest runs a real, headless Chromium for tests through
// chromedp: it finds the browser, starts it with a fixed set of switches
// and hands each test a tab with its own cookies and a deadline. Where no
// Chromium is installed the test is skipped with the reason, unless the
// environment demands a browser (CI that installed one), where it fails.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Environment variables the package reads.
const (
	// EnvPath names the Chromium executable to use instead of a search of
	// PATH.
	EnvPath = "MEMBOT_CHROMIUM"
	// EnvRequire, when set to anything but "" or "0", turns the skip for a
	// missing browser into a failure: CI sets it once it has installed
	// Chromium, so that a broken lookup cannot pass as a skip.
	EnvRequire = "MEMBOT_REQUIRE_CHROMIUM"
)

// DefaultTimeout bounds one tab's whole life when Options.Timeout is zero.
const DefaultTimeout = 2 * time.Minute

// SkipReason is the message of the skip when no browser is found.
const SkipReason = "no Chromium installed (apt-get install chromium); the browser tests need one"

// ErrNotFound is returned by Find when no Chromium executable is found.
var ErrNotFound = errors.New("no Chromium executable found")

// names are the executables Find looks for on PATH, in order.
func names() []string { return []string{"chromium", "chromium-browser", "google-chrome"} }

// Flags are the Chromium switches every test browser runs with, without
// their leading dashes: no sandbox (containers run as root and lack the
// namespaces), no GPU, and no traffic of its own (background requests,
// component updates, the first-run page) so that a test only ever talks
// to its own servers. Headless mode is added by Start.
func Flags() []string {
	return []string{
		"no-sandbox",
		"disable-gpu",
		"disable-background-networking",
		"disable-component-update",
		"no-first-run",
	}
}

// Find returns the Chromium executable to run: the one named by
// MEMBOT_CHROMIUM when getenv has it, else the first of chromium,
// chromium-browser and google-chrome found on PATH.
func Find(getenv func(string) string) (string, error) {
	if p := getenv(EnvPath); p != "" {
		found, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("%s=%q: %w", EnvPath, p, err)
		}
		return found, nil
	}
	for _, n := range names() {
		if found, err := exec.LookPath(n); err == nil {
			return found, nil
		}
	}
	return "", fmt.Errorf("%w (looked for %s on PATH)", ErrNotFound, strings.Join(names(), ", "))
}

// Options adjust a browser.
type Options struct {
	// Timeout bounds each tab's life; DefaultTimeout when zero.
	Timeout time.Duration
	// Width and Height are the window size; 1280×800 when zero.
	Width, Height int
}

// Browser is one running Chromium, shut down when the test that started
// it ends.
type Browser struct {
	ctx     context.Context
	timeout time.Duration
	// Args is the command line the browser was started with.
	Args []string
}

// Start starts a headless Chromium for tb, or skips tb when none is
// installed (fails it when MEMBOT_REQUIRE_CHROMIUM is set). A browser
// that is found but does not start fails the test.
func Start(tb testing.TB, o Options) *Browser {
	tb.Helper()
	path, err := Find(os.Getenv)
	if err != nil {
		if v := os.Getenv(EnvRequire); v != "" && v != "0" {
			tb.Fatalf("%s is set but: %v", EnvRequire, err)
		}
		tb.Skipf("%s: %v", SkipReason, err)
	}
	if o.Timeout == 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Width == 0 || o.Height == 0 {
		o.Width, o.Height = 1280, 800
	}
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.Flag("headless", true)}
	for _, f := range Flags() {
		opts = append(opts, chromedp.Flag(f, true))
	}
	b := &Browser{timeout: o.Timeout}
	opts = append(opts, chromedp.WindowSize(o.Width, o.Height),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			dieWithParent(cmd)
			b.Args = append([]string(nil), cmd.Args...)
		}))
	log := &testLog{tb: tb}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(log.logf), chromedp.WithLogf(log.logf))
	tb.Cleanup(func() {
		cancel()
		cancelAlloc()
		log.stop()
	})
	// The first run starts the process and opens the browser's first tab.
	if err := chromedp.Do(ctx); err != nil {
		tb.Fatalf("start %s: %v", path, err)
	}
	b.ctx = ctx
	return b
}

// Tab opens a new tab in a browser context of its own (cookies and
// storage not shared with other tabs, like a separate person's browser),
// bounded by the browser's timeout and closed when tb ends.
func (b *Browser) Tab(tb testing.TB) context.Context {
	tb.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, b.timeout)
	tb.Cleanup(func() {
		cancelTimeout()
		cancel()
	})
	if err := chromedp.Do(ctx); err != nil {
		tb.Fatalf("open a tab: %v", err)
	}
	return ctx
}

// New starts a browser and returns one tab: the short form for a test
// that needs a single page.
func New(tb testing.TB, o Options) context.Context {
	tb.Helper()
	return Start(tb, o).Tab(tb)
}

// testLog sends chromedp's messages to the test's log until the test
// ends; later messages (from goroutines that outlive the test) are
// dropped, since logging after the end of a test panics.
type testLog struct {
	mu   sync.Mutex
	tb   testing.TB
	done bool
}

func (l *testLog) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.tb.Logf("chromedp: "+format, args...)
	}
}

func (l *testLog) stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done = true
}
