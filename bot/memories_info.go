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
	"github.com/membot/membot/memory/text"
)

// SearchLimit is how many results "/memories search" shows.
const SearchLimit = 10

// memorySwitchAttempts bounds the optimistic retries of "/memories off|on".
const memorySwitchAttempts = 5

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

// searchCmd is "/memories search <words>": the person's memories that
// recall ranks best for the words, with their scores.
type searchCmd struct {
	*base
	recall Recaller // nil: search is off
}

func (h searchCmd) run(ctx context.Context, t turn, c command, lang string) Reply {
	q := strings.TrimSpace(strings.Join(c.args, " "))
	if q == "" {
		return Reply{Text: h.say(lang, msgSearchUsage)}
	}
	q = text.Truncate(q, 500)
	q, _ = preprocess.Redact(q) // the query may go to an embedding API
	if h.recall == nil {
		return Reply{Text: h.say(lang, msgSearchOff)}
	}
	got, err := h.recall.Recall(ctx, t.person.ID, RecallQuery{Text: q, Limit: SearchLimit, Literal: true})
	if err != nil {
		return h.internalError(lang, "search memories", err)
	}
	var b strings.Builder
	n := 0
	for _, r := range got {
		if r.Memory.Owner != t.person.ID {
			continue
		}
		if n == 0 {
			fmt.Fprintf(&b, h.say(lang, msgSearchOf), q)
		}
		n++
		fmt.Fprintf(&b, "\n%s (%.2f)", formatMemory(r.Memory, lang), r.Score)
	}
	if n == 0 {
		return Reply{Text: fmt.Sprintf(h.say(lang, msgSearchNone), q)}
	}
	return Reply{Text: b.String()}
}

// whyCmd is "/memories why": which memories went into the person's last
// reply, with their scores and where each was learnt.
type whyCmd struct {
	*base
	why *injections
}

func (h whyCmd) run(ctx context.Context, t turn, _ command, lang string) Reply {
	in, err := h.why.load(ctx, t.person.ID)
	if err != nil {
		return h.internalError(lang, "load why record", err)
	}
	if len(in.Memories) == 0 {
		return Reply{Text: h.say(lang, msgWhyNone)}
	}
	var b strings.Builder
	fmt.Fprintf(&b, h.say(lang, msgWhyOf), in.At.Format("2006-01-02 15:04"))
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
			excerpt = text.Truncate(excerpt, 120) + "…"
		}
		if excerpt != "" {
			excerpt = "“" + excerpt + "”"
		}
		fmt.Fprintf(&b, "\n   "+h.say(lang, msgWhySource), when.Format("2006-01-02"), where, excerpt)
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
	// Format names the document's version, "membot-memories/1".
	Format string `json:"format"`
	// PersonID is whose memories these are.
	PersonID   string    `json:"person_id"`
	ExportedAt time.Time `json:"exported_at"`
	// Memories are every memory of the person, in every status.
	Memories []memory.Memory `json:"memories"`
}

// exportCmd is "/memories export": every memory of the person as a JSON
// file.
type exportCmd struct {
	*base
	memories Memories
}

func (h exportCmd) run(ctx context.Context, t turn, _ command, lang string) Reply {
	all, err := h.memories.List(ctx, memory.MemoryQuery{Owner: t.person.ID})
	if err != nil {
		return h.internalError(lang, "export memories", err)
	}
	if all == nil {
		all = []memory.Memory{}
	}
	doc := Export{Format: "membot-memories/1", PersonID: t.person.ID, ExportedAt: h.now().UTC(), Memories: all}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return h.internalError(lang, "encode export", err)
	}
	return Reply{
		Text: fmt.Sprintf(h.say(lang, msgExported), len(all)),
		File: &File{Name: "membot-memories.json", MIME: "application/json", Data: data},
	}
}

// extractCmd is "/memories extract": an aggressive extraction of this
// conversation now.
type extractCmd struct {
	*base
	extract  Extractor // nil: extraction is off
	memories Memories
}

func (h extractCmd) run(ctx context.Context, t turn, _ command, lang string) Reply {
	if h.extract == nil {
		return Reply{Text: h.say(lang, msgExtractOff)}
	}
	// In a group the pass covers everyone's messages; the asker hears only
	// about their own memories.
	group := isGroup(t.msg)
	var before int64
	if group {
		n, err := h.memories.Count(ctx, memory.MemoryQuery{Owner: t.person.ID})
		if err != nil {
			return h.internalError(lang, "count memories", err)
		}
		before = n
	}
	res, err := h.extract.ExtractNow(ctx, t.conv.ID, true)
	if err != nil {
		h.log.Warn("manual extraction", "conversation", t.conv.ID, "err", err)
		return Reply{Text: h.modelApology(lang, err)}
	}
	if group {
		after, err := h.memories.Count(ctx, memory.MemoryQuery{Owner: t.person.ID})
		if err != nil {
			return h.internalError(lang, "count memories", err)
		}
		return Reply{Text: fmt.Sprintf(h.say(lang, msgExtractedOwn), max(0, after-before))}
	}
	return Reply{Text: fmt.Sprintf(h.say(lang, msgExtracted), res.Added, res.Updated, res.Superseded, res.Conflicts, res.Duplicates)}
}

// memorySwitchCmd is "/memories off" (off set) or "/memories on": whether
// what the person says is captured at all.
type memorySwitchCmd struct {
	*base
	people People
	off    bool
}

func (h memorySwitchCmd) run(ctx context.Context, t turn, _ command, lang string) Reply {
	var loadErr error
	err := memory.RetryConflict(ctx, memorySwitchAttempts, func() error {
		p, err := h.people.Person(ctx, t.person.ID)
		if err != nil {
			loadErr = err
			return err
		}
		p.MemoryOff = h.off
		p.UpdatedAt = h.now()
		return h.people.UpdatePerson(ctx, &p)
	})
	switch {
	case loadErr != nil:
		return h.internalError(lang, "load person", loadErr)
	case err != nil:
		return h.internalError(lang, "update person", err)
	case h.off:
		return Reply{Text: h.say(lang, msgMemoryOffNow)}
	}
	return Reply{Text: h.say(lang, msgMemoryOnNow)}
}
