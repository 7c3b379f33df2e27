package storetest

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// writers is how many goroutines the concurrency contracts run at once.
const writers = 50

func concurrencyContracts() []contract {
	return []contract{
		{name: "ConcurrentModifyMemory", concurrent: true, run: testConcurrentModifyMemory},
		{name: "ConcurrentTouchMemories", concurrent: true, run: testConcurrentTouchMemories},
		{name: "ConcurrentAppendMessage", concurrent: true, run: testConcurrentAppendMessage},
		{name: "ConcurrentResolveIdentity", concurrent: true, run: testConcurrentResolveIdentity},
	}
}

// parallel runs fn(0..n-1) concurrently and reports every error.
func parallel(t *testing.T, n int, fn func(i int) error) {
	t.Helper()
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			if err := fn(i); err != nil {
				errs <- fmt.Errorf("worker %d: %w", i, err)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func testConcurrentModifyMemory(t *testing.T, s memory.Store) {
	ctx := t.Context()
	m := newMemory("p", "count 0")
	mustInsert(t, s, &m)
	// Every writer reads before any writes, so that all but one of the
	// first attempts conflict and the retries are really exercised.
	read := newBarrier(writers)
	parallel(t, writers, func(i int) error {
		first := true
		_, err := memory.ModifyMemory(ctx, s, "p", m.ID, func(x *memory.Memory) error {
			if first {
				first = false
				read.wait(ctx)
			}
			n, err := strconv.Atoi(strings.TrimPrefix(x.Text, "count "))
			if err != nil {
				return fmt.Errorf("parse counter %q: %w", x.Text, err)
			}
			x.Text = fmt.Sprintf("count %d", n+1)
			x.Tags = append(x.Tags, fmt.Sprintf("w%02d", i))
			return nil
		})
		return err
	})
	got := mustGet(t, s, "p", m.ID)
	if want := fmt.Sprintf("count %d", writers); got.Text != want {
		t.Errorf("counter after %d concurrent increments is %q, want %q", writers, got.Text, want)
	}
	if got.Version != writers+1 {
		t.Errorf("version = %d, want %d", got.Version, writers+1)
	}
	seen := map[string]bool{}
	for _, tag := range got.Tags {
		seen[tag] = true
	}
	if len(got.Tags) != writers || len(seen) != writers {
		t.Errorf("%d tags (%d distinct), want one from each of %d writers", len(got.Tags), len(seen), writers)
	}
}

func testConcurrentTouchMemories(t *testing.T, s memory.Store) {
	m := newMemory("p", "popular")
	mustInsert(t, s, &m)
	parallel(t, writers, func(int) error {
		return s.TouchMemories(t.Context(), "p", []string{m.ID}, base)
	})
	if got := mustGet(t, s, "p", m.ID); got.UseCount != writers || got.Version != 1 {
		t.Errorf("after %d concurrent touches use_count = %d version = %d, want %d and 1", writers, got.UseCount, got.Version, writers)
	}
}

func testConcurrentAppendMessage(t *testing.T, s memory.Store) {
	conv := mustEnsure(t, s, "discord:busy").ID
	parallel(t, writers, func(i int) error {
		m := memory.Message{ConversationID: conv, PlatformID: fmt.Sprintf("m%02d", i), Role: memory.RoleUser, Text: "hello", Time: base}
		if err := s.AppendMessage(t.Context(), &m); err != nil {
			return err
		}
		if i%2 == 0 {
			dup := memory.Message{ConversationID: conv, PlatformID: "dup", Role: memory.RoleUser, Text: "same platform id", Time: base}
			return s.AppendMessage(t.Context(), &dup)
		}
		return nil
	})
	msgs := mustMessages(t, s, conv, 0, 0)
	if len(msgs) != writers+1 {
		t.Errorf("%d messages stored, want %d (each once, the duplicate once)", len(msgs), writers+1)
	}
	platformIDs := map[string]bool{}
	for i, m := range msgs {
		if i > 0 && m.Seq <= msgs[i-1].Seq {
			t.Errorf("seq %d follows %d: numbers must strictly increase", m.Seq, msgs[i-1].Seq)
		}
		if platformIDs[m.PlatformID] {
			t.Errorf("platform id %s stored twice", m.PlatformID)
		}
		platformIDs[m.PlatformID] = true
	}
}

func testConcurrentResolveIdentity(t *testing.T, s memory.Store) {
	persons := make([]string, writers)
	parallel(t, writers, func(i int) error {
		p, err := s.ResolveIdentity(t.Context(), "discord", "newcomer", "new")
		persons[i] = p.ID
		return err
	})
	for i, id := range persons {
		if id != persons[0] {
			t.Fatalf("concurrent first sight created several people: %s and %s (worker %d)", persons[0], id, i)
		}
	}
	if idents := mustIdentities(t, s, persons[0]); len(idents) != 1 {
		t.Errorf("identities = %+v, want exactly one", idents)
	}
}

// barrier holds goroutines until n of them have arrived.
type barrier struct {
	arrived sync.WaitGroup
	all     chan struct{}
}

func newBarrier(n int) *barrier {
	b := &barrier{all: make(chan struct{})}
	b.arrived.Add(n)
	go func() {
		b.arrived.Wait()
		close(b.all)
	}()
	return b
}

// wait marks one arrival and blocks until all have arrived, or until ctx
// ends or a generous safety bound passes (a worker that failed before
// arriving must not hang the suite).
func (b *barrier) wait(ctx context.Context) {
	b.arrived.Done()
	timer := time.NewTimer(30 * time.Second)
	defer timer.Stop()
	select {
	case <-b.all:
	case <-ctx.Done():
	case <-timer.C:
	}
}
