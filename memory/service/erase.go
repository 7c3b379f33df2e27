package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// maxChain bounds how far a supersession chain is followed.
const maxChain = 50

// scrubber is a store that removes deleted data from its files in one step
// after a run of deletions (the embedded store's checkpoint), which the
// run defers to its end rather than paying after every row.
type scrubber interface {
	DeferScrub(ctx context.Context) context.Context
	Scrub(ctx context.Context) error
}

// batchErasure returns the context an erasure runs under and the function
// to call when it ends: one scrub of the store's files for the whole run.
func (s *Service) batchErasure(ctx context.Context) (context.Context, func()) {
	sc, ok := s.store.(scrubber)
	if !ok {
		return ctx, func() {}
	}
	return sc.DeferScrub(ctx), func() {
		if err := sc.Scrub(context.WithoutCancel(ctx)); err != nil {
			s.log.WarnContext(ctx, "erased data may stay in the store's files until the next erasure", "err", err)
		}
	}
}

// Forget erases owner's memory id for good: the memory, every earlier
// version it superseded (through its Supersedes chain, and the memories
// a correction retired in its favour), their vectors and index entries,
// and the captured messages they were taken from (with the bot's replies
// to them). It returns what it erased, the memory asked for first.
//
// It is all-or-nothing from the person's view: the oldest version goes
// first and the memory asked for last, so a failure part-way leaves the
// memory in place, the error is returned, and forgetting it again finishes
// the job. A chain that cannot be read is not touched at all. A store
// that scrubs its files (the embedded one) does so once, at the end.
func (s *Service) Forget(ctx context.Context, owner, id string) ([]memory.Memory, error) {
	ctx, scrub := s.batchErasure(ctx)
	defer scrub()
	head, err := s.store.Memory(ctx, owner, id)
	if errors.Is(err, memory.ErrNotFound) {
		// Gone already, perhaps by an earlier attempt whose revision
		// bump was lost: make sure no cache still serves it.
		s.unsure(ctx, owner, err)
	}
	if err != nil {
		return nil, wrap("forget", id, err)
	}
	chain, err := s.versions(ctx, head)
	if err != nil {
		return nil, wrap("forget", id, err)
	}
	var gone []string
	defer func() { s.patch(ctx, owner, len(gone), recall.Change{Removed: gone}) }()
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		if err := s.eraseSources(ctx, c); err != nil {
			return nil, wrap("forget", id, err)
		}
		err := s.store.DeleteMemory(ctx, owner, c.ID)
		if errors.Is(err, memory.ErrNotFound) {
			continue
		}
		if err != nil {
			if uncertain(err) {
				s.unsure(ctx, owner, err)
			}
			return nil, wrap("forget", id, fmt.Errorf("delete version %s: %w", c.ID, err))
		}
		gone = append(gone, c.ID)
	}
	return chain, nil
}

// versions returns head and every earlier version of it, head first: the
// Supersedes chain, and every memory marked superseded by one of them (a
// correction can retire several). A chain that cannot be read is an
// error, before anything is erased.
func (s *Service) versions(ctx context.Context, head memory.Memory) ([]memory.Memory, error) {
	chain := []memory.Memory{head}
	in := map[string]bool{head.ID: true}
	for prev := head.Supersedes; prev != "" && !in[prev] && len(chain) < maxChain; {
		old, err := s.store.Memory(ctx, head.Owner, prev)
		if errors.Is(err, memory.ErrNotFound) {
			break // erased already, with everything older
		}
		if err != nil {
			return nil, fmt.Errorf("read earlier version %s: %w", prev, err)
		}
		chain = append(chain, old)
		in[old.ID] = true
		prev = old.Supersedes
	}
	superseded, err := s.store.ListMemories(ctx, memory.MemoryQuery{Owner: head.Owner, Statuses: []memory.Status{memory.StatusSuperseded}})
	if err != nil {
		return nil, fmt.Errorf("list superseded versions: %w", err)
	}
	for grew := true; grew && len(chain) < 2*maxChain; {
		grew = false
		for _, m := range superseded {
			if !in[m.ID] && in[m.SupersededBy] {
				chain = append(chain, m)
				in[m.ID] = true
				grew = true
			}
		}
	}
	return chain, nil
}

// eraseSources deletes the captured messages m and its history were taken
// from, and the bot's replies to them.
func (s *Service) eraseSources(ctx context.Context, m memory.Memory) error {
	if err := s.deleteMessages(ctx, m.Source.ConversationID, m.Source.MessageIDs); err != nil {
		return err
	}
	for _, v := range m.History {
		if err := s.deleteMessages(ctx, v.ConversationID, v.MessageIDs); err != nil {
			return err
		}
	}
	return nil
}

// deleteMessages deletes captured messages and the replies to them; ones
// already gone are fine.
func (s *Service) deleteMessages(ctx context.Context, conversationID string, ids []string) error {
	if conversationID == "" {
		return nil
	}
	for _, id := range ids {
		for _, pid := range []string{id, memory.ReplyPlatformID(id)} {
			err := s.store.DeleteMessage(ctx, conversationID, pid)
			if err != nil && !errors.Is(err, memory.ErrNotFound) {
				return fmt.Errorf("delete source message %s: %w", pid, err)
			}
		}
	}
	return nil
}

// ForgetAll erases everything remembered of owner. Of a person, first the
// messages still queued for an answer (so that no restart captures them
// again), the answers kept for delivery (which repeat their words), their
// memory panel sessions and the record of their last replies' memories,
// then every message the person wrote with the bot's replies to them (so
// that no pending extraction can bring a memory back); then, of any owner, the bot's replies to the messages memories came from and every
// memory with its history and vector. It returns how many memories went.
// A failure part-way returns the error; calling it again finishes the job.
func (s *Service) ForgetAll(ctx context.Context, owner string) (int, error) {
	if owner == "" {
		return 0, fmt.Errorf("%w: forget all: empty owner", memory.ErrInvalid)
	}
	defer s.index.Invalidate(owner)
	ctx, scrub := s.batchErasure(ctx)
	defer scrub()
	if !memory.IsGuildOwner(owner) {
		if _, err := s.store.DropAnswers(ctx, owner); err != nil {
			return 0, fmt.Errorf("forget all of %s: drop queued answers: %w", owner, err)
		}
		if _, err := s.store.DeleteSettings(ctx, memory.UndeliveredPrefix(owner)); err != nil {
			return 0, fmt.Errorf("forget all of %s: delete kept answers: %w", owner, err)
		}
		if _, err := s.store.DeleteSettings(ctx, memory.PanelSessionPrefix(owner)); err != nil {
			return 0, fmt.Errorf("forget all of %s: end panel sessions: %w", owner, err)
		}
		if err := s.store.DeleteSetting(ctx, memory.WhyKey(owner)); err != nil {
			return 0, fmt.Errorf("forget all of %s: delete the last reply's record: %w", owner, err)
		}
		if _, err := s.store.DeletePersonMessages(ctx, owner); err != nil {
			return 0, fmt.Errorf("forget all of %s: erase captured messages: %w", owner, err)
		}
	}
	all, err := s.store.ListMemories(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		return 0, fmt.Errorf("forget all of %s: list memories: %w", owner, err)
	}
	for _, m := range all {
		if err := s.eraseSources(ctx, m); err != nil {
			return 0, fmt.Errorf("forget all of %s: %w", owner, err)
		}
	}
	if _, err := s.store.DeleteAllMemories(ctx, owner); err != nil {
		if uncertain(err) {
			s.unsure(ctx, owner, err)
		}
		return 0, fmt.Errorf("forget all of %s: delete memories: %w", owner, err)
	}
	return len(all), nil
}

// History returns the versions of owner's memory id: what it superseded,
// oldest first, then the memory, then what superseded it.
func (s *Service) History(ctx context.Context, owner, id string) ([]memory.Memory, error) {
	m, err := s.store.Memory(ctx, owner, id)
	if err != nil {
		return nil, wrap("history of", id, err)
	}
	var chain []memory.Memory
	for prev := m.Supersedes; prev != "" && len(chain) < maxChain; {
		old, err := s.store.Memory(ctx, owner, prev)
		if err != nil {
			break
		}
		chain = append([]memory.Memory{old}, chain...)
		prev = old.Supersedes
	}
	chain = append(chain, m)
	for next := m.SupersededBy; next != "" && len(chain) < 2*maxChain; {
		nm, err := s.store.Memory(ctx, owner, next)
		if err != nil {
			break
		}
		chain = append(chain, nm)
		next = nm.SupersededBy
	}
	return chain, nil
}
