package config

import (
	"fmt"
	"time"
)

// Duration is a time.Duration written as "30s" or "2h" in files,
// environment variables and flags.
type Duration time.Duration

// D returns the standard-library duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// String formats like time.Duration.
func (d Duration) String() string { return time.Duration(d).String() }

// UnmarshalText parses "30s", "1h30m", … .
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("not a duration (try 30s, 5m, 2h): %q", b)
	}
	*d = Duration(v)
	return nil
}

// MarshalText formats like time.Duration.
func (d Duration) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// Set lets a Duration be a flag.Value.
func (d *Duration) Set(s string) error { return d.UnmarshalText([]byte(s)) }
