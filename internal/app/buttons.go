package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/internal/buttontoken"
	"github.com/membot/membot/memory"
)

// ButtonSettings are the store's settings as the adapters keep button
// tokens in them, so that a button works on every replica and after a
// restart.
func (a *App) ButtonSettings() buttontoken.Settings { return buttonSettings{a.Store} }

// buttonSettings report a missing setting as buttontoken.ErrUnknown,
// which the adapters tell from a store failure without knowing the store.
type buttonSettings struct{ s memory.Store }

func (b buttonSettings) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	return b.s.PutSetting(ctx, key, value, expires)
}

func (b buttonSettings) Setting(ctx context.Context, key string) (string, error) {
	v, err := b.s.Setting(ctx, key)
	if errors.Is(err, memory.ErrNotFound) {
		return "", fmt.Errorf("%w: %w", buttontoken.ErrUnknown, err)
	}
	return v, err
}
