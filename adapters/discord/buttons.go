package discord

import (
	"strings"
	"unicode/utf8"

	"github.com/membot/membot/internal/buttontoken"
)

// buttonTokenPrefix starts a custom_id that stands for a remembered
// button; other custom_ids start with the owner's numeric id, so the two
// never collide.
const buttonTokenPrefix = buttontoken.Prefix

// ownerSeparator ends the owner's id in a custom_id that carries its
// command itself ("123456789012345678:/memories list 2").
const ownerSeparator = ":"

// ownedButton is what a button does and whom it was shown to: only that
// user may press it.
type ownedButton = buttontoken.Button

// buttonTokens binds button commands to their owners. A command travels
// in the custom_id after the owner's id when both fit in Discord's 100
// characters; otherwise it is remembered under a short random token.
type buttonTokens struct {
	store *buttontoken.Store
}

func newButtonTokens(capacity int) *buttonTokens {
	return &buttonTokens{store: buttontoken.New(capacity)}
}

// customID returns the custom_id standing for command shown to owner.
func (t *buttonTokens) customID(command, owner string) string {
	if id := owner + ownerSeparator + command; isSnowflake(owner) && len(id) <= maxCustomID {
		return id
	}
	return t.store.Remember(ownedButton{Command: command, Owner: owner})
}

// resolve returns the command behind a custom_id and its owner, false
// when it is unknown (expired, forged, or from before buttons carried
// their owner).
func (t *buttonTokens) resolve(customID string) (ownedButton, bool) {
	if buttontoken.IsToken(customID) {
		return t.store.Lookup(customID)
	}
	owner, command, found := strings.Cut(customID, ownerSeparator)
	if !found || !isSnowflake(owner) || command == "" || !utf8.ValidString(command) {
		return ownedButton{}, false
	}
	return ownedButton{Command: command, Owner: owner}, true
}
