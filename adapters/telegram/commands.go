package telegram

import (
	"context"
	"strings"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
)

// menuCommand is one entry of the command menu, in English and Chinese.
type menuCommand struct {
	name    string
	en, zh  string
	private bool // shown in private chats
	group   bool // shown in groups
}

var menu = []menuCommand{
	{"start", "Start talking with the bot", "开始与机器人对话", true, false},
	{"help", "What the bot can do", "机器人能做什么", true, true},
	{"memories", "See and manage what the bot remembers about you", "查看和管理机器人记住的关于你的内容", true, true},
	{"summary", "A handoff summary of this conversation", "生成本次对话的交接摘要", true, true},
	{"link", "Link your accounts on other platforms", "关联你在其他平台的账号", true, true},
	{"membot", "Group settings (admins)", "群组设置（管理员）", false, true},
}

// commandMenus are the setMyCommands calls: private chats and groups, in
// English (every language) and Chinese.
func commandMenus() []*tgbot.SetMyCommandsParams {
	var out []*tgbot.SetMyCommandsParams
	for _, scope := range []struct {
		scope   models.BotCommandScope
		private bool
	}{
		{&models.BotCommandScopeAllPrivateChats{}, true},
		{&models.BotCommandScopeAllGroupChats{}, false},
	} {
		for _, lang := range []string{"", "zh"} {
			p := &tgbot.SetMyCommandsParams{Scope: scope.scope, LanguageCode: lang}
			for _, c := range menu {
				if (scope.private && !c.private) || (!scope.private && !c.group) {
					continue
				}
				desc := c.en
				if lang == "zh" {
					desc = c.zh
				}
				p.Commands = append(p.Commands, models.BotCommand{Command: c.name, Description: desc})
			}
			out = append(out, p)
		}
	}
	return out
}

// registerCommands sets the command menus. A failure is logged, not
// fatal: commands typed by hand still work.
func (a *Adapter) registerCommands(ctx context.Context) {
	for _, p := range commandMenus() {
		err := a.call(ctx, "setMyCommands", func(ctx context.Context) error {
			_, err := a.api.SetMyCommands(ctx, p)
			return err
		})
		if err != nil {
			a.log.Warn("telegram: could not register the command menu", "language", p.LanguageCode, "err", err)
		}
	}
}

// notes are the short texts the adapter itself shows.
type notes struct {
	sentDM              string
	openDM              string // %s is the bot's t.me link
	documentUnsupported string
	buttonExpired       string
	buttonNotYours      string
}

var (
	notesEN = notes{
		sentDM:              "I sent you the answer in a private message.",
		openDM:              "I can't message you privately yet. Open %s, press Start, then ask me again.",
		documentUnsupported: "Sorry, importing chat exports or other files isn't supported yet. Send me text messages instead.",
		buttonExpired:       "This button has expired. Please run the command again.",
		buttonNotYours:      "This button is not yours.",
	}
	notesZH = notes{
		sentDM:              "我已通过私信把回答发给你。",
		openDM:              "我还不能给你发私信。请打开 %s 并点击“开始”，然后再问我一次。",
		documentUnsupported: "抱歉，暂不支持导入聊天记录或其他文件，请直接发送文字消息。",
		buttonExpired:       "这个按钮已过期，请重新输入命令。",
		buttonNotYours:      "这个按钮不是给你的。",
	}
)

// notesFor picks the notes in a Telegram language code's language.
func notesFor(lang string) notes {
	if strings.HasPrefix(strings.ToLower(lang), "zh") {
		return notesZH
	}
	return notesEN
}
