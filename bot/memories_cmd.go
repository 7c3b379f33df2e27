package bot

import (
	"context"
	"fmt"
	"log/slog"
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
	msgBadFilter    = phrase{"Unknown filter or subcommand %q. Filters: a page number, types (%s), lifecycles (%s), statuses (done, status:archived, …), \"all\" (also superseded, archived and done). /memories help lists the subcommands.", "未知的筛选条件或子命令 %q。可用筛选：页码、类型（%s）、生命周期（%s）、状态（已完成、状态:已归档 等）、\"全部\"（包括已被取代、已归档和已完成的）。/memories help 查看子命令。"}
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
	if s, ok := m.subs[sub.name]; ok {
		if s.catchUp {
			m.catchUp.run(ctx, t)
		}
		r = s.run(ctx, t, sub, lang)
	} else {
		// "/memories", "/memories 2 preference": a list, which explains a
		// word it does not know.
		if _, bad, badPage := parseListFilter(c.args); bad == "" && !badPage {
			m.catchUp.run(ctx, t)
		}
		r = m.list.run(ctx, t, c, lang)
	}
	r.Private = true
	return r
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
	f, bad, badPage := parseListFilter(c.args)
	switch {
	case badPage:
		return Reply{Text: h.say(lang, msgBadPage)}
	case bad != "":
		return Reply{Text: fmt.Sprintf(h.say(lang, msgBadFilter), bad, joinTypes(lang), joinLifecycles(lang))}
	}
	page := max(f.page, 1)
	q := memory.MemoryQuery{Owner: t.person.ID, Types: f.types, Lifecycle: f.lifecycles, Statuses: f.statuses}
	if !f.all && len(f.statuses) == 0 {
		q.Statuses = []memory.Status{memory.StatusActive, memory.StatusPendingReview}
	}
	filters := f.words
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

// joinTypes lists the type filters, with their Chinese names in zh.
func joinTypes(lang string) string {
	s := make([]string, len(memory.Types))
	for i, t := range memory.Types {
		s[i] = string(t)
		if lang == "zh" {
			s[i] += "/" + prompts.TypeLabel(string(t), lang)
		}
	}
	return strings.Join(s, ", ")
}

// joinLifecycles lists the lifecycle filters, with their Chinese names in
// zh.
func joinLifecycles(lang string) string {
	if lang == "zh" {
		return "long_term/长期, lifecycle:fact/生命周期:事实, temporary/临时"
	}
	return "long_term, lifecycle:fact, temporary"
}
