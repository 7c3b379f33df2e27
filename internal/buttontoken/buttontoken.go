// Package buttontoken remembers button commands that do not fit in a
// platform's button data (64 bytes on Telegram, 100 characters on
// Discord), each under a short random token bound to the user the button
// was shown to.
//
// With Settings (the store's shared settings) a token is kept there, so
// that a button pressed on another replica, or after a restart, still
// works; without, it is kept in this process only and resolves to nothing
// after a restart. Either way a token lasts TTL and may be pressed any
// number of times until then: a page button pressed twice shows the page
// twice, and what is destructive asks for its own confirmation (which
// is single-use) or finds the thing already gone. Tokens are random, so
// none can be derived from its command or guessed, and an unknown or
// forged one resolves to nothing.
package buttontoken

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// Prefix starts every token; adapters start inline button data with a
// digit, so the two never collide.
const Prefix = "~"

// Len is the length of a token, Prefix included.
const Len = 1 + 16

// TTL is how long a token resolves after it was made.
const TTL = 24 * time.Hour

// keyPrefix starts the setting key of each token.
const keyPrefix = "button:"

// ErrUnknown is a token that resolves to nothing: expired, forged, or
// made by a process that kept it to itself.
var ErrUnknown = errors.New("unknown button token")

// Button is what a button does and whom it was shown to: only that user
// may press it.
type Button struct {
	Command string `json:"command"`
	Owner   string `json:"owner"`
}

// Settings are where tokens are shared with every replica: the store's
// settings, seen as strings and times only so that the adapters know no
// store.
type Settings interface {
	// PutSetting keeps value under key until expires.
	PutSetting(ctx context.Context, key, value string, expires time.Time) error
	// Setting returns the value under key: an error matching ErrUnknown
	// when there is none or it expired, any other error when the
	// settings could not be read.
	Setting(ctx context.Context, key string) (string, error)
}

// Option configures a Store.
type Option func(*Store)

// WithSettings shares the tokens through s.
func WithSettings(s Settings) Option { return func(st *Store) { st.settings = s } }

// WithClock replaces the clock (default time.Now).
func WithClock(now func() time.Time) Option { return func(st *Store) { st.now = now } }

// Store remembers tokens: the most recent ones in a bounded memory (the
// oldest go first when it is full), and all in Settings when it has them.
// It is safe for concurrent use.
type Store struct {
	settings Settings // nil: this process only
	now      func() time.Time

	mu      sync.Mutex
	buttons map[string]remembered
	order   []string // oldest first
	cap     int
}

type remembered struct {
	Button
	expires time.Time
}

// New returns a store keeping at most capacity tokens in memory.
func New(capacity int, opts ...Option) *Store {
	s := &Store{buttons: map[string]remembered{}, cap: max(capacity, 1), now: time.Now}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Remember stores b and returns its token. The token is always usable in
// this process; a non-nil error says it could not be shared (other
// replicas, and this one after a restart, will not know it).
func (s *Store) Remember(ctx context.Context, b Button) (string, error) {
	var raw [12]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails
	token := Prefix + base64.RawURLEncoding.EncodeToString(raw[:])
	expires := s.now().Add(TTL)
	s.mu.Lock()
	s.buttons[token] = remembered{Button: b, expires: expires}
	s.order = append(s.order, token)
	for len(s.order) > s.cap {
		delete(s.buttons, s.order[0])
		s.order = s.order[1:]
	}
	s.mu.Unlock()
	if s.settings == nil {
		return token, nil
	}
	value, err := json.Marshal(b)
	if err != nil {
		return token, fmt.Errorf("encode button: %w", err)
	}
	if err := s.settings.PutSetting(ctx, keyPrefix+token, string(value), expires); err != nil {
		return token, fmt.Errorf("share button token: %w", err)
	}
	return token, nil
}

// IsToken reports whether data looks like a token of this package.
func IsToken(data string) bool { return strings.HasPrefix(data, Prefix) }

// Lookup returns the button behind token: ErrUnknown when it is expired,
// forged or unknown; another error when the settings could not be read.
func (s *Store) Lookup(ctx context.Context, token string) (Button, error) {
	if len(token) != Len || !IsToken(token) {
		return Button{}, ErrUnknown
	}
	now := s.now()
	s.mu.Lock()
	r, ok := s.buttons[token]
	s.mu.Unlock()
	if ok && now.Before(r.expires) {
		return r.Button, nil
	}
	if s.settings == nil {
		return Button{}, ErrUnknown
	}
	value, err := s.settings.Setting(ctx, keyPrefix+token)
	if err != nil {
		return Button{}, fmt.Errorf("look up button token: %w", err)
	}
	var b Button
	if err := json.Unmarshal([]byte(value), &b); err != nil || b.Command == "" {
		return Button{}, ErrUnknown
	}
	return b, nil
}
