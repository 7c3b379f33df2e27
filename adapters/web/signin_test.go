package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/bot"
)

// Opening the link shows a button and spends nothing (link previews);
// posting it signs in once, with the cookie the panel needs; a second
// post of the same link is refused.
func TestSignInOnce(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	secret := e.link(bot.PanelTicket{PersonID: ann.ID})
	anon := &client{e: e}
	for range 2 {
		res := anon.get("/panel/signin?t=" + url.QueryEscape(secret))
		mustCode(t, res, http.StatusOK, "GET sign-in")
		for _, want := range []string{`<form id="signin" method="post" action="/panel/signin">`, `id="signin-submit"`, `name="t" value="` + secret + `"`} {
			if !strings.Contains(res.Body.String(), want) {
				t.Fatalf("sign-in page lacks %s:\n%s", want, res.Body)
			}
		}
	}
	res := anon.post("/panel/signin", url.Values{"t": {secret}})
	mustCode(t, res, http.StatusSeeOther, "POST sign-in")
	var ck *http.Cookie
	for _, c := range res.Result().Cookies() {
		if c.Name == web.CookieName {
			ck = c
		}
	}
	if ck == nil {
		t.Fatal("no session cookie")
	}
	if !ck.HttpOnly || !ck.Secure || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/panel" ||
		ck.MaxAge != int(bot.PanelSessionTTL.Seconds()) || !strings.HasPrefix(ck.Value, ann.ID+".") {
		t.Errorf("cookie %+v: want HttpOnly, Secure, SameSite=Lax, Path=/panel, Max-Age %v, value <person>.<secret>", ck, bot.PanelSessionTTL)
	}
	signed := &client{e: e, cookie: ck.Value}
	mustCode(t, signed.get("/panel/memories"), http.StatusOK, "list after sign-in")

	again := anon.post("/panel/signin", url.Values{"t": {secret}})
	mustCode(t, again, http.StatusForbidden, "replayed link")
	if !strings.Contains(again.Body.String(), `id="signin-refused"`) {
		t.Errorf("replay page lacks signin-refused:\n%s", again.Body)
	}
	if len(again.Result().Cookies()) != 0 {
		t.Error("a refused link set a cookie")
	}
}

// Without a live session every page but sign-in sends the browser to the
// signed-out page: no cookie, or a forged one.
func TestSignedOut(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	live := e.signIn(ann.ID)
	tests := []struct {
		name, cookie string
	}{
		{"no cookie", ""},
		{"forged secret", ann.ID + ".forged"},
		{"no separator", "garbage"},
		{"another person with this secret", "someoneelse." + live.cookie[strings.LastIndexByte(live.cookie, '.')+1:]},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &client{e: e, cookie: tt.cookie}
			for _, path := range []string{"/panel/memories", "/panel/search?q=x", "/panel/export", "/panel/replies", "/panel/memories/abc", "/panel/nowhere"} {
				res := c.get(path)
				if res.Code != http.StatusSeeOther || res.Header().Get("Location") != "/panel/signed-out" {
					t.Errorf("%s: %d → %q, want 303 → /panel/signed-out", path, res.Code, res.Header().Get("Location"))
				}
			}
		})
	}
	res := (&client{e: e}).get("/panel/signed-out")
	mustCode(t, res, http.StatusOK, "signed-out page")
	if !strings.Contains(res.Body.String(), "/memories panel") {
		t.Errorf("signed-out page does not say how to sign in:\n%s", res.Body)
	}
}

// Signing out deletes this session (the cookie no longer opens anything)
// and clears the cookie; another session of the person stays.
func TestLogout(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	phone, laptop := e.signIn(ann.ID), e.signIn(ann.ID)
	res := phone.submit("/panel/logout", nil)
	mustCode(t, res, http.StatusSeeOther, "logout")
	cleared := false
	for _, c := range res.Result().Cookies() {
		cleared = cleared || (c.Name == web.CookieName && c.MaxAge < 0)
	}
	if !cleared {
		t.Error("logout did not clear the cookie")
	}
	if res := phone.get("/panel/memories"); res.Code != http.StatusSeeOther {
		t.Errorf("the signed-out cookie still opens the list: %d", res.Code)
	}
	mustCode(t, laptop.get("/panel/memories"), http.StatusOK, "the other session")
}
