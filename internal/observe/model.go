package observe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/membot/membot/memory/llm"
)

// Model readiness windows: how long the outcome of the last model call
// stands for the model's health, and how long the result of a probe (a
// models-list request, which spends no tokens) is kept.
const (
	DefaultCallEvidence = 2 * time.Minute
	DefaultProbeEvery   = time.Minute
)

// ModelOptions tune a Model.
type ModelOptions struct {
	// Probe checks, without spending tokens, that the model server
	// answers (a models-list request); nil trusts a model never called.
	Probe func(ctx context.Context) error
	// Now is the clock (default time.Now).
	Now func() time.Time
	// CallEvidence and ProbeEvery override the defaults when positive.
	CallEvidence, ProbeEvery time.Duration
}

// Model is an llm.Client that counts every call and its tokens by purpose
// in Metrics, and remembers the last call's outcome for Ready.
type Model struct {
	c    llm.Client
	m    *Metrics
	opts ModelOptions

	mu     sync.Mutex
	call   outcome // the last call
	probed outcome // the last probe
}

// outcome is what a call or probe ended with, and when.
type outcome struct {
	at  time.Time
	err error
}

var _ llm.Client = (*Model)(nil)

// NewModel wraps c, counting into m.
func NewModel(c llm.Client, m *Metrics, o ModelOptions) *Model {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.CallEvidence <= 0 {
		o.CallEvidence = DefaultCallEvidence
	}
	if o.ProbeEvery <= 0 {
		o.ProbeEvery = DefaultProbeEvery
	}
	return &Model{c: c, m: m, opts: o}
}

// Stream is llm.Client.Stream, counted under the request's purpose.
func (x *Model) Stream(ctx context.Context, req llm.Request, onDelta func(string) error) (string, llm.Usage, error) {
	s, u, err := x.c.Stream(ctx, req, onDelta)
	x.record(req.Purpose, u, err)
	return s, u, err
}

// JSON is llm.Client.JSON, counted under the request's purpose.
func (x *Model) JSON(ctx context.Context, req llm.Request, schema llm.Schema) (json.RawMessage, llm.Usage, error) {
	out, u, err := x.c.JSON(ctx, req, schema)
	x.record(req.Purpose, u, err)
	return out, u, err
}

// Embed is llm.Client.Embed, counted as an embedding call (the client
// reports no tokens for it). Without an embedding model it is not a call.
func (x *Model) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	v, err := x.c.Embed(ctx, texts)
	if !errors.Is(err, llm.ErrNoEmbeddings) {
		x.record(llm.PurposeEmbedding, llm.Usage{}, err)
	}
	return v, err
}

// EmbeddingModel is llm.Client.EmbeddingModel.
func (x *Model) EmbeddingModel() string { return x.c.EmbeddingModel() }

func (x *Model) record(p llm.Purpose, u llm.Usage, err error) {
	if x.m != nil {
		x.m.ModelCall(p, u, err != nil)
	}
	if errors.Is(err, context.Canceled) {
		// The caller gave up (a shutdown, a closed conversation): it says
		// nothing of the model.
		return
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	x.call = outcome{at: x.opts.Now(), err: err}
}

// Ready reports whether the model is reachable, without spending tokens:
// the outcome of the last call, if it was made within CallEvidence; else
// the probe, run at most once per ProbeEvery (its result kept meanwhile).
// A call the model answered, even with a refusal of the request or a rate
// limit, shows it reachable; one that could not reach it, timed out, met a
// server error or had its credentials refused shows it is not.
func (x *Model) Ready(ctx context.Context) error {
	now := x.opts.Now()
	x.mu.Lock()
	call, probed := x.call, x.probed
	x.mu.Unlock()
	if !call.at.IsZero() && now.Sub(call.at) < x.opts.CallEvidence {
		if down(call.err) {
			return fmt.Errorf("last model call failed: %w", call.err)
		}
		return nil
	}
	if x.opts.Probe == nil {
		return nil
	}
	if probed.at.IsZero() || now.Sub(probed.at) >= x.opts.ProbeEvery {
		err := x.opts.Probe(ctx)
		if ctx.Err() != nil {
			// This request timed out, not necessarily the model: keep no
			// verdict, so the next request probes again.
			return fmt.Errorf("model probe: %w", ctx.Err())
		}
		probed = outcome{at: now, err: err}
		x.mu.Lock()
		x.probed = probed
		x.mu.Unlock()
	}
	if probed.err != nil {
		return fmt.Errorf("model probe: %w", probed.err)
	}
	return nil
}

// down reports whether a call's error means the model cannot serve.
func down(err error) bool {
	return errors.Is(err, llm.ErrUnreachable) || errors.Is(err, llm.ErrTimeout) ||
		errors.Is(err, llm.ErrServer) || errors.Is(err, llm.ErrAuth)
}
