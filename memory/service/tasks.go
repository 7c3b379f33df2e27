package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
)

// Done marks owner's task id done on its owner's word: its status becomes
// memory.StatusDone, so that recall, the default lists and reminders leave
// it, and its history records when. A task already done is returned as it
// is. A memory that is not a task, or no longer current (superseded,
// archived), is memory.ErrInvalid.
func (s *Service) Done(ctx context.Context, owner, id string) (memory.Memory, error) {
	now := s.now()
	m, err := s.Modify(ctx, owner, id, func(m *memory.Memory) error {
		switch {
		case m.Type != memory.TypeTask:
			return fmt.Errorf("%w: a %s, not a task", memory.ErrInvalid, m.Type)
		case m.Status == memory.StatusDone:
			return errAlreadyDone
		case m.Status != memory.StatusActive && m.Status != memory.StatusPendingReview:
			return fmt.Errorf("%w: the task is %s", memory.ErrInvalid, m.Status)
		}
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Action: "done", Reason: "marked done by its owner"})
		m.Status = memory.StatusDone
		m.UpdatedAt = now
		return nil
	})
	if err == nil {
		return m, nil
	}
	if errors.Is(err, errAlreadyDone) {
		m, err := s.store.Memory(ctx, owner, id)
		if err != nil {
			return memory.Memory{}, wrap("mark done", id, err)
		}
		return m, nil
	}
	return memory.Memory{}, wrap("mark done", id, err)
}

// errAlreadyDone ends the marking of a task that is done already.
var errAlreadyDone = errors.New("task already done")
