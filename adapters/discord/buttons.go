package discord

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"sync"
	"unicode/utf8"
)

// buttonTokenPrefix starts a custom_id that stands for a remembered
// button; other custom_ids start with the owner's numeric id, so the two
// never collide.
const buttonTokenPrefix = "~"

// ownerSeparator ends the owner's id in a custom_id that carries its
// command itself ("123456789012345678:/memories list 2").
const ownerSeparator = ":"

// ownedButton is what a button does and whom it was shown to: only that
// user may press it.
type ownedButton struct {
	command string
	owner   string
}

// buttonTokens binds button commands to their owners. A command travels
// in the custom_id after the owner's id when both fit in Discord's 100
// characters; otherwise it is remembered under a short random token, so
// a button from before a restart resolves to nothing rather than to
// another command.
type buttonTokens struct {
	mu    sync.Mutex
	cmds  map[string]ownedButton
	order []string // oldest first, for eviction
	cap   int
}

func newButtonTokens(capacity int) *buttonTokens {
	return &buttonTokens{cmds: map[string]ownedButton{}, cap: capacity}
}

// customID returns the custom_id standing for command shown to owner.
func (t *buttonTokens) customID(command, owner string) string {
	if id := owner + ownerSeparator + command; isSnowflake(owner) && len(id) <= maxCustomID {
		return id
	}
	var raw [12]byte
	_, _ = rand.Read(raw[:])
	token := buttonTokenPrefix + base64.RawURLEncoding.EncodeToString(raw[:])
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cmds[token] = ownedButton{command: command, owner: owner}
	t.order = append(t.order, token)
	for len(t.order) > t.cap {
		delete(t.cmds, t.order[0])
		t.order = t.order[1:]
	}
	return token
}

// resolve returns the command behind a custom_id and its owner, false
// when it is unknown (expired, forged, or from before buttons carried
// their owner).
func (t *buttonTokens) resolve(customID string) (ownedButton, bool) {
	if strings.HasPrefix(customID, buttonTokenPrefix) {
		t.mu.Lock()
		defer t.mu.Unlock()
		b, ok := t.cmds[customID]
		return b, ok
	}
	owner, command, found := strings.Cut(customID, ownerSeparator)
	if !found || !isSnowflake(owner) || command == "" || !utf8.ValidString(command) {
		return ownedButton{}, false
	}
	return ownedButton{command: command, owner: owner}, true
}
