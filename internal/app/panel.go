package app

import (
	"fmt"
	"net/http"
	"net/netip"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/config"
)

// newPanel builds the memory panel over the memory service, the store's
// settings and counters and the engine (recent replies, server settings),
// for the operator's listener; nil when the panel is off (no
// web.public_url: no sign-in link could point at it).
func (a *App) newPanel(o options) (http.Handler, error) {
	if !a.Config.PanelOn() {
		return nil, nil
	}
	var proxies []netip.Prefix
	for _, s := range a.Config.Web.TrustedProxies {
		pre, err := config.ParseProxy(s)
		if err != nil {
			return nil, fmt.Errorf("web.trusted_proxies: %w", err)
		}
		proxies = append(proxies, pre)
	}
	p, err := web.New(web.Options{
		Memories:       a.Memory,
		Secrets:        a.Store,
		Counters:       a.Store,
		Replies:        a.Engine,
		Guilds:         a.Engine,
		PublicURL:      panelURL(a.Config),
		TrustedProxies: proxies,
		Now:            o.now,
		Logger:         o.logger,
	})
	if err != nil {
		return nil, fmt.Errorf("memory panel: %w", err)
	}
	return p.Handler(), nil
}
