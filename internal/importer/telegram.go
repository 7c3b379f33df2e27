package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// telegramMessage is one message of a Telegram Desktop export
// (result.json). Text is a string, or an array of strings and entities
// ({"type": "bold", "text": "…"}).
type telegramMessage struct {
	ID       flexID          `json:"id"`
	Type     string          `json:"type"`
	Date     string          `json:"date"`
	DateUnix flexTime        `json:"date_unixtime"`
	From     string          `json:"from"`
	FromID   string          `json:"from_id"`
	Text     json.RawMessage `json:"text"`
	ViaBot   string          `json:"via_bot"`
}

// telegramChat is what a chat says of itself before its messages.
type telegramChat struct {
	id, name string
}

// telegramReader holds what the export said so far: who the account is
// (personal_information, written before the chats in a full export).
type telegramReader struct {
	s      *stream
	self   selfMatcher
	selfID string
	emit   func(Message) error
	chats  int
}

func readTelegram(r io.Reader, opts Options, emit func(Message) error) error {
	t := &telegramReader{s: newStream(r), self: selfMatcher(opts.Self), emit: emit}
	if err := t.s.delim('{'); err != nil {
		return err
	}
	// The top level is either one chat (name, type, id, messages) or a
	// whole account (personal_information, chats.list, left_chats.list).
	chat := &telegramChat{}
	for {
		k, ok, err := t.s.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch k {
		case "personal_information":
			var pi struct {
				UserID flexID `json:"user_id"`
			}
			if err := t.s.decode(&pi); err != nil {
				return err
			}
			if pi.UserID != "" {
				t.selfID = "user" + string(pi.UserID)
			}
		case "chats", "left_chats":
			if err := t.chatList(); err != nil {
				return err
			}
		default:
			if err := t.chatField(chat, k); err != nil {
				return err
			}
		}
	}
	return t.s.end()
}

// chatList reads {"about": …, "list": [chat, …]}.
func (t *telegramReader) chatList() error {
	if err := t.s.delim('{'); err != nil {
		return err
	}
	for {
		k, ok, err := t.s.key()
		if err != nil || !ok {
			return err
		}
		if k != "list" {
			if err := t.s.skip(); err != nil {
				return err
			}
			continue
		}
		if err := t.s.delim('['); err != nil {
			return err
		}
		for t.s.more() {
			if err := t.chat(); err != nil {
				return err
			}
		}
		if err := t.s.delim(']'); err != nil {
			return err
		}
	}
}

// chat reads one chat object, streaming its messages.
func (t *telegramReader) chat() error {
	if err := t.s.delim('{'); err != nil {
		return err
	}
	c := &telegramChat{}
	for {
		k, ok, err := t.s.key()
		if err != nil || !ok {
			return err
		}
		if err := t.chatField(c, k); err != nil {
			return err
		}
	}
}

// chatField reads one field of a chat: its id and name are kept, its
// messages streamed, the rest skipped.
func (t *telegramReader) chatField(c *telegramChat, k string) error {
	switch k {
	case "id":
		var id flexID
		if err := t.s.decode(&id); err != nil {
			return err
		}
		c.id = string(id)
	case "name":
		var name *string
		if err := t.s.decode(&name); err != nil {
			return err
		}
		if name != nil {
			c.name = *name
		}
	case "messages":
		if c.id == "" {
			t.chats++
			c.id = fmt.Sprintf("chat%d", t.chats)
		}
		return array(t.s, func(m telegramMessage) error { return t.message(c, m) })
	default:
		return t.s.skip()
	}
	return nil
}

func (t *telegramReader) message(c *telegramChat, m telegramMessage) error {
	msg := Message{Conversation: c.id, Title: c.name, ID: string(m.ID), Author: m.From, AuthorID: m.FromID, Time: m.DateUnix.Time}
	if msg.Time.IsZero() && m.Date != "" {
		tm, err := parseTime(m.Date)
		if err != nil {
			return t.s.fail(err)
		}
		msg.Time = tm
	}
	switch {
	case t.self.set():
		msg.Self = t.self.match(m.From, m.FromID, strings.TrimPrefix(m.FromID, "user"))
	case t.selfID != "":
		msg.Self = m.FromID == t.selfID
	default:
		if m.Type == "message" {
			return t.s.fail(fmt.Errorf("chat %q: %w", c.name, ErrNoSelf))
		}
	}
	msg.Assistant = m.ViaBot != "" || strings.HasPrefix(m.FromID, "bot")
	text, err := telegramText(m.Text)
	if err != nil {
		return t.s.fail(fmt.Errorf("message %s: %w", m.ID, err))
	}
	msg.Text = text
	msg.NoText = m.Type != "message" || strings.TrimSpace(text) == ""
	if msg.NoText {
		msg.Text = ""
	}
	return t.emit(msg)
}

// telegramText flattens a message's text: a string, or an array of
// strings and entities each with a "text".
func telegramText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []json.RawMessage
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", errors.New("text is neither a string nor an array of entities")
	}
	var b strings.Builder
	for _, p := range parts {
		var str string
		if json.Unmarshal(p, &str) == nil {
			b.WriteString(str)
			continue
		}
		var ent struct {
			Text string `json:"text"`
		}
		if json.Unmarshal(p, &ent) == nil {
			b.WriteString(ent.Text)
		}
	}
	return b.String(), nil
}
