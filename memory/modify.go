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
// to ModifyAttempts times; used by everything that edits a memory.
//
// fn receives a fresh copy on every attempt and may be called more than once,
// so it must be free of side effects outside the memory. An error from fn
// aborts without writing and is returned as is. fn may not change the
// memory's ID or Owner (ErrInvalid): ownership moves only with
// Store.ReassignOwner.
func ModifyMemory(ctx context.Context, s Store, owner, id string, fn func(*Memory) error) (Memory, error) {
	var out Memory
	errFn := errors.New("modify function failed")
	var fnErr error
	err := RetryConflict(ctx, ModifyAttempts, func() error {
		m, err := s.Memory(ctx, owner, id)
		if err != nil {
			return err
		}
		if err := fn(&m); err != nil {
			fnErr = err
			return errFn
		}
		if m.ID != id || m.Owner != owner {
			return fmt.Errorf("%w: the id and owner cannot change", ErrInvalid)
		}
		if err := s.UpdateMemory(ctx, &m); err != nil {
			return err
		}
		out = m
		return nil
	})
	switch {
	case err == nil:
		return out, nil
	case errors.Is(err, errFn):
		return Memory{}, fnErr
	}
	return Memory{}, fmt.Errorf("modify memory %s: %w", id, err)
}

// RetryConflict runs an optimistic read-modify-write: it calls fn, which
// reads what it changes afresh and writes it back, until fn returns
// anything but ErrConflict, at most attempts times (at least once). Between
// attempts it waits a short, jittered, slowly growing time so that writers
// that collided do not collide again in lockstep. It returns fn's last
// error; after the last attempt a conflict is reported as giving up, still
// matching ErrConflict. Every optimistic retry loop goes through it, so
// they share one bound policy and one backoff.
func RetryConflict(ctx context.Context, attempts int, fn func() error) error {
	for attempt := 1; ; attempt++ {
		err := fn()
		if err == nil || !errors.Is(err, ErrConflict) {
			return err
		}
		if attempt >= attempts {
			return fmt.Errorf("gave up after %d attempts: %w", attempt, err)
		}
		if err := conflictPause(ctx, attempt); err != nil {
			return err
		}
	}
}

// conflictPause waits a short, jittered, slowly growing time.
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
