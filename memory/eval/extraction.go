package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/service"
)

// benchPlatform is the platform name bench speakers and conversations are
// captured under.
const benchPlatform = "bench"

// ExtractOptions make a run extract memories from each case's messages with
// the production pipeline, then measure recall over those memories instead
// of the ones the bench gives.
//
// Each case's messages are captured, redacted as the bot captures them,
// into a fresh store (Options.Stores) as one conversation in which every
// speaker is a person (platform "bench", user id the speaker's name) and
// every message keeps its bench id as its platform id, so provenance maps
// back to evidence ids. One pipeline run then extracts the whole
// conversation (the pipeline pages and windows it), each memory belonging
// to the speaker who said it.
//
// What an extracted memory covers ("merged over updates" in
// bench/FORMAT.md) is its provenance as the pipeline left it: the bench ids
// in Source.MessageIDs, into which every UPDATE folded the ids of the
// statement merged in (the pipeline keeps the newest 50), plus, when it
// superseded earlier memories, the ids those covered, following the
// Supersedes links, since it is the current version of the same subject
// and the superseded ones are no longer recalled.
//
// The bench has no asking person: a LoCoMo question may be about either
// speaker. Every speaker's active memories of a case are therefore pooled
// into one index and each query searches them all.
type ExtractOptions struct {
	// Client is the model. Nil runs the offline rule-based extraction.
	Client llm.Client
	// Meter is the meter Client records into; the report shows what it
	// counted while extracting. Without it the report shows the calls the
	// pipeline counted itself, without tokens.
	Meter *llm.Meter
	// Model names the model in the report.
	Model string
	// Extractor overrides the extractor chosen from Client (experiments
	// and tests).
	Extractor extract.Extractor
	// MinConfidence is the confidence threshold of the pipeline; zero
	// keeps its default.
	MinConfidence float64
}

// extracted is what extraction left of one case: its active memories
// pooled under one owner, and the bench ids each covers.
type extracted struct {
	owner    string
	memories []memory.Memory
	covers   map[string][]string
}

// extractionUnit checks that b can be extracted and measured: memories is
// the only unit, and every case needs messages.
func extractionUnit(b *Bench, unit string) (string, error) {
	if unit != "" && unit != UnitMemories {
		return "", fmt.Errorf("unit %q: extraction is measured over the extracted memories (unit %s)", unit, UnitMemories)
	}
	for _, c := range b.Cases {
		if len(c.Messages) == 0 {
			return "", fmt.Errorf("case %q has no messages to extract memories from", c.ID)
		}
	}
	return UnitMemories, nil
}

// extractBench extracts every case of b, in order, and reports the cost.
func extractBench(ctx context.Context, b *Bench, opts Options, log *slog.Logger) ([]*extracted, *ExtractionReport, error) {
	if opts.Stores == nil {
		return nil, nil, errors.New("extraction needs a store for each case (Options.Stores)")
	}
	ex := opts.Extract
	var before map[llm.Purpose]llm.Counts
	if ex.Meter != nil {
		before = ex.Meter.Snapshot()
	}
	rep := &ExtractionReport{Model: ex.Model}
	var total extract.Result
	out := make([]*extracted, len(b.Cases))
	for i := range b.Cases {
		c := &b.Cases[i]
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("extract: %w", err)
		}
		start := time.Now()
		e, res, err := extractCase(ctx, c, opts, log)
		if err != nil {
			return nil, nil, fmt.Errorf("extract case %q: %w", c.ID, err)
		}
		out[i] = e
		total = addResult(total, res)
		rep.Messages += len(c.Messages)
		rep.Memories += len(e.memories)
		log.Info("case extracted", slog.String("case", c.ID), slog.Int("messages", len(c.Messages)),
			slog.Int("memories", len(e.memories)), slog.Int("model_calls", res.ModelCalls),
			slog.Duration("took", time.Since(start)))
	}
	rep.setResult(total)
	if ex.Meter != nil {
		rep.setCost(diffCounts(ex.Meter.Snapshot(), before))
	} else {
		rep.setCost(resultCounts(total))
	}
	return out, rep, nil
}

// extractCase captures one case into a fresh store, runs the pipeline over
// it and collects the memories it produced.
func extractCase(ctx context.Context, c *Case, opts Options, log *slog.Logger) (*extracted, extract.Result, error) {
	store, release, err := opts.Stores.NewStore(ctx, c.ID)
	if err != nil {
		return nil, extract.Result{}, fmt.Errorf("open store: %w", err)
	}
	defer func() { _ = release() }()
	conv := "bench:" + c.ID
	owners, err := captureCase(ctx, store, conv, c)
	if err != nil {
		return nil, extract.Result{}, err
	}
	ex := opts.Extract
	clk := caseClock(c)
	svcOpts := service.Options{Store: store, Now: clk.Now, Logger: log}
	if ex.Client != nil {
		svcOpts.Embedder = ex.Client
	}
	svc, err := service.New(svcOpts)
	if err != nil {
		return nil, extract.Result{}, err
	}
	pipe, err := extract.NewPipeline(extract.Options{
		Conversations: store,
		Memories:      svc,
		Client:        ex.Client,
		Extractor:     ex.Extractor,
		Logger:        log,
		Clock:         clk,
		MinConfidence: ex.MinConfidence,
	})
	if err != nil {
		return nil, extract.Result{}, err
	}
	// A window whose answer stays malformed is skipped rather than ending
	// the whole run: it is a property of the model being measured.
	res, err := pipe.Run(ctx, conv, extract.RunOptions{SkipMalformed: true})
	if err != nil {
		return nil, res, fmt.Errorf("run extraction: %w", err)
	}
	e, err := collectExtracted(ctx, store, conv, owners, messageTimes(c))
	return e, res, err
}

// captureCase stores the case's conversation, one person per speaker, and
// returns the person ids in the order speakers appear.
func captureCase(ctx context.Context, store memory.Store, conv string, c *Case) ([]string, error) {
	first := c.Messages[0].Time.UTC()
	// The language is left empty: the pipeline then detects it per window
	// from each speaker's own words.
	if _, err := store.EnsureConversation(ctx, memory.Conversation{
		ID: conv, Platform: benchPlatform, CreatedAt: first, UpdatedAt: first,
	}); err != nil {
		return nil, fmt.Errorf("create conversation: %w", err)
	}
	persons := make(map[string]string)
	var owners []string
	resolve := func(speaker string) (string, error) {
		if id, ok := persons[speaker]; ok {
			return id, nil
		}
		p, err := store.ResolveIdentity(ctx, benchPlatform, speakerKey(speaker), speakerKey(speaker))
		if err != nil {
			return "", fmt.Errorf("resolve speaker %q: %w", speaker, err)
		}
		persons[speaker] = p.ID
		if !slices.Contains(owners, p.ID) {
			owners = append(owners, p.ID)
		}
		return p.ID, nil
	}
	for _, s := range c.Speakers {
		if _, err := resolve(s); err != nil {
			return nil, err
		}
	}
	for _, bm := range c.Messages {
		pid, err := resolve(bm.Speaker)
		if err != nil {
			return nil, err
		}
		text, _, _ := preprocess.Clean(bm.Text)
		m := memory.Message{
			ConversationID: conv, PlatformID: bm.ID, PersonID: pid, AuthorName: speakerKey(bm.Speaker),
			Role: memory.RoleUser, Text: text, Time: bm.Time.UTC(),
		}
		if err := store.AppendMessage(ctx, &m); err != nil {
			return nil, fmt.Errorf("capture message %q: %w", bm.ID, err)
		}
	}
	return owners, nil
}

// speakerKey is a speaker's user id and display name; a message without
// a speaker is filed under one unnamed person.
func speakerKey(speaker string) string {
	if speaker == "" {
		return "unknown speaker"
	}
	return speaker
}

// collectExtracted reads back every owner's memories, keeps the active
// ones (what recall loads), pools them under one owner and works out what
// each covers.
func collectExtracted(ctx context.Context, store memory.Store, conv string, owners []string, times map[string]time.Time) (*extracted, error) {
	e := &extracted{owner: conv, covers: make(map[string][]string)}
	byID := make(map[string]memory.Memory)
	var active []memory.Memory
	for _, owner := range owners {
		ms, err := store.ListMemories(ctx, memory.MemoryQuery{Owner: owner, WithEmbedding: true})
		if err != nil {
			return nil, fmt.Errorf("read extracted memories: %w", err)
		}
		for _, m := range ms {
			if _, dup := byID[m.ID]; dup {
				return nil, fmt.Errorf("memory id %q appears twice among the speakers' memories", m.ID)
			}
			byID[m.ID] = m
			if m.Status == memory.StatusActive {
				active = append(active, m)
			}
		}
	}
	for _, m := range active {
		covers := coversOf(m, byID)
		e.covers[m.ID] = covers
		m.Owner = e.owner
		restamp(&m, covers, times)
		e.memories = append(e.memories, m)
	}
	return e, nil
}

// coversOf is the bench ids an extracted memory covers: its (update-
// merged) source ids, then those of the memories it superseded, in turn.
func coversOf(m memory.Memory, byID map[string]memory.Memory) []string {
	var out []string
	seen := make(map[string]bool)
	add := func(ids []string) {
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	add(m.Source.MessageIDs)
	visited := map[string]bool{m.ID: true}
	for prev := m.Supersedes; prev != "" && !visited[prev]; {
		visited[prev] = true
		old, ok := byID[prev]
		if !ok {
			break
		}
		add(old.Source.MessageIDs)
		prev = old.Supersedes
	}
	return out
}

// restamp dates a memory by the messages it covers, first to last, as
// production would have stamped it extracting shortly after each message;
// the pipeline's own stamps are the end of the conversation.
func restamp(m *memory.Memory, covers []string, times map[string]time.Time) {
	var first, last time.Time
	for _, id := range covers {
		t := times[id]
		if t.IsZero() {
			continue
		}
		if first.IsZero() || t.Before(first) {
			first = t
		}
		if t.After(last) {
			last = t
		}
	}
	if !first.IsZero() {
		m.CreatedAt, m.UpdatedAt = first, last
	}
}

// messageTimes maps a case's message ids to their times.
func messageTimes(c *Case) map[string]time.Time {
	out := make(map[string]time.Time, len(c.Messages))
	for _, m := range c.Messages {
		out[m.ID] = m.Time.UTC()
	}
	return out
}

// fixedClock is the pipeline's clock during a bench run: the end of the
// case's conversation, so that nothing is dated after it and reruns stamp
// the same times.
type fixedClock struct{ t time.Time }

// Now returns the fixed time.
func (c fixedClock) Now() time.Time { return c.t }

// AfterFunc defers to the real timers (the pipeline sets none).
func (fixedClock) AfterFunc(d time.Duration, f func()) extract.Timer { return time.AfterFunc(d, f) }

// caseClock is the clock for extracting c: its latest message time, or
// the system clock when its messages carry no time.
func caseClock(c *Case) extract.Clock {
	var last time.Time
	for _, m := range c.Messages {
		if m.Time.After(last) {
			last = m.Time.UTC()
		}
	}
	if last.IsZero() {
		return extract.SystemClock{}
	}
	return fixedClock{t: last}
}
