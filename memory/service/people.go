package service

import (
	"context"
	"fmt"
)

// Merge pours person from into person to, when one person links two of
// their accounts: every memory and message authorship moves, then every
// account of from points at to. Memories move first and each is owned by
// one of the two at every moment, so a failure part-way never leaves a
// memory owned by neither; the error is returned and merging again
// finishes the job.
func (s *Service) Merge(ctx context.Context, from, to string) error {
	if from == "" || to == "" || from == to {
		return fmt.Errorf("merge people %q into %q: need two different people", from, to)
	}
	defer s.index.Invalidate(from)
	defer s.index.Invalidate(to)
	if err := s.store.ReassignOwner(ctx, from, to); err != nil {
		if uncertain(err) {
			s.unsure(ctx, from, err)
			s.unsure(ctx, to, err)
		}
		return fmt.Errorf("merge people %s into %s: move memories: %w", from, to, err)
	}
	ids, err := s.store.Identities(ctx, from)
	if err != nil {
		return fmt.Errorf("merge people %s into %s: list accounts: %w", from, to, err)
	}
	for _, id := range ids {
		if err := s.store.MoveIdentity(ctx, id.Platform, id.UserID, to); err != nil {
			return fmt.Errorf("merge people %s into %s: move account %s:%s: %w", from, to, id.Platform, id.UserID, err)
		}
	}
	return nil
}
