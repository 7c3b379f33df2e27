package panele2e_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/browsertest"
	"github.com/membot/membot/memory"
)

// What Ann and Bob tell the bot, and what the fake model makes of it.
var panelFacts = []fact{
	{"Miso", "Has a cat called Miso", "fact"},
	{"Lisbon", "Lives in Lisbon", "fact"},
	{"green tea", "Prefers green tea", "preference"},
	{"Portuguese", "Is learning Portuguese", "fact"},
	{"peanuts", "Is allergic to peanuts", "fact"},
	{"cello", "Plays the cello", "preference"},
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

// scenario is the state the steps of TestPanelInABrowser share: the bot,
// the browser, Ann's signed-in tab, the two people and their memories'
// ids, and the link Ann signed in with.
type scenario struct {
	h                        *harness
	browser                  *browsertest.Browser
	tab                      context.Context
	ann, bob                 *person
	link                     string
	miso, lisbon, tea, cello string
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
	s := &scenario{h: h, browser: browser, tab: tab, ann: ann, bob: bob, link: link,
		miso: miso, lisbon: lisbon, tea: tea, cello: cello}
	t.Run("session cookie", s.sessionCookie)
	t.Run("list", s.list)
	t.Run("search", s.search)
	t.Run("edit keeps the old text in the timeline", s.edit)
	t.Run("forget leaves the next reply's prompt", s.forget)
	t.Run("recent replies show the memories that went in", s.replies)
	t.Run("forget several at once", s.forgetMany)
	t.Run("another person's memory is not found", s.othersMemory)
	t.Run("a used link is refused", s.usedLink)
	t.Run("a form without its CSRF token is refused", s.csrf)
	t.Run("sign out ends only that session", s.signOut)
	t.Run("/memories panel logout in chat signs out everywhere", s.chatLogout)
}

// sessionCookie: the sign-in set the session cookie as decided: HttpOnly,
// SameSite=Lax, Path=/panel, expiring, <personID>.<secret>.
func (s *scenario) sessionCookie(t *testing.T) {
	h, tab, ann := s.h, s.tab, s.ann
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
}

// list: the list shows exactly the person's memories; it is
// photographed at a phone's and a desktop's width.
func (s *scenario) list(t *testing.T) {
	tab, ann := s.tab, s.ann
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
}

// search: the search form finds the memory, ranked first, with scores.
func (s *scenario) search(t *testing.T) {
	tab, miso, cello := s.tab, s.miso, s.cello
	if err := chromedp.Do(tab, chromedp.SendKeys(chromedp.CSS(`#search input[name=q]`), "cat Miso")); err != nil {
		t.Fatal(err)
	}
	if code, err := browsertest.SubmitAndWait(tab, "#search"); err != nil || code != http.StatusOK {
		t.Fatalf("search = %d, %v", code, err)
	}
	if at := location(t, tab); !strings.HasSuffix(at, "/panel/search") || strings.Contains(strings.ToLower(at), "miso") {
		t.Errorf("the search landed on %s: the words must stay out of the URL", at)
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
}

// edit: an edit through the memory page leaves the old text in its
// timeline.
func (s *scenario) edit(t *testing.T) {
	tab, miso := s.tab, s.miso
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
}

// forget: a confirmed forget takes the memory out of the next reply's
// prompt, which held it before.
func (s *scenario) forget(t *testing.T) {
	h, tab, ann, lisbon := s.h, s.tab, s.ann, s.lisbon
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
}

// replies: the recent replies page lists the memories that went into
// the last reply, with scores, and no text of a forgotten one.
func (s *scenario) replies(t *testing.T) {
	h, tab, ann, tea := s.h, s.tab, s.ann, s.tea
	ann.chat("Which tea do I like, green tea?")
	if code, err := browsertest.Open(tab, "http://"+h.addr+"/panel/replies"); err != nil || code != http.StatusOK {
		t.Fatalf("replies = %d, %v", code, err)
	}
	newest := eval[[]listed](t, tab, `[...document.querySelectorAll("#replies > li.reply:first-child li.memory")].map(li => ({
		ID: li.dataset.id, Text: li.textContent.trim(), Score: li.querySelector(".score").textContent.trim(),
	}))`)
	found := false
	for _, m := range newest {
		if m.ID == tea && regexp.MustCompile(`\d`).MatchString(m.Score) {
			found = true
		}
	}
	if !found {
		t.Errorf("the newest reply lists %+v, want %s with its score", newest, tea)
	}
	page := body(t, tab)
	if strings.Contains(page, "Lives in Lisbon") {
		t.Errorf("the replies page shows the text of a forgotten memory:\n%s", page)
	}
}

// forgetMany: several memories ticked in the list go after one
// confirmation.
func (s *scenario) forgetMany(t *testing.T) {
	h, tab, ann := s.h, s.tab, s.ann
	portuguese, peanuts := ann.memoryWith("Portuguese"), ann.memoryWith("peanuts")
	if _, err := browsertest.Open(tab, "http://"+h.addr+"/panel/memories"); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{portuguese, peanuts} {
		if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#bulk input[name=id][value="`+id+`"]`))); err != nil {
			t.Fatal(err)
		}
	}
	if code, err := browsertest.ClickAndWait(tab, "#bulk-forget"); err != nil || code != http.StatusOK {
		t.Fatalf("forget selected = %d, %v", code, err)
	}
	var asked []string
	for _, m := range listedIn(t, tab, "#to-forget") {
		asked = append(asked, m.ID)
	}
	slices.Sort(asked)
	want := []string{portuguese, peanuts}
	slices.Sort(want)
	if !slices.Equal(asked, want) {
		t.Fatalf("the confirmation lists %v, want %v", asked, want)
	}
	if code, err := browsertest.ClickAndWait(tab, "#confirm-forget-submit"); err != nil || code != http.StatusOK {
		t.Fatalf("confirm = %d, %v", code, err)
	}
	for _, m := range ann.memories() {
		if m.ID == portuguese || m.ID == peanuts {
			if m.Status == memory.StatusActive {
				t.Errorf("still remembered after the confirmed forget: %+v", m)
			}
		}
	}
	for _, m := range listedIn(t, tab, "#memories") {
		if m.ID == portuguese || m.ID == peanuts {
			t.Errorf("the list still shows %+v", m)
		}
	}
}
