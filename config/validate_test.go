package config

import (
	"strings"
	"testing"
)

// Each problem is reported under the key that holds it, and only there.
func TestValidateNamesTheRightKey(t *testing.T) {
	tests := []struct {
		name    string
		set     func(c *Config)
		want    string
		notWant string
	}{
		{"negative retention", func(c *Config) { c.Memory.MessageRetention = -1 }, "memory.message_retention:", "memory.archive_after"},
		{"negative archive", func(c *Config) { c.Memory.ArchiveAfter = -1 }, "memory.archive_after:", "memory.message_retention"},
		{"negative shard count", func(c *Config) { c.Discord.ShardCount = -1 }, "discord.shard_count:", "discord.shard_id"},
		{"negative shard id", func(c *Config) { c.Discord.ShardID = -1 }, "discord.shard_id:", "discord.shard_count"},
		{"shard id too high", func(c *Config) { c.Discord.ShardID, c.Discord.ShardCount = 2, 2 }, "discord.shard_id:", "discord.shard_count:"},
		{"negative console limit", func(c *Config) { c.Limits.ConsoleMessagesPerMinute = -1 }, "limits.console_messages_per_minute:", "limits.messages_per_minute:"},
		{"capture below the answer limit", func(c *Config) { c.Limits.CapturePerMinute = 5 }, "limits.capture_per_minute:", "limits.messages_per_minute:"},
		{"unknown missed notice", func(c *Config) { c.Bot.MissedNotice = "loud" }, "bot.missed_notice:", "bot.answer_freshness"},
		{"zero freshness", func(c *Config) { c.Bot.AnswerFreshness = 0 }, "bot.answer_freshness:", "bot.drain_timeout"},
		{"zero drain bound", func(c *Config) { c.Bot.DrainTimeout = 0 }, "bot.drain_timeout:", "bot.answer_freshness"},
		{"negative reminder lead", func(c *Config) { c.Bot.ReminderLead = -1 }, "bot.reminder_lead:", "bot.drain_timeout"},
		{"reminder lead over a week", func(c *Config) { c.Bot.ReminderLead = maxReminderLead + 1 }, "bot.reminder_lead:", "bot.drain_timeout"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			tt.set(&c)
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), tt.notWant) {
				t.Fatalf("error = %v, want %q and not %q", err, tt.want, tt.notWant)
			}
		})
	}
}

// Zero is a meaningful setting for these keys, never an error.
func TestZeroSettingsAreValid(t *testing.T) {
	c := Default()
	c.Model.Temperature = 0
	c.Bot.HistoryMessages = 0
	c.Memory.ExtractionDelay = 0
	c.Memory.ArchiveAfter = 0
	c.Memory.MessageRetention = 0
	c.Limits.MessagesPerMinute = 0
	c.Limits.DailyTokens = 0
	c.Limits.ConsoleMessagesPerMinute = 0
	c.Limits.CapturePerMinute = 0
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestLimitListEntries(t *testing.T) {
	tests := []struct {
		name    string
		set     func(l *Limits, v string)
		entry   string
		wantErr string // "" when valid
	}{
		{"telegram user", func(l *Limits, v string) { l.AllowUsers = []string{v} }, "telegram:12345", ""},
		{"discord guild", func(l *Limits, v string) { l.DenyGuilds = []string{v} }, "discord:67890", ""},
		{"console user", func(l *Limits, v string) { l.DenyUsers = []string{v} }, "console:alice", ""},
		{"no platform", func(l *Limits, v string) { l.AllowUsers = []string{"telegram:1", v} }, "12345", "limits.allow_users[1]"},
		{"unknown platform", func(l *Limits, v string) { l.DenyUsers = []string{v} }, "slack:U123", "limits.deny_users[0]"},
		{"platform case", func(l *Limits, v string) { l.AllowGuilds = []string{v} }, "Discord:1", "limits.allow_guilds[0]"},
		{"empty id", func(l *Limits, v string) { l.DenyGuilds = []string{"discord:1", "discord:2", v} }, "telegram:", "limits.deny_guilds[2]"},
		{"blank id", func(l *Limits, v string) { l.AllowUsers = []string{v} }, "discord:   ", "limits.allow_users[0]"},
		{"padded id", func(l *Limits, v string) { l.AllowUsers = []string{v} }, "discord: 42", "limits.allow_users[0]"},
		{"empty entry", func(l *Limits, v string) { l.DenyUsers = []string{v} }, "", "limits.deny_users[0]"},
		{"invalid utf-8", func(l *Limits, v string) { l.DenyUsers = []string{v} }, "\xff:1", "limits.deny_users[0]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			tt.set(&c.Limits, tt.entry)
			err := c.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("valid entry %q refused: %v", tt.entry, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("entry %q: error = %v, want it to name %s", tt.entry, err, tt.wantErr)
			}
		})
	}
}

// A malformed URL is named by key, and nothing of a password in it (nor of
// a query string that may hold a key) is printed.
func TestURLErrorsHideCredentials(t *testing.T) {
	tests := []struct {
		name, key, url string
		secrets        []string
	}{
		{"not http", "model.base_url", "ftp://alice:hunter2pass@models.example/v1?key=querysecret", []string{"hunter2pass", "querysecret", "alice"}},
		{"no scheme", "discord.api_url", "alice:hunter2pass@discord.example", []string{"hunter2pass", "alice"}},
		{"unparsable", "telegram.api_url", "https://alice:hunter2pass@[bad", []string{"hunter2pass", "alice"}},
		{"bad port", "telegram.webhook.url", "http://alice:hunter2pass@host:port/", []string{"hunter2pass", "alice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := Default()
			if err := c.Set(tt.key, tt.url); err != nil {
				t.Fatal(err)
			}
			if tt.key == "telegram.webhook.url" {
				c.Telegram.Webhook.Listen, c.Telegram.Webhook.Secret = ":8443", "s"
			}
			err := c.Validate()
			if err == nil || !strings.Contains(err.Error(), tt.key) {
				t.Fatalf("error = %v, want it to name %s", err, tt.key)
			}
			for _, s := range tt.secrets {
				if strings.Contains(err.Error(), s) {
					t.Errorf("error shows %q: %v", s, err)
				}
			}
		})
	}
	c := Default()
	c.Model.BaseURL = "localhost:11434/v1"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "localhost:11434") {
		t.Errorf("a URL without credentials should be shown to help fix it: %v", err)
	}
}

func TestDefaultDataDirFollowsGivenEnvironment(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"xdg", map[string]string{"XDG_DATA_HOME": "/xdg", "HOME": "/home/a"}, "/xdg/membot"},
		{"home", map[string]string{"HOME": "/home/a"}, "/home/a/.local/share/membot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DefaultDataDir(env(tt.env)); got != tt.want {
				t.Fatalf("DefaultDataDir = %q, want %q", got, tt.want)
			}
			c, err := Load("", env(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if c.DataDir != tt.want {
				t.Fatalf("Load data_dir = %q, want %q", c.DataDir, tt.want)
			}
		})
	}
}

// The operator's listener is off by default, set by file or environment,
// and its address is checked.
func TestHTTPListen(t *testing.T) {
	if l := Default().HTTP.Listen; l != "" {
		t.Fatalf("http.listen defaults to %q, want off", l)
	}
	c, err := Load(writeFile(t, "[http]\nlisten = \"127.0.0.1:9090\"\n"), env(nil))
	if err != nil || c.HTTP.Listen != "127.0.0.1:9090" {
		t.Fatalf("from file: %q, %v", c.HTTP.Listen, err)
	}
	c, err = Load("", env(map[string]string{"MEMBOT_HTTP_LISTEN": ":9091"}))
	if err != nil || c.HTTP.Listen != ":9091" {
		t.Fatalf("from environment: %q, %v", c.HTTP.Listen, err)
	}
	tests := []struct {
		listen string
		ok     bool
	}{
		{":9090", true},
		{"127.0.0.1:0", true},
		{"[::1]:9090", true},
		{"9090", false},
		{"localhost:http", false},
		{"localhost:70000", false},
		{"a:b:c", false},
	}
	for _, tt := range tests {
		c := Default()
		c.HTTP.Listen = tt.listen
		err := c.Validate()
		if tt.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), "http.listen:")) {
			t.Errorf("http.listen %q: %v", tt.listen, err)
		}
	}
	c = Default()
	c.HTTP.Listen = ":8443"
	c.Telegram.Token = "t"
	c.Telegram.Webhook = Webhook{Listen: ":8443", URL: "https://x.example/hook", Secret: "s"}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "http.listen:") {
		t.Fatalf("same port as the webhook: %v", err)
	}
}

// The panel's public URL is off by default, set by file or environment,
// checked, and kept without a trailing slash; the panel is on only with a
// listener too.
func TestWebPublicURL(t *testing.T) {
	if Default().PanelOn() || Default().Web.PublicURL != "" {
		t.Fatal("the panel is on by default")
	}
	c, err := Load(writeFile(t, "[web]\npublic_url = \"https://m.example.com/\"\n"), env(nil))
	if err != nil || c.Web.PublicURL != "https://m.example.com/" {
		t.Fatalf("from file: %q, %v", c.Web.PublicURL, err)
	}
	c, err = Load("", env(map[string]string{"MEMBOT_WEB_PUBLIC_URL": "http://127.0.0.1:9090"}))
	if err != nil || c.Web.PublicURL != "http://127.0.0.1:9090" {
		t.Fatalf("from environment: %q, %v", c.Web.PublicURL, err)
	}
	if c.PanelOn() {
		t.Error("panel on without http.listen")
	}
	c.HTTP.Listen = ":9090"
	if !c.PanelOn() {
		t.Error("panel off with http.listen and web.public_url")
	}
	tests := []struct {
		url, want string
		ok        bool
	}{
		{"https://m.example.com", "https://m.example.com", true},
		{"https://m.example.com/", "https://m.example.com", true},
		{"https://m.example.com/bot/", "", false},
		{"http://10.0.0.1:9090", "http://10.0.0.1:9090", true},
		{"m.example.com", "", false},
		{"ftp://m.example.com", "", false},
		{"https://m.example.com/?a=1", "", false},
		{"https://m.example.com/?", "", false},
		{"https://m.example.com/#top", "", false},
		{"https://user:pw@m.example.com", "", false},
		{"/panel", "", false},
	}
	for _, tt := range tests {
		c := Default()
		c.Web.PublicURL = tt.url
		err := c.Validate()
		if tt.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), "web.public_url:")) {
			t.Errorf("web.public_url %q: %v", tt.url, err)
			continue
		}
		if err != nil && strings.Contains(err.Error(), "pw") {
			t.Errorf("web.public_url %q: error shows the password: %v", tt.url, err)
		}
		if tt.ok && c.Web.PublicURL != tt.want {
			t.Errorf("web.public_url %q validated to %q, want %q", tt.url, c.Web.PublicURL, tt.want)
		}
	}
}

// web.trusted_proxies holds IP addresses and CIDR prefixes; anything else
// names the key.
func TestWebTrustedProxies(t *testing.T) {
	c, err := Load(writeFile(t, "[web]\ntrusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\", \"::1\"]\n"), env(nil))
	if err != nil || len(c.Web.TrustedProxies) != 3 {
		t.Fatalf("from file: %q, %v", c.Web.TrustedProxies, err)
	}
	for _, tt := range []struct {
		in, want string
	}{{"127.0.0.1", "127.0.0.1/32"}, {"10.1.2.3/8", "10.0.0.0/8"}, {"::1", "::1/128"}, {"::ffff:10.0.0.1", "10.0.0.1/32"}} {
		if p, err := ParseProxy(tt.in); err != nil || p.String() != tt.want {
			t.Errorf("ParseProxy(%q) = %v, %v; want %s", tt.in, p, err, tt.want)
		}
	}
	for _, bad := range []string{"localhost", "10.0.0.0/33", ""} {
		c := Default()
		c.Web.TrustedProxies = []string{bad}
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "web.trusted_proxies") {
			t.Errorf("trusted proxy %q: %v", bad, err)
		}
	}
}
