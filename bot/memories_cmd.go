package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory"
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

// memoriesCmd is "/memories": it runs the subcommand named by its first
// word (a list by default). Everything it shows is private to the person
// who asked.
type memoriesCmd struct {
	*base
	subs    map[string]subcommand
	list    handler
	catchUp catchUp
}

// subcommand is one entry of the /memories table.
type subcommand struct {
	handler
	// catchUp runs pending extraction first, so that what the person just
	// said shows up in what they look at.
	catchUp bool
}

func (m memoriesCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	var r Reply
	sub := c.sub()
	switch s, ok := m.subs[sub.name]; {
	case len(c.args) == 0:
		m.catchUp.run(ctx, t)
		r = m.list.run(ctx, t, sub, lang)
	case ok:
		if s.catchUp {
			m.catchUp.run(ctx, t)
		}
		r = s.run(ctx, t, sub, lang)
	case isNumber(sub.name): // "/memories 2" is page 2
		r = m.list.run(ctx, t, c, lang)
	default:
		r = Reply{Text: m.say(lang, msgUnknownCommand) + " /memories " + sub.name + "\n\n" + m.say(lang, msgMemoriesHelp)}
	}
	r.Private = true
	return r
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// textCmd answers with a fixed phrase ("/memories help").
type textCmd struct {
	*base
	text phrase
}

func (h textCmd) run(_ context.Context, _ turn, _ command, lang string) Reply {
	return Reply{Text: h.say(lang, h.text)}
}

// catchUp extracts what the person said in this conversation and is
// still waiting for its quiet window. With nothing pending it costs
// nothing.
type catchUp struct {
	extract Extractor // nil: no extraction
	log     *slog.Logger
}

// catchUpTimeout bounds catchUp, so a slow model delays a list only a
// little.
const catchUpTimeout = 20 * time.Second

func (u catchUp) run(ctx context.Context, t turn) {
	if u.extract == nil {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, catchUpTimeout)
	defer cancel()
	if _, err := u.extract.ExtractNow(ctx, t.conv.ID, false); err != nil {
		u.log.Warn("extract before listing memories", "conversation", t.conv.ID, "err", err)
	}
}

// listCmd shows one page, newest first, optionally filtered by type or
// lifecycle: "/memories list 2 preference temporary".
type listCmd struct {
	*base
	memories Memories
}

func (h listCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	page := 1
	q := memory.MemoryQuery{Owner: t.person.ID, Statuses: []memory.Status{memory.StatusActive, memory.StatusPendingReview}}
	var filters []string
	for _, a := range c.args {
		a = strings.ToLower(a)
		if n, err := strconv.Atoi(a); err == nil {
			if n < 1 {
				return Reply{Text: h.say(lang, msgBadPage)}
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
			return Reply{Text: fmt.Sprintf(h.say(lang, msgBadFilter), a, joinTypes(), joinLifecycles())}
		}
		filters = append(filters, a)
	}
	total, err := h.memories.Count(ctx, q)
	if err != nil {
		return h.internalError(lang, "count memories", err)
	}
	if total == 0 {
		return Reply{Text: h.say(lang, msgNoMemories)}
	}
	pages := int((total + PageSize - 1) / PageSize)
	page = min(page, pages)
	q.Offset, q.Limit = (page-1)*PageSize, PageSize
	list, err := h.memories.List(ctx, q)
	if err != nil {
		return h.internalError(lang, "list memories", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, h.say(lang, msgMemoriesOf), total, page, pages)
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
