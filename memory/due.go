package memory

import (
	"fmt"
	"time"
)

// Due is when m falls due: its EventTime, or its ExpiresAt (a deadline)
// when it has no event time; the zero time when it has neither.
// Reminders are sent before it.
func (m *Memory) Due() time.Time {
	if !m.EventTime.IsZero() {
		return m.EventTime
	}
	return m.ExpiresAt
}

// DueQuery selects the active memories of every owner that fall due
// (Memory.Due) in [From, To), for reminders.
type DueQuery struct {
	// Types the memories are of; at least one.
	Types []Type
	From  time.Time
	To    time.Time
	// Limit caps the result (0: no limit).
	Limit int
}

// Validate checks that q can be asked: known types, a window From < To
// with both set, and a limit of 0 or more. Anything else is ErrInvalid,
// so that every store refuses the same queries.
func (q DueQuery) Validate() error {
	if len(q.Types) == 0 {
		return fmt.Errorf("%w: due query names no type", ErrInvalid)
	}
	for _, t := range q.Types {
		if !t.Valid() {
			return fmt.Errorf("%w: memory type %q", ErrInvalid, t)
		}
	}
	switch {
	case q.From.IsZero() || q.To.IsZero() || !q.From.Before(q.To):
		return fmt.Errorf("%w: due window %s – %s", ErrInvalid, q.From.Format(time.RFC3339), q.To.Format(time.RFC3339))
	case q.Limit < 0:
		return fmt.Errorf("%w: negative limit %d", ErrInvalid, q.Limit)
	}
	return nil
}
