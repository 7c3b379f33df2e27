package browsertest_test

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/membot/membot/internal/browsertest"
)

// page is a small site: a counter behind a button (script), and a form
// whose POST the server records and answers with a 303 to a result page.
type page struct {
	mu     sync.Mutex
	posted []string
}

func (p *page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	switch {
	case r.URL.Path == "/" && r.Method == http.MethodGet:
		fmt.Fprint(w, `<!doctype html><title>Home</title>
<h1 id="greeting">Hello, browser</h1>
<button id="more" onclick="document.getElementById('count').textContent = +document.getElementById('count').textContent + 1">more</button>
<span id="count">0</span>
<form id="note" method="post" action="/note"><input type="hidden" name="csrf" value="tok"><input name="text"><button id="save">Save</button></form>`)
	case r.URL.Path == "/note" && r.Method == http.MethodPost:
		if r.PostFormValue("csrf") != "tok" {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprint(w, `<p id="refused">refused</p>`)
			return
		}
		p.mu.Lock()
		p.posted = append(p.posted, r.PostFormValue("text"))
		p.mu.Unlock()
		http.Redirect(w, r, "/saved?n=1", http.StatusSeeOther)
	case r.URL.Path == "/saved":
		p.mu.Lock()
		last := p.posted[len(p.posted)-1]
		p.mu.Unlock()
		fmt.Fprintf(w, `<p id="saved">saved: %s</p>`, html.EscapeString(last))
	default:
		http.NotFound(w, r)
	}
}

func TestBrowserDrivesAPage(t *testing.T) {
	site := &page{}
	srv := httptest.NewServer(site)
	defer srv.Close()
	ctx := browsertest.New(t, browsertest.Options{})

	if code, err := browsertest.Open(ctx, srv.URL+"/"); err != nil || code != 200 {
		t.Fatalf("open = %d, %v", code, err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#greeting")))
	if err != nil || text != "Hello, browser" {
		t.Fatalf("greeting = %q, %v", text, err)
	}

	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#more")), chromedp.Click(chromedp.CSS("#more"))); err != nil {
		t.Fatal(err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#count"))); err != nil || n != "2" {
		t.Fatalf("count after two clicks = %q, %v", n, err)
	}

	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS(`#note input[name=text]`), "milk & eggs")); err != nil {
		t.Fatal(err)
	}
	if code, err := browsertest.ClickAndWait(ctx, "#save"); err != nil || code != 200 {
		t.Fatalf("save = %d, %v", code, err)
	}
	if loc, err := chromedp.Run(ctx, chromedp.Location()); err != nil || !strings.HasSuffix(loc, "/saved?n=1") {
		t.Fatalf("after the form: at %q, %v", loc, err)
	}
	if s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#saved"))); err != nil || s != "saved: milk & eggs" {
		t.Fatalf("result = %q, %v", s, err)
	}

	// A form stripped of its hidden token is refused: what the panel's
	// CSRF test does.
	if _, err := browsertest.Open(ctx, srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.querySelector('#note input[name=csrf]').remove()`)); err != nil {
		t.Fatal(err)
	}
	if code, err := browsertest.SubmitAndWait(ctx, "#note"); err != nil || code != http.StatusForbidden {
		t.Fatalf("submit without the token = %d, %v; want 403", code, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#refused"))); err != nil {
		t.Fatal(err)
	}

	png, err := browsertest.Screenshot(ctx, browsertest.PhoneWidth, browsertest.PhoneHeight)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("screenshot is not a PNG: % x", png[:min(8, len(png))])
	}
	site.mu.Lock()
	defer site.mu.Unlock()
	if len(site.posted) != 1 {
		t.Errorf("server saw %d posts, want 1: %q", len(site.posted), site.posted)
	}
}

// Tabs do not share cookies: each is a separate person.
func TestTabsHaveTheirOwnCookies(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/set" {
			http.SetCookie(w, &http.Cookie{Name: "who", Value: "alice", Path: "/"})
		}
		c, err := r.Cookie("who")
		v := "nobody"
		if err == nil {
			v = c.Value
		} else if r.URL.Path == "/set" {
			v = "alice"
		}
		fmt.Fprintf(w, `<p id="who">%s</p>`, v)
	}))
	defer srv.Close()
	b := browsertest.Start(t, browsertest.Options{})
	for _, f := range append(browsertest.Flags(), "headless") {
		if !slices.Contains(b.Args, "--"+f) {
			t.Errorf("the browser runs without --%s: %q", f, b.Args)
		}
	}
	alice, bob := b.Tab(t), b.Tab(t)
	for _, step := range []struct {
		tab  string
		path string
		want string
	}{{"alice", "/set", "alice"}, {"alice", "/", "alice"}, {"bob", "/", "nobody"}} {
		tab := alice
		if step.tab == "bob" {
			tab = bob
		}
		if _, err := browsertest.Open(tab, srv.URL+step.path); err != nil {
			t.Fatal(err)
		}
		if got, err := chromedp.Run(tab, chromedp.Text(chromedp.CSS("#who"))); err != nil || got != step.want {
			t.Errorf("%s at %s sees %q, %v; want %q", step.tab, step.path, got, err, step.want)
		}
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "my-chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if got, err := browsertest.Find(env(map[string]string{browsertest.EnvPath: fake})); err != nil || got != fake {
		t.Errorf("Find with %s = %q, %v; want %q", browsertest.EnvPath, got, err, fake)
	}
	if _, err := browsertest.Find(env(map[string]string{browsertest.EnvPath: filepath.Join(dir, "absent")})); err == nil {
		t.Error("Find accepted a missing MEMBOT_CHROMIUM")
	}
	t.Setenv("PATH", dir)
	if _, err := browsertest.Find(env(nil)); !errors.Is(err, browsertest.ErrNotFound) {
		t.Errorf("Find with an empty PATH = %v, want ErrNotFound", err)
	}
	link := filepath.Join(dir, "chromium-browser")
	if err := os.Symlink(fake, link); err != nil {
		t.Fatal(err)
	}
	if got, err := browsertest.Find(env(nil)); err != nil || got != link {
		t.Errorf("Find on PATH = %q, %v; want %q", got, err, link)
	}
}
