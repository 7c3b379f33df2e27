package telegram

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
)

// secretHeader carries the webhook's secret token on every request.
const secretHeader = "X-Telegram-Bot-Api-Secret-Token"

// maxWebhookBody bounds one update posted to the webhook.
const maxWebhookBody = 4 << 20

// startWebhook listens, sets the webhook and returns the loop serving it
// until Close shuts the server down, and the function that releases the
// listener if that loop never runs. Requests live within the intake:
// shutdown interrupts the lookups made while processing an update.
func (a *Adapter) startWebhook(ctx, intake context.Context) (func(context.Context) error, func(), error) {
	wh := a.opts.Webhook
	ln, err := net.Listen("tcp", wh.ListenAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("telegram webhook: listen on %s: %w", wh.ListenAddr, err)
	}
	if wh.PublicURL != "" {
		err := a.call(ctx, "setWebhook", func(ctx context.Context) error {
			_, err := a.api.SetWebhook(ctx, &tgbot.SetWebhookParams{
				URL:            wh.PublicURL,
				AllowedUpdates: allowedUpdates,
				SecretToken:    wh.SecretToken,
			})
			return err
		})
		if err != nil {
			_ = ln.Close()
			return nil, nil, fmt.Errorf("telegram: start: %w", err)
		}
	}
	mux := http.NewServeMux()
	mux.Handle(wh.Path, a.webhookHandler())
	srv := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return intake },
	}
	a.mu.Lock()
	a.srv = srv
	a.mu.Unlock()
	a.webhookAddr = ln.Addr().String()
	a.log.Info("telegram: serving webhook", "addr", a.webhookAddr, "path", wh.Path)
	return func(context.Context) error {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("telegram webhook: serve: %w", err)
		}
		return nil
	}, func() { _ = ln.Close() }, nil
}

// webhookHandler answers Telegram's webhook requests: 401 without the
// right secret, 200 once the update is captured, 500 when it was not (so
// Telegram delivers it again).
func (a *Adapter) webhookHandler() http.Handler {
	secret := []byte(a.opts.Webhook.SecretToken)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if subtle.ConstantTimeCompare([]byte(r.Header.Get(secretHeader)), secret) != 1 {
			a.log.Warn("telegram webhook: request without the right secret token", "remote", r.RemoteAddr)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
		if err != nil {
			http.Error(w, "cannot read body", http.StatusBadRequest)
			return
		}
		u := &models.Update{}
		if err := json.Unmarshal(body, u); err != nil {
			// Redelivery cannot fix a body we cannot read: accept and log.
			a.log.Warn("telegram webhook: skipping an update that cannot be decoded", "err", err)
			w.WriteHeader(http.StatusOK)
			return
		}
		if err := a.process(r.Context(), u); err != nil {
			a.log.Error("telegram webhook: update not captured; Telegram will redeliver it", "update_id", u.ID, "err", err)
			http.Error(w, "not captured", http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
}
