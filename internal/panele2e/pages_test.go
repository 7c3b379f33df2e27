package panele2e_test

import (
	"bytes"
	"context"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/membot/membot/internal/browsertest"
)

// signIn opens link in tab and presses the sign-in button, as a person
// who clicked the link in chat would; it fails the test unless that
// lands on the memory list.
func signIn(t *testing.T, tab context.Context, link string) {
	t.Helper()
	if code, err := browsertest.Open(tab, link); err != nil || code != http.StatusOK {
		t.Fatalf("GET the sign-in link = %d, %v; want 200", code, err)
	}
	if code, err := browsertest.ClickAndWait(tab, "#signin-submit"); err != nil || code != http.StatusOK {
		t.Fatalf("sign in = %d, %v; want 200 after the redirect; the page at %s:\n%s", code, err, location(t, tab), body(t, tab))
	}
	if at := location(t, tab); !strings.HasSuffix(at, "/panel/memories") {
		t.Fatalf("signed in at %s, want /panel/memories", at)
	}
}

// body is the text of the tab's page, for failure messages.
func body(t *testing.T, tab context.Context) string {
	t.Helper()
	return eval[string](t, tab, `document.body ? document.body.innerText : ""`)
}

// location is the tab's URL.
func location(t *testing.T, tab context.Context) string {
	t.Helper()
	at, err := chromedp.Run(tab, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// eval runs a script in the page and decodes its result.
func eval[T any](t *testing.T, tab context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(tab, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// has tells whether the page has an element sel selects.
func has(t *testing.T, tab context.Context, sel string) bool {
	t.Helper()
	return eval[bool](t, tab, `document.querySelector(`+jsString(sel)+`) !== null`)
}

// listed are the ids and texts of the memories the page lists in the
// list ul (#memories or #results).
type listed struct{ ID, Text, Score string }

func listedIn(t *testing.T, tab context.Context, ul string) []listed {
	t.Helper()
	return eval[[]listed](t, tab, `[...document.querySelectorAll(`+jsString(ul+" li.memory")+`)].map(li => ({
		ID: li.dataset.id,
		Text: (li.querySelector("a.open") || li).textContent.trim(),
		Score: (li.querySelector(".score") || {textContent: ""}).textContent.trim(),
	}))`)
}

func jsString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// replyPrompt is the system prompt of the last chat reply the model was
// asked for (not an extraction).
func (h *harness) replyPrompt() string {
	h.t.Helper()
	reqs := h.model.ChatRequests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].SchemaName == "" {
			return reqs[i].System()
		}
	}
	h.t.Fatal("the model was never asked for a reply")
	return ""
}

// openMemory opens a memory's page in tab.
func openMemory(t *testing.T, tab context.Context, id string) {
	t.Helper()
	base := location(t, tab)
	i := strings.Index(base, "/panel/")
	if i < 0 {
		t.Fatalf("not on the panel: %s", base)
	}
	if code, err := browsertest.Open(tab, base[:i]+"/panel/memories/"+id); err != nil || code != http.StatusOK {
		t.Fatalf("memory %s = %d, %v; want 200", id, code, err)
	}
}

// screenshots takes the list page at a phone's and a desktop's width;
// with MEMBOT_UPDATE_SCREENSHOT=1 the desktop one becomes the README's
// picture.
func screenshots(t *testing.T, tab context.Context) {
	t.Helper()
	for _, size := range []struct {
		name string
		w, h int
	}{
		{"phone", browsertest.PhoneWidth, browsertest.PhoneHeight},
		{"desktop", browsertest.DesktopWidth, browsertest.DesktopHeight},
	} {
		shot, err := browsertest.Screenshot(tab, size.w, size.h)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("%s screenshot: %v", size.name, err)
		}
		if cfg.Width != size.w || cfg.Height < size.h {
			t.Errorf("%s screenshot is %dx%d, want %d wide and at least %d high", size.name, cfg.Width, cfg.Height, size.w, size.h)
		}
		// Nothing sticks out sideways on a phone.
		if size.name == "phone" {
			if w := eval[int](t, tab, `document.documentElement.scrollWidth`); w > size.w {
				t.Errorf("on a phone the list is %d px wide, wider than the %d px screen", w, size.w)
			}
		}
		t.Logf("%s screenshot: %dx%d, %d bytes", size.name, cfg.Width, cfg.Height, len(shot))
		if size.name == "desktop" && os.Getenv("MEMBOT_UPDATE_SCREENSHOT") == "1" {
			if len(shot) > maxScreenshot {
				t.Errorf("the screenshot is %d bytes, more than %d for the README", len(shot), maxScreenshot)
			}
			if err := os.MkdirAll(filepath.Dir(screenshotPath), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(screenshotPath, shot, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", screenshotPath)
		}
	}
}
