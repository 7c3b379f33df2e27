package mongo

import (
	"log/slog"
	"time"
)

// DefaultTimeout bounds how long Open waits for an unreachable server before
// giving up with memory.ErrUnavailable.
const DefaultTimeout = 5 * time.Second

// indexTimeout bounds index creation at start-up; building an index that
// already exists is immediate, a new one on a large collection is not.
const indexTimeout = 2 * time.Minute

// config is what the Options set.
type config struct {
	timeout     time.Duration
	maxPoolSize uint64
	logger      *slog.Logger
	now         func() time.Time
}

func defaultConfig() config {
	return config{
		timeout: DefaultTimeout,
		logger:  slog.New(slog.DiscardHandler),
		now:     time.Now,
	}
}

// Option adjusts how Open connects and how the store behaves.
type Option func(*config)

// WithTimeout bounds server selection, connecting and the start-up ping, so
// that a server that does not answer yields an error instead of a hang.
// Values of zero or less keep DefaultTimeout.
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithMaxPoolSize caps the connections the store opens to each server. One
// connection serialises every operation, which servers without real
// concurrency control (FerretDB v1) need. Zero keeps the driver's default.
func WithMaxPoolSize(n uint64) Option {
	return func(c *config) { c.maxPoolSize = n }
}

// WithLogger sets where the store reports what it does; by default it is
// silent.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// WithClock replaces time.Now for the timestamps the store assigns, so
// tests can control them.
func WithClock(now func() time.Time) Option {
	return func(c *config) {
		if now != nil {
			c.now = now
		}
	}
}
