package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
)

// changed is what edit and forget print with --json.
type changed struct {
	Action string          `json:"action"`
	Count  int             `json:"count"`
	Memory *memory.Memory  `json:"memory,omitempty"`
	Erased []memory.Memory `json:"erased,omitempty"`
}

func memoriesEdit(ctx context.Context, mc *memoriesCmd, args []string) error {
	mc.flags("ID TEXT... --user PLATFORM:ID [--json]",
		"Replace a memory's text on its owner's word, as /memories edit does: the old text stays\n"+
			"in its history, the confidence becomes 1, and the text is redacted as chat messages are.",
		`membot memories edit 1a2b3c4d "Works at Globex since March" --user console:alice`)
	defer mc.close()
	if err := mc.parse(args, 2, -1); err != nil {
		return err
	}
	text := strings.TrimSpace(strings.Join(mc.args[1:], " ")) // the service redacts it
	switch {
	case text == "":
		return mc.usageError("the new text is empty")
	case len(text) > memory.MaxMemoryText:
		return mc.usageError("the new text is %d bytes, over the %d a memory holds", len(text), memory.MaxMemoryText)
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	m, err := mc.resolve(ctx, mc.args[0])
	if err != nil {
		return err
	}
	updated, err := mc.wb.Memory.Edit(ctx, m.Owner, m.ID, text)
	if err != nil {
		return fmt.Errorf("edit %s: %w", shortID(m.ID), err)
	}
	if *mc.json {
		return writeJSON(mc.out.w, changed{Action: "edit", Count: 1, Memory: &updated})
	}
	fmt.Fprintf(mc.out.w, "Updated %s: %s\nThe old text is kept in its history (membot memories show %s).\n", shortID(updated.ID), updated.Text, shortID(updated.ID))
	return nil
}

func memoriesForget(ctx context.Context, mc *memoriesCmd, args []string) error {
	fs := mc.flags("ID | --all --user PLATFORM:ID [--yes] [--json]",
		"Erase one memory for good (with the versions it superseded and the messages it came\n"+
			"from), or with --all every memory of the person and every message of theirs the bot\n"+
			"captured. --all asks for confirmation on a terminal; scripts pass --yes.",
		"membot memories forget 1a2b3c4d --user console:alice\n  membot memories forget --all --yes --user telegram:12345")
	all := fs.Bool("all", false, "erase everything of the person")
	yes := fs.Bool("yes", false, "do not ask for confirmation")
	defer mc.close()
	if err := mc.parse(args, 0, 1); err != nil {
		return err
	}
	switch {
	case *all && len(mc.args) > 0:
		return mc.usageError("give an id or --all, not both")
	case !*all && len(mc.args) == 0:
		return mc.usageError("which memory? give its id, or --all")
	}
	if *all && !*yes && !isTerminal(mc.env) {
		return mc.usageError("forget --all erases everything of the person: pass --yes when not on a terminal")
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	if *all {
		return mc.forgetAll(ctx, *yes)
	}
	m, err := mc.resolve(ctx, mc.args[0])
	if err != nil {
		return err
	}
	gone, err := mc.wb.Memory.Forget(ctx, m.Owner, m.ID)
	if err != nil {
		return fmt.Errorf("forget %s: %w", shortID(m.ID), err)
	}
	if *mc.json {
		return writeJSON(mc.out.w, changed{Action: "forget", Count: len(gone), Erased: gone})
	}
	fmt.Fprintf(mc.out.w, "Forgotten for good: %s\n", m.Text)
	if len(gone) > 1 {
		fmt.Fprintf(mc.out.w, "(with %d earlier versions)\n", len(gone)-1)
	}
	return nil
}

// errCancelled is a confirmation answered no.
var errCancelled = errors.New("cancelled; nothing was deleted")

// forgetAll erases everything of the person, after a confirmation unless
// yes.
func (mc *memoriesCmd) forgetAll(ctx context.Context, yes bool) error {
	owner := mc.person.ID
	n, err := mc.wb.Memory.Count(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		return fmt.Errorf("count memories: %w", err)
	}
	if !yes {
		fmt.Fprintf(mc.env.Stderr, "This permanently deletes all %d memories of %s and every message of theirs the bot captured.\nType yes to confirm: ", n, *mc.user)
		answer, _ := bufio.NewReader(mc.env.Stdin).ReadString('\n')
		if strings.ToLower(strings.TrimSpace(answer)) != "yes" {
			return errCancelled
		}
	}
	count, err := mc.wb.Memory.ForgetAll(ctx, owner)
	if err != nil {
		return fmt.Errorf("forget all: %w", err)
	}
	if *mc.json {
		return writeJSON(mc.out.w, changed{Action: "forget_all", Count: count})
	}
	fmt.Fprintf(mc.out.w, "Deleted all %d memories of %s and the messages the bot had captured from them.\n", count, *mc.user)
	return nil
}
