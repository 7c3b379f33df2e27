package telegram

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	tgbot "github.com/go-telegram/bot"
)

// redactor removes the bot token from error texts: the Bot API carries the
// token in every request URL, and HTTP errors quote the URL.
type redactor struct {
	token string
}

// redactedError is an error whose text has the token removed; the wrapped
// error stays reachable for errors.Is and errors.As.
type redactedError struct {
	err   error
	token string
}

func (e *redactedError) Error() string {
	return redactString(e.err.Error(), e.token)
}

func (e *redactedError) Unwrap() error { return e.err }

// err wraps err so that its text never shows the token. It returns nil for
// nil.
func (r redactor) err(err error) error {
	if err == nil {
		return nil
	}
	var done *redactedError
	if errors.As(err, &done) {
		if !strings.Contains(err.Error(), r.token) {
			return err
		}
	}
	return &redactedError{err: err, token: r.token}
}

func redactString(s, token string) string {
	if token == "" {
		return s
	}
	s = strings.ReplaceAll(s, token, "<token>")
	if esc := url.PathEscape(token); esc != token {
		s = strings.ReplaceAll(s, esc, "<token>")
	}
	return s
}

// serverError is a 5xx answer of the Bot API (or of a proxy in front of
// it); the transport turns those into errors so that they are retried.
type serverError struct {
	Status      int
	Description string
}

func (e *serverError) Error() string {
	if e.Description != "" {
		return fmt.Sprintf("telegram server error: HTTP %d: %s", e.Status, e.Description)
	}
	return fmt.Sprintf("telegram server error: HTTP %d", e.Status)
}

// apiError is an error answer to a request this package makes itself
// (getUpdates); other methods report the library's errors.
type apiError struct {
	Method      string
	Code        int
	Description string
	RetryAfter  int
}

func (e *apiError) Error() string {
	return fmt.Sprintf("telegram %s: %d %s", e.Method, e.Code, e.Description)
}

// The Bot API tells these errors apart only by their description (a 400
// or 403 code covers many causes), so the checks below read it; they are
// the only place that does.

// isParseError reports Telegram refusing the formatting of a text.
func isParseError(err error) bool {
	return errors.Is(err, tgbot.ErrorBadRequest) && hasDescription(err, "can't parse entities")
}

// isNotModified reports an edit that changed nothing, which is harmless.
func isNotModified(err error) bool {
	return errors.Is(err, tgbot.ErrorBadRequest) && hasDescription(err, "message is not modified")
}

// isEditTargetGone reports an edit of a message that no longer exists.
func isEditTargetGone(err error) bool {
	return errors.Is(err, tgbot.ErrorBadRequest) && hasDescription(err, "message to edit not found")
}

// isUnreachable reports that the bot can no longer write to the chat: the
// user blocked it or never opened a DM, it was kicked from the group, the
// chat is gone or it lost the right to post.
func isUnreachable(err error) bool {
	if errors.Is(err, tgbot.ErrorForbidden) {
		return true
	}
	var migrated *tgbot.MigrateError
	if errors.As(err, &migrated) {
		return true
	}
	if !errors.Is(err, tgbot.ErrorBadRequest) {
		return false
	}
	for _, d := range []string{"chat not found", "user not found", "not enough rights", "have no rights", "chat_write_forbidden", "topic_closed", "topic_deleted", "bot was kicked", "peer_id_invalid"} {
		if hasDescription(err, d) {
			return true
		}
	}
	return false
}

func hasDescription(err error, s string) bool {
	return strings.Contains(strings.ToLower(err.Error()), s)
}

// isTransient reports errors worth retrying after a back-off: 5xx, network
// failures and per-attempt timeouts (but not a cancelled caller).
func isTransient(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false
	}
	var se *serverError
	if errors.As(err, &se) {
		return true
	}
	var ae *apiError
	if errors.As(err, &ae) && ae.Code >= 500 {
		return true
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	var ue *url.Error
	return errors.As(err, &ue)
}

// isServerAnswer reports a 5xx answer: Telegram (or a proxy in front of
// it) answered and said the request failed, unlike a timeout, after which
// nobody knows.
func isServerAnswer(err error) bool {
	var se *serverError
	if errors.As(err, &se) {
		return true
	}
	var ae *apiError
	return errors.As(err, &ae) && ae.Code >= 500
}

// notSent reports a failure before the request could reach Telegram:
// the connection (or the proxy connection) was never made, or the host
// name did not resolve. Repeating such a request cannot duplicate what it
// does.
func notSent(err error) bool {
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return true
	}
	var op *net.OpError
	return errors.As(err, &op) && (op.Op == "dial" || op.Op == "proxyconnect")
}

// isFlood reports flood control (a 429): waiting helps, a fresh message
// would not.
func isFlood(err error) bool {
	_, ok := retryAfter(err)
	return ok
}

// retryAfter returns the flood-control wait a 429 asks for, in seconds.
func retryAfter(err error) (int, bool) {
	var tm *tgbot.TooManyRequestsError
	if errors.As(err, &tm) {
		return max(tm.RetryAfter, 1), true
	}
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == 429 {
		return max(ae.RetryAfter, 1), true
	}
	return 0, false
}
