package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/config"
	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// This file is the only one that knows how the bot is assembled and
// driven: internal/app.Open, Engine.Handle and Close, the injection
// record behind "/memories why", the App's store, memory service and
// meter, and the extraction scheduler's ExtractNow for the end of a
// session.

// personaPlatform is the platform persona messages come from: the
// terminal's, a private conversation in which every message is addressed.
const personaPlatform = "console"

// extractOnlyAtSessionEnd is the extraction delay a persona bot runs with:
// long enough that the scheduler never fires on its own during a run, so
// extraction happens at the end of each session (EndSession), where the
// scheduler would run once the person has gone quiet.
const extractOnlyAtSessionEnd = 7 * 24 * time.Hour

// AppBots opens, for each persona, the bot internal/app.Open assembles
// from Config: offline when Config names no model, with the configured
// model (and embedding model) otherwise, its embedded store in a fresh
// directory under Dir (the system's temporary directory when empty). A
// MongoDB URI in Config is ignored, so no run touches a real store.
type AppBots struct {
	Config config.Config
	Dir    string
	Logger *slog.Logger
}

// Open assembles a fresh bot for p.
func (a AppBots) Open(ctx context.Context, p *Persona) (PersonaBot, error) {
	dir, err := os.MkdirTemp(a.Dir, "persona-")
	if err != nil {
		return nil, fmt.Errorf("persona store directory: %w", err)
	}
	cfg := a.Config
	cfg.DataDir = dir
	cfg.MongoDB.URI = ""
	cfg.Memory.ExtractionDelay = config.Duration(extractOnlyAtSessionEnd)
	log := a.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	b := &appBot{dir: dir, user: p.ID, name: p.Name, clock: &runClock{t: p.Sessions[0].Time}}
	b.app, err = app.Open(ctx, cfg, app.WithClock(b.clock.now), app.WithLogger(log))
	if err != nil {
		return nil, errors.Join(fmt.Errorf("open bot: %w", err), os.RemoveAll(dir))
	}
	return b, nil
}

// runClock is the bot's clock during a run: the time of the message being
// delivered.
type runClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *runClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *runClock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

// appBot is one assembled bot and the persona's account on it.
type appBot struct {
	app   *app.App
	dir   string
	user  string
	name  string
	clock *runClock
	// person is the persona's person id, known after the first message.
	person string
}

func (b *appBot) Say(ctx context.Context, id, text string, at time.Time) error {
	return b.deliver(ctx, id, text, at)
}

func (b *appBot) deliver(ctx context.Context, id, text string, at time.Time) error {
	b.clock.set(at)
	msg := bot.Message{
		Platform: personaPlatform, ChatID: b.user, ID: id,
		Author: bot.Author{ID: b.user, Username: b.user, DisplayName: b.name},
		Text:   text, Time: at, IsDM: true, Addressed: true,
	}
	done, err := b.app.Engine.Handle(ctx, msg, discardReplies{})
	if err != nil {
		return fmt.Errorf("handle message %s: %w", id, err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	if b.person == "" {
		p, err := b.app.Store.ResolveIdentity(ctx, personaPlatform, b.user, b.name)
		if err != nil {
			return fmt.Errorf("resolve the persona's person: %w", err)
		}
		b.person = p.ID
	}
	return nil
}

func (b *appBot) EndSession(ctx context.Context) error {
	conv := bot.Message{Platform: personaPlatform, ChatID: b.user}.ConversationID()
	if _, err := b.app.Extraction.ExtractNow(ctx, conv, false); err != nil {
		return fmt.Errorf("extract %s: %w", conv, err)
	}
	return nil
}

func (b *appBot) Ask(ctx context.Context, id, text string, at time.Time) ([]memory.Memory, error) {
	if err := b.deliver(ctx, id, text, at); err != nil {
		return nil, err
	}
	in, ok := b.app.Engine.LastInjection(b.person)
	if !ok || in.MessageID != id {
		return nil, nil
	}
	out := make([]memory.Memory, 0, len(in.Memories))
	for _, r := range in.Memories {
		out = append(out, r.Memory)
	}
	return out, nil
}

// Remember writes m through the memory service, as extraction writes
// what it keeps: a new memory, or the new version superseding replaces.
func (b *appBot) Remember(ctx context.Context, m memory.Memory, replaces string, at time.Time) (string, error) {
	b.clock.set(at)
	if b.person == "" {
		p, err := b.app.Store.ResolveIdentity(ctx, personaPlatform, b.user, b.name)
		if err != nil {
			return "", fmt.Errorf("resolve the persona's person: %w", err)
		}
		b.person = p.ID
	}
	m.Owner, m.CreatedAt, m.UpdatedAt = b.person, at, at
	m.Source = memory.Source{Platform: personaPlatform, Time: at}
	if err := b.embed(ctx, &m); err != nil {
		return "", err
	}
	if replaces == "" {
		if err := b.app.Memory.Insert(ctx, &m); err != nil {
			return "", fmt.Errorf("remember: %w", err)
		}
		return m.ID, nil
	}
	if _, err := b.app.Memory.Supersede(ctx, b.person, replaces, &m, "correction"); err != nil {
		return "", fmt.Errorf("remember correction: %w", err)
	}
	return m.ID, nil
}

// embed gives m its vector when an embedding model is configured, as the
// extraction pipeline gives every memory it stores, so that recall ranks
// the gold memories as it ranks extracted ones.
func (b *appBot) embed(ctx context.Context, m *memory.Memory) error {
	if b.app.Model == nil || b.app.Model.EmbeddingModel() == "" {
		return nil
	}
	vecs, err := b.app.Model.Embed(ctx, []string{m.Text})
	if err != nil {
		return fmt.Errorf("embed a gold memory: %w", err)
	}
	if len(vecs) == 1 {
		m.Embedding = &memory.Embedding{Model: b.app.Model.EmbeddingModel(), Vector: vecs[0]}
	}
	return nil
}

func (b *appBot) Memories(ctx context.Context) ([]memory.Memory, error) {
	if b.person == "" {
		return nil, nil
	}
	ms, err := b.app.Store.ListMemories(ctx, memory.MemoryQuery{Owner: b.person})
	if err != nil {
		return nil, fmt.Errorf("list memories: %w", err)
	}
	return ms, nil
}

func (b *appBot) Usage() map[llm.Purpose]llm.Counts { return b.app.Meter.Snapshot() }

func (b *appBot) Close(ctx context.Context) error {
	return errors.Join(b.app.Close(ctx), os.RemoveAll(b.dir))
}

// discardReplies takes the engine's replies; the run reads what went into
// them from the injection record instead.
type discardReplies struct{}

func (discardReplies) Typing(context.Context) error          { return nil }
func (discardReplies) Stream(context.Context, string) error  { return nil }
func (discardReplies) Send(context.Context, bot.Reply) error { return nil }
