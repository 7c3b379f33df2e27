package main

import (
	"context"
)

func cmdRun(ctx context.Context, args []string, env Env) error {
	cf := newFlags("run", "run [flags]", env.Stderr)
	cfg, err := cf.load(args, env.Getenv)
	if err != nil {
		return err
	}
	if !cfg.Discord.On() && !cfg.Telegram.On() {
		return runConsole(ctx, cfg, env.Getenv("USER"), env)
	}
	return runAdapters(ctx, cfg, env)
}
