package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/text"
)

// listed are the statuses a list shows by default, as the chat's does.
var listed = []memory.Status{memory.StatusActive, memory.StatusPendingReview}

func memoriesList(ctx context.Context, mc *memoriesCmd, args []string) error {
	fs := mc.flags("--user PLATFORM:ID [--type T] [--lifecycle L] [--status S|all] [--limit N] [--json]",
		"The person's memories, newest first: short id, type, lifecycle, status, age and text.\n"+
			"By default the active ones and those awaiting review; --status all shows every one.\n"+
			"T, L and S may each be a comma-separated list.",
		"membot memories list --user telegram:12345 --type preference,fact --limit 20")
	types := fs.String("type", "", "only these types: "+joinValues(memory.Types))
	lifecycles := fs.String("lifecycle", "", "only these lifecycles: "+joinValues(memory.Lifecycles))
	statuses := fs.String("status", "", "only these statuses (active, pending_review, superseded, archived), or all")
	limit := fs.Int("limit", 0, "show at most N (0: all)")
	defer mc.close()
	if err := mc.parse(args, 0, 0); err != nil {
		return err
	}
	q := memory.MemoryQuery{Statuses: listed}
	var err error
	if q.Types, err = parseValues(*types, func(t memory.Type) bool { return t.Valid() }); err != nil {
		return mc.usageError("--type: %v", err)
	}
	if q.Lifecycle, err = parseValues(*lifecycles, func(l memory.Lifecycle) bool { return l.Valid() }); err != nil {
		return mc.usageError("--lifecycle: %v", err)
	}
	switch *statuses {
	case "":
	case "all":
		q.Statuses = nil
	default:
		if q.Statuses, err = parseValues(*statuses, func(s memory.Status) bool { return s.Valid() }); err != nil {
			return mc.usageError("--status: %v", err)
		}
	}
	if *limit < 0 {
		return mc.usageError("--limit must be 0 or more")
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	q.Owner, q.Limit = mc.person.ID, *limit
	list, err := mc.wb.Memory.List(ctx, q)
	if err != nil {
		return fmt.Errorf("list memories: %w", err)
	}
	if *mc.json {
		return writeJSON(mc.out.w, nonNil(list))
	}
	if len(list) == 0 {
		fmt.Fprintln(mc.out.w, "No memories.")
		return nil
	}
	total, err := mc.wb.Memory.Count(ctx, q)
	if err != nil {
		return fmt.Errorf("count memories: %w", err)
	}
	mc.memoryTable(list)
	if int(total) > len(list) {
		fmt.Fprintf(mc.out.w, "%d of %d memories (--limit %d).\n", len(list), total, *limit)
	}
	return nil
}

// memoryTable prints memories as the list shows them.
func (mc *memoriesCmd) memoryTable(list []memory.Memory) {
	now := time.Now()
	p := mc.out
	rows := make([][]string, len(list))
	for i, m := range list {
		rows[i] = []string{shortID(m.ID), string(m.Type), string(m.Lifecycle), string(m.Status), age(now, m.CreatedAt), oneLine(m.Text)}
	}
	p.table([]column{
		{head: "ID", style: func(int) string { return styleCyan }},
		{head: "TYPE"},
		{head: "LIFECYCLE"},
		{head: "STATUS", style: func(n int) string { return statusStyle(list[n].Status) }},
		{head: "AGE", style: func(int) string { return styleDim }},
		{head: "TEXT"},
	}, rows)
}

// found is one search result as --json prints it.
type found struct {
	Score  float64            `json:"score"`
	Parts  map[string]float64 `json:"parts,omitempty"`
	Memory memory.Memory      `json:"memory"`
}

func memoriesSearch(ctx context.Context, mc *memoriesCmd, args []string) error {
	fs := mc.flags("QUERY... --user PLATFORM:ID [--limit N] [--json]",
		"What the bot's recall finds for the query among the person's active memories, best first,\n"+
			"with scores: the same ranking, threshold and query widening as a reply and /memories search.",
		`membot memories search "what do I drink" --user console:alice`)
	limit := fs.Int("limit", bot.SearchLimit, "show at most N")
	defer mc.close()
	if err := mc.parse(args, 1, -1); err != nil {
		return err
	}
	if *limit < 1 {
		return mc.usageError("--limit must be 1 or more")
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	q := text.Truncate(strings.TrimSpace(strings.Join(mc.args, " ")), 500)
	q, _ = preprocess.Redact(q) // the query may go to an embedding API
	res, err := mc.wb.Memory.Recall(ctx, mc.person.ID, recall.Query{Text: q, Limit: *limit, Literal: true})
	if err != nil {
		return fmt.Errorf("search memories: %w", err)
	}
	out := make([]found, 0, len(res))
	for _, r := range res {
		if r.Memory.Owner == mc.person.ID {
			out = append(out, found{Score: r.Score, Parts: r.Parts, Memory: r.Memory})
		}
	}
	if *mc.json {
		return writeJSON(mc.out.w, out)
	}
	if len(out) == 0 {
		fmt.Fprintf(mc.out.w, "Nothing found for %q.\n", q)
		return nil
	}
	now := time.Now()
	rows := make([][]string, len(out))
	for i, f := range out {
		rows[i] = []string{fmt.Sprintf("%.2f", f.Score), shortID(f.Memory.ID), string(f.Memory.Type), age(now, f.Memory.CreatedAt), oneLine(f.Memory.Text)}
	}
	mc.out.table([]column{
		{head: "SCORE", style: func(int) string { return styleBold }},
		{head: "ID", style: func(int) string { return styleCyan }},
		{head: "TYPE"},
		{head: "AGE", style: func(int) string { return styleDim }},
		{head: "TEXT"},
	}, rows)
	return nil
}

// joinValues lists the valid values of a filter.
func joinValues[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}

// parseValues reads a comma-separated filter, refusing a value valid
// does not accept.
func parseValues[T ~string](s string, valid func(T) bool) ([]T, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []T
	for _, f := range strings.Split(s, ",") {
		v := T(strings.ToLower(strings.TrimSpace(f)))
		if !valid(v) {
			return nil, fmt.Errorf("unknown value %q", f)
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out, nil
}

// nonNil makes an empty list print as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
