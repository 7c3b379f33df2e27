package memory

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// ModifyAttempts bounds how often ModifyMemory re-reads and retries after a
// concurrent write. Each failed attempt means another writer succeeded, so
// the bound comfortably exceeds the number of writers one memory ever sees.
const ModifyAttempts = 100

// ModifyMemory reads, applies fn and writes back, retrying on ErrConflict up
// to a bound; used by everything that edits a memory.
//
// fn receives a fresh copy on every attempt and may be called more than once,
// so it must be free of side effects outside the memory. An error from fn
// aborts without writing and is returned as is. fn may not change the
// memory's ID or Owner (ErrInvalid): ownership moves only with
// Store.ReassignOwner.
func ModifyMemory(ctx context.Context, s Store, owner, id string, fn func(*Memory) error) (Memory, error) {
	for attempt := 1; ; attempt++ {
		m, err := s.Memory(ctx, owner, id)
		if err != nil {
			return Memory{}, fmt.Errorf("modify memory %s: %w", id, err)
		}
		if err := fn(&m); err != nil {
			return Memory{}, err
		}
		if m.ID != id || m.Owner != owner {
			return Memory{}, fmt.Errorf("%w: modify memory %s: the id and owner cannot change", ErrInvalid, id)
		}
		err = s.UpdateMemory(ctx, &m)
		if err == nil {
			return m, nil
		}
		if !errors.Is(err, ErrConflict) {
			return Memory{}, fmt.Errorf("modify memory %s: %w", id, err)
		}
		if attempt >= ModifyAttempts {
			return Memory{}, fmt.Errorf("modify memory %s: gave up after %d attempts: %w", id, attempt, err)
		}
		if err := conflictPause(ctx, attempt); err != nil {
			return Memory{}, fmt.Errorf("modify memory %s: %w", id, err)
		}
	}
}

// conflictPause waits a short, jittered, slowly growing time so that writers
// that collided do not collide again in lockstep.
func conflictPause(ctx context.Context, attempt int) error {
	ceiling := time.Duration(min(attempt, 20)) * time.Millisecond
	wait := time.Duration(rand.Int64N(int64(ceiling))) + 100*time.Microsecond
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}
