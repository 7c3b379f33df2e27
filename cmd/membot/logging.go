package main

import (
	"io"
	"log/slog"

	"github.com/membot/membot/config"
)

// newLogger builds the process logger from the configuration; a level
// that is not set means info.
func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	if cfg.LogLevel != "" {
		_ = level.UnmarshalText([]byte(cfg.LogLevel)) // checked by Validate
	}
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}
