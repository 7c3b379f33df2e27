package discord

import (
	"net/http"
	"net/url"
	"strings"
)

// rebase is an http.RoundTripper sending requests for discord.com to
// another base URL (Options.APIBase), leaving discordgo's endpoint
// variables untouched.
type rebase struct {
	base *url.URL
	next http.RoundTripper
}

// RoundTrip rewrites discord.com requests and passes them on.
func (r rebase) RoundTrip(req *http.Request) (*http.Response, error) {
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

// httpClient builds the REST client from the options.
func httpClient(o Options, fallback *http.Client) *http.Client {
	c := fallback
	if o.HTTPClient != nil {
		c = o.HTTPClient
	}
	if o.APIBase == "" {
		return c
	}
	u, _ := url.Parse(o.APIBase) // validated in withDefaults
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	out := *c
	out.Transport = rebase{base: u, next: next}
	return &out
}
