package panele2e_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/membot/membot/internal/browsertest"
)

// othersMemory: another person's memory id answers the same 404 page as
// an unknown id.
func (s *scenario) othersMemory(t *testing.T) {
	h, tab, cello := s.h, s.tab, s.cello
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
}

// usedLink: a used sign-in link still shows its page (a GET does not
// redeem) but is refused when posted, and opens nothing.
func (s *scenario) usedLink(t *testing.T) {
	h, browser, link := s.h, s.browser, s.link
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
}

// csrf: an edit whose CSRF token is missing or wrong is refused and not
// saved.
func (s *scenario) csrf(t *testing.T) {
	tab, ann, tea := s.tab, s.ann, s.tea
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
}

// signOut: the Sign out button ends that browser's session only.
func (s *scenario) signOut(t *testing.T) {
	h, browser, tab, ann := s.h, s.browser, s.tab, s.ann
	second := browser.Tab(t)
	signIn(t, second, ann.link())
	if code, err := browsertest.ClickAndWait(second, "#logout button"); err != nil || code != http.StatusOK {
		t.Fatalf("sign out = %d, %v", code, err)
	}
	if _, err := browsertest.Open(second, "http://"+h.addr+"/panel/memories"); err != nil {
		t.Fatal(err)
	}
	if at := location(t, second); !strings.HasSuffix(at, "/panel/signed-out") {
		t.Errorf("after signing out the list is at %s, want the signed-out page", at)
	}
	if _, err := browsertest.Open(tab, "http://"+h.addr+"/panel/memories"); err != nil {
		t.Fatal(err)
	}
	if at := location(t, tab); !strings.HasSuffix(at, "/panel/memories") {
		t.Errorf("signing out in one browser signed out the other: at %s", at)
	}
}

// chatLogout: /memories panel logout in chat ends every session.
func (s *scenario) chatLogout(t *testing.T) {
	h, tab, ann := s.h, s.tab, s.ann
	ann.say("/memories panel logout", func(string) bool { return true })
	if _, err := browsertest.Open(tab, "http://"+h.addr+"/panel/memories"); err != nil {
		t.Fatal(err)
	}
	if at := location(t, tab); !strings.HasSuffix(at, "/panel/signed-out") {
		t.Errorf("after /memories panel logout the list is at %s, want the signed-out page", at)
	}
	if page := body(t, tab); !strings.Contains(page, "/memories panel") {
		t.Errorf("the signed-out page does not say to send /memories panel:\n%s", page)
	}
}
