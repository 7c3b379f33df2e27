package main

import (
	"context"
	"fmt"
)

// noPlatformNotice explains, on stderr, why "membot run" without a terminal
// reads its input as a chat script instead of serving a platform.
const noPlatformNotice = "membot: no Discord or Telegram token configured: running the terminal chat (set DISCORD_TOKEN or TELEGRAM_BOT_TOKEN to serve a platform)"

// cmdRun starts every configured platform adapter, or the terminal chat
// when none is.
func cmdRun(ctx context.Context, args []string, env Env) error {
	cf := newFlags("run", "run [flags]", env.Stderr)
	cfg, err := cf.load(args, env.Getenv)
	if err != nil {
		return err
	}
	if !cfg.Discord.On() && !cfg.Telegram.On() {
		if !isTerminal(env) {
			// Piped input is a script for the terminal chat (the quick
			// start does that); a container started without tokens lands
			// here too, so say why it serves no platform.
			fmt.Fprintln(env.Stderr, noPlatformNotice)
		}
		return runConsole(ctx, cfg, env.Getenv("USER"), env)
	}
	return runAdapters(ctx, cfg, env)
}
