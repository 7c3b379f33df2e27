package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
	// "/memories done 2": a page of the finished tasks. An id prefix can be
	// all digits too ("31415926"): a number as long as a prefix is a page
	// only when no memory's id starts with it.
	_, isPage := pageNumber(c.args[0])
	donePage := func() Reply {
		args := append([]string{"status:done"}, c.args...)
		return h.list.run(ctx, t, command{name: "list", args: args}, lang)
	}
	if isPage && len(c.args[0]) < MinIDPrefix {
		return donePage()
	}
	m, err := h.resolveMemory(ctx, t.person.ID, c.args[0])
	if errors.Is(err, errBadID) && isPage {
		return donePage()
	}
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
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNotCurrent), StatusLabel(m.Status, lang))}
	}
	if err != nil {
		return h.internalError(lang, "mark task done", err)
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgDoneTask), done.Text)}
}

var (
	msgRemindOn      = phrase{"Reminders on: I'll message you privately %s before a task or event of yours is due (on the morning of the day for one without a time). /memories remind off stops them.", "提醒已开启：你的任务或事件到期前 %s，我会私下发消息提醒你（没有具体时间的，在当天早上提醒）。/memories remind off 可关闭。"}
	msgRemindNoDM    = phrase{"\nSend me a private message once, so that I know where to reach you.", "\n请先私聊我一次，这样我才知道在哪里提醒你。"}
	msgRemindOff     = phrase{"Reminders off: I won't message you about your tasks and events.", "提醒已关闭：我不会再就你的任务和事件发消息提醒你。"}
	msgRemindState   = phrase{"Reminders are %s. Usage: /memories remind on | off", "提醒当前%s。用法：/memories remind on | off"}
	msgRemindStateOn = phrase{"on", "已开启"}
	msgRemindStateNo = phrase{"off", "已关闭"}
	msgRemindUnavail = phrase{"Reminders are turned off on this bot.", "此机器人未启用提醒功能。"}
)

// remindCmd is "/memories remind on|off": whether the person is told
// privately before their tasks and events fall due. The choice is kept in
// the store, for every replica.
type remindCmd struct {
	*base
	settings Settings
	remind   *reminders
}

func (h remindCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if !h.remind.enabled() {
		return Reply{Text: h.say(lang, msgRemindUnavail)}
	}
	owner := t.person.ID
	word := ""
	if len(c.args) > 0 {
		word = strings.ToLower(c.args[0])
	}
	switch word {
	case "on", "开", "开启", "打开":
		if err := h.settings.PutSetting(ctx, remindOnKey(owner), "on", time.Time{}); err != nil {
			return h.internalError(lang, "turn reminders on", err)
		}
		text := fmt.Sprintf(h.say(lang, msgRemindOn), leadText(h.remind.opts.Lead, lang))
		if !t.msg.IsDM {
			if _, err := h.settings.Setting(ctx, remindToKey(owner)); errors.Is(err, memory.ErrNotFound) {
				text += h.say(lang, msgRemindNoDM)
			}
		}
		return Reply{Text: text}
	case "off", "关", "关闭":
		if _, err := h.settings.TakeSetting(ctx, remindOnKey(owner)); err != nil && !errors.Is(err, memory.ErrNotFound) {
			return h.internalError(lang, "turn reminders off", err)
		}
		return Reply{Text: h.say(lang, msgRemindOff)}
	}
	state := msgRemindStateNo
	if v, err := h.settings.Setting(ctx, remindOnKey(owner)); err == nil && v == "on" {
		state = msgRemindStateOn
	} else if err != nil && !errors.Is(err, memory.ErrNotFound) {
		return h.internalError(lang, "read reminder choice", err)
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgRemindState), h.say(lang, state))}
}

// leadText says a lead time the way a person would: "1 hour", "30
// minutes", "1 小时".
func leadText(d time.Duration, lang string) string {
	if d%time.Hour == 0 {
		if lang == "zh" {
			return fmt.Sprintf("%d 小时", d/time.Hour)
		}
		if d == time.Hour {
			return "1 hour"
		}
		return fmt.Sprintf("%d hours", d/time.Hour)
	}
	m := d.Round(time.Minute) / time.Minute
	if lang == "zh" {
		return fmt.Sprintf("%d 分钟", m)
	}
	return fmt.Sprintf("%d minutes", m)
}
