package memory

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestLeaseQueryValidate(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	ok := LeaseQuery{Name: "extract:c1", Holder: "replica-a", Now: now, Until: now.Add(time.Millisecond)}
	for _, tc := range []struct {
		name  string
		edit  func(q *LeaseQuery)
		valid bool
	}{
		{"complete", func(*LeaseQuery) {}, true},
		{"longest name and holder", func(q *LeaseQuery) {
			q.Name, q.Holder = strings.Repeat("n", MaxSettingKey), strings.Repeat("h", MaxLeaseHolder)
		}, true},
		{"empty name", func(q *LeaseQuery) { q.Name = "" }, false},
		{"name too long", func(q *LeaseQuery) { q.Name = strings.Repeat("n", MaxSettingKey+1) }, false},
		{"name with NUL", func(q *LeaseQuery) { q.Name = "a\x00b" }, false},
		{"empty holder", func(q *LeaseQuery) { q.Holder = "" }, false},
		{"holder too long", func(q *LeaseQuery) { q.Holder = strings.Repeat("h", MaxLeaseHolder+1) }, false},
		{"holder not UTF-8", func(q *LeaseQuery) { q.Holder = "\xff" }, false},
		{"zero now", func(q *LeaseQuery) { q.Now = time.Time{} }, false},
		{"zero until", func(q *LeaseQuery) { q.Until = time.Time{} }, false},
		{"until at now", func(q *LeaseQuery) { q.Until = q.Now }, false},
		{"until before now", func(q *LeaseQuery) { q.Until = q.Now.Add(-time.Hour) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := ok
			tc.edit(&q)
			err := q.Validate()
			if tc.valid != (err == nil) || (err != nil && !errors.Is(err, ErrInvalid)) {
				t.Errorf("Validate() = %v, want valid %v (or ErrInvalid)", err, tc.valid)
			}
		})
	}
}

func TestValidateCount(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name         string
		key          string
		now, expires time.Time
		valid        bool
	}{
		{"complete", "budget:p", now, now.Add(time.Hour), true},
		{"expiry already past", "budget:p", now, now.Add(-time.Hour), true},
		{"empty key", "", now, now.Add(time.Hour), false},
		{"key not UTF-8", "\xff", now, now.Add(time.Hour), false},
		{"zero now", "budget:p", time.Time{}, now, false},
		{"zero expiry", "budget:p", now, time.Time{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateCount(tc.key, tc.now, tc.expires)
			if tc.valid != (err == nil) || (err != nil && !errors.Is(err, ErrInvalid)) {
				t.Errorf("ValidateCount() = %v, want valid %v (or ErrInvalid)", err, tc.valid)
			}
		})
	}
}
