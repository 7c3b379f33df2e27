package discord

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/membot/membot/internal/buttontoken"
)

// Defaults for Options fields left zero.
const (
	// DefaultEditInterval spaces the edits of a streamed reply; Discord
	// rate-limits message edits to about five per five seconds.
	DefaultEditInterval = time.Second
	// DefaultDeferAfter is how long an interaction may go unanswered
	// before it is acknowledged as "thinking"; Discord allows three
	// seconds.
	DefaultDeferAfter = 2 * time.Second
	// DefaultShutdownTimeout bounds how long Run waits for replies in
	// progress once its context is cancelled.
	DefaultShutdownTimeout = 10 * time.Second
	// DefaultOpenTimeout bounds connecting to the gateway.
	DefaultOpenTimeout = 30 * time.Second
)

// Options configure an Adapter. Only Token is required.
type Options struct {
	// Token is the bot token, without the "Bot " prefix. It is never
	// logged.
	Token string
	// ShardID and ShardCount split the bot's guilds across processes;
	// ShardCount 0 or 1 means no sharding.
	ShardID, ShardCount int
	// CommandGuildIDs registers the slash commands in these guilds only
	// (instant updates, handy while developing); empty registers them
	// globally.
	CommandGuildIDs []string
	// SkipCommandRegistration leaves the registered slash commands alone
	// (when another process or a deploy step manages them).
	SkipCommandRegistration bool
	// EditInterval is the minimum time between two edits of a streamed
	// reply; zero means DefaultEditInterval.
	EditInterval time.Duration
	// DeferAfter is how long an interaction may wait for its first answer
	// before it is deferred; zero means DefaultDeferAfter.
	DeferAfter time.Duration
	// ShutdownTimeout bounds waiting for replies in progress when Run's
	// context is cancelled; zero means DefaultShutdownTimeout.
	ShutdownTimeout time.Duration
	// OpenTimeout bounds connecting to the gateway; zero means
	// DefaultOpenTimeout.
	OpenTimeout time.Duration
	// Logger receives the adapter's logs; nil discards them.
	Logger *slog.Logger
	// HTTPClient replaces the client used for the REST API (tests, proxies).
	HTTPClient *http.Client
	// APIBase, when set (e.g. "http://127.0.0.1:8080"), sends every REST
	// request meant for discord.com to this base URL instead; the gateway
	// URL is then whatever that server announces.
	APIBase string
	// ButtonSettings, when set, keep the buttons whose command does not
	// fit in a custom_id where every replica, and this one after a
	// restart, can resolve them; nil keeps them in this process.
	ButtonSettings buttontoken.Settings
}

// String describes the options without the token.
func (o Options) String() string {
	return fmt.Sprintf("discord.Options{Token:%s ShardID:%d ShardCount:%d CommandGuildIDs:%v EditInterval:%s APIBase:%q}",
		redacted(o.Token), o.ShardID, o.ShardCount, o.CommandGuildIDs, o.EditInterval, o.APIBase)
}

// LogValue keeps the token out of structured logs.
func (o Options) LogValue() slog.Value {
	return slog.StringValue(o.String())
}

func redacted(token string) string {
	if token == "" {
		return "<empty>"
	}
	return "<redacted>"
}

// withDefaults validates o and fills zero fields.
func (o Options) withDefaults() (Options, error) {
	o.Token = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(o.Token), "Bot "))
	if o.Token == "" {
		return o, errors.New("discord: empty bot token")
	}
	if strings.ContainsAny(o.Token, " \t\r\n") {
		return o, errors.New("discord: bot token contains whitespace")
	}
	if o.ShardCount < 0 || o.ShardID < 0 {
		return o, fmt.Errorf("discord: negative shard id %d or count %d", o.ShardID, o.ShardCount)
	}
	if o.ShardCount == 0 {
		o.ShardCount = 1
	}
	if o.ShardID >= o.ShardCount {
		return o, fmt.Errorf("discord: shard id %d out of range for %d shards", o.ShardID, o.ShardCount)
	}
	for _, g := range o.CommandGuildIDs {
		if !isSnowflake(g) {
			return o, fmt.Errorf("discord: command guild id %q is not a Discord id", g)
		}
	}
	if o.EditInterval < 0 || o.DeferAfter < 0 || o.ShutdownTimeout < 0 || o.OpenTimeout < 0 {
		return o, errors.New("discord: negative duration in options")
	}
	if o.EditInterval == 0 {
		o.EditInterval = DefaultEditInterval
	}
	if o.DeferAfter == 0 {
		o.DeferAfter = DefaultDeferAfter
	}
	if o.ShutdownTimeout == 0 {
		o.ShutdownTimeout = DefaultShutdownTimeout
	}
	if o.OpenTimeout == 0 {
		o.OpenTimeout = DefaultOpenTimeout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.APIBase != "" {
		u, err := url.Parse(o.APIBase)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return o, fmt.Errorf("discord: API base %q is not an http(s) URL", o.APIBase)
		}
	}
	return o, nil
}

func isSnowflake(s string) bool {
	if s == "" || len(s) > 20 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
