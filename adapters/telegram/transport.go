package telegram

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// statusTransport turns 5xx answers into errors. go-telegram/bot decodes
// every body as a Bot API answer; a 502 page from a proxy would otherwise
// surface as a decoding error that cannot be told from a bug, and would
// not be retried.
type statusTransport struct {
	base http.RoundTripper
}

func (t *statusTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode < 500 {
		return resp, nil
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	_ = resp.Body.Close()
	se := &serverError{Status: resp.StatusCode}
	var answer struct {
		Description string `json:"description"`
	}
	if json.Unmarshal(body, &answer) == nil {
		se.Description = strings.TrimSpace(answer.Description)
	}
	return nil, se
}

// maxIdleConns is how many idle connections to the Bot API are kept:
// replies to many people go out at once, and the standard default of two
// would make most of them open a new TLS connection.
const maxIdleConns = 64

// newHTTPClient copies c (or a new client) with the 5xx transport and no
// overall timeout: each request is bounded by its context instead, since
// a long poll outlasts any sensible fixed timeout.
func newHTTPClient(c *http.Client) *http.Client {
	var out http.Client
	if c != nil {
		out = *c
	}
	base := out.Transport
	if base == nil {
		if dt, ok := http.DefaultTransport.(*http.Transport); ok {
			t := dt.Clone()
			t.MaxIdleConns = maxIdleConns
			t.MaxIdleConnsPerHost = maxIdleConns
			base = t
		} else {
			base = http.DefaultTransport
		}
	}
	out.Transport = &statusTransport{base: base}
	out.Timeout = 0
	return &out
}
