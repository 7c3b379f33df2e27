package app

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// serveModels is an OpenAI-compatible /models endpoint listing ids in
// order.
func serveModels(t *testing.T, ids ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/models" {
			http.NotFound(w, r)
			return
		}
		type model struct {
			ID     string `json:"id"`
			Object string `json:"object"`
		}
		body := struct {
			Object string  `json:"object"`
			Data   []model `json:"data"`
		}{Object: "list"}
		for _, id := range ids {
			body.Data = append(body.Data, model{ID: id, Object: "model"})
		}
		w.Header().Set("Content-Type", "application/json")
		if err := json.NewEncoder(w).Encode(body); err != nil {
			t.Error(err)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

func TestDiscoverModelPicksAChatModel(t *testing.T) {
	tests := []struct {
		name    string
		ids     []string
		want    string
		wantErr bool
	}{
		{"single local model", []string{"llama3.1:8b"}, "llama3.1:8b", false},
		{"embedding listed first", []string{"nomic-embed-text", "qwen2.5:7b"}, "qwen2.5:7b", false},
		{"hosted list, default present", []string{
			"tts-1", "whisper-1", "dall-e-3", "text-embedding-3-small", "omni-moderation-latest",
			"gpt-4o-realtime-preview", "gpt-4o-audio-preview", "gpt-4o-transcribe", "gpt-image-1",
			"gpt-4o-search-preview", "babbage-002", "davinci-002", "gpt-3.5-turbo-instruct",
			"gpt-4.1", "gpt-4o-mini",
		}, "gpt-4o-mini", false},
		{"hosted list, no default", []string{"tts-1-hd", "dall-e-2", "whisper-1", "gpt-4.1-nano", "gpt-4.1"}, "gpt-4.1-nano", false},
		{"chat-looking preferred over unknown", []string{"my-reranker", "Meta-Llama-3.1-8B-Instruct"}, "Meta-Llama-3.1-8B-Instruct", false},
		{"unknown name still used", []string{"text-embedding-ada-002", "house-model"}, "house-model", false},
		{"only non-chat models", []string{"tts-1", "whisper-1", "dall-e-3", "text-embedding-3-large"}, fallbackModel, true},
		{"empty list", nil, fallbackModel, true},
		{"empty ids", []string{"", ""}, fallbackModel, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := serveModels(t, tt.ids...)
			got, err := discoverModel(context.Background(), http.DefaultClient, base, "")
			if got != tt.want || (err != nil) != tt.wantErr {
				t.Fatalf("discoverModel = %q, %v; want %q (error %v)", got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestDiscoverModelFailures(t *testing.T) {
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/v1/models" {
			_, _ = w.Write([]byte("{not json"))
			return
		}
		http.Error(w, "no", http.StatusUnauthorized)
	}))
	t.Cleanup(bad.Close)
	for _, base := range []string{bad.URL + "/v1", bad.URL + "/other", "http://127.0.0.1:1/v1"} {
		got, err := discoverModel(context.Background(), http.DefaultClient, base, "k")
		if err == nil || got != fallbackModel {
			t.Errorf("%s: discoverModel = %q, %v; want the fallback and an error", base, got, err)
		}
	}
}
