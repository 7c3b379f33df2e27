package service

import (
	"context"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// queryEmbedTimeout keeps a slow embedding API from delaying replies.
const queryEmbedTimeout = 3 * time.Second

// Recall returns owner's memories best worth injecting into a reply to q,
// best first, exactly as replies rank them: the query is embedded when an
// embedding model is configured (lexical alone when it is not, or when the
// call fails; never for a Literal query, which wants its words), and the
// index is proved current with one revision read.
func (s *Service) Recall(ctx context.Context, owner string, q recall.Query) ([]recall.Result, error) {
	if q.Vector == nil && !q.Literal {
		q.Vector = s.embedQuery(ctx, q.Text)
	}
	res, err := s.index.Search(ctx, owner, q)
	if err != nil {
		return nil, fmt.Errorf("recall memories of %s: %w", owner, err)
	}
	return res, nil
}

// embedQuery embeds a recall query, or returns nil.
func (s *Service) embedQuery(ctx context.Context, text string) []float32 {
	if s.embedder == nil || s.embedder.EmbeddingModel() == "" || text == "" {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, queryEmbedTimeout)
	defer cancel()
	vecs, err := s.embedder.Embed(ctx, []string{text})
	if err != nil || len(vecs) != 1 {
		s.log.Debug("query embedding failed; lexical recall only", "err", err)
		return nil
	}
	return vecs[0]
}

// Similar returns at most about k of owner's memories that may concern the
// same thing as a candidate with text, subject and vector: active ones
// from the recall index (same subject, lexical and vector matches) and the
// newest of those awaiting review, which the index holds apart. It never
// lists the owner's store, so reconciling costs nearly the same for a
// person with ten memories or ten thousand. Reconciliation applies its own
// threshold to what it gets.
func (s *Service) Similar(ctx context.Context, owner, text, subject string, vector []float32, k int) ([]memory.Memory, error) {
	near, err := s.index.Similar(ctx, owner, text, subject, vector, k)
	if err != nil {
		return nil, fmt.Errorf("find memories like a candidate of %s: %w", owner, err)
	}
	return near, nil
}
