package discord

import (
	"context"
	"errors"
	"log/slog"
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
// characters; otherwise it is remembered under a short random token,
// shared through settings when there are some (see package buttontoken: a
// token lasts buttontoken.TTL and may be pressed again until then).
type buttonTokens struct {
	store *buttontoken.Store
	log   *slog.Logger
}

func newButtonTokens(capacity int, settings buttontoken.Settings, log *slog.Logger) *buttonTokens {
	var opts []buttontoken.Option
	if settings != nil {
		opts = append(opts, buttontoken.WithSettings(settings))
	}
	return &buttonTokens{store: buttontoken.New(capacity, opts...), log: log}
}

// customID returns the custom_id standing for command shown to owner.
func (t *buttonTokens) customID(ctx context.Context, command, owner string) string {
	if id := owner + ownerSeparator + command; isSnowflake(owner) && len(id) <= maxCustomID {
		return id
	}
	token, err := t.store.Remember(ctx, ownedButton{Command: command, Owner: owner})
	if err != nil {
		t.log.Warn("button kept in this process only", "err", err)
	}
	return token
}

// resolve returns the command behind a custom_id and its owner, false
// when it is unknown (expired, forged, or from before buttons carried
// their owner) or cannot be read now.
func (t *buttonTokens) resolve(ctx context.Context, customID string) (ownedButton, bool) {
	if buttontoken.IsToken(customID) {
		b, err := t.store.Lookup(ctx, customID)
		if err != nil {
			if !errors.Is(err, buttontoken.ErrUnknown) {
				t.log.Warn("could not look up a pressed button", "err", err)
			}
			return ownedButton{}, false
		}
		return b, true
	}
	owner, command, found := strings.Cut(customID, ownerSeparator)
	if !found || !isSnowflake(owner) || command == "" || !utf8.ValidString(command) {
		return ownedButton{}, false
	}
	return ownedButton{Command: command, Owner: owner}, true
}
