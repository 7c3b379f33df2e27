package main

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// stats is what "stats --json" prints.
type stats struct {
	Total       int            `json:"total"`
	ByType      map[string]int `json:"by_type"`
	ByLifecycle map[string]int `json:"by_lifecycle"`
	ByStatus    map[string]int `json:"by_status"`
	// Added7d and Added30d count the memories created in the last 7 and
	// 30 days, of every status.
	Added7d        int            `json:"added_7d"`
	Added30d       int            `json:"added_30d"`
	TopSubjects    []subjectCount `json:"top_subjects"`
	PendingReviews int            `json:"pending_reviews"`
	// Tokens is the daily token budget's counter: the tokens of today's
	// and yesterday's replies, kept only while a budget is configured
	// (limits.daily_tokens). Nil when nothing is recorded.
	Tokens *tokenCount `json:"tokens,omitempty"`
	// Usage is the person's model calls and tokens by purpose over the
	// last 7 and 30 UTC days, today included, as the bot and the
	// extraction record them (bot.UsageLog); only purposes with calls.
	Usage []usageRow `json:"usage"`
}

// usageRow is one purpose's model use.
type usageRow struct {
	Purpose   string `json:"purpose"`
	Calls7d   int64  `json:"calls_7d"`
	Tokens7d  int64  `json:"tokens_7d"`
	Calls30d  int64  `json:"calls_30d"`
	Tokens30d int64  `json:"tokens_30d"`
}

type subjectCount struct {
	Subject string `json:"subject"`
	Count   int    `json:"count"`
}

type tokenCount struct {
	Today     int64 `json:"today"`
	Yesterday int64 `json:"yesterday"`
}

// topSubjects is how many subjects stats lists.
const topSubjects = 10

func memoriesStats(ctx context.Context, mc *memoriesCmd, args []string) error {
	mc.flags("--user PLATFORM:ID [--json]",
		"Counts by type, lifecycle and status, memories added in the last 7 and 30 days, the\n"+
			"subjects with most memories, how many await review, and the model calls and tokens\n"+
			"spent for the person over the last 7 and 30 days, by purpose (reply, extraction,\n"+
			"reconcile, summary).",
		"membot memories stats --user telegram:12345")
	defer mc.close()
	if err := mc.parse(args, 0, 0); err != nil {
		return err
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	list, err := mc.wb.Memory.List(ctx, memory.MemoryQuery{Owner: mc.person.ID})
	if err != nil {
		return fmt.Errorf("list memories: %w", err)
	}
	now := time.Now()
	st := tally(list, now)
	if st.Tokens, err = mc.tokens(ctx, now); err != nil {
		return err
	}
	if st.Usage, err = mc.usage(ctx, now); err != nil {
		return err
	}
	if *mc.json {
		return writeJSON(mc.out.w, st)
	}
	mc.printStats(st)
	return nil
}

// tally counts list.
func tally(list []memory.Memory, now time.Time) stats {
	st := stats{Total: len(list), ByType: map[string]int{}, ByLifecycle: map[string]int{}, ByStatus: map[string]int{}, TopSubjects: []subjectCount{}}
	subjects := map[string]int{}
	for _, m := range list {
		st.ByType[string(m.Type)]++
		st.ByLifecycle[string(m.Lifecycle)]++
		st.ByStatus[string(m.Status)]++
		if age := now.Sub(m.CreatedAt); age <= 30*24*time.Hour {
			st.Added30d++
			if age <= 7*24*time.Hour {
				st.Added7d++
			}
		}
		if m.Status == memory.StatusPendingReview {
			st.PendingReviews++
		}
		if k := subject.Of(m.Subject); k != "" && (m.Status == memory.StatusActive || m.Status == memory.StatusPendingReview) {
			subjects[k]++
		}
	}
	for k, n := range subjects {
		st.TopSubjects = append(st.TopSubjects, subjectCount{Subject: k, Count: n})
	}
	slices.SortFunc(st.TopSubjects, func(a, b subjectCount) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Subject, b.Subject))
	})
	if len(st.TopSubjects) > topSubjects {
		st.TopSubjects = st.TopSubjects[:topSubjects]
	}
	return st
}

// tokens reads the daily token counters the bot keeps for a budget
// ("tokens:<person>:<UTC day>", see bot/counters.go): nil when neither
// today's nor yesterday's holds anything.
func (mc *memoriesCmd) tokens(ctx context.Context, now time.Time) (*tokenCount, error) {
	day := func(t time.Time) string { return "tokens:" + mc.person.ID + ":" + t.UTC().Format("2006-01-02") }
	today, err := mc.wb.Store.Count(ctx, day(now), now)
	if err != nil {
		return nil, fmt.Errorf("read today's tokens: %w", err)
	}
	yesterday, err := mc.wb.Store.Count(ctx, day(now.AddDate(0, 0, -1)), now)
	if err != nil {
		return nil, fmt.Errorf("read yesterday's tokens: %w", err)
	}
	if today == 0 && yesterday == 0 {
		return nil, nil
	}
	return &tokenCount{Today: today, Yesterday: yesterday}, nil
}

// usage reads the person's usage counters of the last 30 UTC days.
func (mc *memoriesCmd) usage(ctx context.Context, now time.Time) ([]usageRow, error) {
	rows := []usageRow{}
	for _, purpose := range bot.UsagePurposes {
		row := usageRow{Purpose: string(purpose)}
		for d := range 30 {
			callsKey, tokensKey := bot.UsageKeys(mc.person.ID, now.AddDate(0, 0, -d), purpose)
			calls, err := mc.wb.Store.Count(ctx, callsKey, now)
			if err != nil {
				return nil, fmt.Errorf("read model calls: %w", err)
			}
			if calls == 0 {
				continue
			}
			tokens, err := mc.wb.Store.Count(ctx, tokensKey, now)
			if err != nil {
				return nil, fmt.Errorf("read model tokens: %w", err)
			}
			row.Calls30d += calls
			row.Tokens30d += tokens
			if d < 7 {
				row.Calls7d += calls
				row.Tokens7d += tokens
			}
		}
		if row.Calls30d > 0 {
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// printStats prints st as aligned sections.
func (mc *memoriesCmd) printStats(st stats) {
	p := mc.out
	head := func(s string) { fmt.Fprintln(p.w, p.paint(styleBold, s)) }
	counts := func(title string, order []string, m map[string]int) {
		head(title)
		seen := map[string]bool{}
		var rows [][]string
		for _, k := range order {
			seen[k] = true
			if m[k] > 0 {
				rows = append(rows, []string{"  " + k, fmt.Sprint(m[k])})
			}
		}
		var rest []string
		for k := range m {
			if !seen[k] {
				rest = append(rest, k)
			}
		}
		slices.Sort(rest)
		for _, k := range rest {
			rows = append(rows, []string{"  " + k, fmt.Sprint(m[k])})
		}
		if len(rows) == 0 {
			fmt.Fprintln(p.w, "  none")
		}
		for _, r := range rows {
			fmt.Fprintf(p.w, "%-20s %6s\n", r[0], r[1])
		}
	}
	fmt.Fprintf(p.w, "%s %d memories; %d added in the last 7 days, %d in the last 30.\n", p.paint(styleBold, "Total"), st.Total, st.Added7d, st.Added30d)
	counts("By type", strs(memory.Types), st.ByType)
	counts("By lifecycle", strs(memory.Lifecycles), st.ByLifecycle)
	counts("By status", []string{"active", "pending_review", "superseded", "archived"}, st.ByStatus)
	head("Top subjects")
	if len(st.TopSubjects) == 0 {
		fmt.Fprintln(p.w, "  none")
	}
	for _, s := range st.TopSubjects {
		fmt.Fprintf(p.w, "%-20s %6d\n", "  "+s.Subject, s.Count)
	}
	review := fmt.Sprintf("%d awaiting review", st.PendingReviews)
	if st.PendingReviews > 0 {
		review = p.paint(styleYellow, review) + " (membot memories review)"
	}
	fmt.Fprintf(p.w, "%s %s\n", p.paint(styleBold, "Reviews"), review)
	if len(st.Usage) == 0 && st.Tokens == nil {
		fmt.Fprintf(p.w, "%s not recorded in the last 30 days\n", p.paint(styleBold, "Model use"))
		return
	}
	if len(st.Usage) > 0 {
		head("Model use")
		fmt.Fprintf(p.w, "%-20s %10s %12s %10s %12s\n", "  purpose", "calls 7d", "tokens 7d", "calls 30d", "tokens 30d")
		var total usageRow
		for _, u := range st.Usage {
			fmt.Fprintf(p.w, "%-20s %10d %12d %10d %12d\n", "  "+u.Purpose, u.Calls7d, u.Tokens7d, u.Calls30d, u.Tokens30d)
			total.Calls7d += u.Calls7d
			total.Tokens7d += u.Tokens7d
			total.Calls30d += u.Calls30d
			total.Tokens30d += u.Tokens30d
		}
		if len(st.Usage) > 1 {
			fmt.Fprintf(p.w, "%-20s %10d %12d %10d %12d\n", "  total", total.Calls7d, total.Tokens7d, total.Calls30d, total.Tokens30d)
		}
	}
	if st.Tokens != nil {
		fmt.Fprintf(p.w, "%s %d tokens today, %d yesterday (replies, against limits.daily_tokens)\n", p.paint(styleBold, "Daily budget"), st.Tokens.Today, st.Tokens.Yesterday)
	}
}

// strs is a list of typed strings as strings.
func strs[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}
