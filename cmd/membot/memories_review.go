package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/subject"
)

// reviewed is one memory awaiting review and the memory it disagrees with
// (nil when none is found), as "review --json" lists them.
type reviewed struct {
	Memory memory.Memory  `json:"memory"`
	Other  *memory.Memory `json:"other,omitempty"`
}

// reviewedAction is the history action of a memory its owner resolved.
const reviewedAction = "reviewed"

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
		other, err := mc.counterpart(ctx, m)
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

// counterpart finds the memory m was set aside against: the newer memory
// its review names, else the nearest active memory on its subject or
// like it (service.Similar, as reconciliation finds neighbours).
func (mc *memoriesCmd) counterpart(ctx context.Context, m memory.Memory) (*memory.Memory, error) {
	for i := len(m.History) - 1; i >= 0; i-- {
		v := m.History[i]
		if v.Action != service.ReviewAction || v.LinkedID == "" {
			continue
		}
		o, err := mc.wb.Memory.Memory(ctx, m.Owner, v.LinkedID)
		if err == nil && o.Status == memory.StatusActive {
			return &o, nil
		}
		if err != nil && !errors.Is(err, memory.ErrNotFound) {
			return nil, fmt.Errorf("read %s: %w", shortID(v.LinkedID), err)
		}
		break
	}
	near, err := mc.wb.Memory.Similar(ctx, m.Owner, m.Text, m.Subject, nil, 5)
	if err != nil {
		return nil, err
	}
	var best *memory.Memory
	key := subject.Of(m.Subject)
	for i := range near {
		o := near[i]
		if o.ID == m.ID || o.Status != memory.StatusActive {
			continue
		}
		if key != "" && subject.Of(o.Subject) == key {
			return &o, nil
		}
		if best == nil {
			best = &o
		}
	}
	return best, nil
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
	switch answer {
	case "k", "keep":
		return outcomeDone, mc.keepThis(ctx, m, it.Other)
	case "o", "other":
		if it.Other == nil {
			return outcomeAgain, nil
		}
		return outcomeDone, mc.retire(ctx, m, it.Other.ID, "its owner kept the other memory on review")
	case "b", "both":
		return outcomeDone, mc.activate(ctx, m, "kept by its owner beside the other memory")
	case "m", "merge":
		fmt.Fprint(mc.out.w, "Merged text: ")
		text, _ := in.ReadString('\n')
		text, _ = preprocess.Redact(strings.TrimSpace(text))
		if text == "" || len(text) > memory.MaxMemoryText {
			fmt.Fprintf(mc.out.w, "No text, or over %d bytes: nothing changed.\n", memory.MaxMemoryText)
			return outcomeAgain, nil
		}
		return outcomeDone, mc.merge(ctx, m, it.Other, text)
	case "s", "skip":
		return outcomeSkip, nil
	case "q", "quit":
		return outcomeQuit, nil
	}
	return outcomeAgain, nil
}

// activate makes m active again, saying why in its history.
func (mc *memoriesCmd) activate(ctx context.Context, m memory.Memory, reason string) error {
	now := time.Now()
	_, err := mc.wb.Memory.Modify(ctx, m.Owner, m.ID, func(x *memory.Memory) error {
		x.AddVersion(memory.Version{Text: x.Text, Time: now, Action: reviewedAction, Reason: reason})
		x.Status = memory.StatusActive
		x.UpdatedAt = now
		return nil
	})
	if err != nil {
		return fmt.Errorf("keep %s: %w", shortID(m.ID), err)
	}
	return nil
}

// retire marks m superseded by the memory by, keeping its text in its
// history, as a supersession does.
func (mc *memoriesCmd) retire(ctx context.Context, m memory.Memory, by, reason string) error {
	now := time.Now()
	_, err := mc.wb.Memory.Modify(ctx, m.Owner, m.ID, func(x *memory.Memory) error {
		x.AddVersion(memory.Version{Text: x.Text, Time: now, Action: "supersede", LinkedID: by, Reason: reason})
		x.Status = memory.StatusSuperseded
		x.SupersededBy = by
		x.UpdatedAt = now
		return nil
	})
	if err != nil {
		return fmt.Errorf("retire %s: %w", shortID(m.ID), err)
	}
	if _, err := mc.wb.Memory.Modify(ctx, m.Owner, by, func(x *memory.Memory) error {
		if x.Supersedes == "" {
			x.Supersedes = m.ID
		}
		return nil
	}); err != nil {
		return fmt.Errorf("link %s to %s: %w", shortID(by), shortID(m.ID), err)
	}
	return nil
}

// keepThis makes m active and retires the other memory in its favour.
func (mc *memoriesCmd) keepThis(ctx context.Context, m memory.Memory, other *memory.Memory) error {
	if err := mc.activate(ctx, m, "kept by its owner on review"); err != nil {
		return err
	}
	if other == nil {
		return nil
	}
	return mc.retire(ctx, *other, m.ID, "its owner kept a newer memory on review")
}

// merge puts text in the other memory (or m when there is none) and
// retires m in its favour.
func (mc *memoriesCmd) merge(ctx context.Context, m memory.Memory, other *memory.Memory, text string) error {
	if other == nil {
		if _, err := mc.wb.Memory.Edit(ctx, m.Owner, m.ID, text); err != nil {
			return fmt.Errorf("merge into %s: %w", shortID(m.ID), err)
		}
		return mc.activate(ctx, m, "merged by its owner on review")
	}
	if _, err := mc.wb.Memory.Edit(ctx, other.Owner, other.ID, text); err != nil {
		return fmt.Errorf("merge into %s: %w", shortID(other.ID), err)
	}
	return mc.retire(ctx, m, other.ID, "merged by its owner into the other memory")
}
