// Package llm holds the provider-neutral types membot uses to talk to a
// language model: messages, requests, JSON schemas, usage and typed errors.
// The OpenAI-compatible implementation lives in memory/llm/openai; nothing
// here imports a provider SDK, so consumers stay cheap to build and test.
package llm

import (
	"context"
	"encoding/json"
)

// Purpose names why a model is called; calls and tokens are counted per
// purpose.
type Purpose string

// The purposes counted by Meter.
const (
	PurposeReply      Purpose = "reply"
	PurposeExtraction Purpose = "extraction"
	PurposeReconcile  Purpose = "reconcile"
	PurposeSummary    Purpose = "summary"
	PurposeEmbedding  Purpose = "embedding"
)

// Role is the author of a chat message sent to the model.
type Role string

// Chat roles.
const (
	RoleSystem    Role = "system"
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one chat message sent to the model.
type Message struct {
	Role    Role
	Content string
}

// Request is one chat completion request.
type Request struct {
	Purpose  Purpose
	Messages []Message
	// Temperature is used when Temperature >= 0; negative leaves the
	// server's default.
	Temperature float64
	// MaxTokens caps the answer; 0 leaves the server's default.
	MaxTokens int
}

// Schema is a JSON schema for structured output.
type Schema struct {
	// Name identifies the schema to the model (e.g. "extract_memories").
	Name        string
	Description string
	// Schema is the JSON schema document.
	Schema json.RawMessage
}

// Usage is the token count of one call.
type Usage struct {
	PromptTokens     int64
	CompletionTokens int64
}

// Client is a language model: streamed chat, structured output, embeddings.
// Every method returns an *Error (checkable with errors.Is against the
// sentinels of this package) when the model fails.
type Client interface {
	// Stream runs a chat completion, calling onDelta with each piece of text
	// as it arrives, and returns the whole answer. If onDelta returns an
	// error it is not called again, but the answer is still generated to
	// its end and returned: a failure to show the answer is the caller's,
	// never a model error.
	Stream(ctx context.Context, req Request, onDelta func(delta string) error) (string, Usage, error)
	// JSON runs a chat completion constrained to schema and returns the raw
	// JSON answer (syntactically valid JSON; the caller validates meaning).
	JSON(ctx context.Context, req Request, schema Schema) (json.RawMessage, Usage, error)
	// Embed returns one vector per text. ErrNoEmbeddings when no embedding
	// model is configured.
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	// EmbeddingModel names the embedding model, or "" when there is none.
	EmbeddingModel() string
}
