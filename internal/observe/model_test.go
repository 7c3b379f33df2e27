package observe_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/memory/llm"
)

// scripted is a model whose every call returns err with usage.
type scripted struct {
	err   error
	usage llm.Usage
	embed string
}

func (s *scripted) Stream(context.Context, llm.Request, func(string) error) (string, llm.Usage, error) {
	return "hi", s.usage, s.err
}
func (s *scripted) JSON(context.Context, llm.Request, llm.Schema) (json.RawMessage, llm.Usage, error) {
	return json.RawMessage(`{}`), s.usage, s.err
}
func (s *scripted) Embed(context.Context, []string) ([][]float32, error) {
	if s.embed == "" {
		return nil, &llm.Error{Kind: llm.ErrNoEmbeddings}
	}
	return [][]float32{{1}}, s.err
}
func (s *scripted) EmbeddingModel() string { return s.embed }

func modelErr(kind error) error { return &llm.Error{Kind: kind, Purpose: llm.PurposeReply} }

// Calls and tokens are counted by purpose and outcome.
func TestModelCountsCallsAndTokens(t *testing.T) {
	ctx := context.Background()
	m := observe.NewMetrics()
	inner := &scripted{usage: llm.Usage{PromptTokens: 100, CompletionTokens: 7}, embed: "e"}
	x := observe.NewModel(inner, m, observe.ModelOptions{})
	_, _, _ = x.Stream(ctx, llm.Request{Purpose: llm.PurposeReply}, nil)
	_, _, _ = x.JSON(ctx, llm.Request{Purpose: llm.PurposeExtraction}, llm.Schema{})
	_, _, _ = x.JSON(ctx, llm.Request{Purpose: llm.PurposeExtraction}, llm.Schema{})
	inner.err = modelErr(llm.ErrServer)
	_, _, _ = x.JSON(ctx, llm.Request{Purpose: llm.PurposeReconcile}, llm.Schema{})
	_, _ = x.Embed(ctx, []string{"a"})
	inner.embed = ""
	_, _ = x.Embed(ctx, []string{"a"}) // no embedding model: not a call

	g := scrape(t, m.Registry())
	tests := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"membot_model_calls_total", map[string]string{"purpose": "reply", "outcome": "ok"}, 1},
		{"membot_model_calls_total", map[string]string{"purpose": "extraction", "outcome": "ok"}, 2},
		{"membot_model_calls_total", map[string]string{"purpose": "reconcile", "outcome": "error"}, 1},
		{"membot_model_calls_total", map[string]string{"purpose": "embedding", "outcome": "error"}, 1},
		{"membot_model_calls_total", map[string]string{"purpose": "embedding", "outcome": "ok"}, 0},
		{"membot_model_tokens_total", map[string]string{"purpose": "reply", "kind": "prompt"}, 100},
		{"membot_model_tokens_total", map[string]string{"purpose": "extraction", "kind": "completion"}, 14},
		{"membot_model_tokens_total", map[string]string{"purpose": "reconcile", "kind": "prompt"}, 100},
		{"membot_model_tokens_total", map[string]string{"purpose": "summary", "kind": "prompt"}, 0},
	}
	for _, tt := range tests {
		if got := g.value(t, tt.name, tt.labels); got != tt.want {
			t.Errorf("%s%v = %v, want %v", tt.name, tt.labels, got, tt.want)
		}
	}
}

// fakeClock is a clock the test moves.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// Readiness follows the last call while it is recent, and otherwise a
// probe, run at most once per ProbeEvery.
func TestModelReady(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name     string
		callErr  error // nil: the call succeeds
		call     bool  // a call is made before the check
		age      time.Duration
		probeErr error
		wantErr  string
		probes   int
	}{
		{name: "never called, probe fine", probes: 1},
		{name: "never called, probe fails", probeErr: errors.New("list models: unreachable"), wantErr: "model probe: list models: unreachable", probes: 1},
		{name: "last call fine", call: true},
		{name: "last call unreachable", call: true, callErr: modelErr(llm.ErrUnreachable), wantErr: "last model call failed"},
		{name: "last call timed out", call: true, callErr: modelErr(llm.ErrTimeout), wantErr: "timed out"},
		{name: "last call refused credentials", call: true, callErr: modelErr(llm.ErrAuth), wantErr: "credentials"},
		{name: "last call server error", call: true, callErr: modelErr(llm.ErrServer), wantErr: "server error"},
		{name: "rate limited is reachable", call: true, callErr: modelErr(llm.ErrRateLimited)},
		{name: "bad request is reachable", call: true, callErr: modelErr(llm.ErrBadRequest)},
		{name: "cancelled call says nothing", call: true, callErr: context.Canceled, probes: 1},
		{name: "old failure gives way to the probe", call: true, callErr: modelErr(llm.ErrUnreachable), age: 3 * time.Minute, probes: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &fakeClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
			probes := 0
			inner := &scripted{err: tt.callErr}
			x := observe.NewModel(inner, observe.NewMetrics(), observe.ModelOptions{
				Now:   clock.now,
				Probe: func(context.Context) error { probes++; return tt.probeErr },
			})
			if tt.call {
				_, _, _ = x.Stream(ctx, llm.Request{Purpose: llm.PurposeReply}, nil)
			}
			clock.t = clock.t.Add(tt.age)
			err := x.Ready(ctx)
			if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Ready = %v, want %q", err, tt.wantErr)
			}
			if probes != tt.probes {
				t.Fatalf("%d probes, want %d", probes, tt.probes)
			}
		})
	}
}

// A probe's verdict is kept for ProbeEvery, then asked again; a call
// made meanwhile takes over.
func TestModelProbeIsCached(t *testing.T) {
	ctx := context.Background()
	clock := &fakeClock{t: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	probes := 0
	probeErr := errors.New("HTTP 503")
	inner := &scripted{}
	x := observe.NewModel(inner, nil, observe.ModelOptions{
		Now:   clock.now,
		Probe: func(context.Context) error { probes++; return probeErr },
	})
	for range 3 {
		if err := x.Ready(ctx); err == nil {
			t.Fatal("ready with a failing probe")
		}
		clock.t = clock.t.Add(10 * time.Second)
	}
	if probes != 1 {
		t.Fatalf("%d probes within a minute, want 1", probes)
	}
	clock.t = clock.t.Add(observe.DefaultProbeEvery)
	probeErr = nil
	if err := x.Ready(ctx); err != nil || probes != 2 {
		t.Fatalf("after a minute: %v, %d probes", err, probes)
	}
	inner.err = modelErr(llm.ErrUnreachable)
	_, _, _ = x.JSON(ctx, llm.Request{Purpose: llm.PurposeExtraction}, llm.Schema{})
	if err := x.Ready(ctx); err == nil || probes != 2 {
		t.Fatalf("after a failed call: %v, %d probes", err, probes)
	}
}
