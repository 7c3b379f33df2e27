package faketelegram

import (
	"context"
	"net/http"
	"strconv"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/go-telegram/bot/models"
)

// User builds a person with a language code of "en".
func User(id int64, firstName, username string) models.User {
	return models.User{ID: id, FirstName: firstName, Username: username, LanguageCode: "en"}
}

// PrivateChat is the private chat with u; as on Telegram, its id is the
// user's id.
func PrivateChat(u models.User) models.Chat {
	return models.Chat{ID: u.ID, Type: models.ChatTypePrivate, FirstName: u.FirstName, Username: u.Username}
}

// Group builds a supergroup (group ids are negative on Telegram).
func Group(id int64, title string) models.Chat {
	return models.Chat{ID: id, Type: models.ChatTypeSupergroup, Title: title}
}

// Forum builds a supergroup with topics.
func Forum(id int64, title string) models.Chat {
	return models.Chat{ID: id, Type: models.ChatTypeSupergroup, Title: title, IsForum: true}
}

// NewMessage builds an incoming message from from in chat, with a fresh
// id, the current date and the entities Telegram would attach (a leading
// bot_command, @mentions). Adjust it (ReplyToMessage, MessageThreadID, …)
// before pushing it.
func (s *Server) NewMessage(chat models.Chat, from models.User, text string) *models.Message {
	s.mu.Lock()
	id := s.nextMessageID
	s.nextMessageID++
	s.mu.Unlock()
	return &models.Message{
		ID:       id,
		From:     &from,
		Chat:     chat,
		Date:     int(time.Now().Unix()),
		Text:     text,
		Entities: Entities(text),
	}
}

// PushMessage queues a new-message update and returns its update_id.
func (s *Server) PushMessage(m *models.Message) int64 {
	return s.Push(models.Update{Message: m})
}

// PushEdit queues an edited_message update carrying text as m's new
// content, and returns the edited message and the update_id.
func (s *Server) PushEdit(m *models.Message, text string) (*models.Message, int64) {
	edited := *m
	edited.Text = text
	edited.Entities = Entities(text)
	edited.EditDate = int(time.Now().Unix())
	return &edited, s.Push(models.Update{EditedMessage: &edited})
}

// PushCallback queues a callback_query from from, pressing the button
// with callback data data under the bot's message on, and returns the
// update_id and the callback query id.
func (s *Server) PushCallback(from models.User, on Message, data string) (int64, string) {
	s.mu.Lock()
	s.callbackSeq++
	id := "cbq" + strconv.Itoa(s.callbackSeq)
	s.mu.Unlock()
	msg := s.AsIncoming(on)
	cq := &models.CallbackQuery{
		ID:           id,
		From:         from,
		Message:      models.MaybeInaccessibleMessage{Type: models.MaybeInaccessibleMessageTypeMessage, Message: msg},
		ChatInstance: "ci" + strconv.FormatInt(on.ChatID, 10),
		Data:         data,
	}
	return s.Push(models.Update{CallbackQuery: cq}), id
}

// Push queues any update, assigning its update_id when zero, and returns
// the id.
func (s *Server) Push(u models.Update) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u.ID == 0 {
		s.nextUpdateID++
		u.ID = s.nextUpdateID
	} else if u.ID > s.nextUpdateID {
		s.nextUpdateID = u.ID
	}
	s.queue = append(s.queue, u)
	s.notifyLocked()
	return u.ID
}

// NextUpdateID reserves an update_id, for updates delivered by webhook.
func (s *Server) NextUpdateID() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextUpdateID++
	return s.nextUpdateID
}

// Pending is the number of queued updates not yet confirmed.
func (s *Server) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// ConfirmedOffsets lists every distinct offset a client confirmed with
// getUpdates, in order: an update is confirmed once an offset above its id
// was sent.
func (s *Server) ConfirmedOffsets() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]int64(nil), s.offsets...)
}

// Deliveries is how many times getUpdates returned the update.
func (s *Server) Deliveries(updateID int64) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.delivered[updateID]
}

func (s *Server) getUpdates(ctx context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	offset := intField(fields, "offset")
	limit := int(intField(fields, "limit"))
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	hold := time.Duration(intField(fields, "timeout")) * time.Second
	hold = min(hold, s.pollHold)
	timer := time.NewTimer(hold)
	defer timer.Stop()

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.webhookURL != "" {
		return nil, &Fault{Code: http.StatusConflict, Description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}
	}
	if offset > 0 {
		s.confirmLocked(offset)
	}
	for {
		var ready []models.Update
		for _, u := range s.queue {
			if u.ID >= offset && len(ready) < limit {
				ready = append(ready, u)
			}
		}
		if len(ready) > 0 {
			for _, u := range ready {
				s.delivered[u.ID]++
			}
			return ready, nil
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
			s.mu.Lock()
		case <-timer.C:
			s.mu.Lock()
			return []models.Update{}, nil
		case <-ctx.Done():
			s.mu.Lock()
			return []models.Update{}, nil
		}
	}
}

// confirmLocked drops the updates below offset, as Telegram forgets them.
func (s *Server) confirmLocked(offset int64) {
	if n := len(s.offsets); n == 0 || s.offsets[n-1] != offset {
		s.offsets = append(s.offsets, offset)
	}
	kept := s.queue[:0]
	for _, u := range s.queue {
		if u.ID >= offset {
			kept = append(kept, u)
		}
	}
	if len(kept) != len(s.queue) {
		s.queue = kept
		s.notifyLocked()
	}
}

// Entities returns the entities Telegram attaches to text: a bot_command
// at the start and every @mention, with offsets in UTF-16 units.
func Entities(text string) []models.MessageEntity {
	var out []models.MessageEntity
	units := 0
	runes := []rune(text)
	for i := 0; i < len(runes); {
		r := runes[i]
		if (r == '/' && units == 0) || (r == '@' && (i == 0 || !isWordRune(runes[i-1]))) {
			j := i + 1
			for j < len(runes) && (isWordRune(runes[j]) || (r == '/' && runes[j] == '@')) {
				j++
			}
			if j > i+1 {
				typ := models.MessageEntityTypeMention
				if r == '/' {
					typ = models.MessageEntityTypeBotCommand
				}
				length := len(utf16.Encode(runes[i:j]))
				out = append(out, models.MessageEntity{Type: typ, Offset: units, Length: length})
				units += length
				i = j
				continue
			}
		}
		units += len(utf16.Encode([]rune{r}))
		i++
	}
	return out
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}
