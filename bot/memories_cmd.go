package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/prompts"
)

// PageSize is how many memories one /memories page shows.
const PageSize = 10

// ShortIDLen is the length of the ids shown to people.
const ShortIDLen = 8

var (
	msgNoMemories = phrase{"I don't remember anything about you yet.", "我还没有记住关于你的任何内容。"}
	msgMemoriesOf = phrase{"What I remember about you (%d, page %d/%d):", "我记得的关于你的内容（共 %d 条，第 %d/%d 页）："}
	msgBadPage    = phrase{"Page must be a positive number.", "页码必须是正整数。"}
)

func (e *Engine) cmdMemories(ctx context.Context, t turn, c command, lang string) Reply {
	sub := "list"
	if len(c.args) > 0 {
		sub = strings.ToLower(c.args[0])
	}
	switch sub {
	case "list":
		return e.listMemories(ctx, t, c.args, lang)
	default:
		if _, err := strconv.Atoi(sub); err == nil {
			return e.listMemories(ctx, t, append([]string{"list"}, c.args...), lang)
		}
		return Reply{Text: e.say(lang, msgUnknownCommand) + " /memories " + sub + "\n\n" + e.helpText(lang), Private: true}
	}
}

func (e *Engine) listMemories(ctx context.Context, t turn, args []string, lang string) Reply {
	page := 1
	if len(args) > 1 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 {
			return Reply{Text: e.say(lang, msgBadPage), Private: true}
		}
		page = n
	}
	q := memory.MemoryQuery{Owner: t.person.ID, Statuses: []memory.Status{memory.StatusActive, memory.StatusPendingReview}}
	total, err := e.store.CountMemories(ctx, q)
	if err != nil {
		e.log.Error("count memories", "person", t.person.ID, "err", err)
		return Reply{Text: e.say(lang, msgInternalError), Private: true}
	}
	if total == 0 {
		return Reply{Text: e.say(lang, msgNoMemories), Private: true}
	}
	pages := int((total + PageSize - 1) / PageSize)
	if page > pages {
		page = pages
	}
	q.Offset, q.Limit = (page-1)*PageSize, PageSize
	list, err := e.store.ListMemories(ctx, q)
	if err != nil {
		e.log.Error("list memories", "person", t.person.ID, "err", err)
		return Reply{Text: e.say(lang, msgInternalError), Private: true}
	}
	var b strings.Builder
	fmt.Fprintf(&b, e.say(lang, msgMemoriesOf), total, page, pages)
	for _, m := range list {
		b.WriteString("\n" + formatMemory(m, lang))
	}
	r := Reply{Text: b.String(), Private: true}
	var row []Button
	if page > 1 {
		row = append(row, Button{Label: "◀", Command: fmt.Sprintf("/memories list %d", page-1)})
	}
	if page < pages {
		row = append(row, Button{Label: "▶", Command: fmt.Sprintf("/memories list %d", page+1)})
	}
	if len(row) > 0 {
		r.Buttons = [][]Button{row}
	}
	return r
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
