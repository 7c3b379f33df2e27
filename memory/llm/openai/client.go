// Package openai implements llm.Client over any OpenAI-compatible HTTP API —
// OpenAI itself, or a local server such as Ollama, vLLM, llama.cpp or LM
// Studio — with the official openai-go SDK: streamed replies, structured
// JSON output, embeddings, bounded retries, typed errors and token metering.
//
// Configuration is explicit: nothing is read from OPENAI_* environment
// variables, so what the operator configured is what is used.
package openai

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/membot/membot/memory/llm"
)

// Defaults applied to zero-valued Options fields.
const (
	DefaultBaseURL       = "https://api.openai.com/v1"
	DefaultTimeout       = 2 * time.Minute
	DefaultMaxRetries    = 2
	DefaultMaxRetryDelay = 8 * time.Second
)

// placeholderKey is sent when no API key is configured: local servers ignore
// it, and sending something keeps the SDK from falling back to ambient
// credentials.
const placeholderKey = "no-key"

// officialHost is OpenAI's own API host, which needs a key and prefers
// max_completion_tokens over the older max_tokens.
const officialHost = "api.openai.com"

// Options configures a Client.
type Options struct {
	// BaseURL is the API root, e.g. "http://localhost:11434/v1" for Ollama;
	// DefaultBaseURL when empty.
	BaseURL string
	// APIKey may be empty for local servers; OpenAI itself requires one.
	APIKey string
	// Model is the chat model; required.
	Model string
	// EmbeddingModel is optional; without it Embed fails with
	// llm.ErrNoEmbeddings and recall stays lexical.
	EmbeddingModel string
	// Timeout bounds each attempt, including reading a streamed answer;
	// DefaultTimeout when zero.
	Timeout time.Duration
	// MaxRetries is how many times a transient failure (rate limit, server
	// error, connection failure) is retried; DefaultMaxRetries when zero,
	// no retries when negative.
	MaxRetries int
	// MaxRetryDelay caps the backoff between attempts. A server asking
	// (Retry-After) to wait longer than this ends the retries and the call
	// fails with llm.ErrRateLimited carrying the hint, so callers can
	// reschedule instead of blocking. DefaultMaxRetryDelay when zero.
	MaxRetryDelay time.Duration
	// Meter counts calls and tokens per purpose; a private one when nil.
	Meter *llm.Meter
	// Logger receives call failures (warn) and per-call details (debug);
	// discarded when nil.
	Logger *slog.Logger
	// HTTPClient carries the requests; a dedicated client when nil.
	HTTPClient *http.Client
}

// Client talks to one OpenAI-compatible endpoint. It is safe for concurrent
// use.
type Client struct {
	model          string
	embeddingModel string
	official       bool
	chat           oai.ChatCompletionService
	embeddings     oai.EmbeddingService
	meter          *llm.Meter
	log            *slog.Logger
	// jsonObjectOnly is set once a local server has rejected json_schema
	// output and accepted json_object, so later calls skip the doomed try.
	jsonObjectOnly atomic.Bool
}

var _ llm.Client = (*Client)(nil)

// New validates opts and builds a Client. It makes no network call.
func New(opts Options) (*Client, error) {
	model := strings.TrimSpace(opts.Model)
	if model == "" {
		return nil, errors.New("new model client: model is required")
	}
	base := strings.TrimSpace(opts.BaseURL)
	if base == "" {
		base = DefaultBaseURL
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("new model client: parse base URL %q: %w", base, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("new model client: base URL %q must be an absolute http(s) URL", base)
	}
	official := strings.EqualFold(u.Hostname(), officialHost)
	key := strings.TrimSpace(opts.APIKey)
	if key == "" {
		if official {
			return nil, fmt.Errorf("new model client: %s needs an API key", officialHost)
		}
		key = placeholderKey
	}
	if opts.Timeout < 0 || opts.MaxRetryDelay < 0 {
		return nil, errors.New("new model client: timeout and retry delay must not be negative")
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	retries := opts.MaxRetries
	switch {
	case retries == 0:
		retries = DefaultMaxRetries
	case retries < 0:
		retries = 0
	}
	maxDelay := opts.MaxRetryDelay
	if maxDelay == 0 {
		maxDelay = DefaultMaxRetryDelay
	}
	httpClient := opts.HTTPClient
	if httpClient == nil {
		httpClient = newHTTPClient()
	}
	c := &Client{
		model:          model,
		embeddingModel: strings.TrimSpace(opts.EmbeddingModel),
		official:       official,
		meter:          opts.Meter,
		log:            opts.Logger,
	}
	if c.meter == nil {
		c.meter = &llm.Meter{}
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}
	// The services are built directly from these options rather than through
	// oai.NewClient, which would first apply OPENAI_* environment variables.
	ropts := []option.RequestOption{
		option.WithBaseURL(u.String()),
		option.WithAPIKey(key),
		option.WithHTTPClient(httpClient),
		option.WithMaxRetries(retries),
		option.WithMaxRetryDelay(maxDelay),
		option.WithRequestTimeout(timeout),
		option.WithMiddleware(c.logAttempt),
	}
	c.chat = oai.NewChatCompletionService(ropts...)
	c.embeddings = oai.NewEmbeddingService(ropts...)
	return c, nil
}

// EmbeddingModel names the embedding model, or "" when there is none.
func (c *Client) EmbeddingModel() string { return c.embeddingModel }

func newHTTPClient() *http.Client {
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		return &http.Client{Transport: t.Clone()}
	}
	return &http.Client{}
}

// logAttempt records each HTTP attempt, retries included, at debug level.
func (c *Client) logAttempt(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	start := time.Now()
	resp, err := next(req)
	attrs := []slog.Attr{
		slog.String("path", req.URL.Path),
		slog.String("attempt", req.Header.Get("X-Stainless-Retry-Count")),
		slog.Duration("elapsed", time.Since(start)),
	}
	switch {
	case err != nil:
		attrs = append(attrs, slog.String("err", err.Error()))
	case resp != nil:
		attrs = append(attrs, slog.Int("status", resp.StatusCode))
	}
	c.log.LogAttrs(req.Context(), slog.LevelDebug, "model http attempt", attrs...)
	return resp, err
}

// record meters and logs one finished call.
func (c *Client) record(ctx context.Context, op string, purpose llm.Purpose, start time.Time, u llm.Usage, err error) {
	c.meter.Record(purpose, u, err != nil)
	attrs := []slog.Attr{
		slog.String("op", op),
		slog.String("purpose", string(purpose)),
		slog.Duration("elapsed", time.Since(start)),
		slog.Int64("prompt_tokens", u.PromptTokens),
		slog.Int64("completion_tokens", u.CompletionTokens),
	}
	if err != nil {
		attrs = append(attrs, slog.String("err", err.Error()))
		c.log.LogAttrs(ctx, slog.LevelWarn, "model call failed", attrs...)
		return
	}
	c.log.LogAttrs(ctx, slog.LevelDebug, "model call", attrs...)
}

// chatParams turns a request into SDK parameters, refusing requests no
// server could answer.
func (c *Client) chatParams(purpose llm.Purpose, msgs []llm.Message, temperature float64, maxTokens int) (oai.ChatCompletionNewParams, error) {
	if len(msgs) == 0 {
		return oai.ChatCompletionNewParams{}, badRequest(purpose, errors.New("no messages"))
	}
	if maxTokens < 0 {
		return oai.ChatCompletionNewParams{}, badRequest(purpose, fmt.Errorf("negative max tokens %d", maxTokens))
	}
	params := oai.ChatCompletionNewParams{Model: c.model}
	for i, m := range msgs {
		text := strings.ToValidUTF8(m.Content, "\uFFFD")
		switch m.Role {
		case llm.RoleSystem:
			params.Messages = append(params.Messages, oai.SystemMessage(text))
		case llm.RoleUser:
			params.Messages = append(params.Messages, oai.UserMessage(text))
		case llm.RoleAssistant:
			params.Messages = append(params.Messages, oai.AssistantMessage(text))
		default:
			return oai.ChatCompletionNewParams{}, badRequest(purpose, fmt.Errorf("message %d has unknown role %q", i, m.Role))
		}
	}
	if temperature >= 0 {
		params.Temperature = oai.Float(temperature)
	}
	if maxTokens > 0 {
		if c.official {
			params.MaxCompletionTokens = oai.Int(int64(maxTokens))
		} else {
			params.MaxTokens = oai.Int(int64(maxTokens))
		}
	}
	return params, nil
}

func usageOf(u oai.CompletionUsage) llm.Usage {
	return llm.Usage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens}
}
