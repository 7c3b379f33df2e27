package faketelegram

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
	"unicode/utf16"

	"github.com/go-telegram/bot/models"
)

// Message is a message the bot sent, as a user sees it now.
type Message struct {
	ChatID   int64
	ID       int
	ThreadID int
	// ReplyTo is the message this one replies to (reply_parameters), 0
	// when none.
	ReplyTo int
	// Text is the visible text after the last edit (markup removed).
	Text string
	// Raw is the text as last sent, with its markup.
	Raw       string
	ParseMode string
	// Buttons is the inline keyboard, if any.
	Buttons [][]models.InlineKeyboardButton
	// Document is the attached file of a sendDocument.
	Document *File
	Edits    int
	Deleted  bool
	Time     time.Time
}

// Sent returns the messages the bot sent to chatID that are still there,
// in the order they were sent, each with its final visible text, once
// the requests under way are recorded.
func (s *Server) Sent(chatID int64) []Message {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.ChatID == chatID && !m.Deleted {
			out = append(out, s.copyLocked(m))
		}
	}
	return out
}

// SentTexts is the visible text of each message of Sent(chatID).
func (s *Server) SentTexts(chatID int64) []string {
	var out []string
	for _, m := range s.Sent(chatID) {
		out = append(out, m.Text)
	}
	return out
}

// AllSent returns every message the bot sent anywhere, deleted ones
// included, in order.
func (s *Server) AllSent() []Message {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, 0, len(s.messages))
	for _, m := range s.messages {
		out = append(out, s.copyLocked(m))
	}
	return out
}

func (s *Server) copyLocked(m *Message) Message {
	c := *m
	if m.Document != nil {
		d := *m.Document
		c.Document = &d
	}
	return c
}

// AsIncoming turns a message the bot sent into the form Telegram embeds in
// updates (reply_to_message, a callback's message): from the bot.
func (s *Server) AsIncoming(m Message) *models.Message {
	bot := s.Bot
	return &models.Message{
		ID:              m.ID,
		MessageThreadID: m.ThreadID,
		IsTopicMessage:  m.ThreadID != 0,
		From:            &bot,
		Chat:            models.Chat{ID: m.ChatID, Type: chatType(m.ChatID)},
		Date:            int(m.Time.Unix()),
		Text:            m.Text,
	}
}

// chatType guesses a chat's type from its id: negative ids are groups.
func chatType(id int64) models.ChatType {
	if id < 0 {
		return models.ChatTypeSupergroup
	}
	return models.ChatTypePrivate
}

func (s *Server) sendMessage(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	chatID, f := chatIDField(fields)
	if f != nil {
		return nil, f
	}
	visible, f := checkText(fields["text"], fields["parse_mode"])
	if f != nil {
		return nil, f
	}
	buttons, f := parseMarkup(fields["reply_markup"])
	if f != nil {
		return nil, f
	}
	m := &Message{
		ChatID:    chatID,
		ThreadID:  int(intField(fields, "message_thread_id")),
		ReplyTo:   replyTo(fields),
		Text:      visible,
		Raw:       fields["text"],
		ParseMode: fields["parse_mode"],
		Buttons:   buttons,
		Time:      time.Now(),
	}
	return s.store(m), nil
}

func (s *Server) sendDocument(_ context.Context, fields map[string]string, files map[string]File) (any, *Fault) {
	chatID, f := chatIDField(fields)
	if f != nil {
		return nil, f
	}
	doc, ok := files["document"]
	if !ok {
		if fields["document"] == "" {
			return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: there is no document in the request"}
		}
		doc = File{Name: fields["document"]}
	}
	caption := ""
	if c := fields["caption"]; c != "" {
		var f *Fault
		if caption, f = checkText(c, fields["parse_mode"]); f != nil {
			return nil, f
		}
	}
	m := &Message{
		ChatID:    chatID,
		ThreadID:  int(intField(fields, "message_thread_id")),
		ReplyTo:   replyTo(fields),
		Text:      caption,
		Raw:       fields["caption"],
		ParseMode: fields["parse_mode"],
		Document:  &doc,
		Time:      time.Now(),
	}
	return s.store(m), nil
}

// store gives m an id, keeps it, and returns it as the API answers.
func (s *Server) store(m *Message) *models.Message {
	s.mu.Lock()
	m.ID = s.nextMessageID
	s.nextMessageID++
	s.messages = append(s.messages, m)
	s.mu.Unlock()
	bot := s.Bot
	out := &models.Message{
		ID:              m.ID,
		MessageThreadID: m.ThreadID,
		From:            &bot,
		Chat:            models.Chat{ID: m.ChatID, Type: chatType(m.ChatID)},
		Date:            int(m.Time.Unix()),
		Text:            m.Text,
	}
	if m.Document != nil {
		out.Text = ""
		out.Caption = m.Text
		out.Document = &models.Document{FileID: "doc" + strconv.Itoa(m.ID), FileUniqueID: "u" + strconv.Itoa(m.ID), FileName: m.Document.Name, FileSize: int64(len(m.Document.Data))}
	}
	return out
}

func (s *Server) editMessageText(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	chatID, f := chatIDField(fields)
	if f != nil {
		return nil, f
	}
	visible, f := checkText(fields["text"], fields["parse_mode"])
	if f != nil {
		return nil, f
	}
	buttons, f := parseMarkup(fields["reply_markup"])
	if f != nil {
		return nil, f
	}
	id := int(intField(fields, "message_id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.findLocked(chatID, id)
	if m == nil {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: message to edit not found"}
	}
	if m.Text == visible && sameButtons(m.Buttons, buttons) {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a content and reply markup of the current message"}
	}
	m.Text, m.Raw, m.ParseMode, m.Buttons = visible, fields["text"], fields["parse_mode"], buttons
	m.Edits++
	bot := s.Bot
	return &models.Message{
		ID: m.ID, MessageThreadID: m.ThreadID, From: &bot,
		Chat: models.Chat{ID: m.ChatID, Type: chatType(m.ChatID)},
		Date: int(m.Time.Unix()), EditDate: int(time.Now().Unix()), Text: m.Text,
	}, nil
}

func (s *Server) deleteMessage(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	chatID, f := chatIDField(fields)
	if f != nil {
		return nil, f
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.findLocked(chatID, int(intField(fields, "message_id")))
	if m == nil {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: message to delete not found"}
	}
	m.Deleted = true
	return true, nil
}

func (s *Server) findLocked(chatID int64, id int) *Message {
	for _, m := range s.messages {
		if m.ChatID == chatID && m.ID == id && !m.Deleted {
			return m
		}
	}
	return nil
}

func chatIDField(fields map[string]string) (int64, *Fault) {
	id, err := strconv.ParseInt(fields["chat_id"], 10, 64)
	if err != nil || id == 0 {
		return 0, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: chat not found"}
	}
	return id, nil
}

// checkText validates text as Telegram would and returns what is shown.
func checkText(text, parseMode string) (string, *Fault) {
	visible := text
	if parseMode == "HTML" {
		v, err := VisibleHTML(text)
		if err != nil {
			return "", &Fault{Code: http.StatusBadRequest, Description: "Bad Request: can't parse entities: " + err.Error()}
		}
		visible = v
	}
	if len(trimSpace(visible)) == 0 {
		return "", &Fault{Code: http.StatusBadRequest, Description: "Bad Request: message text is empty"}
	}
	if n := len(utf16.Encode([]rune(visible))); n > MaxTextLen {
		return "", &Fault{Code: http.StatusBadRequest, Description: "Bad Request: message is too long"}
	}
	return visible, nil
}

func replyTo(fields map[string]string) int {
	if raw := fields["reply_parameters"]; raw != "" {
		var p models.ReplyParameters
		if json.Unmarshal([]byte(raw), &p) == nil {
			return p.MessageID
		}
	}
	return int(intField(fields, "reply_to_message_id"))
}

func parseMarkup(raw string) ([][]models.InlineKeyboardButton, *Fault) {
	if raw == "" {
		return nil, nil
	}
	var mk models.InlineKeyboardMarkup
	if err := json.Unmarshal([]byte(raw), &mk); err != nil {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: can't parse reply keyboard markup JSON object"}
	}
	for _, row := range mk.InlineKeyboard {
		for _, b := range row {
			if len(b.CallbackData) > 64 || b.Text == "" {
				return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: BUTTON_DATA_INVALID"}
			}
		}
	}
	return mk.InlineKeyboard, nil
}

func sameButtons(a, b [][]models.InlineKeyboardButton) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
