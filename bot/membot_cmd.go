package bot

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

var (
	msgAdminOnly   = phrase{"Only the server's admins (Manage Server) can change these settings.", "只有服务器管理员（管理服务器权限）可以修改这些设置。"}
	msgGuildOnly   = phrase{"Server settings are changed inside the server.", "服务器设置需要在服务器内修改。"}
	msgConfigUsage = phrase{configUsageEN, configUsageZH}
	msgConfigNow   = phrase{"Settings of this server:\n- listen channels: %s\n- capture messages not addressed to me: %s\n- daily messages per person: %s\n- shared notes: %s", "本服务器的设置：\n- 监听频道：%s\n- 记录未对我说的消息：%s\n- 每人每日消息上限：%s\n- 共享笔记：%s"}
	msgConfigSaved = phrase{"Saved.", "已保存。"}
	msgNoteAdded   = phrase{"Server note added: %s %s", "已添加服务器笔记：%s %s"}
	msgNoNotes     = phrase{"This server has no notes.", "本服务器没有笔记。"}
	msgNotesOf     = phrase{"Server notes:", "服务器笔记："}
	msgAll         = phrase{"all", "全部"}
	msgOn          = phrase{"on", "开"}
	msgOff         = phrase{"off", "关"}
	msgNoLimit     = phrase{"no limit", "不限"}
)

const configUsageEN = `/membot config — show this server's settings
/membot config channels add|remove <channel id> — listen only in these channels (none: everywhere)
/membot config channels clear
/membot config passive on|off — also capture messages not addressed to me (off by default)
/membot config limit <n> — messages per person per day (0: no limit)
/membot config notes on|off — inject the server notes for everyone here
/membot config note add <text> | note remove <id> | notes — manage server notes`

const configUsageZH = `/membot config — 查看本服务器的设置
/membot config channels add|remove <频道编号> — 只在这些频道中监听（为空：全部）
/membot config channels clear
/membot config passive on|off — 同时记录未对我说的消息（默认关闭）
/membot config limit <n> — 每人每日消息上限（0：不限）
/membot config notes on|off — 对这里的每个人注入服务器笔记
/membot config note add <内容> | note remove <编号> | notes — 管理服务器笔记`

// membotCmd is "/membot config …", the admins' server settings. Its
// replies are private.
type membotCmd struct {
	*base
	config configCmd
}

func (h membotCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	sub := c.sub()
	if sub.name != "config" {
		return Reply{Text: h.say(lang, msgConfigUsage), Private: true}
	}
	r := h.config.run(ctx, t, sub, lang)
	r.Private = true
	return r
}

// configCmd is "/membot config": it shows the server's settings to
// anyone there and changes them for its admins.
type configCmd struct {
	*base
	guilds guilds
	notes  notesCmd
}

func (h configCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if t.msg.GuildID == "" {
		return Reply{Text: h.say(lang, msgGuildOnly)}
	}
	args := c.args
	platform, guild := t.msg.Platform, t.msg.GuildID
	g, err := h.guilds.load(ctx, platform, guild)
	if err != nil {
		return h.internalError(lang, "load server settings", err)
	}
	if len(args) == 0 {
		return Reply{Text: h.describe(g, lang)}
	}
	if !t.msg.Author.IsAdmin {
		return Reply{Text: h.say(lang, msgAdminOnly)}
	}
	onOff := func(i int) (bool, bool) {
		if len(args) <= i {
			return false, false
		}
		switch strings.ToLower(args[i]) {
		case "on", "true", "yes":
			return true, true
		case "off", "false", "no":
			return false, true
		}
		return false, false
	}
	switch strings.ToLower(args[0]) {
	case "channels":
		if len(args) == 2 && strings.EqualFold(args[1], "clear") {
			g.Channels = nil
		} else if len(args) == 3 && strings.EqualFold(args[1], "add") && validID(args[2]) {
			if !slices.Contains(g.Channels, args[2]) {
				g.Channels = append(g.Channels, args[2])
			}
		} else if len(args) == 3 && strings.EqualFold(args[1], "remove") {
			g.Channels = slices.DeleteFunc(g.Channels, func(c string) bool { return c == args[2] })
		} else {
			return Reply{Text: h.say(lang, msgConfigUsage)}
		}
	case "passive":
		v, ok := onOff(1)
		if !ok {
			return Reply{Text: h.say(lang, msgConfigUsage)}
		}
		g.Passive = v
	case "notes":
		if len(args) == 1 {
			return h.notes.list(ctx, platform, guild, lang)
		}
		v, ok := onOff(1)
		if !ok {
			return Reply{Text: h.say(lang, msgConfigUsage)}
		}
		g.Notes = v
	case "limit":
		if len(args) != 2 {
			return Reply{Text: h.say(lang, msgConfigUsage)}
		}
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return Reply{Text: h.say(lang, msgConfigUsage)}
		}
		g.DailyLimit = n
	case "note":
		return h.notes.run(ctx, t, c.sub().sub(), lang) // "note add <text>" → "add <text>"
	default:
		return Reply{Text: h.say(lang, msgConfigUsage)}
	}
	if err := g.validate(); err != nil {
		return Reply{Text: h.say(lang, msgConfigUsage)}
	}
	if err := h.guilds.save(ctx, platform, guild, g); err != nil {
		return h.internalError(lang, "save server settings", err)
	}
	return Reply{Text: h.say(lang, msgConfigSaved) + "\n" + h.describe(g, lang)}
}

func (h configCmd) describe(g GuildSettings, lang string) string {
	channels := h.say(lang, msgAll)
	if len(g.Channels) > 0 {
		channels = strings.Join(g.Channels, ", ")
	}
	flag := func(b bool) string {
		if b {
			return h.say(lang, msgOn)
		}
		return h.say(lang, msgOff)
	}
	limit := h.say(lang, msgNoLimit)
	if g.DailyLimit > 0 {
		limit = strconv.Itoa(g.DailyLimit)
	}
	return fmt.Sprintf(h.say(lang, msgConfigNow), channels, flag(g.Passive), limit, flag(g.Notes))
}

// notesCmd is "/membot config note add <text> | note remove <id>": a
// server's shared notes, memories owned by the server. Checking that the
// author is an admin is configCmd's.
type notesCmd struct {
	*base
	memories Memories
	why      *injections
}

// list shows a server's active notes.
func (h notesCmd) list(ctx context.Context, platform, guild, lang string) Reply {
	notes, err := h.memories.List(ctx, memory.MemoryQuery{Owner: GuildOwner(platform, guild), Statuses: []memory.Status{memory.StatusActive}})
	if err != nil {
		return h.internalError(lang, "list server notes", err)
	}
	if len(notes) == 0 {
		return Reply{Text: h.say(lang, msgNoNotes)}
	}
	var b strings.Builder
	b.WriteString(h.say(lang, msgNotesOf))
	for _, n := range notes {
		b.WriteString("\n" + formatMemory(n, lang))
	}
	return Reply{Text: b.String()}
}

// run adds or removes a server note; c is "add <text>" or "remove <id>".
func (h notesCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	owner := GuildOwner(t.msg.Platform, t.msg.GuildID)
	if len(c.args) < 1 {
		return Reply{Text: h.say(lang, msgConfigUsage)}
	}
	switch c.name {
	case "add":
		text, _ := preprocess.Redact(c.rest)
		if len(text) > memory.MaxMemoryText {
			return Reply{Text: fmt.Sprintf(h.say(lang, msgEditTooLong), memory.MaxMemoryText)}
		}
		now := h.now()
		m := memory.Memory{
			Owner: owner, Text: text, Type: memory.TypeContext, Lifecycle: memory.LifecycleLongTerm,
			Importance: 0.6, Confidence: 1, Status: memory.StatusActive,
			Source:    memory.Source{Platform: t.msg.Platform, ConversationID: t.conv.ID, Time: now},
			CreatedAt: now, UpdatedAt: now,
		}
		if err := h.memories.Insert(ctx, &m); err != nil {
			return h.internalError(lang, "add server note", err)
		}
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNoteAdded), shortID(m.ID), m.Text)}
	case "remove", "forget":
		m, err := h.resolveMemory(ctx, owner, c.args[0])
		if err != nil {
			return h.idProblem(lang, c.args[0], err)
		}
		gone, err := h.memories.Forget(ctx, m.Owner, m.ID)
		if err != nil {
			return h.internalError(lang, "remove server note", err)
		}
		h.why.forget(m.Owner, gone)
		return Reply{Text: fmt.Sprintf(h.say(lang, msgForgot), m.Text)}
	}
	return Reply{Text: h.say(lang, msgConfigUsage)}
}

func validID(s string) bool {
	return len(s) > 0 && len(s) <= 64 && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_' || r == ':')
	}) < 0
}
