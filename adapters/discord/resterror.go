package discord

import (
	"errors"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/membot/membot/bot"
)

// errorCodeCannotReplyWithoutHistory is Discord's code for replying to a
// message without the Read Message History permission.
const errorCodeCannotReplyWithoutHistory = 160002

// restStatus extracts the HTTP status and Discord error code of a REST
// error (zeros for other errors).
func restStatus(err error) (status, code int) {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return 0, 0
	}
	if re.Response != nil {
		status = re.Response.StatusCode
	}
	if re.Message != nil {
		code = re.Message.Code
	}
	return status, code
}

// isNoPermission reports a refusal to post in a channel.
func isNoPermission(err error) bool {
	status, code := restStatus(err)
	switch code {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingAccess:
		return true
	case discordgo.ErrCodeCannotSendMessagesToThisUser:
		return false
	}
	return status == http.StatusForbidden
}

// isDMClosed reports that a user does not accept DMs from the bot.
func isDMClosed(err error) bool {
	status, code := restStatus(err)
	return code == discordgo.ErrCodeCannotSendMessagesToThisUser || (status == http.StatusForbidden && code == 0)
}

// isUnknownMessage reports an edit or delete of a message that is gone.
func isUnknownMessage(err error) bool {
	_, code := restStatus(err)
	return code == discordgo.ErrCodeUnknownMessage
}

// isReplyRefused reports that a message could not be posted as a reply
// (the bot cannot read the channel's history).
func isReplyRefused(err error) bool {
	_, code := restStatus(err)
	return code == errorCodeCannotReplyWithoutHistory
}

// isAlreadyAcknowledged reports an interaction response refused because
// the interaction was answered already.
func isAlreadyAcknowledged(err error) bool {
	_, code := restStatus(err)
	return code == discordgo.ErrCodeInteractionHasAlreadyBeenAcknowledged
}

// isServerAnswer reports a 5xx answer: Discord answered and said the
// call failed.
func isServerAnswer(err error) bool {
	if status, _ := restStatus(err); status >= 500 {
		return true
	}
	// discordgo reports a 502 it did not repeat as a plain error.
	return err != nil && strings.Contains(err.Error(), "Exceeded Max retries HTTP 5")
}

// deliveryError tells the engine whether, and after how long, a reply
// Discord refused is worth sending again.
func deliveryError(err error) error {
	if err == nil {
		return nil
	}
	de := &bot.DeliveryError{Err: err, Permanent: isNoPermission(err)}
	if wait, ok := rateLimitWait(err); ok {
		de.RetryAfter = wait
	}
	return de
}
