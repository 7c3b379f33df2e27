package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

func memoriesDone(ctx context.Context, mc *memoriesCmd, args []string) error {
	mc.flags("ID --user PLATFORM:ID [--json]",
		"Mark a task done, as /memories done does: it leaves recall, reminders and the default\n"+
			"list (\"list --status done\" shows it), and its history records when.",
		"membot memories done 1a2b3c4d --user telegram:12345")
	defer mc.close()
	if err := mc.parse(args, 1, 1); err != nil {
		return err
	}
	if err := mc.open(ctx); err != nil {
		return err
	}
	m, err := mc.resolve(ctx, mc.args[0])
	if err != nil {
		return err
	}
	done, err := mc.wb.Memory.Done(ctx, m.Owner, m.ID)
	if errors.Is(err, memory.ErrInvalid) {
		return fmt.Errorf("%s is a %s (%s), not a current task: only tasks can be marked done", shortID(m.ID), m.Type, m.Status)
	}
	if err != nil {
		return fmt.Errorf("mark %s done: %w", shortID(m.ID), err)
	}
	if *mc.json {
		return writeJSON(mc.out.w, changed{Action: "done", Count: 1, Memory: &done})
	}
	fmt.Fprintf(mc.out.w, "Done: %s\n", done.Text)
	return nil
}
