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
// the first, so that pointing OPENAI_BASE_URL at Ollama or LM Studio is
// enough. Any failure falls back to a common model name.
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
	for _, m := range body.Data {
		if m.ID != "" && !strings.Contains(strings.ToLower(m.ID), "embed") {
			return m.ID, nil
		}
	}
	return fallbackModel, fmt.Errorf("list models: the server lists no chat model")
}
