package bot

import (
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
)

// listFilter is what "/memories [page] [filters…]" asks for: a page and
// any number of type and lifecycle filters, in any order, in English or
// Chinese.
type listFilter struct {
	page       int // 0: not given
	types      []memory.Type
	lifecycles []memory.Lifecycle
	statuses   []memory.Status // empty: the current ones (active, awaiting review)
	all        bool            // also superseded, archived and done memories
	// words are the filters by their canonical names, in the order given,
	// for the page buttons.
	words []string
}

// typeWords name each memory type: its own name first, then synonyms.
var typeWords = map[string]memory.Type{
	"preference": memory.TypePreference, "preferences": memory.TypePreference, "偏好": memory.TypePreference, "喜好": memory.TypePreference,
	"fact": memory.TypeFact, "facts": memory.TypeFact, "事实": memory.TypeFact, "事實": memory.TypeFact,
	"skill": memory.TypeSkill, "skills": memory.TypeSkill, "技能": memory.TypeSkill,
	"objective": memory.TypeObjective, "objectives": memory.TypeObjective, "goal": memory.TypeObjective, "goals": memory.TypeObjective, "目标": memory.TypeObjective, "目標": memory.TypeObjective,
	"context": memory.TypeContext, "背景": memory.TypeContext, "上下文": memory.TypeContext,
	"decision": memory.TypeDecision, "decisions": memory.TypeDecision, "决定": memory.TypeDecision, "決定": memory.TypeDecision, "决策": memory.TypeDecision,
	"task": memory.TypeTask, "tasks": memory.TypeTask, "todo": memory.TypeTask, "任务": memory.TypeTask, "任務": memory.TypeTask, "待办": memory.TypeTask,
	"event": memory.TypeEvent, "events": memory.TypeEvent, "事件": memory.TypeEvent,
}

// lifecycleWords name each lifecycle. "fact" and "事实" are the type
// (the commoner wish); "lifecycle:fact" or "生命周期:事实" is the
// lifecycle.
var lifecycleWords = map[string]memory.Lifecycle{
	"long_term": memory.LifecycleLongTerm, "long-term": memory.LifecycleLongTerm, "longterm": memory.LifecycleLongTerm, "permanent": memory.LifecycleLongTerm, "长期": memory.LifecycleLongTerm, "長期": memory.LifecycleLongTerm, "永久": memory.LifecycleLongTerm,
	"fact": memory.LifecycleFact, "事实": memory.LifecycleFact, "事實": memory.LifecycleFact,
	"temporary": memory.LifecycleTemporary, "temp": memory.LifecycleTemporary, "短期": memory.LifecycleTemporary, "临时": memory.LifecycleTemporary, "臨時": memory.LifecycleTemporary,
}

// statusWords name the statuses a list may ask for ("status:archived"),
// and "done" alone (a task marked done).
var statusWords = map[string]memory.Status{
	"active": memory.StatusActive, "当前": memory.StatusActive,
	"superseded": memory.StatusSuperseded, "已被取代": memory.StatusSuperseded,
	"archived": memory.StatusArchived, "已归档": memory.StatusArchived,
	"pending_review": memory.StatusPendingReview, "review": memory.StatusPendingReview, "待确认": memory.StatusPendingReview,
	"done": memory.StatusDone, "已完成": memory.StatusDone, "完成": memory.StatusDone,
}

// allWords ask for every status.
var allWords = map[string]bool{"all": true, "everything": true, "全部": true, "所有": true}

// parseListFilter reads the arguments of a list. It returns the first word
// it does not understand (bad), or badPage when a page number is below 1.
func parseListFilter(args []string) (f listFilter, bad string, badPage bool) {
	for _, arg := range args {
		a := strings.ToLower(arg)
		if n, ok := pageNumber(a); ok {
			if n < 1 {
				return f, "", true
			}
			f.page = n
			continue
		}
		kind, word := "", a
		if k, w, ok := cutPrefix(a); ok {
			kind, word = k, w
		}
		if ty, ok := typeWords[word]; ok && kind != "lifecycle" {
			f.types = append(f.types, ty)
			f.words = append(f.words, string(ty))
			continue
		}
		if l, ok := lifecycleWords[word]; ok && kind != "type" {
			f.lifecycles = append(f.lifecycles, l)
			if _, ambiguous := typeWords[string(l)]; ambiguous {
				f.words = append(f.words, "lifecycle:"+string(l))
			} else {
				f.words = append(f.words, string(l))
			}
			continue
		}
		if st, ok := statusWords[word]; ok && (kind == "status" || kind == "" && st == memory.StatusDone) {
			f.statuses = append(f.statuses, st)
			f.words = append(f.words, "status:"+string(st))
			continue
		}
		if allWords[word] && kind == "" {
			f.all = true
			f.words = append(f.words, "all")
			continue
		}
		return f, arg, false
	}
	return f, "", false
}

// pageNumber reads "2", "p2", "page2" or "第2页".
func pageNumber(a string) (int, bool) {
	for _, p := range []string{"page", "p", "第"} {
		if rest, ok := strings.CutPrefix(a, p); ok && rest != "" {
			a = rest
			break
		}
	}
	for _, s := range []string{"页", "頁"} {
		a = strings.TrimSuffix(a, s)
	}
	n, err := strconv.Atoi(a)
	return n, err == nil
}

// cutPrefix splits "type:fact" or "生命周期：事实" into the kind ("type",
// "lifecycle" or "status") and the word.
func cutPrefix(a string) (kind, word string, ok bool) {
	a = strings.Replace(a, "：", ":", 1)
	k, w, found := strings.Cut(a, ":")
	if !found {
		return "", "", false
	}
	switch k {
	case "type", "类型", "類型":
		return "type", w, true
	case "lifecycle", "生命周期":
		return "lifecycle", w, true
	case "status", "状态", "狀態":
		return "status", w, true
	}
	return "", "", false
}
