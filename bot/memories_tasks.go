package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/prompts"
)

var (
	msgDoneTask    = phrase{"Done: %s\nIt leaves your lists and my replies; /memories done shows the tasks you finished.", "已完成：%s\n它不再出现在列表和我的回复中；/memories done 可查看已完成的任务。"}
	msgAlreadyDone = phrase{"That task is already done: %s", "这个任务已经完成了：%s"}
	msgNotATask    = phrase{"Only tasks can be marked done; %s is a %s.", "只有任务可以标记为完成；%s 是一条%s。"}
	msgNotCurrent  = phrase{"That memory is no longer current (%s); only current tasks can be marked done.", "这条记忆已不是当前的（%s），只有当前的任务可以标记为完成。"}
)

// doneCmd is "/memories done <id>": it marks one of the person's tasks
// done, so that it leaves recall, the default lists and reminders (its
// history says when). "/memories done" alone lists the tasks marked done.
type doneCmd struct {
	*base
	memories Memories
	list     handler
}

func (h doneCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if len(c.args) == 0 {
		return h.list.run(ctx, t, command{name: "list", args: []string{"status:done"}, rest: "status:done"}, lang)
	}
	if _, ok := pageNumber(c.args[0]); ok {
		// "/memories done 2": a page of the finished tasks.
		args := append([]string{"status:done"}, c.args...)
		return h.list.run(ctx, t, command{name: "list", args: args}, lang)
	}
	m, err := h.resolveMemory(ctx, t.person.ID, c.args[0])
	if err != nil {
		return h.idProblem(lang, c.args[0], err)
	}
	switch {
	case m.Type != memory.TypeTask:
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNotATask), shortID(m.ID), prompts.TypeLabel(string(m.Type), lang))}
	case m.Status == memory.StatusDone:
		return Reply{Text: fmt.Sprintf(h.say(lang, msgAlreadyDone), m.Text)}
	}
	done, err := h.memories.Done(ctx, m.Owner, m.ID)
	if errors.Is(err, memory.ErrInvalid) {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNotCurrent), statusLabel(m.Status, lang))}
	}
	if err != nil {
		return h.internalError(lang, "mark task done", err)
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgDoneTask), done.Text)}
}
