package discord

import (
	"fmt"
	"log/slog"
	"runtime/debug"
)

// logPanic records a recovered panic with its stack, so that one bad
// message is visible in the logs without taking the bot down.
func logPanic(log *slog.Logger, what string, v any, args ...any) {
	args = append(args, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
	log.Error("recovered from a panic while "+what, args...)
}

// recoverPanic is deferred by goroutines the adapter starts: a panic in
// the engine is logged instead of ending the process.
func (a *Adapter) recoverPanic(what string) {
	if v := recover(); v != nil {
		logPanic(a.log, what, v)
	}
}
