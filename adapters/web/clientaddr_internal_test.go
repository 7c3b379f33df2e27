package web

import (
	"net/http"
	"net/netip"
	"testing"
)

// The sign-in limit counts the client behind a trusted reverse proxy, and
// never believes X-Forwarded-For from anyone else.
func TestClientAddr(t *testing.T) {
	p := &Panel{opts: Options{TrustedProxies: []netip.Prefix{
		netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8"),
	}}}
	tests := []struct {
		name, peer string
		forwarded  []string
		want       string
	}{
		{"no proxy", "192.0.2.7:5000", nil, "192.0.2.7"},
		{"forged header from a client", "192.0.2.7:5000", []string{"198.51.100.1"}, "192.0.2.7"},
		{"behind a trusted proxy", "127.0.0.1:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"client-written hops before the proxy's", "127.0.0.1:5000", []string{"203.0.113.9, 198.51.100.1"}, "198.51.100.1"},
		{"two trusted proxies", "127.0.0.1:5000", []string{"198.51.100.1, 10.1.1.1"}, "198.51.100.1"},
		{"headers on several lines", "127.0.0.1:5000", []string{"203.0.113.9", "198.51.100.1"}, "198.51.100.1"},
		{"garbage after the client", "127.0.0.1:5000", []string{"198.51.100.1, junk"}, "127.0.0.1"},
		{"trusted proxy without a header", "127.0.0.1:5000", nil, "127.0.0.1"},
		{"IPv4 in IPv6", "[::ffff:192.0.2.7]:5000", nil, "192.0.2.7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &http.Request{RemoteAddr: tt.peer, Header: http.Header{}}
			for _, f := range tt.forwarded {
				r.Header.Add("X-Forwarded-For", f)
			}
			if got := p.clientAddr(r); got != tt.want {
				t.Errorf("clientAddr = %q, want %q", got, tt.want)
			}
		})
	}
}
