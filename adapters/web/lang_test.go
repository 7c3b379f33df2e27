package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/membot/membot/adapters/web"
	"github.com/membot/membot/bot"
)

// The panel speaks the language the link was asked for in, and before
// sign-in the browser's; an unknown id's page is still one page for
// everyone signed in in that language.
func TestPanelSpeaksTheLinksLanguage(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	mine := e.remember(ann.ID, "喜欢喝乌龙茶")
	theirs := e.remember(bob.ID, "Drinks coffee")

	zh := &client{e: e}
	res := zh.post("/panel/signin", url.Values{"t": {e.link(bot.PanelTicket{PersonID: ann.ID, Lang: "zh"})}})
	mustCode(t, res, http.StatusSeeOther, "sign in")
	for _, ck := range res.Result().Cookies() {
		if ck.Name == web.CookieName {
			zh.cookie = ck.Value
		}
	}
	list := zh.get("/panel/memories").Body.String()
	for _, want := range []string{`lang="zh-CN"`, "你的记忆", "退出登录", "偏好", "喜欢喝乌龙茶"} {
		if !strings.Contains(list, want) {
			t.Errorf("the Chinese list lacks %q", want)
		}
	}
	if strings.Contains(list, "Your memories") {
		t.Error("the Chinese list is in English")
	}
	page := zh.get("/panel/memories/" + mine.ID).Body.String()
	for _, want := range []string{"时间线", "来源消息", "保存"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Chinese memory page lacks %q", want)
		}
	}
	unknown, other := zh.get("/panel/memories/nosuchmemory"), zh.get("/panel/memories/"+theirs.ID)
	if unknown.Code != http.StatusNotFound || !strings.Contains(unknown.Body.String(), "未找到") || unknown.Body.String() != other.Body.String() {
		t.Errorf("404 in Chinese: %d, same page for another's id: %v", unknown.Code, unknown.Body.String() == other.Body.String())
	}

	en := e.signIn(bob.ID) // a ticket without a language: English
	if got := en.get("/panel/memories").Body.String(); !strings.Contains(got, "Your memories") || strings.Contains(got, "你的记忆") {
		t.Error("a ticket without a language is not answered in English")
	}

	for _, tt := range []struct{ accept, want string }{
		{"zh-CN,zh;q=0.9,en;q=0.8", "你还没有登录"},
		{"en-GB,en;q=0.9,zh;q=0.5", "You are not signed in"},
		{"", "You are not signed in"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/panel/signed-out", nil)
		req.Header.Set("Accept-Language", tt.accept)
		rec := httptest.NewRecorder()
		e.h.ServeHTTP(rec, req)
		if !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("signed-out page for Accept-Language %q lacks %q", tt.accept, tt.want)
		}
	}
}
