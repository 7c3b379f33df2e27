package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// Pacing of a persona run: a session's messages come turnGap apart from
// its start; the follow-up questions come followUpDelay after the last
// session began, followUpGap apart, so that none is read as the
// continuation of another.
const (
	turnGap       = 2 * time.Minute
	followUpDelay = 24 * time.Hour
	followUpGap   = time.Hour
)

// PersonaBot is one fresh bot talking with one persona, as production
// runs it: a private conversation whose every message is addressed to it.
type PersonaBot interface {
	// Say delivers one of the person's messages at a time and waits for
	// the reply.
	Say(ctx context.Context, id, text string, at time.Time) error
	// EndSession extracts what the session left pending, as the
	// extraction scheduler does once the person has gone quiet.
	EndSession(ctx context.Context) error
	// Ask delivers a question and returns the memories that went into
	// the reply (what "/memories why" shows).
	Ask(ctx context.Context, id, text string, at time.Time) ([]memory.Memory, error)
	// Memories lists every memory the bot holds for the person.
	Memories(ctx context.Context) ([]memory.Memory, error)
	// Usage is what the model was asked for so far, per purpose.
	Usage() map[llm.Purpose]llm.Counts
	// Close shuts the bot down and removes what it stored.
	Close(ctx context.Context) error
}

// PersonaBots opens a fresh bot for each persona.
type PersonaBots interface {
	Open(ctx context.Context, p *Persona) (PersonaBot, error)
}

// RunPersonas talks every persona of set through a bot of its own: each
// session's messages in order, extraction at the end of each session, the
// stored memories read back, then the follow-up questions. It returns
// the scored report; model names the model in it ("" offline).
func RunPersonas(ctx context.Context, set *PersonaSet, bots PersonaBots, model string, log *slog.Logger) (*PersonaReport, error) {
	return runPersonas(ctx, set, bots, model, log, runPersona)
}

// runPersonas plays every persona of set with play and scores it.
func runPersonas(ctx context.Context, set *PersonaSet, bots PersonaBots, model string, log *slog.Logger,
	play func(context.Context, *Persona, PersonaBots) (PersonaOutcome, error)) (*PersonaReport, error) {
	if set == nil || len(set.Personas) == 0 {
		return nil, errors.New("run personas: empty set")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	rep := &PersonaReport{Data: set.Name, Model: model}
	for i := range set.Personas {
		p := &set.Personas[i]
		start := time.Now()
		out, err := play(ctx, p, bots)
		if err != nil {
			return nil, fmt.Errorf("run personas: persona %q: %w", p.ID, err)
		}
		res := ScorePersona(p, out)
		for _, m := range out.Memories {
			log.Debug("persona memory", slog.String("persona", p.ID), slog.String("status", string(m.Status)),
				slog.String("subject", m.Subject), slog.String("text", m.Text),
				slog.String("id", m.ID), slog.String("type", string(m.Type)), slog.String("superseded_by", m.SupersededBy), slog.Int("history", len(m.History)))
		}
		for i, fu := range p.FollowUps {
			var texts []string
			if i < len(out.Injected) {
				for _, m := range out.Injected[i] {
					texts = append(texts, m.Text)
				}
			}
			log.Debug("persona follow-up", slog.String("persona", p.ID), slog.String("question", fu.Text),
				slog.String("gold", fu.Gold), slog.Any("injected", texts))
		}
		rep.Personas = append(rep.Personas, res)
		log.Info("persona run", slog.String("persona", p.ID), slog.Int("stored", res.Stored),
			slog.Int("gold_found", res.GoldFound), slog.Int("answered", res.Answered),
			slog.Duration("took", time.Since(start)))
	}
	rep.total()
	return rep, nil
}

// runPersona plays one persona through a fresh bot.
func runPersona(ctx context.Context, p *Persona, bots PersonaBots) (out PersonaOutcome, err error) {
	b, err := bots.Open(ctx, p)
	if err != nil {
		return out, fmt.Errorf("open bot: %w", err)
	}
	defer func() { err = errors.Join(err, b.Close(ctx)) }()
	for si, s := range p.Sessions {
		for ti, t := range s.Turns {
			id := fmt.Sprintf("s%d-t%d", si+1, ti+1)
			if err := b.Say(ctx, id, t.User, s.Time.Add(time.Duration(ti)*turnGap)); err != nil {
				return out, fmt.Errorf("session %d turn %d: %w", si+1, ti+1, err)
			}
		}
		if err := b.EndSession(ctx); err != nil {
			return out, fmt.Errorf("session %d: extract: %w", si+1, err)
		}
	}
	if out.Memories, err = b.Memories(ctx); err != nil {
		return out, fmt.Errorf("read memories: %w", err)
	}
	if out.Injected, err = askFollowUps(ctx, p, b); err != nil {
		return out, err
	}
	out.Usage = b.Usage()
	return out, nil
}

// askFollowUps asks p's follow-up questions, a day after the last session
// began, and returns the memories injected for each.
func askFollowUps(ctx context.Context, p *Persona, b PersonaBot) ([][]memory.Memory, error) {
	at := p.Sessions[len(p.Sessions)-1].Time.Add(followUpDelay)
	injected := make([][]memory.Memory, 0, len(p.FollowUps))
	for i, f := range p.FollowUps {
		got, err := b.Ask(ctx, fmt.Sprintf("q%d", i+1), f.Text, at.Add(time.Duration(i)*followUpGap))
		if err != nil {
			return nil, fmt.Errorf("follow-up %d: %w", i+1, err)
		}
		injected = append(injected, got)
	}
	return injected, nil
}
