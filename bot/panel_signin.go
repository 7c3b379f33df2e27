package bot

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// The memory panel's sign-in: "/memories panel" hands out a one-time link
// bound to the person who asked; the panel redeems it once and opens a
// session. Both live in the store's settings, so that a link made on one
// replica opens on any other, and a session survives a restart. Only a
// hash of each secret is stored: whoever reads the settings cannot sign in.
const (
	// PanelLinkTTL is how long a sign-in link can be opened.
	PanelLinkTTL = 10 * time.Minute
	// PanelSessionTTL is how long a panel session lasts after sign-in.
	PanelSessionTTL = 24 * time.Hour
	// PanelLinksPerWindow bounds the links one person may ask for per
	// PanelLinkTTL.
	PanelLinksPerWindow = 5
)

// panelLinkPrefix starts the settings keys of links; a session's key
// (memory.PanelSessionPrefix) names its person so that a person's sessions
// can be revoked together.
const panelLinkPrefix = "panel:link:"

// ErrPanelSignIn is a sign-in link or session that opens nothing:
// unknown, expired, already used, revoked or forged.
var ErrPanelSignIn = errors.New("panel sign-in refused")

// PanelGuild names a server whose settings and shared notes a panel
// session may change: one where the person was an admin when the link was
// made.
type PanelGuild struct {
	Platform string `json:"platform"`
	ID       string `json:"id"`
}

// PanelTicket is what a sign-in link, then the session it opened, stands
// for.
type PanelTicket struct {
	PersonID string       `json:"person_id"`
	Guilds   []PanelGuild `json:"guilds,omitempty"`
	Issued   time.Time    `json:"issued"`
	// Lang is the language the link was asked for in ("en", "zh"): the
	// panel speaks it.
	Lang string `json:"lang,omitempty"`
}

// PanelSecrets are the settings a link or session is kept in.
type PanelSecrets interface {
	PutSetting(ctx context.Context, key, value string, expires time.Time) error
	Setting(ctx context.Context, key string) (string, error)
	TakeSetting(ctx context.Context, key string) (string, error)
}

// NewPanelSecret returns a fresh random secret, safe in a URL or a cookie.
func NewPanelSecret() string {
	var raw [24]byte
	_, _ = rand.Read(raw[:]) // crypto/rand.Read never fails
	return base64.RawURLEncoding.EncodeToString(raw[:])
}

// secretHash is what the settings hold of a secret.
func secretHash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// PanelLinkKey is the settings key of a sign-in link's secret.
func PanelLinkKey(secret string) string { return panelLinkPrefix + secretHash(secret) }

// PanelSessionKey is the settings key of person's session secret.
func PanelSessionKey(personID, secret string) string {
	return PanelSessionPrefix(personID) + secretHash(secret)
}

// PanelSessionPrefix starts the keys of every session of a person:
// deleting them signs the person out everywhere.
func PanelSessionPrefix(personID string) string { return memory.PanelSessionPrefix(personID) }

// IssuePanelLink stores t as a sign-in link valid PanelLinkTTL from now and
// returns its secret.
func IssuePanelLink(ctx context.Context, s PanelSecrets, t PanelTicket, now time.Time) (string, error) {
	t.Issued = now
	value, err := json.Marshal(t)
	if err != nil {
		return "", fmt.Errorf("encode panel link: %w", err)
	}
	secret := NewPanelSecret()
	if err := s.PutSetting(ctx, PanelLinkKey(secret), string(value), now.Add(PanelLinkTTL)); err != nil {
		return "", fmt.Errorf("store panel link: %w", err)
	}
	return secret, nil
}

// RedeemPanelLink takes the link secret for good and returns its ticket:
// of two concurrent redeemers exactly one gets it, the other
// ErrPanelSignIn, as does an expired or unknown secret.
func RedeemPanelLink(ctx context.Context, s PanelSecrets, secret string) (PanelTicket, error) {
	if secret == "" || len(secret) > 100 {
		return PanelTicket{}, ErrPanelSignIn
	}
	value, err := s.TakeSetting(ctx, PanelLinkKey(secret))
	return decodeTicket(value, err, "redeem panel link")
}

// OpenPanelSession stores t as a session valid PanelSessionTTL from now and
// returns its secret.
func OpenPanelSession(ctx context.Context, s PanelSecrets, t PanelTicket, now time.Time) (string, error) {
	value, err := json.Marshal(t)
	if err != nil {
		return "", fmt.Errorf("encode panel session: %w", err)
	}
	secret := NewPanelSecret()
	if err := s.PutSetting(ctx, PanelSessionKey(t.PersonID, secret), string(value), now.Add(PanelSessionTTL)); err != nil {
		return "", fmt.Errorf("store panel session: %w", err)
	}
	return secret, nil
}

// PanelSession returns the ticket of person's live session secret, or
// ErrPanelSignIn when it expired, was revoked or never existed.
func PanelSession(ctx context.Context, s PanelSecrets, personID, secret string) (PanelTicket, error) {
	if personID == "" || secret == "" || len(secret) > 100 || len(personID) > 100 {
		return PanelTicket{}, ErrPanelSignIn
	}
	value, err := s.Setting(ctx, PanelSessionKey(personID, secret))
	t, err := decodeTicket(value, err, "read panel session")
	if err == nil && t.PersonID != personID {
		return PanelTicket{}, ErrPanelSignIn
	}
	return t, err
}

func decodeTicket(value string, err error, what string) (PanelTicket, error) {
	switch {
	case errors.Is(err, memory.ErrNotFound), errors.Is(err, memory.ErrInvalid):
		return PanelTicket{}, ErrPanelSignIn
	case err != nil:
		return PanelTicket{}, fmt.Errorf("%s: %w", what, err)
	}
	var t PanelTicket
	if err := json.Unmarshal([]byte(value), &t); err != nil || t.PersonID == "" {
		return PanelTicket{}, ErrPanelSignIn
	}
	return t, nil
}
