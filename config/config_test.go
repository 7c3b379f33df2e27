package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "membot.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDefaultIsValid(t *testing.T) {
	c := Default()
	if err := c.Validate(); err != nil {
		t.Fatalf("default config invalid: %v", err)
	}
	if c.Model.Configured() || c.Discord.On() || c.Telegram.On() {
		t.Fatal("default config must be offline, terminal only")
	}
}

func TestPrecedence(t *testing.T) {
	path := writeFile(t, `
data_dir = "/from/file"
[model]
name = "file-model"
timeout = "10s"
`)
	c, err := Load(path, env(map[string]string{"MEMBOT_MODEL": "env-model"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.DataDir != "/from/file" {
		t.Errorf("data_dir = %q, want the file's", c.DataDir)
	}
	if c.Model.Name != "env-model" {
		t.Errorf("model.name = %q, want env to override file", c.Model.Name)
	}
	if c.Model.Timeout.D() != 10*time.Second {
		t.Errorf("model.timeout = %v", c.Model.Timeout)
	}
	if err := c.Set("model.name", "flag-model"); err != nil {
		t.Fatal(err)
	}
	if c.Model.Name != "flag-model" {
		t.Errorf("flag did not override: %q", c.Model.Name)
	}
}

func TestErrorsNameTheKey(t *testing.T) {
	tests := []struct {
		name    string
		file    string
		env     map[string]string
		wantErr string
	}{
		{"unknown key", "[model]\nnmae = \"x\"\n", nil, "model.nmae"},
		{"bad type", "[memory]\nmax_injected = \"five\"\n", nil, "max_injected"},
		{"bad duration", "[model]\ntimeout = \"soon\"\n", nil, "duration"},
		{"syntax", "[model\n", nil, "line "},
		{"bad env number", "", map[string]string{"MEMBOT_MODEL_TIMEOUT": "x"}, "MEMBOT_MODEL_TIMEOUT"},
		{"discord without token", "[discord]\nenabled = true\n", nil, "discord.token"},
		{"telegram without token", "[telegram]\nenabled = true\n", nil, "telegram.token"},
		{"bad level", "log_level = \"loud\"\n", nil, "log_level"},
		{"bad url", "[model]\nbase_url = \"localhost:11434\"\n", nil, "model.base_url"},
		{"bad mongo", "", map[string]string{"MONGODB_URI": "postgres://x"}, "mongodb.uri"},
		{"webhook without secret", "[telegram]\ntoken = \"t\"\n[telegram.webhook]\nurl = \"https://x.example/hook\"\nlisten = \":8443\"\n", nil, "telegram.webhook.secret"},
		{"range", "[memory]\nmax_injected = 99\n", nil, "memory.max_injected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := ""
			if tt.file != "" {
				path = writeFile(t, tt.file)
			}
			c, err := Load(path, env(tt.env))
			if err == nil {
				err = c.Validate()
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error = %v, want it to mention %q", err, tt.wantErr)
			}
		})
	}
}

func TestSecretsNeverPrinted(t *testing.T) {
	c, err := Load("", env(map[string]string{
		"OPENAI_API_KEY":     "sk-supersecret",
		"TELEGRAM_BOT_TOKEN": "123:telegramsecret",
		"MONGODB_URI":        "mongodb://user:mongopass@host/",
	}))
	if err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"%v", "%+v", "%#v", "%s"} {
		out := sprintf(format, c)
		for _, s := range []string{"supersecret", "telegramsecret", "mongopass"} {
			if strings.Contains(out, s) {
				t.Errorf("%s printed a secret: %s", format, out)
			}
		}
	}
	if c.Model.APIKey.Value() != "sk-supersecret" {
		t.Error("Value must return the real secret")
	}
}

func TestSecretFromFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "token")
	if err := os.WriteFile(p, []byte("filetoken\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := Load("", env(map[string]string{"DISCORD_TOKEN_FILE": p}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.Token.Value() != "filetoken" || !c.Discord.On() {
		t.Fatalf("token from file = %q", c.Discord.Token.Value())
	}
}

// A replica's shard comes from the environment, so one image serves every
// shard.
func TestShardFromEnvironment(t *testing.T) {
	c, err := Load("", env(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_SHARD_ID": "2", "DISCORD_SHARD_COUNT": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Discord.ShardID != 2 || c.Discord.ShardCount != 3 {
		t.Fatalf("shard = %d of %d, want 2 of 3", c.Discord.ShardID, c.Discord.ShardCount)
	}
	if _, err := Load("", env(map[string]string{"DISCORD_SHARD_ID": "two"})); err == nil || !strings.Contains(err.Error(), "DISCORD_SHARD_ID") {
		t.Fatalf("a shard id that is no number: %v", err)
	}
}

// A replica's stable name comes from the environment too; one with a
// space is refused by name.
func TestReplicaName(t *testing.T) {
	c, err := Load("", env(map[string]string{"MEMBOT_REPLICA": "membot-2"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Bot.Replica != "membot-2" {
		t.Fatalf("replica = %q", c.Bot.Replica)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	c.Bot.Replica = "membot 2"
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "bot.replica") {
		t.Fatalf("a replica name with a space: %v", err)
	}
}

func TestMissingFile(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nope.toml"), env(nil)); err == nil {
		t.Fatal("missing config file accepted")
	}
}

func TestSetEveryKey(t *testing.T) {
	for _, k := range Keys() {
		c := Default()
		if err := c.Set(k, "1"); err != nil && strings.Contains(err.Error(), "unknown key") {
			t.Errorf("Keys lists %q but Set does not know it", k)
		}
	}
	c := Default()
	if err := c.Set("model", "x"); err == nil {
		t.Error("setting a section accepted")
	}
	if err := c.Set("limits.allow_users", "a, b,,c"); err != nil || len(c.Limits.AllowUsers) != 3 {
		t.Errorf("list = %v, %v", c.Limits.AllowUsers, err)
	}
}

func TestExampleConfigParses(t *testing.T) {
	c, err := Load(filepath.Join("..", "membot.example.toml"), env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("example config invalid: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte("data_dir = \"x\"\n[model]\nname = \"m\"\n"))
	f.Add([]byte("[memory]\nextraction_delay = \"30s\"\n"))
	f.Add([]byte("[[x]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		c := Default()
		if err := c.Parse(data, "fuzz"); err != nil {
			return
		}
		_ = c.Validate()
	})
}
