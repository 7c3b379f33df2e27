package bot

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// RemindNow runs one reminder pass at once (Resume starts one every
// ReminderOptions.Interval) and returns how many reminders it sent. It
// sends nothing when reminders are off, the store parts they need are
// missing (Deps.Due, Deps.Leases, Deps.Counters, Deps.Answers), or
// another replica runs a pass; a reminder whose platform has not called
// Resume waits for it.
func (e *Engine) RemindNow(ctx context.Context) (int, error) {
	if !e.remind.enabled() || e.queue == nil {
		return 0, nil
	}
	if err := e.work.accepting(); err != nil {
		return 0, err
	}
	return e.remind.pass(ctx, reminderSender{e})
}

// remindLoop runs a reminder pass every interval, the first one interval
// after the first Resume (once the adapters are connected), until Close.
func (e *Engine) remindLoop(ctx context.Context) {
	tick := time.NewTicker(e.remind.opts.Interval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-e.work.closing():
			return
		case <-tick.C:
		}
		if _, err := e.remind.pass(ctx, reminderSender{e}); err != nil && ctx.Err() == nil {
			e.base.log.Warn("reminder pass", "err", err)
		}
	}
}

// reminderSender sends reminders as the answer queue resumes answers:
// through the ResponderFor each adapter gave Resume.
type reminderSender struct{ e *Engine }

func (s reminderSender) reachable(platform string) bool {
	_, ok := s.e.queue.platforms()[platform]
	return ok
}

func (s reminderSender) send(ctx context.Context, to Message, text string) error {
	f, ok := s.e.queue.platforms()[to.Platform]
	if !ok {
		return fmt.Errorf("send reminder: platform %s not connected", to.Platform)
	}
	done := make(chan struct{})
	defer close(done)
	r, err := f(ctx, to, done)
	if err != nil {
		return fmt.Errorf("send reminder: %w", err)
	}
	t := turn{msg: to}
	t.conv.ID = to.ConversationID()
	if !s.e.deliver.send(ctx, t, r, Reply{Text: text, Private: true}) {
		return errors.New("send reminder: the platform did not take it")
	}
	return nil
}
