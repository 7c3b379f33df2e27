package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/prompts"
)

// The panel speaks the language the sign-in link was asked for in (the
// ticket's), and before sign-in the browser's first choice: English, or
// Chinese for "zh…". Every text is written in English in the templates and
// the handlers and looked up here for Chinese, so that a missing entry
// shows English rather than nothing.

// langOf is the panel language for a ticket's or a header's tag.
func langOf(tag string) string {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(tag)), "zh") {
		return "zh"
	}
	return "en"
}

// requestLang is the browser's first language choice, as the panel
// speaks it.
func requestLang(r *http.Request) string {
	first, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	first, _, _ = strings.Cut(first, ";")
	return langOf(first)
}

// writerLang is the language chosen for the request a writer answers (see
// statusWriter); English for any other writer.
func writerLang(w http.ResponseWriter) string {
	if sw, ok := w.(*statusWriter); ok && sw.lang != "" {
		return sw.lang
	}
	return "en"
}

// tr is s in lang.
func tr(lang, s string) string {
	if lang == "zh" {
		if t, ok := zh[s]; ok {
			return t
		}
	}
	return s
}

// typeLabel, lifecycleLabel, statusLabel and actionLabel name the values
// of a memory as chat names them; templates hand them typed values and
// plain strings alike.
func typeLabel(lang string, t any) string { return prompts.TypeLabel(fmt.Sprint(t), lang) }

func lifecycleLabel(lang string, v any) string {
	l := memory.Lifecycle(fmt.Sprint(v))
	if lang == "zh" {
		switch l {
		case memory.LifecycleLongTerm:
			return "长期"
		case memory.LifecycleFact:
			return "事实"
		case memory.LifecycleTemporary:
			return "临时"
		}
	}
	return strings.ReplaceAll(string(l), "_", "-")
}

func statusLabel(lang string, s any) string {
	return bot.StatusLabel(memory.Status(fmt.Sprint(s)), lang)
}

func actionLabel(lang, action string) string { return bot.HistoryAction(action, lang) }

// zh holds the Chinese of every text the panel shows.
var zh = map[string]string{
	// Navigation and titles.
	"Memories":        "记忆",
	"Search":          "搜索",
	"Recent replies":  "最近的回复",
	"Export":          "导出",
	"Sign out":        "退出登录",
	"Server":          "服务器",
	"Your memories":   "你的记忆",
	"Memory":          "记忆",
	"Forget?":         "要忘记吗？",
	"Server settings": "服务器设置",
	"Sign in":         "登录",
	"Signed out":      "已退出登录",
	// The list and search.
	"Search your memories":        "搜索你的记忆",
	"Type":                        "类型",
	"Lifecycle":                   "生命周期",
	"Status":                      "状态",
	"any":                         "全部",
	"current and awaiting review": "当前和待确认",
	"Filter":                      "筛选",
	"memories":                    "条记忆",
	"No memories here.":           "这里没有记忆。",
	"Select all":                  "全选",
	"Forget selected…":            "忘记所选…",
	"← Newer":                     "← 较新",
	"Older →":                     "较旧 →",
	"Ranked exactly as the bot ranks memories for a reply; the score and its parts are shown.": "排序与机器人回复时挑选记忆完全相同；显示分数及其组成。",
	"Nothing matches.": "没有匹配的记忆。",
	// A memory's page.
	"Subject":           "主题",
	"Learnt":            "记住于",
	"Updated":           "更新于",
	"When":              "时间",
	"Expires":           "到期",
	"Last used":         "上次使用",
	"Used":              "使用次数",
	"times":             "次",
	"Id":                "编号",
	"Edit":              "编辑",
	"Save":              "保存",
	"Mark done":         "标记为已完成",
	"Forget…":           "忘记…",
	"Awaiting review":   "待确认",
	"It disagrees with": "它与这条记忆不一致：",
	"No other memory was found to compare it with.": "没有找到可与之比较的其他记忆。",
	"Keep this one":               "保留这一条",
	"Keep the other one":          "保留另一条",
	"Keep both":                   "两条都保留",
	"Merge into:":                 "合并为：",
	"The text that replaces both": "替代两条记忆的新内容",
	"Resolve":                     "确认",
	"Timeline":                    "时间线",
	"current":                     "当前",
	"replaced by":                 "被取代为",
	"Source messages":             "来源消息",
	"Quoted when learnt:":         "记住时引用：",
	"The messages it was taken from are no longer kept.": "它所来自的消息已不再保存。",
	"Everything on":                                               "关于这个主题的全部记忆：",
	"The text must be 1 to 2000 bytes long.":                      "内容须为 1 到 2000 字节。",
	"Only a current task can be marked done.":                     "只有当前的任务可以标记为已完成。",
	"This memory is not awaiting review.":                         "这条记忆不在待确认状态。",
	"Choose an answer; a merge needs its text (1 to 2000 bytes).": "请选择一种处理方式；合并需要填写内容（1 到 2000 字节）。",
	// Forgetting.
	"Forget these memories for good? Earlier versions and the messages they were taken from go too. This cannot be undone.": "要永久忘记这些记忆吗？它们的早期版本和来源消息也会一并删除，且无法撤销。",
	"Forget": "忘记",
	"Cancel": "取消",
	// Recent replies.
	"Which memories went into each of your last replies, with the score that put them there.": "你最近每条回复用到了哪些记忆，以及让它们入选的分数。",
	"No replies recorded yet.":          "还没有记录到回复。",
	"No memories went into this reply.": "这条回复没有用到记忆。",
	"(forgotten since)":                 "（已被忘记）",
	"server note:":                      "服务器笔记：",
	// A server's page.
	"Settings": "设置",
	"Channels the bot listens in (ids, comma-separated; empty: all)": "机器人收听的频道（编号，用逗号分隔；留空为全部）",
	"Passive capture (remember messages not addressed to the bot)":   "被动记录（记住没有对机器人说的消息）",
	"Daily limit per member (0: none)":                               "每位成员每日上限（0 为不限）",
	"Use the shared notes in replies":                                "回复时使用共享笔记",
	"Shared notes":                                                   "共享笔记",
	"A note everyone in the server may see":                          "服务器里所有人都可能看到的笔记",
	"Add note":                                                       "添加笔记",
	"The daily limit must be a whole number from 0 (none); at most 100 channels.": "每日上限须为不小于 0 的整数（0 为不限）；频道最多 100 个。",
	"A note must be 1 to 2000 bytes long.":                                        "笔记须为 1 到 2000 字节。",
	// Sign-in and messages.
	"Sign in to see and change what the bot remembers of you.": "登录后即可查看和修改机器人记住的关于你的内容。",
	"Link refused": "链接无效",
	"This sign-in link was used already, has expired or is unknown. Send /memories panel to the bot for a new one.": "这个登录链接已被使用、已过期或无效。请向机器人发送 /memories panel 获取新链接。",
	"You are not signed in. Send /memories panel to the bot in a private chat, then open the link it sends you.":    "你还没有登录。请在私聊中向机器人发送 /memories panel，然后打开它发给你的链接。",
	"Not found":                        "未找到",
	"There is no such memory or page.": "没有这条记忆或这个页面。",
	"Something went wrong":             "出错了",
	"The panel could not do that just now. Try again in a moment.": "面板暂时无法完成这个操作，请稍后再试。",
	"Form refused": "表单被拒绝",
	"This form is out of date or did not come from the panel. Go back, reload the page and try again.": "这个表单已过期，或并非来自面板。请返回、刷新页面后重试。",
	"That form came from another site.": "这个表单来自其他网站。",
	"Too large":                         "内容过大",
	"That form was too large.":          "这个表单太大了。",
	"Bad request":                       "请求无效",
	"That form could not be read.":      "无法读取这个表单。",
	"Slow down":                         "请慢一点",
	"Too many requests in a minute. Wait a moment and try again.": "一分钟内请求太多了，请稍等再试。",
	"Too many":                               "太多了",
	"Forget at most 200 memories at a time.": "一次最多忘记 200 条记忆。",
}
