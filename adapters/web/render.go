package web

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
)

// page is what every template gets: the layout's parts and the page's
// own Data.
type page struct {
	// Lang is the language the page speaks ("en", "zh").
	Lang  string
	Title string
	// Signed shows the navigation and the sign-out form.
	Signed bool
	CSRF   string
	Guilds []bot.PanelGuild
	Data   any
}

// pageOf starts the page data of a signed-in person's page.
func pageOf(s *session, title string, data any) page {
	return page{Lang: s.lang, Title: tr(s.lang, title), Signed: true, CSRF: s.csrf, Guilds: s.ticket.Guilds, Data: data}
}

// withTitle adds words after a page's title ("Memory 1a2b3c4d").
func withTitle(pg page, more string) page {
	pg.Title += " " + more
	return pg
}

// part is one named component of a score.
type part struct {
	Name  string
	Value float64
}

// funcs are the templates' helpers.
var funcs = template.FuncMap{
	"short": shortID,
	"day": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("2006-01-02")
	},
	"when": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("2006-01-02 15:04 UTC")
	},
	"score":     func(f float64) string { return fmt.Sprintf("%.2f", f) },
	"tr":        tr,
	"typeName":  typeLabel,
	"lifecycle": lifecycleLabel,
	"parts": func(m map[string]float64) []part {
		out := make([]part, 0, len(m))
		for k, v := range m {
			out = append(out, part{k, v})
		}
		slices.SortFunc(out, func(a, b part) int { return strings.Compare(a.Name, b.Name) })
		return out
	},
	"status":  statusLabel,
	"isTask":  func(m memory.Memory) bool { return m.Type == memory.TypeTask },
	"pending": func(m memory.Memory) bool { return m.Status == memory.StatusPendingReview },
	"joined":  func(s []string) string { return strings.Join(s, ", ") },
}

// parsePages parses each page template with the layout.
func parsePages() (map[string]*template.Template, error) {
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, fmt.Errorf("list templates: %w", err)
	}
	pages := make(map[string]*template.Template, len(names))
	for _, n := range names {
		base := strings.TrimSuffix(path.Base(n), ".html")
		if base == "layout" {
			continue
		}
		t, err := template.New(base).Funcs(funcs).ParseFS(templateFS, "templates/layout.html", n)
		if err != nil {
			return nil, fmt.Errorf("parse template %s: %w", base, err)
		}
		pages[base] = t
	}
	return pages, nil
}

// render writes the page name with status, rendered whole before
// anything is sent so that a template failure is a clean 500.
func (p *Panel) render(w http.ResponseWriter, status int, name string, data page) {
	var b bytes.Buffer
	if err := p.pages[name].ExecuteTemplate(&b, "layout", data); err != nil {
		p.log.Error("render panel page", "page", name, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// notice is a message page's text.
type notice struct {
	ID   string
	Text string
}

// message answers status with a page of one message; it holds nothing of
// the session, so that the same message is the same bytes for anyone.
func (p *Panel) message(w http.ResponseWriter, status int, id, title, text string) {
	lang := writerLang(w)
	p.render(w, status, "message", page{Lang: lang, Title: tr(lang, title), Data: notice{ID: id, Text: tr(lang, text)}})
}

// notFound is the one answer to an unknown id and to another person's:
// byte for byte the same.
func (p *Panel) notFound(w http.ResponseWriter) {
	p.message(w, http.StatusNotFound, "not-found", "Not found", "There is no such memory or page.")
}

// fail logs err (ids only) and answers 500.
func (p *Panel) fail(w http.ResponseWriter, r *http.Request, what string, err error) {
	p.log.ErrorContext(r.Context(), "panel: "+what, "route", r.Pattern, "err", err)
	p.message(w, http.StatusInternalServerError, "error", "Something went wrong",
		"The panel could not do that just now. Try again in a moment.")
}

// shortID is the first 8 characters of an id, as chat shows them.
func shortID(id string) string {
	if len(id) > 8 {
		return id[:8]
	}
	return id
}
