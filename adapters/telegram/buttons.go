package telegram

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/membot/membot/internal/buttontoken"
)

// maxCallbackData is Telegram's limit on a button's callback_data, in
// bytes.
const maxCallbackData = 64

// buttonTokenCapacity bounds the remembered long button commands.
const buttonTokenCapacity = 10000

// tokenPrefix starts callback data that stands for a remembered command;
// other callback data starts with the owner's numeric id, so the two
// never collide.
const tokenPrefix = buttontoken.Prefix

// buttonCommand is what a button does and whom it was shown to: only
// that user may press it.
type buttonCommand struct {
	command string
	owner   int64
}

// buttonTokens binds button commands to their owners. A short command
// travels in the callback data itself, after the owner's id ("42/help");
// a longer one is remembered under a short random token, shared through
// settings when there are some (see package buttontoken: a token lasts
// buttontoken.TTL and may be pressed again until then).
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

// data returns the callback data standing for command shown to owner.
func (t *buttonTokens) data(ctx context.Context, command string, owner int64) string {
	if strings.HasPrefix(command, "/") && utf8.ValidString(command) && owner >= 0 {
		if d := strconv.FormatInt(owner, 10) + command; len(d) <= maxCallbackData {
			return d
		}
	}
	token, err := t.store.Remember(ctx, buttontoken.Button{Command: command, Owner: strconv.FormatInt(owner, 10)})
	if err != nil {
		t.log.Warn("telegram: button kept in this process only", "err", err)
	}
	return token
}

// resolve returns the command behind callback data and its owner, false
// when it is unknown (expired, forged, or from before buttons carried
// their owner) or cannot be read now.
func (t *buttonTokens) resolve(ctx context.Context, data string) (buttonCommand, bool) {
	if buttontoken.IsToken(data) {
		b, err := t.store.Lookup(ctx, data)
		if err != nil {
			if !errors.Is(err, buttontoken.ErrUnknown) {
				t.log.Warn("telegram: could not look up a pressed button", "err", err)
			}
			return buttonCommand{}, false
		}
		owner, err := strconv.ParseInt(b.Owner, 10, 64)
		return buttonCommand{command: b.Command, owner: owner}, err == nil
	}
	i := strings.IndexByte(data, '/')
	if i <= 0 || !allDigits(data[:i]) || !utf8.ValidString(data) {
		return buttonCommand{}, false
	}
	owner, err := strconv.ParseInt(data[:i], 10, 64)
	if err != nil {
		return buttonCommand{}, false
	}
	return buttonCommand{command: data[i:], owner: owner}, true
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
