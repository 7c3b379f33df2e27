package memory

import (
	"fmt"
	"time"
)

// Lease is one named, exclusive, expiring right to do some work: extracting
// one conversation, running upkeep. One replica holds it until Until; if it
// crashes or hangs, the lease lapses and another replica may take it over.
// Names follow the rules of setting keys (ValidateSettingKey), so that
// Store.Leases can list them by prefix byte for byte.
//
// Epoch is a fencing token: it grows by exactly 1 every time the holder
// changes, and never otherwise (renewing, releasing, or re-acquiring by the
// same holder keep it). A writer records the epoch under which it worked,
// and a write carrying an older epoch than the lease's current one comes
// from a holder that was taken over and can be refused.
//
// Times come from the caller, not the store's clock: what margin covers
// clock skew between replicas, and how long a lease runs, is decided above
// the store.
type Lease struct {
	Name   string `json:"name" bson:"name"`
	Holder string `json:"holder" bson:"holder"`
	// Until is when the lease lapses; the zero time once released.
	Until time.Time `json:"until" bson:"until"`
	Epoch int64     `json:"epoch" bson:"epoch"`
}

// LeaseQuery asks for lease Name for Holder, at Now, until Until.
type LeaseQuery struct {
	Name   string    `json:"name" bson:"name"`
	Holder string    `json:"holder" bson:"holder"`
	Now    time.Time `json:"now" bson:"now"`
	Until  time.Time `json:"until" bson:"until"`
}

// MaxLeaseHolder bounds a lease holder's name, in bytes.
const MaxLeaseHolder = 512

// Validate checks that q can be asked: a valid name (as a setting key), a
// holder, non-zero times and Until after Now. Anything else is ErrInvalid,
// so that every store refuses the same queries.
func (q LeaseQuery) Validate() error {
	if err := ValidateLease(q.Name, q.Holder); err != nil {
		return err
	}
	switch {
	case q.Now.IsZero() || q.Until.IsZero():
		return fmt.Errorf("%w: lease %q needs a current time and an end", ErrInvalid, q.Name)
	case !q.Until.After(q.Now):
		return fmt.Errorf("%w: lease %q ends at %s, not after now (%s)", ErrInvalid, q.Name,
			q.Until.Format(time.RFC3339Nano), q.Now.Format(time.RFC3339Nano))
	}
	return nil
}

// ValidateLease checks a lease name (the rules of ValidateSettingKey)
// and a holder (not empty, at most MaxLeaseHolder bytes of valid UTF-8
// without NUL bytes), as Store.AcquireLease and Store.ReleaseLease need.
func ValidateLease(name, holder string) error {
	if name == "" {
		return fmt.Errorf("%w: lease name is empty", ErrInvalid)
	}
	if err := checkSettingText("lease name", name, MaxSettingKey); err != nil {
		return err
	}
	if holder == "" {
		return fmt.Errorf("%w: lease %q has no holder", ErrInvalid, name)
	}
	return checkSettingText("lease holder", holder, MaxLeaseHolder)
}
