package discord

import (
	"net/url"
	"strings"
)

// redactedToken replaces an interaction token in error texts.
const redactedToken = "<token>"

// secretError is an error whose text has a secret (an interaction token)
// removed. Interaction tokens travel in REST URLs (/interactions/{id}/
// {token}/callback, /webhooks/{app}/{token}/…), and network errors quote
// the URL; the token lets anyone answer for the bot for fifteen minutes.
// The wrapped error stays reachable for errors.Is and errors.As.
type secretError struct {
	err    error
	secret string
}

func (e *secretError) Error() string { return redactSecret(e.err.Error(), e.secret) }

func (e *secretError) Unwrap() error { return e.err }

// redactError wraps err so that its text never shows secret; nil stays
// nil.
func redactError(err error, secret string) error {
	if err == nil || secret == "" {
		return err
	}
	if text := err.Error(); redactSecret(text, secret) == text {
		return err
	}
	return &secretError{err: err, secret: secret}
}

func redactSecret(s, secret string) string {
	if secret == "" {
		return s
	}
	s = strings.ReplaceAll(s, secret, redactedToken)
	if esc := url.PathEscape(secret); esc != secret {
		s = strings.ReplaceAll(s, esc, redactedToken)
	}
	return s
}
