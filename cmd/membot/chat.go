package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/membot/membot/adapters/console"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
)

// shutdownTimeout bounds the final flush (pending replies and extraction)
// at exit.
const shutdownTimeout = 20 * time.Second

func cmdChat(ctx context.Context, args []string, env Env) error {
	cf := newFlags("chat", "chat [flags]", env.Stderr)
	user := cf.fs.String("user", "", "who you are in this chat (default: $USER, else \"me\")")
	cfg, err := cf.load(args, env.Getenv)
	if err != nil {
		return err
	}
	name := *user
	if name == "" {
		name = env.Getenv("USER")
	}
	return runConsole(ctx, cfg, name, env)
}

// runConsole runs the terminal chat until end of input, /quit or a signal.
func runConsole(ctx context.Context, cfg config.Config, user string, env Env) error {
	if cfg.LogLevel == "" {
		// Not set by file, environment or flag: keep the terminal for the
		// conversation.
		cfg.LogLevel = "warn"
	}
	log := newLogger(cfg, env.Stderr)
	// The parts live under a context the signal does not cancel: the
	// signal starts the shutdown (see runAdapters).
	life, endLife := context.WithCancel(context.WithoutCancel(ctx))
	defer endLife()
	a, err := app.Open(life, cfg, append([]app.Option{app.WithLogger(log)}, env.appOptions...)...)
	if err != nil {
		return err
	}
	interactive := isTerminal(env)
	banner := fmt.Sprintf("membot — model %s, data in %s. /help for commands, /quit to leave.", a.ModelName, storeName(cfg))
	if a.Offline() {
		banner = fmt.Sprintf("membot — OFFLINE MODE (no model configured), data in %s. /help for commands, /quit to leave.", storeName(cfg))
	}
	c := console.New(env.Stdin, env.Stdout, a.Handler, console.Options{
		User:        user,
		Interactive: interactive,
		BotName:     cfg.Bot.Name,
		Banner:      banner,
	})
	startErr := c.Start(life)
	if startErr == nil {
		select {
		case <-ctx.Done():
		case <-c.Done():
		}
	}
	closeCtx, cancel := context.WithTimeout(life, shutdownTimeout)
	defer cancel()
	if err := c.Close(closeCtx); err != nil {
		log.Warn("shutdown", "err", err)
	}
	if err := a.Close(closeCtx); err != nil {
		log.Warn("shutdown", "err", err)
	}
	// Messages the store did not take make the exit fail, saying how many.
	unsaved := a.Unsaved()
	if startErr != nil {
		return errors.Join(startErr, unsaved)
	}
	return errors.Join(c.Err(), unsaved)
}

func storeName(cfg config.Config) string {
	if cfg.MongoDB.URI != "" {
		return "MongoDB database " + cfg.MongoDB.Database
	}
	return cfg.DataDir
}

func isTerminal(env Env) bool {
	if env.Interactive != nil {
		return *env.Interactive
	}
	f, ok := env.Stdin.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
