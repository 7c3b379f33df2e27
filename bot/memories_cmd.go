package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/prompts"
)

// PageSize is how many memories one /memories page shows.
const PageSize = 10

// ShortIDLen is the length of the ids shown to people.
const ShortIDLen = 8

// MinIDPrefix is the shortest id prefix a command accepts, so that ids
// cannot be enumerated one character at a time.
const MinIDPrefix = 4

var (
	msgNoMemories   = phrase{"I don't remember anything about you yet.", "我还没有记住关于你的任何内容。"}
	msgMemoriesOf   = phrase{"What I remember about you (%d, page %d/%d):", "我记得的关于你的内容（共 %d 条，第 %d/%d 页）："}
	msgBadPage      = phrase{"Page must be a positive number.", "页码必须是正整数。"}
	msgBadFilter    = phrase{"Unknown filter %q. Types: %s. Lifecycles: %s.", "未知的筛选条件 %q。类型：%s。生命周期：%s。"}
	msgMemoriesHelp = phrase{memoriesHelpEN, memoriesHelpZH}
)

// cmdMemories dispatches the /memories subcommands. Everything it shows is
// private to the person who asked.
func (e *Engine) cmdMemories(ctx context.Context, t turn, c command, lang string) Reply {
	sub, args := "list", c.args
	if len(args) > 0 {
		sub, args = strings.ToLower(args[0]), args[1:]
	}
	switch sub {
	case "list", "ls", "search", "find", "export", "history", "forget", "edit":
		e.catchUp(ctx, t)
	}
	var r Reply
	switch sub {
	case "list", "ls":
		r = e.listMemories(ctx, t, args, lang)
	case "search", "find":
		r = e.searchMemories(ctx, t, strings.Join(args, " "), lang)
	case "forget", "delete", "rm":
		r = e.forgetMemory(ctx, t, args, lang)
	case "edit":
		r = e.editMemory(ctx, t, c, lang)
	case "history":
		r = e.memoryHistory(ctx, t, args, lang)
	case "why":
		r = e.whyMemories(ctx, t, lang)
	case "export":
		r = e.exportMemories(ctx, t, lang)
	case "extract":
		r = e.extractNow(ctx, t, lang)
	case "off":
		r = e.setMemoryOff(ctx, t, true, lang)
	case "on":
		r = e.setMemoryOff(ctx, t, false, lang)
	case "help":
		r = Reply{Text: e.say(lang, msgMemoriesHelp)}
	default:
		if _, err := strconv.Atoi(sub); err == nil {
			r = e.listMemories(ctx, t, c.args, lang)
		} else {
			r = Reply{Text: e.say(lang, msgUnknownCommand) + " /memories " + sub + "\n\n" + e.say(lang, msgMemoriesHelp)}
		}
	}
	r.Private = true
	return r
}

// catchUp extracts what the person said in this conversation and is
// still waiting for its quiet window, so that what they just told the bot
// shows up when they look. With nothing pending it costs nothing.
func (e *Engine) catchUp(ctx context.Context, t turn) {
	if e.extract == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, catchUpTimeout)
	defer cancel()
	if _, err := e.extract.ExtractNow(ctx, t.conv.ID, false); err != nil {
		e.log.Warn("extract before listing memories", "conversation", t.conv.ID, "err", err)
	}
}

// catchUpTimeout bounds catchUp, so a slow model delays a list only a
// little.
const catchUpTimeout = 20 * time.Second

// listMemories shows one page, newest first, optionally filtered by type
// or lifecycle: "/memories list 2 preference temporary".
func (e *Engine) listMemories(ctx context.Context, t turn, args []string, lang string) Reply {
	page := 1
	q := memory.MemoryQuery{Owner: t.person.ID, Statuses: []memory.Status{memory.StatusActive, memory.StatusPendingReview}}
	var filters []string
	for _, a := range args {
		a = strings.ToLower(a)
		if n, err := strconv.Atoi(a); err == nil {
			if n < 1 {
				return Reply{Text: e.say(lang, msgBadPage)}
			}
			page = n
			continue
		}
		switch {
		case memory.Type(a).Valid():
			q.Types = append(q.Types, memory.Type(a))
		case memory.Lifecycle(a).Valid():
			q.Lifecycle = append(q.Lifecycle, memory.Lifecycle(a))
		case a == "all":
			q.Statuses = nil
		default:
			return Reply{Text: fmt.Sprintf(e.say(lang, msgBadFilter), a, joinTypes(), joinLifecycles())}
		}
		filters = append(filters, a)
	}
	total, err := e.mems.Count(ctx, q)
	if err != nil {
		return e.internalError(lang, "count memories", err)
	}
	if total == 0 {
		return Reply{Text: e.say(lang, msgNoMemories)}
	}
	pages := int((total + PageSize - 1) / PageSize)
	page = min(page, pages)
	q.Offset, q.Limit = (page-1)*PageSize, PageSize
	list, err := e.mems.List(ctx, q)
	if err != nil {
		return e.internalError(lang, "list memories", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, e.say(lang, msgMemoriesOf), total, page, pages)
	for _, m := range list {
		b.WriteString("\n" + formatMemory(m, lang))
	}
	r := Reply{Text: b.String()}
	suffix := ""
	if len(filters) > 0 {
		suffix = " " + strings.Join(filters, " ")
	}
	var row []Button
	if page > 1 {
		row = append(row, Button{Label: "◀", Command: fmt.Sprintf("/memories list %d%s", page-1, suffix)})
	}
	if page < pages {
		row = append(row, Button{Label: "▶", Command: fmt.Sprintf("/memories list %d%s", page+1, suffix)})
	}
	if len(row) > 0 {
		r.Buttons = [][]Button{row}
	}
	return r
}

func joinTypes() string {
	s := make([]string, len(memory.Types))
	for i, t := range memory.Types {
		s[i] = string(t)
	}
	return strings.Join(s, ", ")
}

func joinLifecycles() string {
	s := make([]string, len(memory.Lifecycles))
	for i, l := range memory.Lifecycles {
		s[i] = string(l)
	}
	return strings.Join(s, ", ")
}

// formatMemory is one line of a memory list.
func formatMemory(m memory.Memory, lang string) string {
	status := ""
	if m.Status != memory.StatusActive {
		status = " (" + string(m.Status) + ")"
	}
	return fmt.Sprintf("%s [%s · %s] %s%s", shortID(m.ID), prompts.TypeLabel(string(m.Type), lang), m.CreatedAt.Format("2006-01-02"), m.Text, status)
}

func shortID(id string) string {
	if len(id) > ShortIDLen {
		return id[:ShortIDLen]
	}
	return id
}

// internalError logs err and gives the person a short apology.
func (e *Engine) internalError(lang, what string, err error) Reply {
	e.log.Error(what, "err", err)
	return Reply{Text: e.say(lang, msgInternalError)}
}
