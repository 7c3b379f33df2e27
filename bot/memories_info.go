package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

// SearchLimit is how many results "/memories search" shows.
const SearchLimit = 10

var (
	msgSearchUsage  = phrase{"Usage: /memories search <words>", "用法：/memories search <关键词>"}
	msgSearchNone   = phrase{"Nothing I remember matches %q.", "没有与 %q 相关的记忆。"}
	msgSearchOf     = phrase{"Memories matching %q:", "与 %q 相关的记忆："}
	msgSearchOff    = phrase{"Search is not available right now.", "搜索暂不可用。"}
	msgWhyNone      = phrase{"No memories went into my last reply to you.", "我上一条回复没有用到任何记忆。"}
	msgWhyOf        = phrase{"My last reply to you (%s) used these memories:", "我上一条回复（%s）用到了这些记忆："}
	msgWhySource    = phrase{"learnt on %s in %s, %s", "于 %s 在 %s 得知，%s"}
	msgExported     = phrase{"Here are all %d of your memories as JSON.", "这是你全部 %d 条记忆的 JSON 导出。"}
	msgExtractOff   = phrase{"Extraction is not available.", "提取功能不可用。"}
	msgExtracted    = phrase{"Extraction done: %d added, %d updated, %d superseded, %d conflicts to review, %d duplicates skipped.", "提取完成：新增 %d，更新 %d，取代 %d，待确认冲突 %d，跳过重复 %d。"}
	msgExtractedOwn = phrase{"Extraction done: %d new memories of yours.", "提取完成：新增你的记忆 %d 条。"}
	msgMemoryOffNow = phrase{"Memory is off: from now on nothing you say is captured or remembered until /memories on. What I already remember stays until you forget it.", "记忆已关闭：在你发送 /memories on 之前，你说的话不会被记录或记住。已有的记忆会保留，除非你删除。"}
	msgMemoryOnNow  = phrase{"Memory is on: I will remember what matters from our conversations.", "记忆已开启：我会记住对话中重要的内容。"}
)

func (e *Engine) searchMemories(ctx context.Context, t turn, q, lang string) Reply {
	q = strings.TrimSpace(q)
	if q == "" {
		return Reply{Text: e.say(lang, msgSearchUsage)}
	}
	if utf8.RuneCountInString(q) > 500 {
		q = string([]rune(q)[:500])
	}
	q, _ = preprocess.Redact(q) // the query may go to an embedding API
	if e.recall == nil {
		return Reply{Text: e.say(lang, msgSearchOff)}
	}
	got, err := e.recall.Recall(ctx, t.person.ID, RecallQuery{Text: q, Limit: SearchLimit})
	if err != nil {
		return e.internalError(lang, "search memories", err)
	}
	var b strings.Builder
	n := 0
	for _, r := range got {
		if r.Memory.Owner != t.person.ID {
			continue
		}
		if n == 0 {
			fmt.Fprintf(&b, e.say(lang, msgSearchOf), q)
		}
		n++
		fmt.Fprintf(&b, "\n%s (%.2f)", formatMemory(r.Memory, lang), r.Score)
	}
	if n == 0 {
		return Reply{Text: fmt.Sprintf(e.say(lang, msgSearchNone), q)}
	}
	return Reply{Text: b.String()}
}

func (e *Engine) whyMemories(ctx context.Context, t turn, lang string) Reply {
	in, err := e.lastInjection(ctx, t.person.ID)
	if err != nil {
		return e.internalError(lang, "load why record", err)
	}
	if len(in.Memories) == 0 {
		return Reply{Text: e.say(lang, msgWhyNone)}
	}
	var b strings.Builder
	fmt.Fprintf(&b, e.say(lang, msgWhyOf), in.At.Format("2006-01-02 15:04"))
	for _, r := range in.Memories {
		m := r.Memory
		fmt.Fprintf(&b, "\n%s\n   score %.2f%s", formatMemory(m, lang), r.Score, formatParts(r.Parts))
		src := m.Source
		where := src.Platform
		if src.ConversationID != "" {
			where = src.ConversationID
		}
		when := src.Time
		if when.IsZero() {
			when = m.CreatedAt
		}
		excerpt := src.Excerpt
		if utf8.RuneCountInString(excerpt) > 120 {
			excerpt = string([]rune(excerpt)[:120]) + "…"
		}
		if excerpt != "" {
			excerpt = "“" + excerpt + "”"
		}
		fmt.Fprintf(&b, "\n   "+e.say(lang, msgWhySource), when.Format("2006-01-02"), where, excerpt)
	}
	return Reply{Text: b.String()}
}

func formatParts(parts map[string]float64) string {
	if len(parts) == 0 {
		return ""
	}
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString(" (")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %.2f", k, parts[k])
	}
	b.WriteString(")")
	return b.String()
}

// Export is the JSON document "/memories export" produces.
type Export struct {
	Format     string          `json:"format"`
	PersonID   string          `json:"person_id"`
	ExportedAt time.Time       `json:"exported_at"`
	Memories   []memory.Memory `json:"memories"`
}

func (e *Engine) exportMemories(ctx context.Context, t turn, lang string) Reply {
	all, err := e.mems.List(ctx, memory.MemoryQuery{Owner: t.person.ID})
	if err != nil {
		return e.internalError(lang, "export memories", err)
	}
	if all == nil {
		all = []memory.Memory{}
	}
	doc := Export{Format: "membot-memories/1", PersonID: t.person.ID, ExportedAt: e.opts.Now().UTC(), Memories: all}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return e.internalError(lang, "encode export", err)
	}
	return Reply{
		Text: fmt.Sprintf(e.say(lang, msgExported), len(all)),
		File: &File{Name: "membot-memories.json", MIME: "application/json", Data: data},
	}
}

func (e *Engine) extractNow(ctx context.Context, t turn, lang string) Reply {
	if e.extract == nil {
		return Reply{Text: e.say(lang, msgExtractOff)}
	}
	// In a group the pass covers everyone's messages; the asker hears only
	// about their own memories.
	group := isGroup(t.msg)
	var before int64
	if group {
		n, err := e.mems.Count(ctx, memory.MemoryQuery{Owner: t.person.ID})
		if err != nil {
			return e.internalError(lang, "count memories", err)
		}
		before = n
	}
	res, err := e.extract.ExtractNow(ctx, t.conv.ID, true)
	if err != nil {
		e.log.Warn("manual extraction", "conversation", t.conv.ID, "err", err)
		return Reply{Text: e.modelApology(lang, err)}
	}
	if group {
		after, err := e.mems.Count(ctx, memory.MemoryQuery{Owner: t.person.ID})
		if err != nil {
			return e.internalError(lang, "count memories", err)
		}
		return Reply{Text: fmt.Sprintf(e.say(lang, msgExtractedOwn), max(0, after-before))}
	}
	return Reply{Text: fmt.Sprintf(e.say(lang, msgExtracted), res.Added, res.Updated, res.Superseded, res.Conflicts, res.Duplicates)}
}

func (e *Engine) setMemoryOff(ctx context.Context, t turn, off bool, lang string) Reply {
	for attempt := 0; attempt < 5; attempt++ {
		p, err := e.people.Person(ctx, t.person.ID)
		if err != nil {
			return e.internalError(lang, "load person", err)
		}
		p.MemoryOff = off
		p.UpdatedAt = e.opts.Now()
		if err = e.people.UpdatePerson(ctx, &p); err == nil {
			break
		} else if attempt == 4 {
			return e.internalError(lang, "update person", err)
		}
	}
	if off {
		return Reply{Text: e.say(lang, msgMemoryOffNow)}
	}
	return Reply{Text: e.say(lang, msgMemoryOnNow)}
}
