package upkeep

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// probeRefusals is how many texts, embedded one by one after a batch was
// refused, must all be refused before the whole model is taken to be
// misconfigured rather than a few texts to be unacceptable.
const probeRefusals = 3

// outcome is what became of one memory's new embedding.
type outcome int

const (
	// stored: the embedding was written and the memory re-indexed.
	stored outcome = iota
	// skipped: the memory changed or went away since it was listed.
	skipped
	// refused: the store rejects the vector; back-fill must stop.
	refused
)

// backfill embeds active memories that lack an embedding of the current
// model, batch by batch. A failing embedding service stops it for this
// pass with a warning; only store failures are errors.
func (w *Worker) backfill(ctx context.Context) (int, error) {
	if w.opts.Embedder == nil {
		return 0, nil
	}
	model := w.opts.Embedder.EmbeddingModel()
	if model == "" {
		return 0, nil
	}
	w.skip.reset(model)
	total := 0
	for range maxRounds {
		mems, err := w.opts.Store.MissingEmbeddings(ctx, model, w.opts.BatchSize)
		if err != nil {
			return total, fmt.Errorf("list memories missing %s embeddings: %w", model, err)
		}
		todo := mems[:0:0]
		for _, m := range mems {
			if m.Text != "" && !w.skip.has(m) {
				todo = append(todo, m)
			}
		}
		n, more, err := w.embedBatch(ctx, model, todo)
		total += n
		if err != nil || !more || n == 0 || len(mems) < w.opts.BatchSize {
			return total, err
		}
	}
	w.log.DebugContext(ctx, "memories left to embed on the next pass", slog.Int("embedded", total))
	return total, nil
}

// embedBatch embeds mems in one request and stores the vectors. It
// reports how many were stored and whether back-fill may go on.
func (w *Worker) embedBatch(ctx context.Context, model string, mems []memory.Memory) (int, bool, error) {
	if len(mems) == 0 {
		return 0, true, nil
	}
	vecs, err := w.embed(ctx, mems)
	if err != nil {
		if ctx.Err() != nil {
			return 0, false, fmt.Errorf("embed %d memories: %w", len(mems), ctx.Err())
		}
		if errors.Is(err, llm.ErrBadRequest) && len(mems) > 1 {
			return w.embedEach(ctx, model, mems)
		}
		w.log.WarnContext(ctx, "embedding back-fill paused until the next pass",
			slog.String("model", model), slog.Int("memories", len(mems)),
			slog.Bool("retryable", llm.Retryable(err)), slog.Any("err", err))
		return 0, false, nil
	}
	n := 0
	for i, m := range mems {
		out, err := w.store(ctx, model, m, vecs[i])
		if err != nil {
			return n, false, err
		}
		switch out {
		case stored:
			n++
		case refused:
			return n, false, nil
		}
	}
	return n, true, nil
}

// embedEach embeds mems one at a time after their batch was refused, to
// set aside the texts the model will not take and embed the rest. When
// the first few are all refused too, the fault is the model's, not the
// texts': back-fill stops and nothing is set aside.
func (w *Worker) embedEach(ctx context.Context, model string, mems []memory.Memory) (int, bool, error) {
	n := 0
	var bad []memory.Memory
	for _, m := range mems {
		vecs, err := w.embed(ctx, []memory.Memory{m})
		if err != nil {
			if ctx.Err() != nil {
				return n, false, fmt.Errorf("embed memory %s: %w", m.ID, ctx.Err())
			}
			if !errors.Is(err, llm.ErrBadRequest) {
				w.log.WarnContext(ctx, "embedding back-fill paused until the next pass",
					slog.String("model", model), slog.Bool("retryable", llm.Retryable(err)), slog.Any("err", err))
				return n, false, nil
			}
			bad = append(bad, m)
			if n == 0 && len(bad) >= min(probeRefusals, len(mems)) {
				w.log.WarnContext(ctx, "the embedding model refuses every text; check its configuration",
					slog.String("model", model), slog.Any("err", err))
				return 0, false, nil
			}
			continue
		}
		out, err := w.store(ctx, model, m, vecs[0])
		if err != nil {
			return n, false, err
		}
		switch out {
		case stored:
			n++
		case refused:
			return n, false, nil
		}
	}
	for _, m := range bad {
		w.log.WarnContext(ctx, "memory set aside: the embedding model refuses its text",
			slog.String("owner", m.Owner), slog.String("memory", m.ID), slog.String("model", model))
		w.skip.add(m)
	}
	return n, true, nil
}

// embed asks the embedder for one vector per memory text and checks that
// it answered in kind.
func (w *Worker) embed(ctx context.Context, mems []memory.Memory) ([][]float32, error) {
	texts := make([]string, len(mems))
	for i, m := range mems {
		texts[i] = m.Text
	}
	vecs, err := w.opts.Embedder.Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	if len(vecs) != len(texts) {
		return nil, fmt.Errorf("embedder returned %d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if len(v) == 0 {
			return nil, fmt.Errorf("embedder returned an empty vector for memory %s", mems[i].ID)
		}
	}
	return vecs, nil
}

// store writes vec as m's embedding, provided m is unchanged since it was
// listed (the memory service re-indexes it).
func (w *Worker) store(ctx context.Context, model string, m memory.Memory, vec []float32) (outcome, error) {
	e := &memory.Embedding{Model: model, Vector: vec}
	err := w.opts.Memories.SetEmbedding(ctx, m.Owner, m.ID, m.Version, e)
	switch {
	case err == nil:
	case errors.Is(err, memory.ErrConflict), errors.Is(err, memory.ErrNotFound):
		// Edited or deleted meanwhile: its text may no longer match the
		// vector. A later pass embeds what it has become.
		w.log.DebugContext(ctx, "memory changed while it was embedded; skipped",
			slog.String("owner", m.Owner), slog.String("memory", m.ID), slog.Any("err", err))
		return skipped, nil
	case errors.Is(err, memory.ErrInvalid):
		w.log.WarnContext(ctx, "the store refuses the embedding model's vectors; back-fill paused until the next pass",
			slog.String("model", model), slog.Int("dims", len(vec)), slog.Any("err", err))
		return refused, nil
	default:
		return skipped, fmt.Errorf("store embedding of memory %s of %s: %w", m.ID, m.Owner, err)
	}
	return stored, nil
}
