package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
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

// errBadID means the id given is malformed, unknown or someone else's; the
// answer is the same in every case.
var errBadID = errors.New("no such memory")

// errAmbiguous means the prefix matches several memories.
var errAmbiguous = errors.New("ambiguous id")

// resolveMemory finds the caller's memory by id or id prefix. Another
// person's memory is reported exactly as a missing one.
func (e *Engine) resolveMemory(ctx context.Context, owner, prefix string) (memory.Memory, error) {
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	if len(prefix) < MinIDPrefix || len(prefix) > 64 || strings.IndexFunc(prefix, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r == '-' || r == '_')
	}) >= 0 {
		return memory.Memory{}, errBadID
	}
	list, err := e.mems.List(ctx, memory.MemoryQuery{Owner: owner, IDPrefix: prefix, Limit: 2})
	if err != nil {
		return memory.Memory{}, err
	}
	switch len(list) {
	case 0:
		return memory.Memory{}, errBadID
	case 1:
		return list[0], nil
	}
	for _, m := range list {
		if m.ID == prefix {
			return m, nil
		}
	}
	return memory.Memory{}, errAmbiguous
}

// idProblem turns a resolveMemory error into an answer.
func (e *Engine) idProblem(lang, id string, err error) Reply {
	shown := id
	if utf8.RuneCountInString(shown) > 20 {
		shown = string([]rune(shown)[:20]) + "…"
	}
	switch {
	case errors.Is(err, errBadID):
		return Reply{Text: fmt.Sprintf(e.say(lang, msgNotFound), shown)}
	case errors.Is(err, errAmbiguous):
		return Reply{Text: fmt.Sprintf(e.say(lang, msgAmbiguous), shown)}
	}
	return e.internalError(lang, "find memory", err)
}

func (e *Engine) forgetMemory(ctx context.Context, t turn, args []string, lang string) Reply {
	if len(args) == 0 {
		return Reply{Text: fmt.Sprintf(e.say(lang, msgNeedID), "forget")}
	}
	if strings.EqualFold(args[0], "all") {
		return e.forgetAll(ctx, t, args[1:], lang)
	}
	m, err := e.resolveMemory(ctx, t.person.ID, args[0])
	if err != nil {
		return e.idProblem(lang, args[0], err)
	}
	if err := e.erase(ctx, m); err != nil {
		return e.internalError(lang, "forget memory", err)
	}
	return Reply{Text: fmt.Sprintf(e.say(lang, msgForgot), m.Text)}
}

// erase forgets a memory for good through the memory service (the memory,
// the versions it superseded, their sources and index entries) and drops
// what went from the "/memories why" records.
func (e *Engine) erase(ctx context.Context, m memory.Memory) error {
	gone, err := e.mems.Forget(ctx, m.Owner, m.ID)
	if err != nil {
		return err
	}
	e.forgetInjected(m.Owner, gone)
	return nil
}

// forgetInjected drops erased or rewritten memories from the "/memories
// why" records: the owner's, and everyone's for a server's notes.
func (e *Engine) forgetInjected(owner string, gone []memory.Memory) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for person, in := range e.injected {
		if person != owner && !memory.IsGuildOwner(owner) {
			continue
		}
		kept := in.Memories[:0:0]
		for _, r := range in.Memories {
			if !slices.ContainsFunc(gone, func(g memory.Memory) bool { return g.ID == r.Memory.ID && g.Owner == r.Memory.Owner }) {
				kept = append(kept, r)
			}
		}
		in.Memories = kept
		e.injected[person] = in
	}
}

func (e *Engine) forgetAll(ctx context.Context, t turn, args []string, lang string) Reply {
	owner := t.person.ID
	now := e.opts.Now()
	if len(args) > 0 && strings.EqualFold(args[0], "cancel") {
		e.mu.Lock()
		delete(e.forgetAsked, owner)
		e.mu.Unlock()
		return Reply{Text: e.say(lang, msgCancelled)}
	}
	if len(args) > 0 && strings.EqualFold(args[0], "confirm") {
		e.mu.Lock()
		asked, ok := e.forgetAsked[owner]
		delete(e.forgetAsked, owner)
		e.mu.Unlock()
		if !ok || now.Sub(asked) > ForgetAllWindow {
			return Reply{Text: e.say(lang, msgForgetAllStale)}
		}
		n, err := e.mems.ForgetAll(ctx, owner)
		if err != nil {
			return e.internalError(lang, "forget all memories", err)
		}
		e.mu.Lock()
		delete(e.injected, owner)
		e.mu.Unlock()
		return Reply{Text: fmt.Sprintf(e.say(lang, msgForgotAll), n)}
	}
	n, err := e.mems.Count(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		return e.internalError(lang, "count memories", err)
	}
	e.mu.Lock()
	e.forgetAsked[owner] = now
	e.mu.Unlock()
	return Reply{
		Text: fmt.Sprintf(e.say(lang, msgForgetAllAsk), n),
		Buttons: [][]Button{{
			{Label: e.say(lang, msgConfirm), Command: "/memories forget all confirm"},
			{Label: e.say(lang, msgCancel), Command: "/memories forget all cancel"},
		}},
	}
}

// editMemory replaces a memory's text, keeping the old text in its history.
func (e *Engine) editMemory(ctx context.Context, t turn, c command, lang string) Reply {
	if len(c.args) < 3 {
		return Reply{Text: e.say(lang, msgEditUsage)}
	}
	id := c.args[1]
	text, _ := preprocess.Redact(afterWords(c.rest, 2)) // after "edit <id>"
	if len(text) > memory.MaxMemoryText {
		return Reply{Text: fmt.Sprintf(e.say(lang, msgEditTooLong), memory.MaxMemoryText)}
	}
	m, err := e.resolveMemory(ctx, t.person.ID, id)
	if err != nil {
		return e.idProblem(lang, id, err)
	}
	updated, err := e.mems.Edit(ctx, m.Owner, m.ID, text)
	if err != nil {
		return e.internalError(lang, "edit memory", err)
	}
	e.forgetInjected(updated.Owner, []memory.Memory{updated})
	return Reply{Text: fmt.Sprintf(e.say(lang, msgEdited), shortID(updated.ID))}
}

// memoryHistory lists a memory's versions and supersessions, oldest first.
func (e *Engine) memoryHistory(ctx context.Context, t turn, args []string, lang string) Reply {
	if len(args) == 0 {
		return Reply{Text: fmt.Sprintf(e.say(lang, msgNeedID), "history")}
	}
	m, err := e.resolveMemory(ctx, t.person.ID, args[0])
	if err != nil {
		return e.idProblem(lang, args[0], err)
	}
	chain, err := e.mems.History(ctx, m.Owner, m.ID)
	if err != nil {
		return e.internalError(lang, "memory history", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, e.say(lang, msgHistoryOf), shortID(m.ID))
	for _, c := range chain {
		for _, v := range c.History {
			fmt.Fprintf(&b, "\n%s  %s: %s", v.Time.Format("2006-01-02"), historyAction(v.Action, lang), v.Text)
		}
		marker := ""
		if c.ID == m.ID {
			marker = " ←"
		}
		fmt.Fprintf(&b, "\n%s  %s [%s] %s%s", c.UpdatedAt.Format("2006-01-02"), shortID(c.ID), statusLabel(c.Status, lang), c.Text, marker)
	}
	return Reply{Text: b.String()}
}

func historyAction(action, lang string) string {
	zh := map[string]string{"edit": "编辑前", "update": "合并前", "supersede": "被取代前"}
	en := map[string]string{"edit": "before edit", "update": "before update", "supersede": "before supersession"}
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

func statusLabel(s memory.Status, lang string) string {
	if lang != "zh" {
		return string(s)
	}
	return map[memory.Status]string{
		memory.StatusActive: "当前", memory.StatusSuperseded: "已被取代",
		memory.StatusArchived: "已归档", memory.StatusPendingReview: "待确认",
	}[s]
}
