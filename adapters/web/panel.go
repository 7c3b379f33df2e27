// Package web is the memory panel: server-rendered pages where a person
// sees, searches, corrects and forgets what the bot remembers of them,
// reads each memory's timeline and source messages, sees which memories
// went into their last replies, and (as a server admin) edits their
// server's settings and shared notes.
//
// Sign-in is by the one-time link the bot sends in chat (bot.IssuePanelLink);
// the session lives in the store's settings, so that any replica serves
// it. Every request goes through one guard (guard.go) that loads the
// session, scopes it to its person, checks the CSRF token of every POST,
// counts writes against store counters, caps the body and sets the
// security headers. The panel knows no store: it is handed the few
// interfaces below.
package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/service"
)

// Memories is what the panel reads and writes of memories: the memory
// service (*service.Service) satisfies it, so that the panel's writes
// follow the same rules as chat's and its search ranks as replies do.
type Memories interface {
	Memory(ctx context.Context, owner, id string) (memory.Memory, error)
	List(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error)
	Count(ctx context.Context, q memory.MemoryQuery) (int64, error)
	// History returns the supersession chain of a memory, oldest first.
	History(ctx context.Context, owner, id string) ([]memory.Memory, error)
	Insert(ctx context.Context, m *memory.Memory) error
	Edit(ctx context.Context, owner, id, text string) (memory.Memory, error)
	Done(ctx context.Context, owner, id string) (memory.Memory, error)
	Forget(ctx context.Context, owner, id string) ([]memory.Memory, error)
	// Recall is the production recall, the one replies use.
	Recall(ctx context.Context, owner string, q recall.Query) ([]recall.Result, error)
	Counterpart(ctx context.Context, m memory.Memory) (*memory.Memory, error)
	Resolve(ctx context.Context, owner, id string, r service.Resolution, otherID, text string) error
	SourceMessages(ctx context.Context, m memory.Memory) ([]memory.Message, error)
}

// Secrets hold the sign-in links and sessions (the store's settings).
type Secrets interface {
	bot.PanelSecrets
	DeleteSetting(ctx context.Context, key string) error
}

// Counters count sign-in attempts and writes across replicas (the
// store's counters).
type Counters interface {
	AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error)
}

// Replies tells which memories went into a person's last replies, newest
// first.
type Replies interface {
	RecentReplies(ctx context.Context, personID string, limit int) ([]bot.Injection, error)
}

// Guilds read and write a server's settings.
type Guilds interface {
	GuildSettings(ctx context.Context, platform, id string) (bot.GuildSettings, error)
	SetGuildSettings(ctx context.Context, platform, id string, g bot.GuildSettings) error
}

// Options configure a Panel.
type Options struct {
	// Memories, Secrets and Counters are required.
	Memories Memories
	Secrets  Secrets
	Counters Counters
	// Replies feeds the recent replies page; nil shows none.
	Replies Replies
	// Guilds feeds the server admin pages; nil answers them 404.
	Guilds Guilds
	// PublicURL is the address sign-in links point to (web.public_url);
	// an https one makes the session cookie Secure.
	PublicURL string
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names
	// the client, for the sign-in limit per client address.
	TrustedProxies []netip.Prefix
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Logger receives one line per request: ids and status, never text.
	Logger *slog.Logger
}

// Panel is the memory panel. It holds no goroutine; Handler serves it.
type Panel struct {
	opts   Options
	secure bool
	origin string // scheme://host of PublicURL, "" when unset
	pages  map[string]*template.Template
	mux    *http.ServeMux
	log    *slog.Logger
	now    func() time.Time
}

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// New builds an idle panel.
func New(o Options) (*Panel, error) {
	if o.Memories == nil || o.Secrets == nil || o.Counters == nil {
		return nil, errors.New("memory panel: memories, secrets and counters are required")
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	p := &Panel{opts: o, log: o.Logger, now: o.Now}
	if o.PublicURL != "" {
		u, err := url.Parse(o.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, errors.New("memory panel: the public URL is not an absolute http(s) URL")
		}
		p.secure = u.Scheme == "https"
		p.origin = u.Scheme + "://" + u.Host
	}
	pages, err := parsePages()
	if err != nil {
		return nil, fmt.Errorf("memory panel: %w", err)
	}
	p.pages = pages
	p.routes()
	return p, nil
}

// Handler serves every page under /panel/.
func (p *Panel) Handler() http.Handler { return p.mux }

// routes registers every page, each behind the guard.
func (p *Panel) routes() {
	m := http.NewServeMux()
	m.Handle("GET /panel/static/", http.StripPrefix("/panel/", http.FileServerFS(staticFS)))
	m.Handle("GET /panel/signin", p.public(p.signinPage))
	m.Handle("POST /panel/signin", p.public(p.signin))
	m.Handle("GET /panel/signed-out", p.public(p.signedOut))
	m.Handle("GET /panel/{$}", p.public(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/panel/memories", http.StatusSeeOther)
	}))
	m.Handle("POST /panel/logout", p.private(p.logout))
	m.Handle("GET /panel/memories", p.private(p.list))
	m.Handle("GET /panel/search", p.private(p.search))
	m.Handle("POST /panel/search", p.private(p.search))
	m.Handle("GET /panel/export", p.private(p.export))
	m.Handle("GET /panel/replies", p.private(p.replies))
	m.Handle("GET /panel/memories/{id}", p.private(p.memoryPage))
	m.Handle("POST /panel/memories/{id}/edit", p.private(p.edit))
	m.Handle("POST /panel/memories/{id}/done", p.private(p.done))
	m.Handle("POST /panel/memories/{id}/review", p.private(p.review))
	m.Handle("POST /panel/forget", p.private(p.forget))
	m.Handle("GET /panel/servers/{platform}/{gid}", p.private(p.server))
	m.Handle("POST /panel/servers/{platform}/{gid}", p.private(p.saveServer))
	m.Handle("POST /panel/servers/{platform}/{gid}/notes", p.private(p.addNote))
	m.Handle("POST /panel/servers/{platform}/{gid}/notes/{id}/edit", p.private(p.editNote))
	m.Handle("POST /panel/servers/{platform}/{gid}/notes/{id}/forget", p.private(p.forgetNote))
	m.Handle("/panel/", p.private(func(w http.ResponseWriter, _ *http.Request, _ *session) { p.notFound(w) }))
	p.mux = m
}

// validID reports whether s can be a memory id: ids only ever reach a
// store when they look like one.
func validID(s string) bool {
	return len(s) > 0 && len(s) <= 64 && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_')
	}) < 0
}
