package app_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
)

// With http.listen set the panel is served on the operator's listener:
// a link signs in over HTTP, and the recent replies page shows the reply
// the engine just made.
func TestPanelOnTheOpsListener(t *testing.T) {
	b := bottest.New(t, bottest.WithConfig(func(c *config.Config) {
		withListener(c)
		c.Web.PublicURL = "http://panel.example/"
	}))
	base := "http://" + b.OpsAddr()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r := &bottest.Recorder{}
	done, err := b.Handler.Handle(ctx, bottest.DM("telegram", "alice", "I drink green tea every morning"), r)
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatal("no reply")
	}
	alice, err := b.Store.ResolveIdentity(ctx, "telegram", "alice", "alice")
	if err != nil {
		t.Fatal(err)
	}
	secret, err := bot.IssuePanelLink(ctx, b.Store, bot.PanelTicket{PersonID: alice.ID}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if code, body := get(t, base+"/panel/signin?t="+secret); code != http.StatusOK || !strings.Contains(body, `id="signin"`) {
		t.Fatalf("sign-in page: %d\n%s", code, body)
	}
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := hc.PostForm(base+"/panel/signin", url.Values{"t": {secret}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var cookie *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "membot_panel" {
			cookie = c
		}
	}
	if resp.StatusCode != http.StatusSeeOther || cookie == nil || cookie.Secure {
		t.Fatalf("sign-in: %d, cookie %+v (want one, not Secure over http)", resp.StatusCode, cookie)
	}
	req, _ := http.NewRequest(http.MethodGet, base+"/panel/replies", nil)
	req.AddCookie(cookie)
	resp, err = hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var page strings.Builder
	_, _ = io.Copy(&page, resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(page.String(), `<li class="reply">`) {
		t.Fatalf("replies page: %d\n%s", resp.StatusCode, page.String())
	}
	if code, _ := get(t, base+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz = %d beside the panel", code)
	}
}
