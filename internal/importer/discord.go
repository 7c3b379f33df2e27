package importer

import (
	"fmt"
	"io"
	"strings"
)

// discordMessage is one message of a DiscordChatExporter JSON export.
type discordMessage struct {
	ID        flexID   `json:"id"`
	Type      string   `json:"type"`
	Timestamp flexTime `json:"timestamp"`
	Content   string   `json:"content"`
	Author    struct {
		ID       flexID `json:"id"`
		Name     string `json:"name"`
		Nickname string `json:"nickname"`
		IsBot    bool   `json:"isBot"`
	} `json:"author"`
}

func readDiscord(r io.Reader, opts Options, emit func(Message) error) error {
	self := selfMatcher(opts.Self)
	if !self.set() {
		return fmt.Errorf("discord export: %w", ErrNoSelf)
	}
	s := newStream(r)
	if err := s.delim('{'); err != nil {
		return err
	}
	var channel struct {
		ID   flexID `json:"id"`
		Name string `json:"name"`
	}
	for {
		k, ok, err := s.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch k {
		case "channel":
			if err := s.decode(&channel); err != nil {
				return err
			}
		case "messages":
			if channel.ID == "" {
				channel.ID = "channel"
			}
			err := array(s, func(m discordMessage) error {
				a := m.Author
				msg := Message{Conversation: string(channel.ID), Title: channel.Name, ID: string(m.ID),
					Author: a.Name, AuthorID: string(a.ID), Time: m.Timestamp.Time, Assistant: a.IsBot}
				if a.Nickname != "" {
					msg.Author = a.Nickname
				}
				msg.Self = !a.IsBot && self.match(string(a.ID), a.Name, a.Nickname)
				msg.Text = m.Content
				plain := m.Type == "" || m.Type == "Default" || m.Type == "Reply"
				msg.NoText = !plain || strings.TrimSpace(m.Content) == ""
				if msg.NoText {
					msg.Text = ""
				}
				return emit(msg)
			})
			if err != nil {
				return err
			}
		default:
			if err := s.skip(); err != nil {
				return err
			}
		}
	}
	return s.end()
}
