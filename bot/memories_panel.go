package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	msgPanelLink     = phrase{"Your memory panel: %s\nThe link signs you in once and only within 10 minutes. It opens your memories, so do not share it. /memories panel logout signs you out everywhere.", "你的记忆面板：%s\n此链接只能使用一次，10 分钟内有效。它会打开你的记忆，请勿分享。/memories panel logout 可在所有设备上退出登录。"}
	msgPanelAdmin    = phrase{"As an admin of this server, you can also change its settings and shared notes there.", "作为本服务器的管理员，你也可以在那里修改它的设置和共享笔记。"}
	msgPanelOff      = phrase{"The memory panel is not enabled on this bot; its operator sets http.listen and web.public_url to turn it on.", "这个机器人没有启用记忆面板；需要由运营者设置 http.listen 和 web.public_url 才能开启。"}
	msgPanelTooMany  = phrase{"Too many panel links asked for: at most %d in 10 minutes. Wait a few minutes, or use a link you already have.", "申请的面板链接太多了：10 分钟内最多 %d 个。请等几分钟，或使用已收到的链接。"}
	msgPanelLoggedOf = phrase{"Signed out of the memory panel: %d session(s) ended.", "已退出记忆面板：结束了 %d 个会话。"}
	msgPanelUsage    = phrase{"Usage: /memories panel — a sign-in link to your memory panel; /memories panel logout — sign out everywhere.", "用法：/memories panel — 获取记忆面板的登录链接；/memories panel logout — 在所有设备上退出登录。"}
)

// panelCmd is "/memories panel [logout]": a one-time sign-in link to the
// memory panel (see IssuePanelLink), or the end of every panel session of
// the person. Its replies are private (memoriesCmd) and carry no link
// preview, since a preview would fetch the link.
type panelCmd struct {
	*base
	settings Settings
	counters Counters // nil: links are counted in this process only
	// url is the panel's public address without a trailing slash; empty
	// when the panel is off.
	url   string
	local *localCounts
}

func (h panelCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	switch {
	case len(c.args) == 1 && strings.EqualFold(c.args[0], "logout"):
		return h.logout(ctx, t, lang)
	case len(c.args) > 0:
		return Reply{Text: h.say(lang, msgPanelUsage)}
	case h.url == "":
		return Reply{Text: h.say(lang, msgPanelOff)}
	}
	now := h.now()
	if !h.allow(ctx, t.person.ID, now) {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgPanelTooMany), PanelLinksPerWindow)}
	}
	ticket := PanelTicket{PersonID: t.person.ID, Lang: lang}
	if isGroup(t.msg) && t.msg.Author.IsAdmin {
		ticket.Guilds = []PanelGuild{{Platform: t.msg.Platform, ID: t.msg.GuildID}}
	}
	secret, err := IssuePanelLink(ctx, h.settings, ticket, now)
	if err != nil {
		return h.internalError(lang, "issue panel link", err)
	}
	text := fmt.Sprintf(h.say(lang, msgPanelLink), h.url+"/panel/signin?t="+secret)
	if len(ticket.Guilds) > 0 {
		text += "\n" + h.say(lang, msgPanelAdmin)
	}
	return Reply{Text: text, NoPreview: true}
}

// logout ends every panel session of the person, on every device.
func (h panelCmd) logout(ctx context.Context, t turn, lang string) Reply {
	n, err := h.settings.DeleteSettings(ctx, PanelSessionPrefix(t.person.ID))
	if err != nil {
		return h.internalError(lang, "end panel sessions", err)
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgPanelLoggedOf), n)}
}

// panelLinksKey is the counter of the links a person asked for in now's
// window of PanelLinkTTL.
func panelLinksKey(personID string, now time.Time) string {
	return "limit:panel:" + personID + ":" + strconv.FormatInt(now.Unix()/int64(PanelLinkTTL/time.Second), 10)
}

// allow counts a link asked for by person and reports whether it is within
// PanelLinksPerWindow in the current window: in the shared counters, so
// that every replica counts together, or in this process when there are
// none or they fail.
func (h panelCmd) allow(ctx context.Context, personID string, now time.Time) bool {
	key := panelLinksKey(personID, now)
	expires := now.Truncate(PanelLinkTTL).Add(2 * PanelLinkTTL)
	if h.counters != nil {
		n, err := h.counters.AddCount(ctx, key, 1, now, expires)
		if err == nil {
			return n <= PanelLinksPerWindow
		}
		h.log.WarnContext(ctx, "panel links: shared counters unavailable; counting in this process", "err", err)
	}
	return h.local.add(key, now, expires) <= PanelLinksPerWindow
}

// localCounts are windowed counters kept in this process.
type localCounts struct {
	mu     sync.Mutex
	counts map[string]localCount
}

type localCount struct {
	n       int64
	expires time.Time
}

// localCountsMax bounds the counters kept; expired ones go first.
const localCountsMax = 10000

func newLocalCounts() *localCounts { return &localCounts{counts: make(map[string]localCount)} }

// add adds one to key and returns its new value; a key past its expiry
// starts again from zero.
func (l *localCounts) add(key string, now, expires time.Time) int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	c, ok := l.counts[key]
	if !ok || !now.Before(c.expires) {
		if len(l.counts) >= localCountsMax {
			for k, v := range l.counts {
				if !now.Before(v.expires) {
					delete(l.counts, k)
				}
			}
		}
		c = localCount{expires: expires}
	}
	c.n++
	l.counts[key] = c
	return c.n
}
