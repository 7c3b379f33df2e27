package memory

import (
	"fmt"
	"time"
)

// Counters are named integers shared by every replica, each living until
// its expiry: the building block of windowed limits (a person's tokens
// today, messages this minute, a server's messages today), so that N
// replicas share one budget instead of allowing N of them. The key names
// what is counted ("budget:tokens:<person>"); the window is the expiry
// given with the add that starts it (say, the next midnight), after which
// the counter reads 0 and the next add starts a new window. The store only
// adds atomically and forgets; how windows are cut, and what margin absorbs
// the clock skew between replicas, is decided above it.
//
// Times come from the caller, and compare at millisecond precision. Keys
// follow the rules of setting keys (ValidateSettingKey); counters and
// settings are separate name spaces.

// ValidateCount checks the arguments of Store.AddCount: a valid key, a
// non-zero now and a non-zero expiry. Every store refuses the same input,
// with ErrInvalid.
func ValidateCount(key string, now, expires time.Time) error {
	if err := ValidateSettingKey(key); err != nil {
		return fmt.Errorf("counter key: %w", err)
	}
	if now.IsZero() || expires.IsZero() {
		return fmt.Errorf("%w: counter needs a current time and an expiry", ErrInvalid)
	}
	return nil
}
