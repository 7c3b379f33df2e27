package importer

import (
	"io"
	"strings"
)

// claudeConversation is one conversation of a Claude data export.
type claudeConversation struct {
	UUID     string          `json:"uuid"`
	Name     string          `json:"name"`
	Messages []claudeMessage `json:"chat_messages"`
}

type claudeMessage struct {
	UUID      string   `json:"uuid"`
	Sender    string   `json:"sender"`
	Text      string   `json:"text"`
	CreatedAt flexTime `json:"created_at"`
	Content   []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

func readClaude(r io.Reader, emit func(Message) error) error {
	s := newStream(r)
	err := array(s, func(c claudeConversation) error {
		for _, m := range c.Messages {
			msg := Message{Conversation: c.UUID, Title: c.Name, ID: m.UUID, Author: m.Sender,
				Self: m.Sender == "human", Assistant: m.Sender == "assistant", Time: m.CreatedAt.Time}
			if !msg.Self && !msg.Assistant {
				continue
			}
			var parts []string
			for _, b := range m.Content {
				if b.Type == "text" && strings.TrimSpace(b.Text) != "" {
					parts = append(parts, b.Text)
				}
			}
			msg.Text = strings.Join(parts, "\n")
			if len(parts) == 0 {
				msg.Text = m.Text
			}
			msg.NoText = strings.TrimSpace(msg.Text) == ""
			if msg.NoText {
				msg.Text = ""
			}
			if err := emit(msg); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return s.end()
}
