// Package buttontoken remembers button commands that do not fit in a
// platform's button data (64 bytes on Telegram, 100 characters on
// Discord), each under a short random token bound to the user the button
// was shown to. Tokens are random, so a button from before a restart
// resolves to nothing rather than to another command.
package buttontoken

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"sync"
)

// Prefix starts every token; adapters start inline button data with a
// digit, so the two never collide.
const Prefix = "~"

// Len is the length of a token, Prefix included.
const Len = 1 + 16

// Button is what a button does and whom it was shown to: only that user
// may press it.
type Button struct {
	Command string
	Owner   string
}

// Store is a bounded memory of tokens; the oldest go first when it is
// full. It is safe for concurrent use.
type Store struct {
	mu      sync.Mutex
	buttons map[string]Button
	order   []string // oldest first
	cap     int
}

// New returns a store remembering at most capacity tokens.
func New(capacity int) *Store {
	return &Store{buttons: map[string]Button{}, cap: max(capacity, 1)}
}

// Remember stores b and returns its token.
func (s *Store) Remember(b Button) string {
	var raw [12]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails
	token := Prefix + base64.RawURLEncoding.EncodeToString(raw[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buttons[token] = b
	s.order = append(s.order, token)
	for len(s.order) > s.cap {
		delete(s.buttons, s.order[0])
		s.order = s.order[1:]
	}
	return token
}

// IsToken reports whether data looks like a token of this package.
func IsToken(data string) bool { return strings.HasPrefix(data, Prefix) }

// Lookup returns the button behind token; false when it is unknown
// (expired, forged, or from an earlier process).
func (s *Store) Lookup(token string) (Button, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.buttons[token]
	return b, ok
}
