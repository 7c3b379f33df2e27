package fakediscord

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Rewriter is an http.RoundTripper that sends requests addressed to
// discord.com (or any of its subdomains) to another base URL, so that a
// discordgo session talks to a fake without touching discordgo's package
// level endpoint variables.
type Rewriter struct {
	base *url.URL
	next http.RoundTripper
}

// NewRewriter returns a Rewriter sending discord.com requests to base
// through next. It panics on a malformed base, which is a test bug.
func NewRewriter(base string, next http.RoundTripper) *Rewriter {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		panic(fmt.Sprintf("fakediscord: bad base URL %q", base))
	}
	return &Rewriter{base: u, next: next}
}

// RoundTrip rewrites the request's scheme and host when it is for
// discord.com and passes it on.
func (r *Rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Hostname()
	if host != "discord.com" && !strings.HasSuffix(host, ".discord.com") {
		return r.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	out.URL.Scheme = r.base.Scheme
	out.URL.Host = r.base.Host
	out.Host = r.base.Host
	return r.next.RoundTrip(out)
}
