package main

import (
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/text"
)

// promptTokens estimates what the extraction prompt and schema cost per
// call besides the window itself (their templates are about 7 KB).
const promptTokens = 1800

// answerTokens estimates one extraction answer.
const answerTokens = 150

// dryRun plans an import without writing: the windows extraction would
// read, cut as the pipeline cuts them, and what a model would cost.
type dryRun struct {
	rows  []planRow
	index map[string]int
}

// planRow is one conversation of the plan.
type planRow struct {
	Conversation string `json:"conversation"`
	Title        string `json:"title,omitempty"`
	Messages     int    `json:"messages"`
	Own          int    `json:"own"`
	Windows      int    `json:"windows"`
	// Calls and Tokens are the extraction calls and their estimated
	// tokens with a model (reconciliation adds a call for some
	// candidates); 0 offline, where the rules cost nothing.
	Calls  int   `json:"model_calls"`
	Tokens int64 `json:"tokens"`
	// Sample is the person's part of the first window.
	Sample string `json:"sample,omitempty"`
}

// add plans one batch of a conversation.
func (d *dryRun) add(r *importRun, batch []memory.Message) {
	if d.index == nil {
		d.index = map[string]int{}
	}
	conv := batch[0].ConversationID
	i, ok := d.index[conv]
	if !ok {
		name := conv[strings.LastIndexByte(conv, ':')+1:]
		d.rows = append(d.rows, planRow{Conversation: string(r.format) + ":" + name, Title: r.title})
		i = len(d.rows) - 1
		d.index[conv] = i
	}
	row := &d.rows[i]
	items := make([]preprocess.Item, 0, len(batch))
	own := map[string]bool{}
	for j, m := range batch {
		row.Messages++
		if m.PersonID != "" {
			row.Own++
		}
		if noise, _ := preprocess.IsNoise(m.Text); noise {
			continue
		}
		key := strconv.Itoa(j)
		author := "bot"
		body := m.Text
		if m.Role == memory.RoleUser {
			author = "person:" + m.PersonID
		} else {
			body = text.Truncate(body, 200)
		}
		own[key] = m.PersonID != ""
		items = append(items, preprocess.Item{ID: key, Author: author, Text: body, Time: m.Time})
	}
	merged := make([]preprocess.Merged, len(items))
	if r.model {
		merged = preprocess.Merge(items, preprocess.DefaultMergeWindow, preprocess.DefaultMergeMaxLen)
	} else {
		for j, it := range items {
			merged[j] = preprocess.Merged{IDs: []string{it.ID}, Author: it.Author, Text: it.Text, Time: it.Time, End: it.Time}
		}
	}
	windows := preprocess.SegmentCounted(merged, preprocess.DefaultMinChars, preprocess.DefaultMaxChars, preprocess.DefaultOverlap,
		func(m preprocess.Merged) bool { return m.Author != "bot" })
	for _, w := range windows {
		var mine, all strings.Builder
		for k, part := range w.Parts {
			all.WriteString(part.Text)
			if k >= w.Overlap && len(part.IDs) > 0 && own[part.IDs[0]] {
				mine.WriteString(part.Text)
				mine.WriteByte(' ')
			}
		}
		if mine.Len() == 0 {
			continue // nothing of the person's: no extraction
		}
		row.Windows++
		if row.Sample == "" {
			row.Sample = text.Truncate(strings.TrimSpace(mine.String()), 120)
		}
		if r.model {
			row.Calls++
			row.Tokens += int64(promptTokens + answerTokens + text.EstimateTokens(all.String()))
		}
	}
	r.sum.Windows, r.sum.ModelCalls, r.sum.Tokens = 0, 0, 0
	for _, x := range d.rows {
		r.sum.Windows += x.Windows
		r.sum.ModelCalls += x.Calls
		r.sum.Tokens += x.Tokens
	}
	r.sum.Plan = d.rows
}
