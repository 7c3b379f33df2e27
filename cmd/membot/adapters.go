package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/membot/membot/adapters/console"
	"github.com/membot/membot/adapters/discord"
	"github.com/membot/membot/adapters/telegram"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
)

// part is one adapter the process runs: started in order, closed in
// reverse.
type part struct {
	name  string
	start func(ctx context.Context) error
	close func(ctx context.Context) error
	// done, when not nil, is closed when the adapter stops by itself; err
	// then says why (nil: it only ended, like the terminal after /quit).
	done <-chan struct{}
	err  func() error
}

// runAdapters starts every platform adapter with a token configured (and
// the terminal chat beside them when input is a terminal), runs until a
// signal or until one adapter fails, then shuts everything down in the
// reverse order of the start: adapters first, then the engine (flushing
// pending extraction), upkeep, the scheduler and the store, all within
// shutdownTimeout. The parts live under a context that the signal does
// not cancel: the signal starts the shutdown, which lets replies and
// extraction in progress finish.
func runAdapters(ctx context.Context, cfg config.Config, env Env) error {
	log := newLogger(cfg, env.Stderr)
	life, endLife := context.WithCancel(context.WithoutCancel(ctx))
	defer endLife()
	a, err := app.Open(life, cfg, append([]app.Option{app.WithLogger(log)}, env.appOptions...)...)
	if err != nil {
		return err
	}
	parts, err := buildAdapters(cfg, a, log)
	if err == nil && isTerminal(env) {
		c := console.New(env.Stdin, env.Stdout, a.Handler, console.Options{
			User: env.Getenv("USER"), Interactive: true, BotName: cfg.Bot.Name,
			Banner: "membot — terminal chat beside the platform adapters. /quit leaves the terminal only.",
		})
		parts = append(parts, part{name: "terminal", start: c.Start, close: c.Close, done: c.Done(), err: c.Err})
	}
	var started []part
	if err == nil {
		started, err = startAll(life, parts, log)
	}
	if err == nil {
		err = waitForStop(ctx, started, log)
	}
	closeCtx, cancel := context.WithTimeout(life, shutdownTimeout)
	defer cancel()
	for i := len(started) - 1; i >= 0; i-- {
		if cerr := started[i].close(closeCtx); cerr != nil {
			log.Warn("shutdown", "adapter", started[i].name, "err", cerr)
		}
		log.Info("adapter stopped", "adapter", started[i].name)
	}
	if cerr := a.Close(closeCtx); cerr != nil {
		log.Warn("shutdown", "err", cerr)
	}
	return errors.Join(err, a.Unsaved())
}

// startAll starts the parts in order and returns those started; the
// first failure stops the start-up.
func startAll(ctx context.Context, parts []part, log *slog.Logger) ([]part, error) {
	var started []part
	for _, p := range parts {
		log.Info("adapter starting", "adapter", p.name)
		if err := p.start(ctx); err != nil {
			return started, fmt.Errorf("%s: %w", p.name, err)
		}
		started = append(started, p)
	}
	return started, nil
}

// waitForStop waits for ctx to end (a signal) or for an adapter to fail;
// an adapter that only ends (the terminal after /quit) stops only itself.
func waitForStop(ctx context.Context, parts []part, log *slog.Logger) error {
	failed := make(chan error, len(parts))
	quit := make(chan struct{})
	var wg sync.WaitGroup
	defer func() {
		close(quit)
		wg.Wait()
	}()
	for _, p := range parts {
		if p.done == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			select {
			case <-p.done:
			case <-quit:
				return
			}
			if err := p.err(); err != nil {
				failed <- fmt.Errorf("%s: %w", p.name, err)
				return
			}
			log.Info("adapter ended", "adapter", p.name)
		}()
	}
	select {
	case <-ctx.Done():
		return nil
	case err := <-failed:
		return err
	}
}

func buildAdapters(cfg config.Config, a *app.App, log *slog.Logger) ([]part, error) {
	var parts []part
	if cfg.Discord.On() {
		d, err := discord.New(discord.Options{
			Token:           cfg.Discord.Token.Value(),
			ShardID:         cfg.Discord.ShardID,
			ShardCount:      cfg.Discord.ShardCount,
			CommandGuildIDs: cfg.Discord.CommandGuilds,
			APIBase:         cfg.Discord.APIURL,
			Logger:          log,
			ButtonSettings:  a.ButtonSettings(),
		}, a.Handler)
		if err != nil {
			return nil, fmt.Errorf("discord: %w", err)
		}
		parts = append(parts, part{name: "discord", start: d.Start, close: d.Close})
	}
	if cfg.Telegram.On() {
		t, err := telegram.New(telegram.Options{
			Token:  cfg.Telegram.Token.Value(),
			APIURL: cfg.Telegram.APIURL,
			Webhook: telegram.Webhook{
				ListenAddr:  cfg.Telegram.Webhook.Listen,
				PublicURL:   cfg.Telegram.Webhook.URL,
				SecretToken: cfg.Telegram.Webhook.Secret.Value(),
			},
			Logger:         log,
			ButtonSettings: a.ButtonSettings(),
		}, a.Handler)
		if err != nil {
			return nil, fmt.Errorf("telegram: %w", err)
		}
		parts = append(parts, part{name: "telegram", start: t.Start, close: t.Close, done: t.Done(), err: t.Err})
	}
	return parts, nil
}
