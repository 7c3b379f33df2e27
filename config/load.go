package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// MaxFileSize bounds a configuration file; anything larger is refused.
const MaxFileSize = 1 << 20

// envKeys maps environment variables to configuration keys. A variable named
// NAME_FILE instead of NAME is read from that file (for container secrets).
var envKeys = map[string]string{
	"MEMBOT_DATA_DIR":         "data_dir",
	"MEMBOT_LOG_LEVEL":        "log_level",
	"MEMBOT_LOG_FORMAT":       "log_format",
	"OPENAI_API_KEY":          "model.api_key",
	"OPENAI_BASE_URL":         "model.base_url",
	"MEMBOT_MODEL":            "model.name",
	"MEMBOT_EMBEDDING_MODEL":  "model.embedding_model",
	"MEMBOT_MODEL_TIMEOUT":    "model.timeout",
	"MONGODB_URI":             "mongodb.uri",
	"MEMBOT_MONGODB_DATABASE": "mongodb.database",
	"DISCORD_TOKEN":           "discord.token",
	"DISCORD_API_URL":         "discord.api_url",
	"DISCORD_SHARD_ID":        "discord.shard_id",
	"DISCORD_SHARD_COUNT":     "discord.shard_count",
	"TELEGRAM_BOT_TOKEN":      "telegram.token",
	"TELEGRAM_API_URL":        "telegram.api_url",
	"TELEGRAM_WEBHOOK_URL":    "telegram.webhook.url",
	"TELEGRAM_WEBHOOK_LISTEN": "telegram.webhook.listen",
	"TELEGRAM_WEBHOOK_SECRET": "telegram.webhook.secret",
	"MEMBOT_HTTP_LISTEN":      "http.listen",
	"MEMBOT_WEB_PUBLIC_URL":   "web.public_url",
	"MEMBOT_REPLICA":          "bot.replica",
}

// EnvVars lists the environment variables membot reads, sorted, with the
// key each sets.
func EnvVars() [][2]string {
	out := make([][2]string, 0, len(envKeys))
	for k, v := range envKeys {
		out = append(out, [2]string{k, v})
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// Load builds a configuration from the defaults, the TOML file at path (if
// path is not empty) and the environment (getenv, usually os.Getenv). It
// does not validate: apply flags, then call Validate.
func Load(path string, getenv func(string) string) (Config, error) {
	c := defaults(getenv)
	if path != "" {
		if err := c.loadFile(path); err != nil {
			return Config{}, err
		}
	}
	if err := c.loadEnv(getenv); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Parse reads a TOML document over c, rejecting unknown keys by name. Its
// errors never quote the value of a credential.
func (c *Config) Parse(data []byte, name string) error {
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(c)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return fmt.Errorf("config %s: %s", name, parseErrorText(data, perr.Position.Line, perr.Message))
		}
		return fmt.Errorf("config %s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return fmt.Errorf("config %s: unknown key(s): %s", name, strings.Join(keys, ", "))
	}
	return nil
}

func (c *Config) loadFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("config file: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("config file: %w", err)
	}
	if st.IsDir() {
		return fmt.Errorf("config file %s is a directory", path)
	}
	if st.Size() > MaxFileSize {
		return fmt.Errorf("config file %s is %d bytes, over the %d limit", path, st.Size(), MaxFileSize)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("config file: %w", err)
	}
	return c.Parse(data, path)
}

func (c *Config) loadEnv(getenv func(string) string) error {
	for _, kv := range EnvVars() {
		name, key := kv[0], kv[1]
		val := getenv(name)
		if file := getenv(name + "_FILE"); val == "" && file != "" {
			b, err := os.ReadFile(file)
			if err != nil {
				return fmt.Errorf("environment %s_FILE: %w", name, err)
			}
			val = strings.TrimSpace(string(b))
		}
		if val == "" {
			continue
		}
		if err := c.Set(key, val); err != nil {
			return fmt.Errorf("environment %s: %w", name, err)
		}
	}
	return nil
}
