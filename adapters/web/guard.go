package web

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/bot"
)

// CookieName is the session cookie: "<person id>.<session secret>".
const CookieName = "membot_panel"

// The guard's limits: a request body's size, sign-in attempts per client
// address and writes per person, each per minute.
const (
	MaxBody          = 64 << 10
	SignInsPerMinute = 20
	WritesPerMinute  = 60
)

// contentSecurity allows the panel's own style sheet and script only: no
// inline script, no framing, forms posting back here alone.
const contentSecurity = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

// session is a signed-in request's person, ticket and CSRF token.
type session struct {
	ticket bot.PanelTicket
	lang   string
	person string
	secret string
	csrf   string
}

// hasGuild reports whether the ticket lets the session manage a server.
func (s *session) hasGuild(platform, id string) bool {
	for _, g := range s.ticket.Guilds {
		if g.Platform == platform && g.ID == id {
			return true
		}
	}
	return false
}

// csrfToken is the CSRF token of a session: derived from its secret, so
// that every replica computes the same one without storing it.
func csrfToken(secret string) string {
	sum := sha256.Sum256([]byte("csrf:" + secret))
	return hex.EncodeToString(sum[:])
}

// statusWriter remembers the status a handler answered, for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	// lang is the language of the answer: the session's, else the
	// browser's.
	lang string
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// begin sets the headers every answer carries, caps the body and returns
// the writer that records the status.
func (p *Panel) begin(w http.ResponseWriter, r *http.Request) *statusWriter {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurity)
	h.Set("X-Frame-Options", "DENY")
	// same-origin, not no-referrer: under no-referrer browsers send
	// "Origin: null" with the panel's own forms, which the origin check
	// must refuse; other sites still never see a panel URL (the sign-in
	// link holds a secret).
	h.Set("Referrer-Policy", "same-origin")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
	return &statusWriter{ResponseWriter: w, lang: requestLang(r)}
}

// logRequest logs a request by its route pattern: never its query (a search's
// words) or its form.
func (p *Panel) logRequest(r *http.Request, sw *statusWriter, person string, start time.Time) {
	p.log.InfoContext(r.Context(), "panel request", "route", r.Pattern, "method", r.Method,
		"status", sw.status, "person", person, "ms", time.Since(start).Milliseconds())
}

// public serves a page that needs no session (sign-in, signed out).
func (p *Panel) public(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := p.begin(w, r)
		defer p.logRequest(r, sw, "", start)
		if r.Method == http.MethodPost && !p.form(sw, r) {
			return
		}
		h(sw, r)
	})
}

// private serves a page of a signed-in person: without a live session it
// sends the browser to the signed-out page; a POST must carry the
// session's CSRF token and counts as a write against the person's limit.
func (p *Panel) private(h func(http.ResponseWriter, *http.Request, *session)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := p.begin(w, r)
		s, err := p.session(r)
		person := ""
		if s != nil {
			person = s.person
			sw.lang = s.lang
		}
		defer p.logRequest(r, sw, person, start)
		switch {
		case errors.Is(err, bot.ErrPanelSignIn):
			http.Redirect(sw, r, "/panel/signed-out", http.StatusSeeOther)
			return
		case err != nil:
			p.fail(sw, r, "read panel session", err)
			return
		}
		if r.Method == http.MethodPost {
			if !p.form(sw, r) {
				return
			}
			if subtle.ConstantTimeCompare([]byte(r.PostFormValue("csrf")), []byte(s.csrf)) != 1 {
				p.message(sw, http.StatusForbidden, "csrf-refused", "Form refused",
					"This form is out of date or did not come from the panel. Go back, reload the page and try again.")
				return
			}
			if !p.allow(sw, r, "write:"+s.person, WritesPerMinute) {
				return
			}
		}
		h(sw, r, s)
	})
}

// session reads the cookie's session; bot.ErrPanelSignIn when there is
// none or it is not live.
func (p *Panel) session(r *http.Request) (*session, error) {
	c, err := r.Cookie(CookieName)
	if err != nil {
		return nil, bot.ErrPanelSignIn
	}
	i := strings.LastIndexByte(c.Value, '.')
	if i <= 0 {
		return nil, bot.ErrPanelSignIn
	}
	person, secret := c.Value[:i], c.Value[i+1:]
	t, err := bot.PanelSession(r.Context(), p.opts.Secrets, person, secret)
	if err != nil {
		return nil, err
	}
	return &session{ticket: t, lang: langOf(t.Lang), person: t.PersonID, secret: secret, csrf: csrfToken(secret)}, nil
}

// form parses a POST's form within the body cap, and refuses a form sent
// from another site (its Origin header, when the browser sends one).
func (p *Panel) form(w http.ResponseWriter, r *http.Request) bool {
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			p.message(w, http.StatusRequestEntityTooLarge, "too-large", "Too large", "That form was too large.")
			return false
		}
		p.message(w, http.StatusBadRequest, "bad-request", "Bad request", "That form could not be read.")
		return false
	}
	if o := r.Header.Get("Origin"); o != "" && !p.sameOrigin(o, r) {
		p.message(w, http.StatusForbidden, "csrf-refused", "Form refused", "That form came from another site.")
		return false
	}
	return true
}

// sameOrigin reports whether origin is the panel's: its public URL's, or
// the host the request was sent to.
func (p *Panel) sameOrigin(origin string, r *http.Request) bool {
	if p.origin != "" && origin == p.origin {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}

// allow counts one more action of kind (a client address or a person)
// in the current minute, in the store's counters so that the limit holds
// across replicas, and answers 429 once it passes limit.
func (p *Panel) allow(w http.ResponseWriter, r *http.Request, kind string, limit int64) bool {
	now := p.now()
	minute := now.Truncate(time.Minute)
	key := "panel:rate:" + kind + ":" + strconv.FormatInt(minute.Unix()/60, 10)
	n, err := p.opts.Counters.AddCount(r.Context(), key, 1, now, minute.Add(2*time.Minute))
	if err != nil {
		p.fail(w, r, "count panel requests", err)
		return false
	}
	if n > limit {
		w.Header().Set("Retry-After", strconv.Itoa(int(minute.Add(time.Minute).Sub(now).Seconds())+1))
		p.message(w, http.StatusTooManyRequests, "rate-limited", "Slow down",
			"Too many requests in a minute. Wait a moment and try again.")
		return false
	}
	return true
}

// clientAddr is the address a request came from: its peer's, unless the
// peer is a trusted reverse proxy, when it is the last address of
// X-Forwarded-For that is not one (the proxy appends the address it saw;
// what the client wrote before that is anyone's to forge).
func (p *Panel) clientAddr(r *http.Request) string {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	addr := peer.Addr().Unmap()
	if !p.trusted(addr) {
		return addr.String()
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // unreadable: stop at the last address we can vouch for
		}
		addr = hop.Unmap()
		if !p.trusted(addr) {
			break
		}
	}
	return addr.String()
}

// trusted reports whether a is one of the reverse proxies in front of the
// panel.
func (p *Panel) trusted(a netip.Addr) bool {
	for _, pre := range p.opts.TrustedProxies {
		if pre.Contains(a) {
			return true
		}
	}
	return false
}
