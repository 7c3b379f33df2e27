package upkeep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory/service"
)

// pass runs the three steps of upkeep once; with u (a scheduled pass
// under the upkeep lease) it stops before a step once the lease is lost.
// The caller holds w.sem.
func (w *Worker) pass(ctx context.Context, u *upkeepLease) (Report, error) {
	now := w.opts.Now()
	var rep Report
	var errs []error

	archived, err := w.archive(ctx, now)
	rep.Archived = archived
	errs = append(errs, err)

	if ctx.Err() == nil && u.keepErr(ctx, &errs) {
		embedded, err := w.backfill(ctx)
		rep.Embedded = embedded
		errs = append(errs, err)
	}
	if ctx.Err() == nil && u.keepErr(ctx, &errs) {
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

// archive moves expired and long-unused memories out of the active set
// through the memory service, a batch at a time.
func (w *Worker) archive(ctx context.Context, now time.Time) (int, error) {
	p := service.ArchivePolicy{KeepLongTerm: !w.opts.ArchiveLongTerm, BatchSize: w.opts.BatchSize, MaxBatches: maxRounds}
	if w.opts.ArchiveAfter > 0 {
		p.UnusedAfter = w.opts.ArchiveAfter
	}
	refs, err := w.opts.Memories.Archive(ctx, now, p)
	if err != nil {
		return len(refs), fmt.Errorf("archive stale memories: %w", err)
	}
	return len(refs), nil
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
