package config

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Validate reports every problem of c at once, each naming its key.
func (c *Config) Validate() error {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...)))
	}
	if strings.TrimSpace(c.DataDir) == "" && c.MongoDB.URI == "" {
		bad("data_dir", "must not be empty")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		bad("log_level", "%q is not one of debug, info, warn, error", c.LogLevel)
	}
	switch c.LogFormat {
	case "text", "json":
	default:
		bad("log_format", "%q is not text or json", c.LogFormat)
	}
	if c.Model.BaseURL != "" {
		if err := checkURL(c.Model.BaseURL); err != nil {
			bad("model.base_url", "%v", err)
		}
	}
	if c.Model.Timeout.D() <= 0 {
		bad("model.timeout", "must be positive")
	}
	if c.Model.MaxRetries < 0 || c.Model.MaxRetries > 10 {
		bad("model.max_retries", "%d is outside 0–10", c.Model.MaxRetries)
	}
	if c.Model.Temperature < 0 || c.Model.Temperature > 2 {
		bad("model.temperature", "%v is outside 0–2", c.Model.Temperature)
	}
	if c.Model.EmbeddingModel != "" && !c.Model.Configured() {
		bad("model.embedding_model", "needs a model endpoint (model.base_url, model.name or model.api_key)")
	}
	if uri := c.MongoDB.URI.Value(); uri != "" && !strings.HasPrefix(uri, "mongodb://") && !strings.HasPrefix(uri, "mongodb+srv://") {
		bad("mongodb.uri", "must start with mongodb:// or mongodb+srv://")
	}
	if c.MongoDB.URI != "" && c.MongoDB.Database == "" {
		bad("mongodb.database", "must not be empty")
	}
	if c.Discord.On() && c.Discord.Token == "" {
		bad("discord.token", "discord is enabled but no token is set (DISCORD_TOKEN)")
	}
	if c.Discord.ShardCount < 0 || c.Discord.ShardID < 0 || (c.Discord.ShardCount > 0 && c.Discord.ShardID >= c.Discord.ShardCount) {
		bad("discord.shard_id", "%d must be below shard_count %d", c.Discord.ShardID, c.Discord.ShardCount)
	}
	if c.Discord.APIURL != "" {
		if err := checkURL(c.Discord.APIURL); err != nil {
			bad("discord.api_url", "%v", err)
		}
	}
	if c.Telegram.On() && c.Telegram.Token == "" {
		bad("telegram.token", "telegram is enabled but no token is set (TELEGRAM_BOT_TOKEN)")
	}
	if c.Telegram.APIURL != "" {
		if err := checkURL(c.Telegram.APIURL); err != nil {
			bad("telegram.api_url", "%v", err)
		}
	}
	if w := c.Telegram.Webhook; w.URL != "" {
		if err := checkURL(w.URL); err != nil {
			bad("telegram.webhook.url", "%v", err)
		}
		if w.Listen == "" {
			bad("telegram.webhook.listen", "needed with telegram.webhook.url (e.g. :8443)")
		}
		if w.Secret == "" {
			bad("telegram.webhook.secret", "needed with telegram.webhook.url")
		}
	}
	m := c.Memory
	if m.ExtractionDelay.D() < 0 {
		bad("memory.extraction_delay", "must not be negative")
	}
	if m.MaxInjected < 1 || m.MaxInjected > 20 {
		bad("memory.max_injected", "%d is outside 1–20", m.MaxInjected)
	}
	if m.TokenBudget < 20 || m.TokenBudget > 8000 {
		bad("memory.token_budget", "%d is outside 20–8000", m.TokenBudget)
	}
	if m.MinConfidence < 0 || m.MinConfidence > 1 {
		bad("memory.min_confidence", "%v is outside 0–1", m.MinConfidence)
	}
	if m.ArchiveAfter.D() < 0 || m.MessageRetention.D() < 0 {
		bad("memory.archive_after", "durations must not be negative")
	}
	if c.Bot.HistoryMessages < 0 || c.Bot.HistoryMessages > 200 {
		bad("bot.history_messages", "%d is outside 0–200", c.Bot.HistoryMessages)
	}
	switch c.Bot.Language {
	case "en", "zh":
	default:
		bad("bot.language", "%q is not en or zh", c.Bot.Language)
	}
	if c.Limits.MessagesPerMinute < 0 {
		bad("limits.messages_per_minute", "must not be negative")
	}
	if c.Limits.DailyTokens < 0 {
		bad("limits.daily_tokens", "must not be negative")
	}
	return errors.Join(errs...)
}

func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http(s) URL", s)
	}
	return nil
}
