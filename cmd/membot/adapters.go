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

// runner is one adapter running until its context ends.
type runner struct {
	name string
	run  func(ctx context.Context) error
}

// runAdapters starts every platform adapter with a token configured (and
// the terminal chat beside them when input is a terminal), runs until a
// signal or until one adapter fails, then shuts everything down in order:
// adapters first, then the engine (flushing pending extraction), then the
// store.
func runAdapters(ctx context.Context, cfg config.Config, env Env) error {
	log := newLogger(cfg, env.Stderr)
	a, err := app.Open(ctx, cfg, app.WithLogger(log))
	if err != nil {
		return err
	}
	runners, err := buildAdapters(cfg, a, log)
	if err == nil && isTerminal(env) {
		c := console.New(env.Stdin, env.Stdout, a.Engine, console.Options{
			User: env.Getenv("USER"), Interactive: true, BotName: cfg.Bot.Name,
			Banner: "membot — terminal chat beside the platform adapters. /quit leaves the terminal only.",
		})
		runners = append(runners, runner{"terminal", c.Run})
	}
	if err == nil {
		err = runAll(ctx, runners, log)
	}
	closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if cerr := a.Close(closeCtx); cerr != nil {
		log.Warn("shutdown", "err", cerr)
	}
	return err
}

func buildAdapters(cfg config.Config, a *app.App, log *slog.Logger) ([]runner, error) {
	var runners []runner
	if cfg.Discord.On() {
		d, err := discord.New(discord.Options{
			Token:           cfg.Discord.Token.Value(),
			ShardID:         cfg.Discord.ShardID,
			ShardCount:      cfg.Discord.ShardCount,
			CommandGuildIDs: cfg.Discord.CommandGuilds,
			APIBase:         cfg.Discord.APIURL,
			Logger:          log,
		}, a.Engine)
		if err != nil {
			return nil, fmt.Errorf("discord: %w", err)
		}
		runners = append(runners, runner{"discord", d.Run})
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
			Logger: log,
		}, a.Engine)
		if err != nil {
			return nil, fmt.Errorf("telegram: %w", err)
		}
		runners = append(runners, runner{"telegram", t.Run})
	}
	return runners, nil
}

// runAll runs the adapters together. The first to fail stops the others;
// the terminal ending (/quit) stops only itself.
func runAll(ctx context.Context, runners []runner, log *slog.Logger) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make([]error, len(runners))
	for i, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			log.Info("adapter starting", "adapter", r.name)
			err := r.run(ctx)
			if err != nil && !errors.Is(err, context.Canceled) {
				errs[i] = fmt.Errorf("%s: %w", r.name, err)
				cancel()
			}
			log.Info("adapter stopped", "adapter", r.name)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
