package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// extractJob is one captured batch to extract: its conversation, and the
// newest time the export gave in it (the conversation's mark once it is
// extracted).
type extractJob struct {
	conv string
	mark time.Time
}

// extractWorker extracts captured batches one after another in a
// goroutine of its own, so that reading and capturing the next batch
// uses the second core meanwhile. Batches are extracted in the order they
// were captured; the first failure stops it and is returned by queue and
// wait.
type extractWorker struct {
	r    *importRun
	jobs chan extractJob
	done chan struct{}
	mu   sync.Mutex
	err  error
}

// extractAhead is how many captured batches may wait for extraction.
const extractAhead = 2

func startExtractWorker(ctx context.Context, r *importRun) *extractWorker {
	w := &extractWorker{r: r, jobs: make(chan extractJob, extractAhead), done: make(chan struct{})}
	go w.loop(ctx)
	return w
}

func (w *extractWorker) loop(ctx context.Context) {
	defer close(w.done)
	for job := range w.jobs {
		if w.failed() != nil {
			continue // drain: the import stops
		}
		if err := w.extract(ctx, job); err != nil {
			w.mu.Lock()
			w.err = err
			w.mu.Unlock()
		}
	}
}

func (w *extractWorker) failed() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// extract runs one conversation's extraction and records its mark.
func (w *extractWorker) extract(ctx context.Context, job extractJob) error {
	r := w.r
	res, err := r.app.Extraction.ExtractNow(ctx, job.conv, false)
	r.mu.Lock()
	r.sum.Windows += res.Windows
	r.sum.Added += res.Added
	r.sum.Updated += res.Updated
	r.sum.Superseded += res.Superseded
	r.sum.Conflicts += res.Conflicts
	r.sum.ModelCalls += res.ModelCalls
	r.sum.EmbedCalls += res.EmbedCalls
	r.mu.Unlock()
	if err != nil {
		return fmt.Errorf("extract: %w", err)
	}
	return r.mark(ctx, job.conv, job.mark)
}

// queue hands a captured batch over, waiting while extractAhead batches
// wait already.
func (w *extractWorker) queue(ctx context.Context, job extractJob) error {
	if err := w.failed(); err != nil {
		return err
	}
	select {
	case w.jobs <- job:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// wait lets the queued batches be extracted and returns the first
// failure.
func (w *extractWorker) wait() error {
	close(w.jobs)
	<-w.done
	return w.failed()
}
