package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// ForgetAllWindow is how long a "/memories forget all" waits for its
// confirmation.
const ForgetAllWindow = 2 * time.Minute

var (
	msgNeedID         = phrase{"Which memory? Give its id from /memories, e.g. /memories %s 1a2b3c4d", "哪一条记忆？请提供 /memories 中显示的编号，例如 /memories %s 1a2b3c4d"}
	msgNotFound       = phrase{"No memory %q found.", "没有找到记忆 %q。"}
	msgAmbiguous      = phrase{"%q matches several memories; give more characters of the id.", "%q 匹配到多条记忆，请提供更长的编号。"}
	msgForgot         = phrase{"Forgotten for good: %s", "已永久删除：%s"}
	msgForgetAllAsk   = phrase{"This permanently deletes all %d of your memories and every message of yours I captured. To confirm, send /memories forget all confirm within 2 minutes.", "这将永久删除你的全部 %d 条记忆，以及我记录的你说过的所有消息。如确认，请在 2 分钟内发送 /memories forget all confirm。"}
	msgForgetAllStale = phrase{"No deletion is waiting for confirmation (it expires after 2 minutes). Send /memories forget all first.", "没有待确认的删除（确认在 2 分钟后失效）。请先发送 /memories forget all。"}
	msgForgotAll      = phrase{"Deleted all %d of your memories and the messages I had captured from you.", "已删除你的全部 %d 条记忆以及我记录的你的消息。"}
	msgCancelled      = phrase{"Cancelled; nothing was deleted.", "已取消，没有删除任何内容。"}
	msgEditUsage      = phrase{"Usage: /memories edit <id> <new text>", "用法：/memories edit <编号> <新内容>"}
	msgEditTooLong    = phrase{"That text is too long for a memory (at most %d bytes: about that many English characters, a third as many Chinese ones).", "内容太长，一条记忆最多 %d 字节（约为其三分之一个汉字）。"}
	msgEdited         = phrase{"Updated. The old version is kept in /memories history %s.", "已更新。旧版本保存在 /memories history %s 中。"}
	msgHistoryOf      = phrase{"History of %s:", "%s 的历史："}
	msgConfirm        = phrase{"Delete everything", "全部删除"}
	msgCancel         = phrase{"Cancel", "取消"}
)

// forgetCmd is "/memories forget <id>": it erases one memory for good
// through the memory service (the memory, the versions it superseded,
// their sources and index entries) and drops it from the why records.
// "/memories forget all" goes to all.
type forgetCmd struct {
	*base
	memories Memories
	why      *injections
	all      handler
}

func (h forgetCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if len(c.args) == 0 {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNeedID), "forget")}
	}
	if strings.EqualFold(c.args[0], "all") {
		return h.all.run(ctx, t, c.sub(), lang)
	}
	m, err := h.resolveMemory(ctx, t.person.ID, c.args[0])
	if err != nil {
		return h.idProblem(lang, c.args[0], err)
	}
	gone, err := h.memories.Forget(ctx, m.Owner, m.ID)
	if err != nil {
		return h.internalError(lang, "forget memory", err)
	}
	h.why.forget(m.Owner, gone)
	return Reply{Text: fmt.Sprintf(h.say(lang, msgForgot), m.Text)}
}

// forgetAllCmd is "/memories forget all [confirm|cancel]": everything a
// person has is erased only on a confirmation within ForgetAllWindow. It
// runs as the command "all" with the answer as its argument. The request
// waits in the store, so that the confirmation may reach another replica
// or this one after a restart, and is taken once: of two replicas given
// the same confirmation, one erases and the other says nothing waits.
type forgetAllCmd struct {
	*base
	memories Memories
	why      *injections
	settings Settings
}

// forgetAllKey is the setting under which a person's "forget all" waits
// for its confirmation.
func forgetAllKey(personID string) string { return "confirm:forget-all:" + personID }

func (h forgetAllCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	owner := t.person.ID
	now := h.now()
	answer := ""
	if len(c.args) > 0 {
		answer = strings.ToLower(c.args[0])
	}
	switch answer {
	case "cancel":
		if _, err := h.settings.TakeSetting(ctx, forgetAllKey(owner)); err != nil && !errors.Is(err, memory.ErrNotFound) {
			return h.internalError(lang, "cancel forget all", err)
		}
		return Reply{Text: h.say(lang, msgCancelled)}
	case "confirm":
		// The store drops the request once its window is over; taking it
		// is the single use.
		_, err := h.settings.TakeSetting(ctx, forgetAllKey(owner))
		if errors.Is(err, memory.ErrNotFound) {
			return Reply{Text: h.say(lang, msgForgetAllStale)}
		}
		if err != nil {
			return h.internalError(lang, "take forget-all confirmation", err)
		}
		n, err := h.memories.ForgetAll(ctx, owner)
		if err != nil {
			return h.internalError(lang, "forget all memories", err)
		}
		h.why.drop(owner)
		// Where reminders reached the person, and whether they wanted
		// them, go with everything else.
		for _, key := range []string{remindOnKey(owner), remindToKey(owner)} {
			if _, err := h.settings.TakeSetting(ctx, key); err != nil && !errors.Is(err, memory.ErrNotFound) {
				h.log.Warn("drop reminder setting", "person", owner, "err", err)
			}
		}
		return Reply{Text: fmt.Sprintf(h.say(lang, msgForgotAll), n)}
	}
	n, err := h.memories.Count(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		return h.internalError(lang, "count memories", err)
	}
	if err := h.settings.PutSetting(ctx, forgetAllKey(owner), now.UTC().Format(time.RFC3339Nano), now.Add(ForgetAllWindow)); err != nil {
		return h.internalError(lang, "keep forget-all request", err)
	}
	return Reply{
		Text: fmt.Sprintf(h.say(lang, msgForgetAllAsk), n),
		Buttons: [][]Button{{
			{Label: h.say(lang, msgConfirm), Command: "/memories forget all confirm"},
			{Label: h.say(lang, msgCancel), Command: "/memories forget all cancel"},
		}},
	}
}

// editCmd is "/memories edit <id> <text>": it replaces a memory's text,
// keeping the old text in its history.
type editCmd struct {
	*base
	memories Memories
	why      *injections
}

func (h editCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if len(c.args) < 2 {
		return Reply{Text: h.say(lang, msgEditUsage)}
	}
	id := c.args[0]
	text := afterWords(c.rest, 1) // after "<id>"; the service redacts it
	if len(text) > memory.MaxMemoryText {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgEditTooLong), memory.MaxMemoryText)}
	}
	m, err := h.resolveMemory(ctx, t.person.ID, id)
	if err != nil {
		return h.idProblem(lang, id, err)
	}
	updated, err := h.memories.Edit(ctx, m.Owner, m.ID, text)
	if err != nil {
		return h.internalError(lang, "edit memory", err)
	}
	h.why.forget(updated.Owner, []memory.Memory{updated})
	return Reply{Text: fmt.Sprintf(h.say(lang, msgEdited), shortID(updated.ID))}
}

// historyCmd is "/memories history <id>": a memory's versions and
// supersessions, oldest first.
type historyCmd struct {
	*base
	memories Memories
}

func (h historyCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	if len(c.args) == 0 {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgNeedID), "history")}
	}
	m, err := h.resolveMemory(ctx, t.person.ID, c.args[0])
	if err != nil {
		return h.idProblem(lang, c.args[0], err)
	}
	chain, err := h.memories.History(ctx, m.Owner, m.ID)
	if err != nil {
		return h.internalError(lang, "memory history", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, h.say(lang, msgHistoryOf), shortID(m.ID))
	for _, v := range chain {
		for _, old := range v.History {
			fmt.Fprintf(&b, "\n%s  %s: %s", old.Time.Format("2006-01-02"), HistoryAction(old.Action, lang), old.Text)
		}
		marker := ""
		if v.ID == m.ID {
			marker = " ←"
		}
		fmt.Fprintf(&b, "\n%s  %s [%s] %s%s", v.UpdatedAt.Format("2006-01-02"), shortID(v.ID), StatusLabel(v.Status, lang), v.Text, marker)
	}
	return Reply{Text: b.String()}
}

// HistoryAction says what a history entry of a memory records, in lang
// ("en" or "zh"): the text kept is the one before that action. Chat's
// "/memories history" and the panel's timeline say it alike.
func HistoryAction(action, lang string) string {
	zh := map[string]string{"edit": "编辑前", "update": "合并前", "supersede": "被取代前", "review": "有更新的同类记忆，待确认", "done": "标记为已完成", "reviewed": "确认时已处理", "archive": "已归档"}
	en := map[string]string{"edit": "before edit", "update": "before update", "supersede": "before supersession", "review": "set aside for review: a newer memory says otherwise", "done": "marked done", "reviewed": "resolved on review", "archive": "archived"}
	m := en
	if lang == "zh" {
		m = zh
	}
	if s, ok := m[action]; ok {
		return s
	}
	if action == "" {
		return m["update"]
	}
	return action
}

// StatusLabel names a memory's status in lang, as chat shows it.
func StatusLabel(s memory.Status, lang string) string {
	if lang != "zh" {
		if s == memory.StatusPendingReview {
			return "awaiting review"
		}
		return string(s)
	}
	return map[memory.Status]string{
		memory.StatusActive: "当前", memory.StatusSuperseded: "已被取代",
		memory.StatusArchived: "已归档", memory.StatusPendingReview: "待确认", memory.StatusDone: "已完成",
	}[s]
}
