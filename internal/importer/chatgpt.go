package importer

import (
	"encoding/json"
	"io"
	"slices"
	"strings"
)

// chatgptConversation is one conversation of a ChatGPT data export: its
// messages form a tree (edits and regenerations branch), and current_node
// is the leaf the person last saw.
type chatgptConversation struct {
	ID             string                 `json:"id"`
	ConversationID string                 `json:"conversation_id"`
	Title          string                 `json:"title"`
	CurrentNode    string                 `json:"current_node"`
	Mapping        map[string]chatgptNode `json:"mapping"`
}

type chatgptNode struct {
	ID       string          `json:"id"`
	Message  *chatgptMessage `json:"message"`
	Parent   string          `json:"parent"`
	Children []string        `json:"children"`
}

type chatgptMessage struct {
	ID     string `json:"id"`
	Author struct {
		Role string `json:"role"`
	} `json:"author"`
	CreateTime flexTime `json:"create_time"`
	Content    struct {
		ContentType string            `json:"content_type"`
		Parts       []json.RawMessage `json:"parts"`
		Text        string            `json:"text"`
	} `json:"content"`
}

func readChatGPT(r io.Reader, emit func(Message) error) error {
	s := newStream(r)
	err := array(s, func(c chatgptConversation) error {
		id := c.ConversationID
		if id == "" {
			id = c.ID
		}
		for _, n := range chatgptBranch(c) {
			m := n.Message
			if m == nil {
				continue
			}
			role := m.Author.Role
			if role != "user" && role != "assistant" {
				continue // system prompts and tool output are not the conversation
			}
			msg := Message{Conversation: id, Title: c.Title, ID: m.ID, Author: role, Self: role == "user",
				Assistant: role == "assistant", Time: m.CreateTime.Time}
			if msg.ID == "" {
				msg.ID = n.ID
			}
			msg.Text = chatgptText(m)
			msg.NoText = strings.TrimSpace(msg.Text) == ""
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

// chatgptBranch is the path from the root to current_node (or, without
// one, to the leaf reached by always taking the newest child).
func chatgptBranch(c chatgptConversation) []chatgptNode {
	var path []chatgptNode
	if n, ok := c.Mapping[c.CurrentNode]; ok {
		seen := map[string]bool{}
		for ok && !seen[n.ID] {
			seen[n.ID] = true
			path = append(path, n)
			n, ok = c.Mapping[n.Parent]
		}
		slices.Reverse(path)
		return path
	}
	var root chatgptNode
	found := false
	for _, n := range c.Mapping {
		if _, ok := c.Mapping[n.Parent]; !ok && (!found || n.ID < root.ID) {
			root, found = n, true
		}
	}
	seen := map[string]bool{}
	for n, ok := root, found; ok && !seen[n.ID]; {
		seen[n.ID] = true
		path = append(path, n)
		if len(n.Children) == 0 {
			break
		}
		n, ok = c.Mapping[n.Children[len(n.Children)-1]]
	}
	return path
}

// chatgptText joins the text parts of a message; images and other assets
// (objects among the parts) carry no text.
func chatgptText(m *chatgptMessage) string {
	var parts []string
	for _, raw := range m.Content.Parts {
		var s string
		if json.Unmarshal(raw, &s) == nil && strings.TrimSpace(s) != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 && m.Content.Text != "" {
		parts = append(parts, m.Content.Text)
	}
	return strings.Join(parts, "\n")
}
