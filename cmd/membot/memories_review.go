package main

import (
	"bufio"
	"context"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
)

// reviewed is one memory awaiting review and the memory it disagrees with
// (nil when none is found), as "review --json" lists them.
type reviewed struct {
	Memory memory.Memory  `json:"memory"`
	Other  *memory.Memory `json:"other,omitempty"`
}

// reviewedAction is the history action of a memory its owner resolved.
const reviewedAction = service.ReviewedAction

func memoriesReview(ctx context.Context, mc *memoriesCmd, args []string) error {
	mc.flags("--user PLATFORM:ID [--json]",
		"The memories awaiting review (a newer memory said otherwise, or extraction found a\n"+
			"contradiction), each beside the memory it disagrees with. On a terminal, one at a time:\n"+
			"  k  keep this one (the other is marked superseded by it)\n"+
			"  o  keep the other one (this one is marked superseded by it)\n"+
			"  b  keep both (this one becomes active again)\n"+
			"  m  merge: type the text that replaces both (kept as the other one, edited)\n"+
			"  s  skip, q  quit\n"+
			"Piped, or with --json, it only lists them.",
		"membot memories review --user telegram:12345")
	defer mc.close()
	if err := mc.parse(args, 0, 0); err != nil {
		return err
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	pending, err := mc.wb.Memory.List(ctx, memory.MemoryQuery{Owner: mc.person.ID, Statuses: []memory.Status{memory.StatusPendingReview}})
	if err != nil {
		return fmt.Errorf("list memories awaiting review: %w", err)
	}
	items := make([]reviewed, 0, len(pending))
	for _, m := range pending {
		other, err := mc.wb.Memory.Counterpart(ctx, m)
		if err != nil {
			return err
		}
		items = append(items, reviewed{Memory: m, Other: other})
	}
	if *mc.json {
		return writeJSON(mc.out.w, items)
	}
	if len(items) == 0 {
		fmt.Fprintln(mc.out.w, "Nothing awaits review.")
		return nil
	}
	if !isTerminal(mc.env) {
		mc.listReviews(items)
		return nil
	}
	return mc.resolveReviews(ctx, items, bufio.NewReader(mc.env.Stdin))
}

// listReviews prints the memories awaiting review, piped.
func (mc *memoriesCmd) listReviews(items []reviewed) {
	rows := make([][]string, len(items))
	for i, it := range items {
		other := "-"
		if it.Other != nil {
			other = shortID(it.Other.ID)
		}
		rows[i] = []string{shortID(it.Memory.ID), other, oneLine(it.Memory.Text)}
	}
	mc.out.table([]column{{head: "ID"}, {head: "AGAINST"}, {head: "TEXT"}}, rows)
	fmt.Fprintf(mc.out.w, "%d awaiting review; run on a terminal to resolve them.\n", len(items))
}

// resolveReviews asks about each item in turn, until the end of input
// or "q".
func (mc *memoriesCmd) resolveReviews(ctx context.Context, items []reviewed, in *bufio.Reader) error {
	p := mc.out
	done := 0
	defer func() { fmt.Fprintf(p.w, "Resolved %d of %d.\n", done, len(items)) }()
	for i, it := range items {
		m := it.Memory
		fmt.Fprintf(p.w, "\n%s %d of %d\n", p.paint(styleBold, "Review"), i+1, len(items))
		fmt.Fprintf(p.w, "  this   %s %s\n", p.paint(styleYellow, shortID(m.ID)), m.Text)
		choices := "[k]eep this, keep [b]oth, [m]erge, [s]kip, [q]uit"
		if it.Other != nil {
			fmt.Fprintf(p.w, "  other  %s %s\n", p.paint(styleGreen, shortID(it.Other.ID)), it.Other.Text)
			choices = "[k]eep this, keep the [o]ther, keep [b]oth, [m]erge, [s]kip, [q]uit"
		}
		for {
			fmt.Fprintf(p.w, "%s? ", choices)
			answer, err := in.ReadString('\n')
			if err != nil && answer == "" {
				fmt.Fprintln(p.w)
				return nil // end of input: stop where we are
			}
			o, err := mc.answer(ctx, it, strings.ToLower(strings.TrimSpace(answer)), in)
			if err != nil {
				return err
			}
			switch o {
			case outcomeAgain:
				continue
			case outcomeQuit:
				return nil
			case outcomeDone:
				done++
			}
			break
		}
	}
	return nil
}

// outcome is what an answer to a review did.
type outcome int

const (
	outcomeDone outcome = iota
	outcomeSkip
	outcomeQuit
	outcomeAgain // not understood: ask again
)

// answer carries out one answer about it.
func (mc *memoriesCmd) answer(ctx context.Context, it reviewed, answer string, in *bufio.Reader) (outcome, error) {
	m := it.Memory
	otherID := ""
	if it.Other != nil {
		otherID = it.Other.ID
	}
	var r service.Resolution
	text := ""
	switch answer {
	case "k", "keep":
		r = service.KeepThis
	case "o", "other":
		if it.Other == nil {
			return outcomeAgain, nil
		}
		r = service.KeepOther
	case "b", "both":
		r = service.KeepBoth
	case "m", "merge":
		fmt.Fprint(mc.out.w, "Merged text: ")
		text, _ = in.ReadString('\n')
		text = strings.TrimSpace(text) // the merge's edit redacts it
		if text == "" || len(text) > memory.MaxMemoryText {
			fmt.Fprintf(mc.out.w, "No text, or over %d bytes: nothing changed.\n", memory.MaxMemoryText)
			return outcomeAgain, nil
		}
		r = service.MergeBoth
	case "s", "skip":
		return outcomeSkip, nil
	case "q", "quit":
		return outcomeQuit, nil
	default:
		return outcomeAgain, nil
	}
	if err := mc.wb.Memory.Resolve(ctx, m.Owner, m.ID, r, otherID, text); err != nil {
		return outcomeDone, fmt.Errorf("resolve the review of %s: %w", shortID(m.ID), err)
	}
	return outcomeDone, nil
}
