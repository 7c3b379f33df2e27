package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"
)

// maxUpdatesBody bounds one getUpdates answer (100 updates).
const maxUpdatesBody = 32 << 20

// confirmTimeout bounds the getUpdates call that confirms the last
// processed updates at shutdown.
const confirmTimeout = 5 * time.Second

// startPolling prepares long polling and returns the loop that receives
// updates with getUpdates until its context (the intake) ends. The offset
// moves past an update only after it was processed (captured), so an
// update is confirmed to Telegram only then; see the package doc.
func (a *Adapter) startPolling(ctx context.Context) func(context.Context) error {
	// A webhook left set by an earlier deployment makes getUpdates fail
	// with 409; pending updates are kept.
	if err := a.call(ctx, "deleteWebhook", func(ctx context.Context) error {
		_, err := a.api.DeleteWebhook(ctx, &tgbot.DeleteWebhookParams{})
		return err
	}); err != nil && ctx.Err() == nil {
		a.log.Warn("telegram: could not delete webhook before polling", "err", err)
	}
	a.log.Info("telegram: polling for updates")
	return a.poll
}

// poll is the polling loop.
func (a *Adapter) poll(ctx context.Context) error {
	var offset int64
	pollFailures := 0
	failedID, handleFailures := int64(0), 0
	for ctx.Err() == nil {
		updates, err := a.getUpdates(ctx, offset, a.opts.PollTimeout)
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			var ae *apiError
			if errors.As(err, &ae) && ae.Code == http.StatusUnauthorized {
				return fmt.Errorf("telegram: token rejected: %w", err)
			}
			pollFailures++
			wait := backoff(pollFailures)
			if secs, ok := retryAfter(err); ok {
				wait = time.Duration(secs) * time.Second
			}
			a.log.Warn("telegram: getUpdates failed", "err", err, "retry_in", wait)
			_ = a.sleep(ctx, wait)
			continue
		}
		pollFailures = 0
		for _, u := range updates {
			if ctx.Err() != nil {
				break
			}
			err := a.process(ctx, u)
			if err == nil {
				offset = max(offset, u.ID+1)
				continue
			}
			if u.ID != failedID {
				failedID, handleFailures = u.ID, 0
			}
			handleFailures++
			if a.opts.MaxHandleAttempts > 0 && handleFailures >= a.opts.MaxHandleAttempts {
				a.log.Error("telegram: skipping an update that keeps failing", "update_id", u.ID, "attempts", handleFailures, "err", err)
				offset = max(offset, u.ID+1)
				continue
			}
			wait := backoff(handleFailures)
			a.log.Error("telegram: update not captured; it will be redelivered", "update_id", u.ID, "attempt", handleFailures, "retry_in", wait, "err", err)
			_ = a.sleep(ctx, wait)
			break
		}
	}
	a.confirm(offset)
	return nil
}

// confirm tells Telegram that every update below offset was processed, so
// a restart does not receive them again. It runs after the intake ended,
// under the replies' context, which Close cancels when it gives up.
func (a *Adapter) confirm(offset int64) {
	if offset == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(a.replyCtx, confirmTimeout)
	defer cancel()
	if _, err := a.getUpdatesLimit(ctx, offset, 0, 1); err != nil {
		a.log.Warn("telegram: could not confirm the last updates; they will be received again", "offset", offset, "err", err)
	}
}

// getUpdates long-polls for updates from offset on.
func (a *Adapter) getUpdates(ctx context.Context, offset int64, timeout time.Duration) ([]*models.Update, error) {
	return a.getUpdatesLimit(ctx, offset, timeout, 100)
}

// getUpdatesLimit calls getUpdates itself: go-telegram/bot has no public
// one (its polling loop confirms updates before they are handled). An
// update that cannot be decoded is logged and returned empty, so that it
// is skipped instead of blocking every later update.
func (a *Adapter) getUpdatesLimit(ctx context.Context, offset int64, timeout time.Duration, limit int) ([]*models.Update, error) {
	body, err := json.Marshal(map[string]any{
		"offset":          offset,
		"limit":           limit,
		"timeout":         int(timeout / time.Second),
		"allowed_updates": allowedUpdates,
	})
	if err != nil {
		return nil, fmt.Errorf("encode getUpdates request: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, timeout+a.opts.RequestTimeout)
	defer cancel()
	url := a.opts.APIURL + "/bot" + a.opts.Token + "/getUpdates"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, a.redact.err(fmt.Errorf("build getUpdates request: %w", err))
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := a.client.Do(req)
	if err != nil {
		return nil, a.redact.err(fmt.Errorf("telegram getUpdates: %w", err))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxUpdatesBody))
	if err != nil {
		return nil, a.redact.err(fmt.Errorf("read getUpdates answer: %w", err))
	}
	var answer struct {
		OK          bool              `json:"ok"`
		Result      []json.RawMessage `json:"result"`
		ErrorCode   int               `json:"error_code"`
		Description string            `json:"description"`
		Parameters  struct {
			RetryAfter int `json:"retry_after"`
		} `json:"parameters"`
	}
	if err := json.Unmarshal(raw, &answer); err != nil {
		return nil, fmt.Errorf("decode getUpdates answer (HTTP %d): %w", resp.StatusCode, err)
	}
	if !answer.OK {
		return nil, &apiError{Method: "getUpdates", Code: answer.ErrorCode, Description: answer.Description, RetryAfter: answer.Parameters.RetryAfter}
	}
	updates := make([]*models.Update, 0, len(answer.Result))
	for _, r := range answer.Result {
		u := &models.Update{}
		if err := json.Unmarshal(r, u); err != nil {
			var id struct {
				ID int64 `json:"update_id"`
			}
			_ = json.Unmarshal(r, &id)
			a.log.Warn("telegram: skipping an update that cannot be decoded", "update_id", id.ID, "err", err)
			u = &models.Update{ID: id.ID}
		}
		updates = append(updates, u)
	}
	return updates, nil
}
