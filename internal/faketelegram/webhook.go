package faketelegram

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/go-telegram/bot/models"
)

// SecretHeader is the header carrying a webhook's secret token.
const SecretHeader = "X-Telegram-Bot-Api-Secret-Token"

// Webhook returns the URL and secret token of the webhook set with
// setWebhook, empty when none is set.
func (s *Server) Webhook() (url, secret string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhookURL, s.webhookSecret
}

func (s *Server) setWebhook(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	if fields["url"] == "" {
		return nil, &Fault{Code: http.StatusBadRequest, Description: "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"}
	}
	s.mu.Lock()
	s.webhookURL, s.webhookSecret = fields["url"], fields["secret_token"]
	s.mu.Unlock()
	return true, nil
}

func (s *Server) deleteWebhook(_ context.Context, fields map[string]string, _ map[string]File) (any, *Fault) {
	s.mu.Lock()
	s.webhookURL, s.webhookSecret = "", ""
	if fields["drop_pending_updates"] == "true" {
		s.queue = nil
	}
	s.mu.Unlock()
	return true, nil
}

// DeliverWebhook POSTs u to a webhook at url with secret in the secret
// header (none when empty), as Telegram does, assigning an update_id when
// u has none. It returns the HTTP status the webhook answered; Telegram
// redelivers an update until it gets a 2xx.
func (s *Server) DeliverWebhook(ctx context.Context, url, secret string, u models.Update) (int, error) {
	if u.ID == 0 {
		u.ID = s.NextUpdateID()
	}
	body, err := json.Marshal(&u)
	if err != nil {
		return 0, fmt.Errorf("encode update %d: %w", u.ID, err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, fmt.Errorf("build webhook request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set(SecretHeader, secret)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, fmt.Errorf("deliver update %d: %w", u.ID, err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, nil
}
