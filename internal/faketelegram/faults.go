package faketelegram

import (
	"net/http"
	"strconv"
)

// Fault is an error answer of the Bot API.
type Fault struct {
	// Code is the HTTP status and error_code (400, 403, 429, 500, …).
	Code        int
	Description string
	// RetryAfter is the parameters.retry_after of a 429, in seconds.
	RetryAfter int
}

// TooManyRequests is Telegram's flood-control answer.
func TooManyRequests(retryAfter int) Fault {
	return Fault{
		Code:        http.StatusTooManyRequests,
		Description: "Too Many Requests: retry after " + strconv.Itoa(retryAfter),
		RetryAfter:  retryAfter,
	}
}

// Blocked is the answer when the user blocked the bot (or never started a
// private chat with it).
func Blocked() Fault {
	return Fault{Code: http.StatusForbidden, Description: "Forbidden: bot was blocked by the user"}
}

// CantInitiate is the answer when the bot writes first to a user who never
// opened a chat with it.
func CantInitiate() Fault {
	return Fault{Code: http.StatusForbidden, Description: "Forbidden: bot can't initiate conversation with a user"}
}

// Kicked is the answer when the bot was removed from a group.
func Kicked() Fault {
	return Fault{Code: http.StatusForbidden, Description: "Forbidden: bot was kicked from the group chat"}
}

// ChatNotFound is the answer for a deleted or unknown chat.
func ChatNotFound() Fault {
	return Fault{Code: http.StatusBadRequest, Description: "Bad Request: chat not found"}
}

// ParseError is the answer to malformed formatted text.
func ParseError() Fault {
	return Fault{Code: http.StatusBadRequest, Description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 0"}
}

// ServerError is a transient server failure.
func ServerError() Fault {
	return Fault{Code: http.StatusInternalServerError, Description: "Internal Server Error"}
}

// fault is one injected failure rule.
type fault struct {
	method string // "" matches every method
	chatID int64  // 0 matches every chat
	left   int    // <0: forever
	f      Fault
	// parsedOnly makes the rule match only requests with a parse_mode, so
	// a plain-text retry gets through (for parse-error fallbacks).
	parsedOnly bool
	// hang holds matching requests without answering (see Hang).
	hang bool
	// after lets the request take effect and answers f instead of its
	// result (see FailAfter).
	after bool
}

// Fail makes the next times calls of method (every method when empty)
// fail with f; times < 0 fails them until ClearFaults.
func (s *Server) Fail(method string, f Fault, times int) {
	s.addFault(&fault{method: method, left: times, f: f})
}

// FailChat is Fail limited to requests whose chat_id is chatID.
func (s *Server) FailChat(chatID int64, method string, f Fault, times int) {
	s.addFault(&fault{method: method, chatID: chatID, left: times, f: f})
}

// FailFormatted makes the next times calls of method that carry a
// parse_mode fail with a "can't parse entities" error, as Telegram does on
// formatting it cannot read; plain-text calls succeed.
func (s *Server) FailFormatted(method string, times int) {
	s.addFault(&fault{method: method, left: times, f: ParseError(), parsedOnly: true})
}

// Hang makes the next times calls of method (every method when empty)
// hang, as a Bot API that stopped answering: the request is recorded
// when it arrives and answered only once the client gives up (its
// request context ends) or the server closes. times < 0 hangs them until
// ClearFaults.
func (s *Server) Hang(method string, times int) {
	s.addFault(&fault{method: method, left: times, hang: true})
}

// FailAfter makes the next times calls of method take effect (a
// sendMessage stores its message) and then answer f, as a Bot API whose
// answer was lost after it acted: the client cannot tell it from a
// request that failed.
func (s *Server) FailAfter(method string, f Fault, times int) {
	s.addFault(&fault{method: method, left: times, f: f, after: true})
}

// ClearFaults removes every injected failure.
func (s *Server) ClearFaults() {
	s.mu.Lock()
	s.faults = nil
	s.mu.Unlock()
}

func (s *Server) addFault(f *fault) {
	if f.left == 0 {
		return
	}
	s.mu.Lock()
	s.faults = append(s.faults, f)
	s.mu.Unlock()
}

// takeFault returns the first matching failure rule, consuming one use.
func (s *Server) takeFault(method string, fields map[string]string) (*fault, bool) {
	chatID := intField(fields, "chat_id")
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if f.method != "" && f.method != method {
			continue
		}
		if f.chatID != 0 && f.chatID != chatID {
			continue
		}
		if f.parsedOnly && fields["parse_mode"] == "" {
			continue
		}
		if f.left > 0 {
			f.left--
			if f.left == 0 {
				s.faults = append(s.faults[:i:i], s.faults[i+1:]...)
			}
		}
		return f, true
	}
	return nil, false
}
