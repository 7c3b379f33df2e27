package main

import (
	"context"
	"errors"
)

func cmdEval(ctx context.Context, args []string, env Env) error {
	return errors.New("eval: not available yet")
}
