package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/memory"
)

const memoriesUsage = `Usage: membot memories COMMAND --user PLATFORM:ID [flags]

Look after one person's memories in the configured store, with the same
privacy as the chat: only that person's memories are seen, and another
person's memory id is "not found" like an unknown one. PLATFORM:ID is an
account the bot has seen, e.g. telegram:12345, discord:80351110224678912
or console:alice.

Commands:
  list      the memories, newest first, in columns (--type, --lifecycle, --status, --limit)
  search Q  what recall finds for Q, with scores
  show ID   one memory: text, times, history, source messages, use
  edit ID TEXT  replace a memory's text (the old text stays in its history)
  done ID   mark a task done (it leaves recall, reminders and the default list)
  forget ID | --all  erase a memory, or everything of the person, for good
  export    every memory with its history (--format json|jsonl|md, --output FILE)
  stats     counts by type, lifecycle and status, growth, top subjects, reviews
  review    resolve the memories awaiting review, one at a time

Every command takes --json for scripts. Run "membot memories COMMAND --help"
for its flags and an example.
`

// memoriesCommands are the subcommands of "membot memories".
var memoriesCommands = map[string]func(ctx context.Context, mc *memoriesCmd, args []string) error{
	"list":   memoriesList,
	"search": memoriesSearch,
	"show":   memoriesShow,
	"edit":   memoriesEdit,
	"done":   memoriesDone,
	"forget": memoriesForget,
	"export": memoriesExport,
	"stats":  memoriesStats,
	"review": memoriesReview,
}

func cmdMemories(ctx context.Context, args []string, env Env) error {
	if len(args) == 0 {
		fmt.Fprint(env.Stderr, memoriesUsage)
		return errUsage
	}
	if isHelpFlag(args[0]) || args[0] == "help" {
		fmt.Fprint(env.Stdout, memoriesUsage)
		return errHelp
	}
	run, ok := memoriesCommands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "membot memories: unknown command %q\n\n%s", args[0], memoriesUsage)
		return errUsage
	}
	return run(ctx, &memoriesCmd{name: args[0], env: env}, args[1:])
}

// memoriesCmd is one run of a memories subcommand: its flags, and once
// they are parsed, the store, the person and the output.
type memoriesCmd struct {
	name string
	env  Env
	cf   *configFlags
	user *string
	json *bool
	args []string

	wb     *app.Workbench
	person memory.Person
	out    *printer
}

// flags starts the flag set of the subcommand: the configuration flags,
// --user and --json. synopsis and example show in --help.
func (mc *memoriesCmd) flags(synopsis, about, example string) *flag.FlagSet {
	mc.cf = newFlags("memories "+mc.name, "memories "+mc.name+" "+synopsis, mc.env.Stderr)
	fs := mc.cf.fs
	mc.user = fs.String("user", "", "the person, as PLATFORM:ID of an account the bot has seen (required)")
	mc.json = fs.Bool("json", false, "print JSON for scripts")
	fs.Usage = func() {
		fmt.Fprintf(mc.env.Stderr, "Usage: membot memories %s %s\n\n%s\n\nExample:\n  %s\n\nFlags:\n", mc.name, synopsis, about, example)
		fs.PrintDefaults()
	}
	return fs
}

// parse parses args (flags may come before, between or after the
// positional arguments) and checks that there are between minArgs and
// maxArgs positional arguments (maxArgs < 0: any) and a --user.
func (mc *memoriesCmd) parse(args []string, minArgs, maxArgs int) error {
	fs := mc.cf.fs
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return errUsage
	}
	if len(pos) < minArgs || (maxArgs >= 0 && len(pos) > maxArgs) {
		if len(pos) < minArgs {
			fmt.Fprintln(mc.env.Stderr, "missing argument")
		} else {
			fmt.Fprintf(mc.env.Stderr, "unexpected argument %q\n", pos[maxArgs])
		}
		fs.Usage()
		return errUsage
	}
	mc.args = pos
	platform, userID, ok := strings.Cut(*mc.user, ":")
	if *mc.user == "" || !ok || platform == "" || userID == "" {
		fmt.Fprintln(mc.env.Stderr, "--user PLATFORM:ID is required, e.g. --user telegram:12345 or --user console:alice")
		fs.Usage()
		return errUsage
	}
	return nil
}

// open loads the configuration, opens the store and finds the person.
func (mc *memoriesCmd) open(ctx context.Context) error {
	platform, userID, _ := strings.Cut(*mc.user, ":")
	cfg, err := mc.config()
	if err != nil {
		return err
	}
	if cfg.LogLevel == "" {
		cfg.LogLevel = "warn" // keep the output for what was asked
	}
	wb, err := app.OpenWorkbench(ctx, cfg, append([]app.Option{app.WithLogger(newLogger(cfg, mc.env.Stderr))}, mc.env.appOptions...)...)
	if err != nil {
		return err
	}
	mc.wb = wb
	id, err := wb.Identity(ctx, platform, userID)
	if errors.Is(err, memory.ErrNotFound) {
		return fmt.Errorf("no person known as %s:%s in %s: name an account the bot has seen (e.g. telegram:12345, console:alice)", platform, userID, storeName(cfg))
	}
	if err != nil {
		return fmt.Errorf("find %s:%s: %w", platform, userID, err)
	}
	if mc.person, err = wb.Store.Person(ctx, id.PersonID); err != nil {
		return fmt.Errorf("find the person of %s:%s: %w", platform, userID, err)
	}
	mc.out = newPrinter(mc.env)
	return nil
}

// config builds the configuration as the other commands do.
func (mc *memoriesCmd) config() (config.Config, error) { return mc.cf.build(mc.env.Getenv) }

// close releases the store.
func (mc *memoriesCmd) close() error {
	if mc.wb == nil {
		return nil
	}
	if err := mc.wb.Close(); err != nil {
		return fmt.Errorf("close the store: %w", err)
	}
	return nil
}

// usageError prints msg and the subcommand's usage.
func (mc *memoriesCmd) usageError(format string, a ...any) error {
	fmt.Fprintf(mc.env.Stderr, format+"\n", a...)
	mc.cf.fs.Usage()
	return errUsage
}

// parseInterspersed parses fs from args, letting flags follow positional
// arguments ("search coffee --json"), and returns the positional ones;
// everything after "--" is positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, rest = args[:i], args[i+1:]
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, args[0]), args[1:]
	}
}

// errNoMemory is a memory id that matches nothing of the person: unknown,
// malformed or someone else's, all told apart by nothing.
var errNoMemory = errors.New("no such memory")

// resolve finds the person's memory whose id is or starts with prefix
// (at least bot.MinIDPrefix characters), as the chat commands do.
func (mc *memoriesCmd) resolve(ctx context.Context, prefix string) (memory.Memory, error) {
	p := strings.ToLower(strings.TrimSpace(prefix))
	if len(p) < bot.MinIDPrefix || len(p) > 64 || strings.IndexFunc(p, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r == '-' || r == '_')
	}) >= 0 {
		return memory.Memory{}, fmt.Errorf("memory %q: %w", prefix, errNoMemory)
	}
	list, err := mc.wb.Memory.List(ctx, memory.MemoryQuery{Owner: mc.person.ID, IDPrefix: p, Limit: 2})
	if err != nil {
		return memory.Memory{}, fmt.Errorf("find memory %q: %w", prefix, err)
	}
	for _, m := range list {
		if m.ID == p {
			return m, nil
		}
	}
	switch len(list) {
	case 0:
		return memory.Memory{}, fmt.Errorf("memory %q: %w", prefix, errNoMemory)
	case 1:
		return list[0], nil
	}
	return memory.Memory{}, fmt.Errorf("memory %q: several match; give more characters of the id", prefix)
}
