package panele2e_test

import (
	"bytes"
	"context"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/browsertest"
)

// What Ann and Bob tell the bot, and what the fake model makes of it.
var panelFacts = []fact{
	{"Miso", "Has a cat called Miso"},
	{"Lisbon", "Lives in Lisbon"},
	{"green tea", "Prefers green tea"},
	{"Portuguese", "Is learning Portuguese"},
	{"peanuts", "Is allergic to peanuts"},
	{"cello", "Plays the cello"},
}

// screenshotPath is where the README's picture of the panel is kept,
// from this package's directory.
const screenshotPath = "../../docs/panel.png"

// maxScreenshot bounds the committed picture's size.
const maxScreenshot = 300 << 10

// signinLink finds a sign-in link in a message.
var signinLink = regexp.MustCompile(`https?://[^\s"<>]+/panel/signin\?t=[A-Za-z0-9_-]+`)

// startPanel runs membot with its panel on, and a browser.
func startPanel(t *testing.T) (*harness, *browsertest.Browser) {
	t.Helper()
	// The browser first: without one the test skips before the bot starts.
	b := browsertest.Start(t, browsertest.Options{})
	h := start(t, panelFacts, func(c *config.Config, addr string) { c.Web.PublicURL = "http://" + addr })
	return h, b
}

// link asks the bot for a sign-in link in chat and returns it.
func (p *person) link() string {
	p.h.t.Helper()
	out := p.say("/memories panel", func(string) bool { return true })
	l := signinLink.FindString(out)
	if l == "" {
		p.h.t.Fatalf("/memories panel answered %q, with no sign-in link", out)
	}
	if want := "http://" + p.h.addr + "/panel/signin?t="; !strings.HasPrefix(l, want) {
		p.h.t.Fatalf("the link %q does not point at web.public_url (%s…)", l, want)
	}
	return l
}

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

// A person signs in with the link the bot sent on Telegram, and does in
// Chromium everything the panel is for; the panel refuses what it must.
func TestPanelInABrowser(t *testing.T) {
	h, browser := startPanel(t)
	ann, bob := h.person(4201, "Ann"), h.person(4202, "Bob")
	ann.chat("My cat is called Miso.")
	ann.chat("I moved to Lisbon last year.")
	ann.chat("I drink green tea every morning.")
	ann.chat("I'm taking Portuguese lessons on Tuesdays.")
	ann.chat("Careful with peanuts, I'm allergic.")
	ann.extract()
	bob.chat("I play the cello in an orchestra.")
	bob.extract()
	miso, lisbon, tea := ann.memoryWith("Miso"), ann.memoryWith("Lisbon"), ann.memoryWith("green tea")
	cello := bob.memoryWith("cello")

	link := ann.link()
	tab := browser.Tab(t)
	began := time.Now()
	signIn(t, tab, link)
	t.Logf("sign-in: %v", time.Since(began))

	t.Run("session cookie", func(t *testing.T) {
		got, err := chromedp.Call(tab, network.GetCookies, network.GetCookiesParams{URLs: []string{"http://" + h.addr + "/panel/memories"}})
		if err != nil {
			t.Fatal(err)
		}
		var c *network.Cookie
		for _, k := range got.Cookies {
			if k.Name == "membot_panel" {
				c = k
			}
		}
		if c == nil {
			t.Fatalf("no membot_panel cookie after signing in: %+v", got.Cookies)
		}
		if !c.HTTPOnly || c.SameSite != network.CookieSameSiteLax || c.Path != "/panel" || c.Session || c.Secure {
			t.Errorf("cookie httpOnly=%v sameSite=%q path=%q session=%v secure=%v; want HttpOnly, Lax, /panel, expiring, not Secure over http",
				c.HTTPOnly, c.SameSite, c.Path, c.Session, c.Secure)
		}
		if !strings.HasPrefix(c.Value, ann.personID()+".") {
			t.Errorf("the cookie is not <personID>.<secret>")
		}
		if js := eval[string](t, tab, `document.cookie`); strings.Contains(js, "membot_panel") {
			t.Error("page scripts can read the session cookie")
		}
	})

	t.Run("list", func(t *testing.T) {
		got := listedIn(t, tab, "#memories")
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		slices.Sort(ids)
		var want []string
		for _, m := range ann.memories() {
			want = append(want, m.ID)
		}
		slices.Sort(want)
		if len(want) != 5 {
			t.Fatalf("Ann has %d memories, want 5", len(want))
		}
		if !slices.Equal(ids, want) {
			t.Errorf("the list shows %+v, want Ann's memories %v", got, want)
		}
		for _, m := range got {
			if strings.Contains(m.Text, "cello") {
				t.Errorf("Ann's list shows Bob's memory: %+v", m)
			}
		}
		texts := eval[string](t, tab, `document.querySelector("#memories").textContent`)
		for _, s := range []string{"Has a cat called Miso", "Lives in Lisbon", "Prefers green tea", "Is learning Portuguese"} {
			if !strings.Contains(texts, s) {
				t.Errorf("the list does not show %q: %q", s, texts)
			}
		}
		screenshots(t, tab)
	})

	t.Run("search", func(t *testing.T) {
		if err := chromedp.Do(tab, chromedp.SendKeys(chromedp.CSS(`#search input[name=q]`), "cat Miso")); err != nil {
			t.Fatal(err)
		}
		if code, err := browsertest.SubmitAndWait(tab, "#search"); err != nil || code != http.StatusOK {
			t.Fatalf("search = %d, %v", code, err)
		}
		if at := location(t, tab); !strings.Contains(at, "/panel/search?") || !strings.Contains(at, "q=cat") {
			t.Errorf("the search landed on %s", at)
		}
		got := listedIn(t, tab, "#results")
		if len(got) == 0 || got[0].ID != miso {
			t.Fatalf("search for the cat found %+v, want %s first", got, miso)
		}
		for _, r := range got {
			if !regexp.MustCompile(`\d`).MatchString(r.Score) {
				t.Errorf("result %s shows no score: %q", r.ID, r.Score)
			}
			if r.ID == cello {
				t.Errorf("Ann's search found Bob's memory %+v", r)
			}
		}
	})

	t.Run("edit keeps the old text in the timeline", func(t *testing.T) {
		openMemory(t, tab, miso)
		const edited = "Has a tabby cat called Miso"
		if err := chromedp.Do(tab,
			chromedp.SetValue(chromedp.CSS(`#edit textarea[name=text]`), edited),
		); err != nil {
			t.Fatal(err)
		}
		if code, err := browsertest.SubmitAndWait(tab, "#edit"); err != nil || code != http.StatusOK {
			t.Fatalf("edit = %d, %v", code, err)
		}
		if text := eval[string](t, tab, `document.querySelector("#memory .text").textContent.trim()`); text != edited {
			t.Errorf("after the edit the page shows %q (at %s), want %q", text, location(t, tab), edited)
		}
		versions := eval[[]string](t, tab, `[...document.querySelectorAll("#timeline li.version")].map(li => li.querySelector(".text").textContent.trim())`)
		if !slices.Contains(versions, "Has a cat called Miso") || !slices.Contains(versions, edited) {
			t.Errorf("the timeline holds %q, want the old and the new text", versions)
		}
	})

	t.Run("forget leaves the next reply's prompt", func(t *testing.T) {
		ann.chat("Remind me, where do I live? Lisbon?")
		if p := h.replyPrompt(); !strings.Contains(p, "Lives in Lisbon") {
			t.Fatalf("before forgetting, the reply's prompt does not hold the memory, so its absence would prove nothing:\n%s", p)
		}
		openMemory(t, tab, lisbon)
		if code, err := browsertest.SubmitAndWait(tab, "#forget"); err != nil || code != http.StatusOK {
			t.Fatalf("forget = %d, %v", code, err)
		}
		if !has(t, tab, "#confirm-forget") {
			t.Fatalf("forget did not ask for confirmation: at %s", location(t, tab))
		}
		if got := listedIn(t, tab, "#to-forget"); len(got) != 1 || got[0].ID != lisbon {
			t.Errorf("the confirmation lists %+v, want only %s", got, lisbon)
		}
		if code, err := browsertest.ClickAndWait(tab, "#confirm-forget-submit"); err != nil || code != http.StatusOK {
			t.Fatalf("confirm = %d, %v", code, err)
		}
		if at := location(t, tab); !strings.HasSuffix(at, "/panel/memories") {
			t.Errorf("after forgetting at %s, want /panel/memories", at)
		}
		for _, m := range listedIn(t, tab, "#memories") {
			if m.ID == lisbon {
				t.Errorf("the list still shows the forgotten memory %+v", m)
			}
		}
		ann.chat("Remind me, where do I live? Lisbon?")
		if p := h.replyPrompt(); strings.Contains(p, "Lisbon") {
			t.Errorf("the next reply's prompt still holds the forgotten memory:\n%s", p)
		}
	})

	t.Run("another person's memory is not found", func(t *testing.T) {
		code, err := browsertest.Open(tab, "http://"+h.addr+"/panel/memories/"+cello)
		if err != nil || code != http.StatusNotFound {
			t.Fatalf("Bob's memory = %d, %v; want 404", code, err)
		}
		if !has(t, tab, "#not-found") {
			t.Errorf("Bob's memory: no #not-found page")
		}
		theirs := eval[string](t, tab, `document.documentElement.outerHTML`)
		if strings.Contains(theirs, "cello") {
			t.Errorf("the 404 page shows Bob's memory")
		}
		unknown := strings.Repeat("0", len(cello))
		if code, err := browsertest.Open(tab, "http://"+h.addr+"/panel/memories/"+unknown); err != nil || code != http.StatusNotFound {
			t.Fatalf("an unknown memory = %d, %v; want 404", code, err)
		}
		if none := eval[string](t, tab, `document.documentElement.outerHTML`); none != theirs {
			t.Errorf("another person's memory and an unknown one answer differently:\n%s\n---\n%s", theirs, none)
		}
	})

	t.Run("a used link is refused", func(t *testing.T) {
		other := browser.Tab(t)
		if code, err := browsertest.Open(other, link); err != nil || code != http.StatusOK {
			t.Fatalf("GET the used link = %d, %v; want 200 (a GET does not redeem)", code, err)
		}
		if code, err := browsertest.ClickAndWait(other, "#signin-submit"); err != nil || code != http.StatusForbidden {
			t.Fatalf("sign in again with the used link = %d, %v; want 403", code, err)
		}
		if !has(t, other, "#signin-refused") {
			t.Errorf("the refusal has no #signin-refused: at %s", location(t, other))
		}
		if _, err := browsertest.Open(other, "http://"+h.addr+"/panel/memories"); err != nil {
			t.Fatal(err)
		}
		if at := location(t, other); !strings.HasSuffix(at, "/panel/signed-out") {
			t.Errorf("after the refusal the list is at %s, want the signed-out page", at)
		}
	})

	t.Run("a form without its CSRF token is refused", func(t *testing.T) {
		for _, tc := range []struct{ name, js string }{
			{"missing", `document.querySelector("#edit input[name=csrf]").remove()`},
			{"wrong", `document.querySelector("#edit input[name=csrf]").value = "not-the-token"`},
		} {
			openMemory(t, tab, tea)
			if err := chromedp.Do(tab,
				chromedp.Evaluate[chromedp.Void](tc.js),
				chromedp.SetValue(chromedp.CSS(`#edit textarea[name=text]`), "Prefers coffee"),
			); err != nil {
				t.Fatal(err)
			}
			if code, err := browsertest.SubmitAndWait(tab, "#edit"); err != nil || code != http.StatusForbidden {
				t.Errorf("%s token: edit = %d, %v; want 403", tc.name, code, err)
			}
			if !has(t, tab, "#csrf-refused") {
				t.Errorf("%s token: no #csrf-refused page at %s", tc.name, location(t, tab))
			}
		}
		for _, m := range ann.memories() {
			if strings.Contains(m.Text, "coffee") {
				t.Errorf("a refused edit was saved: %+v", m)
			}
		}
	})
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
