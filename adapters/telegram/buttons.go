package telegram

import (
	"crypto/rand"
	"encoding/base64"
	"strings"
	"sync"
	"unicode/utf8"
)

// maxCallbackData is Telegram's limit on a button's callback_data, in
// bytes.
const maxCallbackData = 64

// buttonTokenCapacity bounds the remembered long button commands.
const buttonTokenCapacity = 10000

// tokenPrefix starts callback data that stands for a remembered command;
// commands start with "/", so the two never collide.
const tokenPrefix = "~"

// buttonTokens maps short callback tokens to button commands too long for
// callback_data. Tokens are random, so a button from before a restart
// resolves to nothing rather than to another command.
type buttonTokens struct {
	mu    sync.Mutex
	cmds  map[string]string
	order []string // oldest first, for eviction
	cap   int
}

func newButtonTokens(capacity int) *buttonTokens {
	return &buttonTokens{cmds: map[string]string{}, cap: capacity}
}

// data returns the callback data standing for command.
func (t *buttonTokens) data(command string) string {
	if strings.HasPrefix(command, "/") && len(command) <= maxCallbackData && utf8.ValidString(command) {
		return command
	}
	var raw [12]byte
	_, _ = rand.Read(raw[:])
	token := tokenPrefix + base64.RawURLEncoding.EncodeToString(raw[:])
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cmds[token] = command
	t.order = append(t.order, token)
	for len(t.order) > t.cap {
		delete(t.cmds, t.order[0])
		t.order = t.order[1:]
	}
	return token
}

// resolve returns the command behind callback data, false when it is
// unknown (expired or forged).
func (t *buttonTokens) resolve(data string) (string, bool) {
	if strings.HasPrefix(data, "/") {
		return data, true
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	cmd, ok := t.cmds[data]
	return cmd, ok
}
