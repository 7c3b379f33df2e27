package faketelegram

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/go-telegram/bot/models"
)

// CommandSet is one setMyCommands call: the command menu for a scope and
// language.
type CommandSet struct {
	// Scope is the scope's type ("default", "all_private_chats",
	// "all_group_chats", …).
	Scope string
	// Language is the language_code, empty for every language.
	Language string
	Commands []models.BotCommand
}

// Commands returns the command menus set so far, the latest per scope and
// language, in the order they were first set.
func (s *Server) Commands() []CommandSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]CommandSet(nil), s.commands...)
}

func (s *Server) setMyCommands(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	var set CommandSet
	if err := json.Unmarshal([]byte(fields["commands"]), &set.Commands); err != nil {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: can't parse commands JSON object"}
	}
	for _, c := range set.Commands {
		if c.Command == "" || len(c.Command) > 32 || c.Description == "" || len(c.Description) > 256 {
			return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: BOT_COMMAND_INVALID"}
		}
	}
	set.Scope = "default"
	if raw := fields["scope"]; raw != "" {
		var scope struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &scope); err != nil || scope.Type == "" {
			return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: can't parse BotCommandScope JSON object"}
		}
		set.Scope = scope.Type
	}
	set.Language = fields["language_code"]
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, c := range s.commands {
		if c.Scope == set.Scope && c.Language == set.Language {
			s.commands[i] = set
			return true, nil
		}
	}
	s.commands = append(s.commands, set)
	return true, nil
}

// SetMember sets a user's status in a chat for getChatMember
// ("administrator", "creator", …); unknown users are plain members.
func (s *Server) SetMember(chatID, userID int64, status models.ChatMemberType) {
	s.mu.Lock()
	s.members[[2]int64{chatID, userID}] = status
	s.mu.Unlock()
}

func (s *Server) getChatMember(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	chatID, f := chatIDField(fields)
	if f != nil {
		return nil, f
	}
	userID := intField(fields, "user_id")
	if userID == 0 {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: user not found"}
	}
	s.mu.Lock()
	status, ok := s.members[[2]int64{chatID, userID}]
	s.mu.Unlock()
	if !ok {
		status = models.ChatMemberTypeMember
	}
	return map[string]any{"status": status, "user": models.User{ID: userID}}, nil
}
