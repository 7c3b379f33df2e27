package memory_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/membot/membot/memory"
)

func TestRetryConflict(t *testing.T) {
	other := errors.New("disk on fire")
	tests := []struct {
		name     string
		attempts int
		// fails[i] is what attempt i+1 returns; past the end it succeeds.
		fails     []error
		wantCalls int
		want      error
	}{
		{"first try", 3, nil, 1, nil},
		{"conflict then success", 3, []error{memory.ErrConflict, fmt.Errorf("write: %w", memory.ErrConflict)}, 3, nil},
		{"other errors are not retried", 3, []error{other}, 1, other},
		{"gives up at the bound", 3, []error{memory.ErrConflict, memory.ErrConflict, memory.ErrConflict, memory.ErrConflict}, 3, memory.ErrConflict},
		{"at least one attempt", 0, []error{memory.ErrConflict}, 1, memory.ErrConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			err := memory.RetryConflict(t.Context(), tt.attempts, func() error {
				calls++
				if calls <= len(tt.fails) {
					return tt.fails[calls-1]
				}
				return nil
			})
			if calls != tt.wantCalls {
				t.Errorf("fn called %d times, want %d", calls, tt.wantCalls)
			}
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestRetryConflictStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	calls := 0
	err := memory.RetryConflict(ctx, 100, func() error {
		calls++
		cancel()
		return memory.ErrConflict
	})
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Fatalf("err = %v after %d calls, want context.Canceled after 1", err, calls)
	}
}
