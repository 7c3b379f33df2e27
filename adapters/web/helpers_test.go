package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/sqlite"
)

// env is a panel over a real memory service on the embedded store.
type env struct {
	t       testing.TB
	ctx     context.Context
	store   memory.Store
	svc     *service.Service
	panel   *web.Panel
	h       http.Handler
	guilds  *fakeGuilds
	replies *fakeReplies

	mu  sync.Mutex
	now time.Time
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

// advance moves the clock on.
func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.now = e.now.Add(d)
}

func newEnv(t testing.TB) *env {
	t.Helper()
	ctx := context.Background()
	quiet := slog.New(slog.DiscardHandler)
	st, err := sqlite.Open(ctx, t.TempDir(), sqlite.WithLogger(quiet))
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { _ = st.Close() })
	// The clock starts at the wall clock: the store expires sign-in
	// links and sessions by it.
	e := &env{t: t, ctx: ctx, store: st, now: time.Now().UTC(), guilds: &fakeGuilds{m: map[string]bot.GuildSettings{}}, replies: &fakeReplies{}}
	e.svc, err = service.New(service.Options{Store: st, Now: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	e.panel, err = web.New(web.Options{
		Memories: e.svc, Secrets: st, Counters: st, Replies: e.replies, Guilds: e.guilds,
		PublicURL: "https://panel.example", Now: e.clock, Logger: quiet,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.h = e.panel.Handler()
	return e
}

// fakeGuilds keeps server settings in a map.
type fakeGuilds struct {
	mu sync.Mutex
	m  map[string]bot.GuildSettings
}

func (f *fakeGuilds) GuildSettings(_ context.Context, platform, id string) (bot.GuildSettings, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.m[platform+":"+id], nil
}

func (f *fakeGuilds) SetGuildSettings(_ context.Context, platform, id string, g bot.GuildSettings) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.m[platform+":"+id] = g
	return nil
}

// fakeReplies answers the injections it holds.
type fakeReplies struct{ list []bot.Injection }

func (f *fakeReplies) RecentReplies(_ context.Context, personID string, limit int) ([]bot.Injection, error) {
	var out []bot.Injection
	for _, in := range f.list {
		if len(in.Memories) > 0 && in.Memories[0].Memory.Owner == personID && len(out) < limit {
			out = append(out, in)
		}
	}
	return out, nil
}

// person creates a person with a console account.
func (e *env) person(name string) memory.Person {
	e.t.Helper()
	p, err := e.store.ResolveIdentity(e.ctx, "console", name, name)
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// remember stores a memory of owner.
func (e *env) remember(owner, text string, mod ...func(*memory.Memory)) memory.Memory {
	e.t.Helper()
	m := memory.Memory{Owner: owner, Text: text, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: e.clock(), UpdatedAt: e.clock()}
	for _, f := range mod {
		f(&m)
	}
	if err := e.svc.Insert(e.ctx, &m); err != nil {
		e.t.Fatalf("insert %q: %v", text, err)
	}
	return m
}

// link issues a sign-in link for a ticket.
func (e *env) link(tk bot.PanelTicket) string {
	e.t.Helper()
	secret, err := bot.IssuePanelLink(e.ctx, e.store, tk, e.clock())
	if err != nil {
		e.t.Fatal(err)
	}
	return secret
}

// client is a browser with one session cookie and its CSRF token.
type client struct {
	e      *env
	cookie string
	csrf   string
}

// signIn signs personID in (with guilds in the ticket) and returns the
// browser.
func (e *env) signIn(personID string, guilds ...bot.PanelGuild) *client {
	e.t.Helper()
	c := &client{e: e}
	res := c.post("/panel/signin", url.Values{"t": {e.link(bot.PanelTicket{PersonID: personID, Guilds: guilds})}})
	if res.Code != http.StatusSeeOther || res.Header().Get("Location") != "/panel/memories" {
		e.t.Fatalf("sign in: %d %s", res.Code, res.Body)
	}
	for _, ck := range res.Result().Cookies() {
		if ck.Name == web.CookieName {
			c.cookie = ck.Value
		}
	}
	page := c.get("/panel/memories")
	m := regexp.MustCompile(`name="csrf" value="([0-9a-f]+)"`).FindStringSubmatch(page.Body.String())
	if m == nil {
		e.t.Fatalf("no CSRF token on the list page:\n%s", page.Body)
	}
	c.csrf = m[1]
	return c
}

func (c *client) do(req *http.Request) *httptest.ResponseRecorder {
	if c.cookie != "" {
		req.AddCookie(&http.Cookie{Name: web.CookieName, Value: c.cookie})
	}
	rec := httptest.NewRecorder()
	c.e.h.ServeHTTP(rec, req)
	return rec
}

func (c *client) get(path string) *httptest.ResponseRecorder {
	return c.do(httptest.NewRequest(http.MethodGet, path, nil))
}

// post sends form as it is.
func (c *client) post(path string, form url.Values) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return c.do(req)
}

// submit sends form with the session's CSRF token.
func (c *client) submit(path string, form url.Values) *httptest.ResponseRecorder {
	if form == nil {
		form = url.Values{}
	}
	form.Set("csrf", c.csrf)
	return c.post(path, form)
}

// memory reads a memory from the store.
func (e *env) memory(owner, id string) (memory.Memory, error) {
	return e.store.Memory(e.ctx, owner, id)
}

// mustCode fails unless res answered code.
func mustCode(t testing.TB, res *httptest.ResponseRecorder, code int, what string) {
	t.Helper()
	if res.Code != code {
		t.Fatalf("%s: status %d, want %d\n%s", what, res.Code, code, res.Body)
	}
}

// decode parses an export.
func decode(body string) (bot.Export, error) {
	var doc bot.Export
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		return doc, fmt.Errorf("decode export: %w", err)
	}
	if doc.Format == "" {
		return doc, errors.New("export without format")
	}
	return doc, nil
}
