package fakeopenai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Message is one chat message as the client sent it, with content flattened
// to text even when the client sent content parts.
type Message struct {
	Role    string
	Content string
}

// ChatRequest is a parsed chat completion request.
type ChatRequest struct {
	Model    string
	Messages []Message
	// Stream is true for a streamed completion.
	Stream bool
	// IncludeUsage is true when stream_options.include_usage was asked.
	IncludeUsage bool
	// Temperature is nil when the client left the server's default.
	Temperature *float64
	// MaxTokens is max_completion_tokens or max_tokens (0 when absent).
	MaxTokens int
	// ResponseFormat is the response_format type: "", "text",
	// "json_object" or "json_schema".
	ResponseFormat string
	// SchemaName, Schema and Strict describe a json_schema response format.
	SchemaName string
	Schema     json.RawMessage
	Strict     bool
	// Raw is the request body as received.
	Raw []byte
}

// System returns the text of the system (and developer) messages, joined by
// blank lines.
func (c *ChatRequest) System() string {
	var parts []string
	for _, m := range c.Messages {
		if m.Role == "system" || m.Role == "developer" {
			parts = append(parts, m.Content)
		}
	}
	return strings.Join(parts, "\n\n")
}

// LastUser returns the text of the last user message, or "".
func (c *ChatRequest) LastUser() string {
	for i := len(c.Messages) - 1; i >= 0; i-- {
		if c.Messages[i].Role == "user" {
			return c.Messages[i].Content
		}
	}
	return ""
}

func (c *ChatRequest) clone() *ChatRequest {
	out := *c
	out.Messages = slices.Clone(c.Messages)
	out.Schema = slices.Clone(c.Schema)
	out.Raw = slices.Clone(c.Raw)
	if c.Temperature != nil {
		t := *c.Temperature
		out.Temperature = &t
	}
	return &out
}

type wireChat struct {
	Model         string        `json:"model"`
	Messages      []wireMessage `json:"messages"`
	Stream        bool          `json:"stream"`
	StreamOptions *struct {
		IncludeUsage bool `json:"include_usage"`
	} `json:"stream_options"`
	Temperature         *float64 `json:"temperature"`
	MaxTokens           *int     `json:"max_tokens"`
	MaxCompletionTokens *int     `json:"max_completion_tokens"`
	ResponseFormat      *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
			Strict *bool           `json:"strict"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

type wireMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// parseChatRequest decodes a chat completion body, flattening content parts.
func parseChatRequest(body []byte) (*ChatRequest, error) {
	var w wireChat
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode chat request: %w", err)
	}
	if w.Model == "" {
		return nil, fmt.Errorf("decode chat request: model is required")
	}
	if len(w.Messages) == 0 {
		return nil, fmt.Errorf("decode chat request: messages must not be empty")
	}
	c := &ChatRequest{
		Model:       w.Model,
		Stream:      w.Stream,
		Temperature: w.Temperature,
		Raw:         slices.Clone(body),
	}
	if w.StreamOptions != nil {
		c.IncludeUsage = w.StreamOptions.IncludeUsage
	}
	switch {
	case w.MaxCompletionTokens != nil:
		c.MaxTokens = *w.MaxCompletionTokens
	case w.MaxTokens != nil:
		c.MaxTokens = *w.MaxTokens
	}
	if rf := w.ResponseFormat; rf != nil {
		c.ResponseFormat = rf.Type
		if js := rf.JSONSchema; js != nil {
			c.SchemaName = js.Name
			c.Schema = slices.Clone(js.Schema)
			c.Strict = js.Strict != nil && *js.Strict
		}
	}
	for i, m := range w.Messages {
		text, err := flattenContent(m.Content)
		if err != nil {
			return nil, fmt.Errorf("decode chat request: message %d: %w", i, err)
		}
		c.Messages = append(c.Messages, Message{Role: m.Role, Content: text})
	}
	return c, nil
}

// flattenContent turns a string or a list of content parts into text; parts
// that are not text (images, audio) are skipped.
func flattenContent(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return "", nil
	}
	if raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", fmt.Errorf("content: %w", err)
		}
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", fmt.Errorf("content is neither a string nor a list of parts: %w", err)
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), nil
}

// Default is the answer given when nothing else is scripted: a minimal
// instance of the schema for json_schema requests, "{}" for json_object,
// and "echo: <last user message>" otherwise. Handlers may return it to fall
// through.
func Default(req *ChatRequest) Response {
	switch req.ResponseFormat {
	case "json_schema":
		return Response{Content: string(MinimalJSON(req.Schema))}
	case "json_object":
		return Response{Content: "{}"}
	}
	return Response{Content: "echo: " + req.LastUser()}
}
