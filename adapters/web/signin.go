package web

import (
	"errors"
	"net/http"

	"github.com/membot/membot/bot"
)

// signinPage shows the sign-in button for a link's secret without
// spending it: chat apps fetch a link to preview it, and that fetch must
// not sign anyone in.
func (p *Panel) signinPage(w http.ResponseWriter, r *http.Request) {
	t := r.URL.Query().Get("t")
	if t == "" || len(t) > 100 {
		http.Redirect(w, r, "/panel/signed-out", http.StatusSeeOther)
		return
	}
	lang := writerLang(w)
	p.render(w, http.StatusOK, "signin", page{Lang: lang, Title: tr(lang, "Sign in"), Data: t})
}

// signin redeems a link once, opens a session and sets its cookie.
func (p *Panel) signin(w http.ResponseWriter, r *http.Request) {
	if !p.allow(w, r, "signin:"+p.clientAddr(r), SignInsPerMinute) {
		return
	}
	ctx := r.Context()
	t, err := bot.RedeemPanelLink(ctx, p.opts.Secrets, r.PostFormValue("t"))
	if errors.Is(err, bot.ErrPanelSignIn) {
		p.message(w, http.StatusForbidden, "signin-refused", "Link refused",
			"This sign-in link was used already, has expired or is unknown. Send /memories panel to the bot for a new one.")
		return
	}
	if err != nil {
		p.fail(w, r, "redeem panel link", err)
		return
	}
	secret, err := bot.OpenPanelSession(ctx, p.opts.Secrets, t, p.now())
	if err != nil {
		p.fail(w, r, "open panel session", err)
		return
	}
	p.log.InfoContext(ctx, "panel session opened", "person", t.PersonID, "guilds", len(t.Guilds))
	http.SetCookie(w, &http.Cookie{
		Name:     CookieName,
		Value:    t.PersonID + "." + secret,
		Path:     "/panel",
		MaxAge:   int(bot.PanelSessionTTL.Seconds()),
		HttpOnly: true,
		Secure:   p.secure || r.TLS != nil,
		SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, "/panel/memories", http.StatusSeeOther)
}

// signedOut explains how to sign in.
func (p *Panel) signedOut(w http.ResponseWriter, _ *http.Request) {
	p.message(w, http.StatusOK, "signed-out", "Signed out",
		"You are not signed in. Send /memories panel to the bot in a private chat, then open the link it sends you.")
}

// logout ends this session: its setting goes, and the cookie with it.
func (p *Panel) logout(w http.ResponseWriter, r *http.Request, s *session) {
	if err := p.opts.Secrets.DeleteSetting(r.Context(), bot.PanelSessionKey(s.person, s.secret)); err != nil {
		p.fail(w, r, "end panel session", err)
		return
	}
	http.SetCookie(w, &http.Cookie{
		Name: CookieName, Value: "", Path: "/panel", MaxAge: -1,
		HttpOnly: true, Secure: p.secure || r.TLS != nil, SameSite: http.SameSiteLaxMode,
	})
	http.Redirect(w, r, "/panel/signed-out", http.StatusSeeOther)
}
