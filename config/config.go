// Package config loads membot's configuration: built-in defaults, then an
// optional TOML file, then environment variables, then command-line flags,
// each overriding the one before, and finally Validate. Nothing here is
// global; callers pass plain values on to the constructors they call.
package config

import (
	"os"
	"path/filepath"
	"time"
)

// Config is the whole configuration of one membot process.
type Config struct {
	// DataDir holds the embedded store.
	DataDir string `toml:"data_dir"`
	// LogLevel is "debug", "info", "warn" or "error". Empty means not set:
	// info, except in the terminal chat, which logs warnings only so that
	// the terminal stays free for the conversation. A level set by file,
	// environment or flag is always honoured.
	LogLevel string `toml:"log_level"`
	// LogFormat is "text" or "json".
	LogFormat string   `toml:"log_format"`
	Model     Model    `toml:"model"`
	MongoDB   MongoDB  `toml:"mongodb"`
	Discord   Discord  `toml:"discord"`
	Telegram  Telegram `toml:"telegram"`
	Memory    Memory   `toml:"memory"`
	Bot       Bot      `toml:"bot"`
	Limits    Limits   `toml:"limits"`
	HTTP      HTTP     `toml:"http"`
	Web       Web      `toml:"web"`
}

// Model configures the OpenAI-compatible model endpoint. With none of
// name, base URL and API key set the bot runs in offline mode.
type Model struct {
	BaseURL        string   `toml:"base_url"`
	APIKey         Secret   `toml:"api_key"`
	Name           string   `toml:"name"`
	EmbeddingModel string   `toml:"embedding_model"`
	Timeout        Duration `toml:"timeout"`
	MaxRetries     int      `toml:"max_retries"`
	// Temperature of replies, 0–2. 0 asks for the most deterministic
	// replies; it is not a "use the default" marker.
	Temperature float64 `toml:"temperature"`
}

// Configured reports whether a model endpoint is set: a model name, a base
// URL or an API key. Without a name, the server's first model is used.
func (m Model) Configured() bool { return m.Name != "" || m.BaseURL != "" || m.APIKey != "" }

// MongoDB configures the production store; an empty URI selects the
// embedded store.
type MongoDB struct {
	URI      Secret `toml:"uri"`
	Database string `toml:"database"`
}

// Discord configures the Discord adapter.
type Discord struct {
	// Enabled forces the adapter on (true) or off (false); unset means "on
	// when a token is configured".
	Enabled    *bool  `toml:"enabled"`
	Token      Secret `toml:"token"`
	ShardID    int    `toml:"shard_id"`
	ShardCount int    `toml:"shard_count"`
	// CommandGuilds registers slash commands in these servers only (fast
	// to update while testing); empty registers them globally.
	CommandGuilds []string `toml:"command_guilds"`
	// APIURL replaces https://discord.com (a proxy, or a test server).
	APIURL string `toml:"api_url"`
}

// On reports whether the Discord adapter should start.
func (d Discord) On() bool {
	if d.Enabled != nil {
		return *d.Enabled
	}
	return d.Token != ""
}

// Telegram configures the Telegram adapter.
type Telegram struct {
	Enabled *bool  `toml:"enabled"`
	Token   Secret `toml:"token"`
	// APIURL is the Bot API server; empty means Telegram's.
	APIURL  string  `toml:"api_url"`
	Webhook Webhook `toml:"webhook"`
}

// On reports whether the Telegram adapter should start.
func (t Telegram) On() bool {
	if t.Enabled != nil {
		return *t.Enabled
	}
	return t.Token != ""
}

// Webhook configures Telegram's webhook mode; an empty URL means long
// polling.
type Webhook struct {
	Listen string `toml:"listen"`
	URL    string `toml:"url"`
	Secret Secret `toml:"secret"`
}

// HTTP configures the operator's listener: /healthz, /readyz and
// /metrics. An empty Listen (the default) starts none.
type HTTP struct {
	// Listen is the host:port to serve on, e.g. "127.0.0.1:9090" or
	// ":9090" (every interface).
	Listen string `toml:"listen"`
}

// Web configures the memory panel, served on the http.listen listener
// when both that and PublicURL are set.
type Web struct {
	// PublicURL is the address people reach the panel at, e.g.
	// "https://membot.example.com": the sign-in links the bot sends start
	// with it. Validate drops a trailing slash.
	PublicURL string `toml:"public_url"`
	// TrustedProxies are the reverse proxies (IP addresses or CIDR
	// prefixes) in front of the panel: for a request from one of them the
	// client is the last address in X-Forwarded-For that is not a trusted
	// proxy, so that sign-in limits count people, not the proxy. Empty:
	// forwarded headers are ignored (anyone can forge them).
	TrustedProxies []string `toml:"trusted_proxies"`
}

// PanelOn reports whether the memory panel is served: http.listen and
// web.public_url are both set.
func (c Config) PanelOn() bool { return c.HTTP.Listen != "" && c.Web.PublicURL != "" }

// Memory tunes the memory pipeline.
type Memory struct {
	// ExtractionDelay is the stability window after the last message
	// before a conversation is extracted; 0 extracts after every message.
	ExtractionDelay Duration `toml:"extraction_delay"`
	// MaxInjected caps the memories put into one reply prompt.
	MaxInjected int `toml:"max_injected"`
	// TokenBudget caps the memory block, in approximate tokens.
	TokenBudget int `toml:"token_budget"`
	// MinConfidence drops extracted memories below it.
	MinConfidence float64 `toml:"min_confidence"`
	// ArchiveAfter archives memories unused for this long; 0 never
	// archives a memory for being unused (expired temporary memories are
	// archived regardless).
	ArchiveAfter Duration `toml:"archive_after"`
	// MessageRetention deletes captured messages older than this (0 keeps
	// them).
	MessageRetention Duration `toml:"message_retention"`
}

// Bot shapes the conversation engine.
type Bot struct {
	Name string `toml:"name"`
	// SystemPrompt replaces the built-in persona, if set.
	SystemPrompt string `toml:"system_prompt"`
	// HistoryMessages is how many recent messages go into a reply prompt;
	// 0 sends only the message being answered.
	HistoryMessages int `toml:"history_messages"`
	// Language is the default reply language ("en" or "zh") when a person's
	// is unknown.
	Language string `toml:"language"`
	// AnswerFreshness: a message left unanswered by a restart (or by a
	// replica that died) is answered when younger than this; an older one
	// gets the missed-message notice.
	AnswerFreshness Duration `toml:"answer_freshness"`
	// MissedNotice is "notice" (tell the person their message was missed
	// and ask them to send it again) or "silent" (only log it).
	MissedNotice string `toml:"missed_notice"`
	// DrainTimeout bounds how long a shutdown lets the replies in flight
	// and the extraction of what is pending take; replies not started stay
	// queued in the store, and extraction resumes, at the next run.
	DrainTimeout Duration `toml:"drain_timeout"`
	// Replica names this process among the replicas sharing MongoDB (e.g.
	// a StatefulSet pod's name): a process restarted under the same name
	// takes back at once the queued answers and the leases its previous
	// run held, instead of leaving them until their leases run out. It must
	// be unique among the running replicas. Empty: a new random name each
	// start.
	Replica string `toml:"replica"`
	// ReminderLead is how long before a timed task or event a person who
	// asked for reminders ("/memories remind on") is told of it; one for a
	// whole day is told that morning. 0 turns reminders off.
	ReminderLead Duration `toml:"reminder_lead"`
}

// Limits protect the bot and its budget from abuse.
type Limits struct {
	// MessagesPerMinute caps the messages of each person that are
	// answered; 0 means no limit. Messages over it are still captured, up
	// to CapturePerMinute.
	MessagesPerMinute int `toml:"messages_per_minute"`
	// ConsoleMessagesPerMinute is MessagesPerMinute for the terminal, whose
	// only user is the operator: 0 (the default) means no limit.
	ConsoleMessagesPerMinute int `toml:"console_messages_per_minute"`
	// CapturePerMinute bounds each person's captured messages a minute,
	// answered or not, so that a flood cannot fill the store; 0 means five
	// times the answer limit.
	CapturePerMinute int `toml:"capture_per_minute"`
	// DailyTokens caps each person's model tokens a day; 0 means no limit.
	DailyTokens int64 `toml:"daily_tokens"`
	// AllowUsers, when not empty, lists the only accounts served; DenyUsers
	// are never served. Entries are "platform:id", platform being discord,
	// telegram or console.
	AllowUsers []string `toml:"allow_users"`
	DenyUsers  []string `toml:"deny_users"`
	// AllowGuilds and DenyGuilds do the same for servers and groups.
	AllowGuilds []string `toml:"allow_guilds"`
	DenyGuilds  []string `toml:"deny_guilds"`
}

// Default returns the built-in configuration: embedded store, offline mode,
// terminal only. Its data directory follows the process environment; Load
// uses the environment it is given instead.
func Default() Config {
	return defaults(os.Getenv)
}

// defaults is Default with the data directory taken from getenv.
func defaults(getenv func(string) string) Config {
	return Config{
		DataDir:   DefaultDataDir(getenv),
		LogFormat: "text",
		Model: Model{
			Timeout:     Duration(60 * time.Second),
			MaxRetries:  2,
			Temperature: 0.7,
		},
		MongoDB: MongoDB{Database: "membot"},
		Memory: Memory{
			ExtractionDelay:  Duration(30 * time.Second),
			MaxInjected:      5,
			TokenBudget:      400,
			MinConfidence:    0.6,
			ArchiveAfter:     Duration(90 * 24 * time.Hour),
			MessageRetention: Duration(180 * 24 * time.Hour),
		},
		Bot: Bot{
			Name:            "membot",
			HistoryMessages: 20,
			Language:        "en",
			AnswerFreshness: Duration(2 * time.Minute),
			MissedNotice:    "notice",
			DrainTimeout:    Duration(10 * time.Second),
			ReminderLead:    Duration(time.Hour),
		},
		Limits: Limits{
			MessagesPerMinute: 20,
			DailyTokens:       200_000,
		},
	}
}

// DefaultDataDir is $XDG_DATA_HOME/membot, else $HOME/.local/share/membot,
// else ./membot-data, reading the environment through getenv (usually
// os.Getenv) so that callers and tests decide which environment counts.
func DefaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "membot")
	}
	home := getenv("HOME")
	if home == "" {
		// Where HOME is not the convention (Windows), ask the system.
		if h, err := os.UserHomeDir(); err == nil {
			home = h
		}
	}
	if home != "" {
		return filepath.Join(home, ".local", "share", "membot")
	}
	return "membot-data"
}
