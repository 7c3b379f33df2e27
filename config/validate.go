package config

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Validate reports every problem of c at once, each naming its key (list
// entries by key and index). Zero is a setting in its own right, never a
// request for the default: model.temperature 0 is the most deterministic,
// bot.history_messages 0 sends no earlier messages, memory.extraction_delay
// 0 extracts after every message, memory.archive_after 0 never archives a
// memory for being unused, memory.message_retention 0 keeps messages, and
// the limits' 0 means no limit.
func (c *Config) Validate() error {
	var errs []error
	bad := func(key, format string, args ...any) {
		errs = append(errs, fmt.Errorf("%s: %s", key, fmt.Sprintf(format, args...)))
	}
	if strings.TrimSpace(c.DataDir) == "" && c.MongoDB.URI == "" {
		bad("data_dir", "must not be empty")
	}
	switch c.LogLevel {
	case "", "debug", "info", "warn", "error": // "" is not set: see Config.LogLevel
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
	// 0 is a valid temperature (the most deterministic replies), not a
	// request for the default.
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
	switch d := c.Discord; {
	case d.ShardCount < 0:
		bad("discord.shard_count", "%d must not be negative", d.ShardCount)
	case d.ShardID < 0:
		bad("discord.shard_id", "%d must not be negative", d.ShardID)
	case d.ShardCount > 0 && d.ShardID >= d.ShardCount:
		bad("discord.shard_id", "%d must be below shard_count %d", d.ShardID, d.ShardCount)
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
	if l := c.HTTP.Listen; l != "" {
		if err := checkListen(l); err != nil {
			bad("http.listen", "%v", err)
		} else if w := c.Telegram.Webhook; c.Telegram.On() && w.URL != "" && w.Listen == l {
			bad("http.listen", "%q is also telegram.webhook.listen; give each its own port", l)
		}
	}
	if u := c.Web.PublicURL; u != "" {
		if err := checkPublicURL(u); err != nil {
			bad("web.public_url", "%v", err)
		} else {
			c.Web.PublicURL = strings.TrimRight(u, "/")
		}
	}
	if err := checkProxies(c.Web.TrustedProxies); err != nil {
		bad("web.trusted_proxies", "%v", err)
	}
	m := c.Memory
	// 0 extracts a conversation right after each message.
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
	// 0 never archives a memory for being unused.
	if m.ArchiveAfter.D() < 0 {
		bad("memory.archive_after", "must not be negative (0 turns archiving of unused memories off)")
	}
	// 0 keeps captured messages forever.
	if m.MessageRetention.D() < 0 {
		bad("memory.message_retention", "must not be negative (0 keeps messages forever)")
	}
	// 0 sends only the message being answered, with no earlier ones.
	if c.Bot.HistoryMessages < 0 || c.Bot.HistoryMessages > 200 {
		bad("bot.history_messages", "%d is outside 0–200", c.Bot.HistoryMessages)
	}
	if c.Bot.AnswerFreshness.D() <= 0 {
		bad("bot.answer_freshness", "must be positive")
	}
	if c.Bot.DrainTimeout.D() <= 0 {
		bad("bot.drain_timeout", "must be positive")
	}
	if l := c.Bot.ReminderLead.D(); l < 0 || l > maxReminderLead.D() {
		bad("bot.reminder_lead", "must be between 0 (no reminders) and 168h")
	}
	if r := c.Bot.Replica; len(r) > 100 || strings.ContainsFunc(r, unicode.IsSpace) || (r != "" && !utf8.ValidString(r)) {
		bad("bot.replica", "must be at most 100 characters without spaces")
	}
	switch c.Bot.MissedNotice {
	case "notice", "silent":
	default:
		bad("bot.missed_notice", "%q is not notice or silent", c.Bot.MissedNotice)
	}
	switch c.Bot.Language {
	case "en", "zh":
	default:
		bad("bot.language", "%q is not en or zh", c.Bot.Language)
	}
	// 0 means no limit for both.
	if c.Limits.MessagesPerMinute < 0 {
		bad("limits.messages_per_minute", "must not be negative")
	}
	if c.Limits.ConsoleMessagesPerMinute < 0 {
		bad("limits.console_messages_per_minute", "must not be negative")
	}
	if c.Limits.CapturePerMinute < 0 || (c.Limits.CapturePerMinute > 0 && c.Limits.CapturePerMinute < c.Limits.MessagesPerMinute) {
		bad("limits.capture_per_minute", "must be 0 (five times messages_per_minute) or at least messages_per_minute")
	}
	if c.Limits.DailyTokens < 0 {
		bad("limits.daily_tokens", "must not be negative")
	}
	for _, l := range []struct {
		key     string
		entries []string
	}{
		{"limits.allow_users", c.Limits.AllowUsers},
		{"limits.deny_users", c.Limits.DenyUsers},
		{"limits.allow_guilds", c.Limits.AllowGuilds},
		{"limits.deny_guilds", c.Limits.DenyGuilds},
	} {
		for i, e := range l.entries {
			if err := checkAccount(e); err != nil {
				bad(fmt.Sprintf("%s[%d]", l.key, i), "%v", err)
			}
		}
	}
	return errors.Join(errs...)
}

// checkURL accepts an absolute http(s) URL. Its error never shows user
// information, a query or a fragment, which may hold credentials.
func checkURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return errors.New("is not a valid URL")
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		if strings.Contains(s, "@") {
			// Whatever parsed as scheme or path may be "user:password".
			return errors.New("is not an http(s) URL (not shown: it holds user information)")
		}
		shown := url.URL{Scheme: u.Scheme, Opaque: u.Opaque, Host: u.Host, Path: u.Path}
		return fmt.Errorf("%q is not an http(s) URL", shown.String())
	}
	return nil
}

// checkPublicURL accepts the panel's address: an absolute http(s) URL
// without user information, query or fragment, since sign-in links are
// made by appending a path to it.
func checkPublicURL(s string) error {
	if err := checkURL(s); err != nil {
		return err
	}
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return errors.New("is not a valid URL")
	case u.User != nil:
		return errors.New("must not hold user information")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(s, "#"):
		return errors.New("must not have a query or fragment (e.g. https://membot.example.com)")
	case strings.Trim(u.Path, "/") != "":
		return errors.New("must not have a path: the panel is served at /panel/ of this address (e.g. https://membot.example.com)")
	}
	return nil
}

// checkProxies accepts the reverse proxies whose X-Forwarded-For the
// panel believes: IP addresses or CIDR prefixes.
func checkProxies(list []string) error {
	for _, p := range list {
		if _, err := ParseProxy(p); err != nil {
			return err
		}
	}
	return nil
}

// ParseProxy reads one web.trusted_proxies entry: an IP address (a prefix
// of its full length) or a CIDR prefix.
func ParseProxy(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is not an IP address or CIDR prefix (e.g. 127.0.0.1 or 10.0.0.0/8)", s)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not an IP address or CIDR prefix (e.g. 127.0.0.1 or 10.0.0.0/8)", s)
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// checkListen accepts a listen address: host:port or :port, the port a
// number from 0 (any free port) to 65535.
func checkListen(s string) error {
	_, port, err := net.SplitHostPort(s)
	if err != nil {
		return fmt.Errorf("%q is not host:port (e.g. 127.0.0.1:9090 or :9090)", s)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q: port %q is not a number from 0 to 65535", s, port)
	}
	return nil
}

// platforms are the platforms whose accounts and servers the limits lists
// name.
var platforms = []string{"discord", "telegram", "console"}

// checkAccount accepts a limits list entry: "platform:id".
func checkAccount(e string) error {
	platform, id, found := strings.Cut(e, ":")
	switch {
	case !found:
		return fmt.Errorf("%q is not platform:id (e.g. telegram:12345)", e)
	case !slices.Contains(platforms, platform):
		return fmt.Errorf("%q: platform %q is not one of %s", e, platform, strings.Join(platforms, ", "))
	case strings.TrimSpace(id) == "":
		return fmt.Errorf("%q has no id after %q", e, platform+":")
	case strings.TrimSpace(id) != id:
		return fmt.Errorf("%q: the id must not start or end with spaces", e)
	}
	return nil
}

// maxReminderLead bounds bot.reminder_lead: a reminder a week ahead is
// as far as a reminder makes sense.
const maxReminderLead = Duration(7 * 24 * 60 * 60 * 1e9)
