package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/membot/membot/config"
)

// errUsage reports that flag parsing already printed the problem.
var errUsage = errors.New("usage")

// configFlags are the flags every bot command shares. Each maps to a
// config key; only flags given on the command line override the file and
// the environment. Secrets have no flags: they would show in process
// listings.
type configFlags struct {
	fs     *flag.FlagSet
	path   string
	values map[string]*string
}

var sharedFlags = []struct{ name, key, help string }{
	{"data", "data_dir", "directory of the embedded store (env MEMBOT_DATA_DIR)"},
	{"model", "model.name", "chat model name; empty runs offline (env MEMBOT_MODEL)"},
	{"base-url", "model.base_url", "OpenAI-compatible API base URL (env OPENAI_BASE_URL)"},
	{"embedding-model", "model.embedding_model", "embedding model name (env MEMBOT_EMBEDDING_MODEL)"},
	{"log-level", "log_level", "debug, info, warn or error (default info; warn in the terminal chat) (env MEMBOT_LOG_LEVEL)"},
	{"language", "bot.language", "reply language when unknown: en or zh"},
}

func newFlags(name, synopsis string, stderr io.Writer) *configFlags {
	fs := flag.NewFlagSet("membot "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cf := &configFlags{fs: fs, values: map[string]*string{}}
	fs.StringVar(&cf.path, "config", "", "TOML config file (env MEMBOT_CONFIG); see membot.example.toml")
	for _, f := range sharedFlags {
		cf.values[f.key] = fs.String(f.name, "", f.help)
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: membot %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return cf
}

// load parses args and builds the validated configuration: defaults, file,
// environment, then the flags given.
func (cf *configFlags) load(args []string, getenv func(string) string) (config.Config, error) {
	if err := cf.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return config.Config{}, errHelp
		}
		return config.Config{}, errUsage
	}
	if cf.fs.NArg() > 0 {
		fmt.Fprintf(cf.fs.Output(), "unexpected argument %q\n", cf.fs.Arg(0))
		cf.fs.Usage()
		return config.Config{}, errUsage
	}
	return cf.build(getenv)
}

// build makes the configuration from the parsed flags: defaults, file
// (--config or MEMBOT_CONFIG), environment, then the configuration flags
// given, validated.
func (cf *configFlags) build(getenv func(string) string) (config.Config, error) {
	path := cf.path
	if path == "" {
		path = getenv("MEMBOT_CONFIG")
	}
	c, err := config.Load(path, getenv)
	if err != nil {
		return config.Config{}, err
	}
	given := map[string]bool{}
	cf.fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	for _, f := range sharedFlags {
		if given[f.name] {
			if err := c.Set(f.key, *cf.values[f.key]); err != nil {
				return config.Config{}, fmt.Errorf("flag --%s: %w", f.name, err)
			}
		}
	}
	if err := c.Validate(); err != nil {
		return config.Config{}, fmt.Errorf("invalid configuration:\n  %s", strings.ReplaceAll(err.Error(), "\n", "\n  "))
	}
	return c, nil
}

// errHelp reports that --help was asked for and printed.
var errHelp = errors.New("help")
