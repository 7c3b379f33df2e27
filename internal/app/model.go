package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/membot/membot/config"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/llm/openai"
)

// NewModel builds the model client described by m, counting calls and
// tokens in meter (a private meter when nil), exactly as Open does: when m
// names no model, the server's first chat model is used. Commands that need
// a model without a whole bot (such as the recall evaluation) use it, so
// they honour the same configuration. It returns the client and the name
// of the model in use; the caller checks m.Configured first.
func NewModel(ctx context.Context, m config.Model, meter *llm.Meter, opts ...Option) (llm.Client, string, error) {
	o := options{now: time.Now, logger: slog.Default()}
	for _, opt := range opts {
		opt(&o)
	}
	return newModel(ctx, m, meter, o)
}

// newModel is NewModel with resolved options.
func newModel(ctx context.Context, m config.Model, meter *llm.Meter, o options) (llm.Client, string, error) {
	name := m.Name
	if name == "" {
		hc := o.httpClient
		if hc == nil {
			hc = http.DefaultClient
		}
		var err error
		name, err = discoverModel(ctx, hc, m.BaseURL, m.APIKey.Value())
		if err != nil {
			o.logger.Warn("no model named and none discovered; using a default", "model", name, "err", err)
		}
	}
	c, err := openai.New(openai.Options{
		BaseURL:        m.BaseURL,
		APIKey:         m.APIKey.Value(),
		Model:          name,
		EmbeddingModel: m.EmbeddingModel,
		Timeout:        m.Timeout.D(),
		MaxRetries:     m.MaxRetries,
		Meter:          meter,
		Logger:         o.logger,
		HTTPClient:     o.httpClient,
	})
	if err != nil {
		return nil, "", fmt.Errorf("model client: %w", err)
	}
	return c, name, nil
}
