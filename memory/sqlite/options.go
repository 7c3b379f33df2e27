package sqlite

import (
	"log/slog"
	"time"
)

// Option adjusts how Open sets up a Store.
type Option func(*options)

// options are the settings Open works with.
type options struct {
	logger      *slog.Logger
	now         func() time.Time
	busyTimeout time.Duration
	readConns   int
}

func defaultOptions() options {
	return options{
		logger:      slog.Default(),
		now:         time.Now,
		busyTimeout: 10 * time.Second,
		readConns:   4,
	}
}

// WithLogger sets where the store reports migrations and other events.
func WithLogger(l *slog.Logger) Option {
	return func(o *options) {
		if l != nil {
			o.logger = l
		}
	}
}

// WithClock replaces the clock that stamps created and updated times, so
// tests can control them.
func WithClock(now func() time.Time) Option {
	return func(o *options) {
		if now != nil {
			o.now = now
		}
	}
}

// WithBusyTimeout sets how long a statement waits for a lock held by another
// connection before failing. Writes in one process never wait on each other
// (they are serialized), so this matters only for checkpoints and for tools
// opening the file directly.
func WithBusyTimeout(d time.Duration) Option {
	return func(o *options) {
		if d > 0 {
			o.busyTimeout = d
		}
	}
}

// WithReadConns sets how many connections may read at once, besides the one
// that writes.
func WithReadConns(n int) Option {
	return func(o *options) {
		if n > 0 {
			o.readConns = n
		}
	}
}
