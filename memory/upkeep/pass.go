package upkeep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/membot/membot/memory"
)

// pass runs the three steps of upkeep once. The caller holds w.sem.
func (w *Worker) pass(ctx context.Context) (Report, error) {
	now := w.opts.Now()
	var rep Report
	var errs []error

	archived, err := w.archive(ctx, now)
	rep.Archived = archived
	errs = append(errs, err)

	if ctx.Err() == nil {
		embedded, err := w.backfill(ctx)
		rep.Embedded = embedded
		errs = append(errs, err)
	}
	if ctx.Err() == nil {
		deleted, err := w.retain(ctx, now)
		rep.MessagesDeleted = deleted
		errs = append(errs, err)
	}
	if ctx.Err() != nil && errors.Join(errs...) == nil {
		errs = append(errs, fmt.Errorf("upkeep pass cut short: %w", ctx.Err()))
	}

	err = errors.Join(errs...)
	level := slog.LevelDebug
	if rep != (Report{}) {
		level = slog.LevelInfo
	}
	w.log.Log(ctx, level, "upkeep pass done",
		slog.Int("archived", rep.Archived),
		slog.Int("embedded", rep.Embedded),
		slog.Int64("messages_deleted", rep.MessagesDeleted),
		slog.Bool("failed", err != nil))
	return rep, err
}

// archive moves expired and long-unused memories out of the active set,
// batch by batch, and drops each from the index.
func (w *Worker) archive(ctx context.Context, now time.Time) (int, error) {
	q := memory.StaleQuery{
		ExpiredBefore: now,
		Expiring:      []memory.Lifecycle{memory.LifecycleTemporary},
		Limit:         w.opts.BatchSize,
	}
	if w.opts.ArchiveAfter > 0 {
		q.UnusedBefore = now.Add(-w.opts.ArchiveAfter)
	}
	if !w.opts.ArchiveLongTerm {
		q.Exempt = []memory.Lifecycle{memory.LifecycleLongTerm}
	}
	total := 0
	for range maxRounds {
		stale, err := w.opts.Store.StaleMemories(ctx, q)
		if err != nil {
			return total, fmt.Errorf("archive stale memories: %w", err)
		}
		for _, m := range stale {
			archived, err := w.archiveOne(ctx, m, q, now)
			if err != nil {
				return total, fmt.Errorf("archive stale memories: %w", err)
			}
			if archived {
				w.unindex([]memory.MemoryRef{{Owner: m.Owner, ID: m.ID}})
				total++
			}
		}
		if len(stale) < w.opts.BatchSize {
			return total, nil
		}
	}
	w.log.DebugContext(ctx, "stale memories left for the next pass", slog.Int("archived", total))
	return total, nil
}

// errNotStale aborts archiving a memory that changed since it was listed
// and no longer matches the rules.
var errNotStale = errors.New("no longer stale")

// archiveOne archives m, re-checking the rules on the current copy: a
// memory used, edited or deleted since it was listed stays as it is
// (false, nil).
func (w *Worker) archiveOne(ctx context.Context, m memory.Memory, q memory.StaleQuery, now time.Time) (bool, error) {
	_, err := memory.ModifyMemory(ctx, w.opts.Store, m.Owner, m.ID, func(cur *memory.Memory) error {
		reason := staleReason(cur, q)
		if reason == "" {
			return errNotStale
		}
		cur.History = append(cur.History, memory.Version{Text: cur.Text, Time: now, Reason: reason, Action: memory.ArchiveAction})
		cur.Status = memory.StatusArchived
		cur.UpdatedAt = now
		return nil
	})
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errNotStale), errors.Is(err, memory.ErrNotFound):
		return false, nil
	}
	return false, err
}

// staleReason says which rule of q archives m (ArchiveExpired when both
// apply), or "" when none does.
func staleReason(m *memory.Memory, q memory.StaleQuery) string {
	if m.Status != memory.StatusActive {
		return ""
	}
	if !q.ExpiredBefore.IsZero() && slices.Contains(q.Expiring, m.Lifecycle) && !m.ExpiresAt.IsZero() && m.ExpiresAt.Before(q.ExpiredBefore) {
		return memory.ArchiveExpired
	}
	if q.UnusedBefore.IsZero() || slices.Contains(q.Exempt, m.Lifecycle) {
		return ""
	}
	latest := m.CreatedAt
	for _, t := range []time.Time{m.UpdatedAt, m.LastUsedAt} {
		if t.After(latest) {
			latest = t
		}
	}
	if latest.Before(q.UnusedBefore) {
		return memory.ArchiveUnused
	}
	return ""
}

// unindex tells the index that refs left the active set.
func (w *Worker) unindex(refs []memory.MemoryRef) {
	if w.opts.Index == nil {
		return
	}
	for _, r := range refs {
		w.opts.Index.Remove(r.Owner, r.ID)
	}
}

// retain deletes captured messages older than the retention period.
func (w *Worker) retain(ctx context.Context, now time.Time) (int64, error) {
	if w.opts.MessageRetention <= 0 {
		return 0, nil
	}
	before := now.Add(-w.opts.MessageRetention)
	n, err := w.opts.Store.DeleteMessagesBefore(ctx, before)
	if err != nil {
		return n, fmt.Errorf("delete messages before %s: %w", before.UTC().Format(time.RFC3339), err)
	}
	return n, nil
}
