package main

import (
	"context"
	"errors"

	"github.com/membot/membot/config"
)

// runAdapters starts every platform adapter with a token configured and
// runs until ctx ends.
func runAdapters(ctx context.Context, cfg config.Config, env Env) error {
	return errors.New("the Discord and Telegram adapters are not available yet; unset their tokens to use the terminal")
}
