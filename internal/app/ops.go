package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm/openai"
)

// readinessOwner is the owner whose revision the store check of /readyz
// reads: one indexed read of a record that usually does not exist, which
// costs the store next to nothing and proves it answers.
const readinessOwner = "readiness-probe"

// newOps builds (idle) the operator's listener on cfg.HTTP.Listen, with
// the readiness checks: the store answers a cheap read, and the model is
// reachable (or offline by choice). The checks and the extraction lag
// read the store directly, not through the counting wrapper, so that
// scrapes do not count as the bot's store operations.
//
// The memory panel is served under /panel/ on the same listener.
func (a *App) newOps(o options) (*observe.Server, error) {
	panel, err := a.newPanel(o)
	if err != nil {
		return nil, err
	}
	return observe.NewServer(observe.ServerOptions{
		Addr:    a.Config.HTTP.Listen,
		Metrics: a.Metrics,
		Checks:  a.checks(),
		Logger:  o.logger,
		Extra:   panel,
	}), nil
}

// checks are the conditions of readiness.
func (a *App) checks() []observe.Check {
	checks := []observe.Check{{Name: "store", Run: func(ctx context.Context) error {
		_, err := a.rawStore.Revision(ctx, readinessOwner)
		return err
	}}}
	if a.model != nil {
		checks = append(checks, observe.Check{Name: "model", Run: a.model.Ready})
	}
	return checks
}

// watch lets every scrape read what is not counted as it happens: the
// extraction lag (from the store), the leases this process holds and the
// engine's unsaved messages.
func (a *App) watch() {
	a.Metrics.WatchExtraction(observe.StoreLag(a.rawStore))
	a.Metrics.WatchLeases(heldLeases(a.rawStore, a.holder))
	e := a.Engine
	a.Metrics.WatchUnsaved(func() (int, int) {
		u := e.Unsaved()
		return u.Spooled, u.Lost
	})
}

// OpsAddr is the address the operator's listener is serving on, or ""
// when http.listen is not set.
func (a *App) OpsAddr() string {
	if a.ops == nil || a.ops.Addr() == nil {
		return ""
	}
	return a.ops.Addr().String()
}

// Ready runs the checks of /readyz: nil when the store answers and the
// model is reachable or offline by choice.
func (a *App) Ready(ctx context.Context) error { return observe.Ready(ctx, a.checks()) }

// modelProbe checks that the model server answers a models-list request,
// which spends no tokens: any answer but a refusal of the credentials or
// a server error shows it reachable.
func modelProbe(hc *http.Client, baseURL, apiKey string) func(ctx context.Context) error {
	if hc == nil {
		hc = http.DefaultClient
	}
	if baseURL == "" {
		baseURL = openai.DefaultBaseURL
	}
	models := strings.TrimRight(baseURL, "/") + "/models"
	return func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, models, nil)
		if err != nil {
			return fmt.Errorf("list models: %w", err)
		}
		if apiKey != "" {
			req.Header.Set("Authorization", "Bearer "+apiKey)
		}
		resp, err := hc.Do(req)
		if err != nil {
			// The request's URL is left out: a base URL may carry
			// credentials.
			var uerr *url.Error
			if errors.As(err, &uerr) {
				err = uerr.Err
			}
			return fmt.Errorf("list models: unreachable: %w", err)
		}
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
		switch {
		case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
			return fmt.Errorf("list models: HTTP %d: the credentials were refused", resp.StatusCode)
		case resp.StatusCode >= 500:
			return fmt.Errorf("list models: HTTP %d", resp.StatusCode)
		}
		return nil
	}
}

// timedRecall measures every recall the engine makes.
type timedRecall struct {
	r recaller
	m *observe.Metrics
}

var (
	_ bot.Recaller = timedRecall{}
	_ bot.Profiler = timedRecall{}
)

func (t timedRecall) Recall(ctx context.Context, owner string, q bot.RecallQuery) ([]bot.Recalled, error) {
	start := time.Now()
	defer func() { t.m.Recall(time.Since(start)) }()
	return t.r.Recall(ctx, owner, q)
}

func (t timedRecall) RecallWithProfile(ctx context.Context, owner string, q bot.RecallQuery, profileBudget int) ([]memory.Memory, []bot.Recalled, error) {
	start := time.Now()
	defer func() { t.m.Recall(time.Since(start)) }()
	return t.r.RecallWithProfile(ctx, owner, q, profileBudget)
}

// heldLeases counts the leases holder holds now, by kind: the part of the
// name before its first colon ("extract" for a conversation's extraction,
// "upkeep").
func heldLeases(s memory.Store, holder string) observe.LeaseHolders {
	return func(ctx context.Context) (map[string]int, error) {
		leases, err := s.Leases(ctx, "", time.Now())
		if err != nil {
			return nil, err
		}
		out := map[string]int{"extract": 0, "upkeep": 0}
		for _, l := range leases {
			if l.Holder == holder {
				kind, _, _ := strings.Cut(l.Name, ":")
				out[kind]++
			}
		}
		return out, nil
	}
}
