package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

// GuildSettings are one server's (or group's) choices, set by its admins.
type GuildSettings struct {
	// Channels the bot listens in; empty means all.
	Channels []string `json:"channels,omitempty"`
	// Passive captures messages not addressed to the bot (off by default).
	Passive bool `json:"passive,omitempty"`
	// DailyLimit caps each member's messages to the bot per day (0: none).
	DailyLimit int `json:"daily_limit,omitempty"`
	// Notes injects the server's shared notes for everyone there.
	Notes bool `json:"notes,omitempty"`
}

// guildKey is the settings key of a server.
func guildKey(platform, guildID string) string { return "guild:" + platform + ":" + guildID }

// GuildOwner is the owner of a server's shared notes.
func GuildOwner(platform, guildID string) string { return memory.GuildOwner(platform, guildID) }

// guildSettings loads a server's settings; a missing record is the
// defaults.
func (e *Engine) guildSettings(ctx context.Context, platform, guildID string) (GuildSettings, error) {
	var g GuildSettings
	if guildID == "" {
		return g, nil
	}
	raw, err := e.settings.Setting(ctx, guildKey(platform, guildID))
	if errors.Is(err, memory.ErrNotFound) {
		return g, nil
	}
	if err != nil {
		return g, fmt.Errorf("load settings of %s server %s: %w", platform, guildID, err)
	}
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		return GuildSettings{}, fmt.Errorf("decode settings of %s server %s: %w", platform, guildID, err)
	}
	return g, nil
}

func (e *Engine) saveGuildSettings(ctx context.Context, platform, guildID string, g GuildSettings) error {
	raw, err := json.Marshal(g)
	if err != nil {
		return err
	}
	return e.settings.PutSetting(ctx, guildKey(platform, guildID), string(raw), time.Time{})
}

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

// cmdMembot handles "/membot config …", the admins' server settings.
func (e *Engine) cmdMembot(ctx context.Context, t turn, c command, lang string) Reply {
	args := c.args
	if len(args) == 0 || !strings.EqualFold(args[0], "config") {
		return Reply{Text: e.say(lang, msgConfigUsage), Private: true}
	}
	r := e.guildConfig(ctx, t, args[1:], c.rest, lang)
	r.Private = true
	return r
}

func (e *Engine) guildConfig(ctx context.Context, t turn, args []string, rest, lang string) Reply {
	// rest is the whole line after "/membot".
	if t.msg.GuildID == "" {
		return Reply{Text: e.say(lang, msgGuildOnly)}
	}
	platform, guild := t.msg.Platform, t.msg.GuildID
	g, err := e.guildSettings(ctx, platform, guild)
	if err != nil {
		return e.internalError(lang, "load server settings", err)
	}
	if len(args) == 0 {
		return Reply{Text: e.describeGuild(g, lang)}
	}
	if !t.msg.Author.IsAdmin {
		return Reply{Text: e.say(lang, msgAdminOnly)}
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
			return Reply{Text: e.say(lang, msgConfigUsage)}
		}
	case "passive":
		v, ok := onOff(1)
		if !ok {
			return Reply{Text: e.say(lang, msgConfigUsage)}
		}
		g.Passive = v
	case "notes":
		if len(args) == 1 {
			return e.listNotes(ctx, platform, guild, lang)
		}
		v, ok := onOff(1)
		if !ok {
			return Reply{Text: e.say(lang, msgConfigUsage)}
		}
		g.Notes = v
	case "limit":
		if len(args) != 2 {
			return Reply{Text: e.say(lang, msgConfigUsage)}
		}
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 || n > 100000 {
			return Reply{Text: e.say(lang, msgConfigUsage)}
		}
		g.DailyLimit = n
	case "note":
		return e.editNotes(ctx, t, args[1:], afterWords(rest, 3), lang) // after "config note add|remove"
	default:
		return Reply{Text: e.say(lang, msgConfigUsage)}
	}
	if err := e.saveGuildSettings(ctx, platform, guild, g); err != nil {
		return e.internalError(lang, "save server settings", err)
	}
	return Reply{Text: e.say(lang, msgConfigSaved) + "\n" + e.describeGuild(g, lang)}
}

func (e *Engine) describeGuild(g GuildSettings, lang string) string {
	channels := e.say(lang, msgAll)
	if len(g.Channels) > 0 {
		channels = strings.Join(g.Channels, ", ")
	}
	flag := func(b bool) string {
		if b {
			return e.say(lang, msgOn)
		}
		return e.say(lang, msgOff)
	}
	limit := e.say(lang, msgNoLimit)
	if g.DailyLimit > 0 {
		limit = strconv.Itoa(g.DailyLimit)
	}
	return fmt.Sprintf(e.say(lang, msgConfigNow), channels, flag(g.Passive), limit, flag(g.Notes))
}

func (e *Engine) listNotes(ctx context.Context, platform, guild, lang string) Reply {
	notes, err := e.mems.List(ctx, memory.MemoryQuery{Owner: GuildOwner(platform, guild), Statuses: []memory.Status{memory.StatusActive}})
	if err != nil {
		return e.internalError(lang, "list server notes", err)
	}
	if len(notes) == 0 {
		return Reply{Text: e.say(lang, msgNoNotes)}
	}
	var b strings.Builder
	b.WriteString(e.say(lang, msgNotesOf))
	for _, n := range notes {
		b.WriteString("\n" + formatMemory(n, lang))
	}
	return Reply{Text: b.String()}
}

// editNotes adds or removes a server note; text is everything after
// "note add".
func (e *Engine) editNotes(ctx context.Context, t turn, args []string, text, lang string) Reply {
	owner := GuildOwner(t.msg.Platform, t.msg.GuildID)
	if len(args) < 2 {
		return Reply{Text: e.say(lang, msgConfigUsage)}
	}
	switch strings.ToLower(args[0]) {
	case "add":
		text, _ = preprocess.Redact(text)
		if len(text) > memory.MaxMemoryText {
			return Reply{Text: fmt.Sprintf(e.say(lang, msgEditTooLong), memory.MaxMemoryText)}
		}
		now := e.opts.Now()
		m := memory.Memory{
			Owner: owner, Text: text, Type: memory.TypeContext, Lifecycle: memory.LifecycleLongTerm,
			Importance: 0.6, Confidence: 1, Status: memory.StatusActive,
			Source:    memory.Source{Platform: t.msg.Platform, ConversationID: t.conv.ID, Time: now},
			CreatedAt: now, UpdatedAt: now,
		}
		if err := e.mems.Insert(ctx, &m); err != nil {
			return e.internalError(lang, "add server note", err)
		}
		return Reply{Text: fmt.Sprintf(e.say(lang, msgNoteAdded), shortID(m.ID), m.Text)}
	case "remove", "forget":
		m, err := e.resolveMemory(ctx, owner, args[1])
		if err != nil {
			return e.idProblem(lang, args[1], err)
		}
		if err := e.erase(ctx, m); err != nil {
			return e.internalError(lang, "remove server note", err)
		}
		return Reply{Text: fmt.Sprintf(e.say(lang, msgForgot), m.Text)}
	}
	return Reply{Text: e.say(lang, msgConfigUsage)}
}

func validID(s string) bool {
	return len(s) > 0 && len(s) <= 64 && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_' || r == ':')
	}) < 0
}
