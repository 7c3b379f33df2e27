package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// fallbackModel is used when no model is named and the server lists none.
const fallbackModel = "gpt-4o-mini"

// discoverModel asks an OpenAI-compatible server for its models and picks
// a chat model among them, so that pointing OPENAI_BASE_URL at Ollama or
// LM Studio is enough. Any failure falls back to a common model name.
func discoverModel(ctx context.Context, hc *http.Client, baseURL, apiKey string) (string, error) {
	if baseURL == "" {
		return fallbackModel, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(baseURL, "/")+"/models", nil)
	if err != nil {
		return fallbackModel, fmt.Errorf("list models: %w", err)
	}
	if apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+apiKey)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fallbackModel, fmt.Errorf("list models: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fallbackModel, fmt.Errorf("list models: HTTP %d", resp.StatusCode)
	}
	var body struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&body); err != nil {
		return fallbackModel, fmt.Errorf("list models: %w", err)
	}
	ids := make([]string, 0, len(body.Data))
	for _, m := range body.Data {
		ids = append(ids, m.ID)
	}
	if id, ok := pickChatModel(ids); ok {
		return id, nil
	}
	return fallbackModel, fmt.Errorf("list models: the server lists no chat model")
}

// notChat are parts of model ids that mark a model the chat completions
// endpoint cannot serve: embeddings, speech, transcription, images, video,
// moderation, search, realtime audio, agents, Responses-only code models
// and the legacy completion models. A hosted API such as OpenAI's lists
// all of them beside its chat models.
var notChat = []string{
	"embed", "tts", "whisper", "dall-e", "moderation", "audio", "realtime",
	"transcribe", "image", "search", "babbage", "davinci", "turbo-instruct",
	"sora", "computer-use", "codex",
}

// chatHints are parts of model ids that look like chat models.
var chatHints = []string{
	"gpt", "chat", "instruct", "claude", "llama", "qwen", "mistral", "mixtral",
	"gemma", "deepseek", "phi", "command", "yi-", "glm", "o1", "o3", "o4",
}

// pickChatModel chooses among listed model ids: the common default when it
// is listed, else the first that looks like a chat model, else the first
// that is not a known non-chat model. ok is false when none qualifies.
func pickChatModel(ids []string) (id string, ok bool) {
	var candidates []string
	for _, id := range ids {
		lower := strings.ToLower(id)
		if id == "" || containsAny(lower, notChat) {
			continue
		}
		if id == fallbackModel {
			return id, true
		}
		candidates = append(candidates, id)
	}
	for _, id := range candidates {
		if containsAny(strings.ToLower(id), chatHints) {
			return id, true
		}
	}
	if len(candidates) > 0 {
		return candidates[0], true
	}
	return "", false
}

func containsAny(s string, parts []string) bool {
	for _, p := range parts {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}
