package web_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
)

// Every POST without the session's CSRF token is refused and changes
// nothing; so is one from another site's page.
func TestCSRFRefused(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	m := e.remember(ann.ID, "Drinks green tea")
	c := e.signIn(ann.ID)
	tests := []struct {
		name string
		form url.Values
		hdr  map[string]string
	}{
		{"no token", url.Values{"text": {"changed"}}, nil},
		{"wrong token", url.Values{"text": {"changed"}, "csrf": {strings.Repeat("0", 64)}}, nil},
		{"another session's token", url.Values{"text": {"changed"}, "csrf": {e.signIn(ann.ID).csrf}}, nil},
		{"another site", url.Values{"text": {"changed"}, "csrf": {c.csrf}}, map[string]string{"Origin": "https://evil.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := postRequest("/panel/memories/"+m.ID+"/edit", tt.form)
			for k, v := range tt.hdr {
				req.Header.Set(k, v)
			}
			res := c.do(req)
			mustCode(t, res, http.StatusForbidden, "edit")
			if !strings.Contains(res.Body.String(), `id="csrf-refused"`) {
				t.Errorf("refusal lacks csrf-refused:\n%s", res.Body)
			}
		})
	}
	for _, path := range []string{"/panel/forget", "/panel/logout", "/panel/memories/" + m.ID + "/done"} {
		mustCode(t, c.post(path, url.Values{"id": {m.ID}, "confirm": {"yes"}}), http.StatusForbidden, path)
	}
	if got, err := e.memory(ann.ID, m.ID); err != nil || got.Text != "Drinks green tea" {
		t.Fatalf("memory after refused posts: %q, %v", got.Text, err)
	}
	mustCode(t, c.get("/panel/memories"), http.StatusOK, "still signed in")
}

// Another person's memory id answers exactly as an unknown id: the same
// status and the same bytes, on every page that takes an id.
func TestOtherPersonsIDIsNotFound(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	bobs := e.remember(bob.ID, "Bob's secret plan")
	c := e.signIn(ann.ID)
	tests := []struct {
		name string
		send func(id string) *http.Response
	}{
		{"page", func(id string) *http.Response { return c.get("/panel/memories/" + id).Result() }},
		{"edit", func(id string) *http.Response {
			return c.submit("/panel/memories/"+id+"/edit", url.Values{"text": {"mine now"}}).Result()
		}},
		{"done", func(id string) *http.Response { return c.submit("/panel/memories/"+id+"/done", nil).Result() }},
		{"review", func(id string) *http.Response {
			return c.submit("/panel/memories/"+id+"/review", url.Values{"choice": {"keep_both"}}).Result()
		}},
		{"forget", func(id string) *http.Response {
			return c.submit("/panel/forget", url.Values{"id": {id}, "confirm": {"yes"}}).Result()
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			other, unknown := tt.send(bobs.ID), tt.send("0123456789abcdef")
			ob, ub := body(t, other), body(t, unknown)
			if other.StatusCode != http.StatusNotFound || unknown.StatusCode != http.StatusNotFound {
				t.Fatalf("status: other %d, unknown %d; want 404 both", other.StatusCode, unknown.StatusCode)
			}
			if ob != ub {
				t.Fatalf("bodies differ:\n%s\n---\n%s", ob, ub)
			}
			if !strings.Contains(ob, `id="not-found"`) || strings.Contains(ob, "secret plan") {
				t.Errorf("404 page:\n%s", ob)
			}
		})
	}
	if got, err := e.memory(bob.ID, bobs.ID); err != nil || got.Text != "Bob's secret plan" || got.Status != memory.StatusActive {
		t.Fatalf("bob's memory changed: %+v, %v", got, err)
	}
}

// The security headers are on every page, signed in or not.
func TestSecurityHeaders(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	c := e.signIn(ann.ID)
	for _, path := range []string{"/panel/memories", "/panel/signed-out", "/panel/memories/0123456789abcdef", "/panel/export"} {
		h := c.get(path).Header()
		for k, want := range map[string]string{
			"X-Frame-Options": "DENY", "Referrer-Policy": "same-origin", "Cache-Control": "no-store",
		} {
			if got := h.Get(k); got != want {
				t.Errorf("%s: %s = %q, want %q", path, k, got, want)
			}
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: Content-Security-Policy %q", path, csp)
		}
	}
}

// Sign-in attempts per client address and writes per person are limited
// per minute, through the store's counters: past the limit, 429.
func TestRateLimits(t *testing.T) {
	t.Run("sign-in", func(t *testing.T) {
		e := newEnv(t)
		anon := &client{e: e}
		for range web.SignInsPerMinute {
			mustCode(t, anon.post("/panel/signin", url.Values{"t": {"wrong"}}), http.StatusForbidden, "attempt")
		}
		res := anon.post("/panel/signin", url.Values{"t": {e.link(bot.PanelTicket{PersonID: e.person("ann").ID})}})
		mustCode(t, res, http.StatusTooManyRequests, "the 21st attempt")
		if !strings.Contains(res.Body.String(), `id="rate-limited"`) {
			t.Errorf("429 page:\n%s", res.Body)
		}
		e.advance(time.Minute)
		mustCode(t, anon.post("/panel/signin", url.Values{"t": {"wrong"}}), http.StatusForbidden, "a minute later")
	})
	t.Run("writes", func(t *testing.T) {
		e := newEnv(t)
		ann := e.person("ann")
		m := e.remember(ann.ID, "Drinks tea")
		c := e.signIn(ann.ID)
		for i := range web.WritesPerMinute {
			mustCode(t, c.submit("/panel/memories/"+m.ID+"/edit", url.Values{"text": {"Drinks tea " + string(rune('a'+i%26))}}), http.StatusSeeOther, "edit")
		}
		mustCode(t, c.submit("/panel/memories/"+m.ID+"/edit", url.Values{"text": {"one too many"}}), http.StatusTooManyRequests, "the 61st write")
		if got, _ := e.memory(ann.ID, m.ID); got.Text == "one too many" {
			t.Error("the refused write landed")
		}
		mustCode(t, c.get("/panel/memories"), http.StatusOK, "reading is not limited")
	})
}

// A body over 64 KiB is refused before anything is done.
func TestBodyCap(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	m := e.remember(ann.ID, "Drinks tea")
	c := e.signIn(ann.ID)
	res := c.submit("/panel/memories/"+m.ID+"/edit", url.Values{"text": {strings.Repeat("x", 70<<10)}})
	mustCode(t, res, http.StatusRequestEntityTooLarge, "large edit")
	res = c.post("/panel/signin", url.Values{"t": {strings.Repeat("x", 70<<10)}})
	mustCode(t, res, http.StatusRequestEntityTooLarge, "large sign-in")
	if got, _ := e.memory(ann.ID, m.ID); got.Text != "Drinks tea" {
		t.Errorf("text became %d bytes", len(got.Text))
	}
}

func postRequest(path string, form url.Values) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "192.0.2.1:1234"
	return req
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	var b strings.Builder
	if _, err := io.Copy(&b, res.Body); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
