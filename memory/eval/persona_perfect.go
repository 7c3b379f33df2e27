package eval

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// GoldWriter is a persona bot that can be handed memories directly, as a
// perfect extractor would write them through the memory service.
type GoldWriter interface {
	PersonaBot
	// Remember stores m as the person's memory at time at, as the new
	// version of the memory replaces when that is not empty, and returns
	// its id.
	Remember(ctx context.Context, m memory.Memory, replaces string, at time.Time) (string, error)
}

// RunPersonasPerfect measures recall alone: for every persona of set its
// gold memories are stored as a perfect extractor would store them (the
// text, its kind, the subject key, each correction superseding the memory
// it replaces), the sessions are not played, and the follow-up questions
// are asked. The bots must be GoldWriters. Precision, gold recall and
// corrections then check the writing itself; follow-ups answered is the
// figure that counts: what recall injects when memory holds exactly what
// it should.
func RunPersonasPerfect(ctx context.Context, set *PersonaSet, bots PersonaBots, log *slog.Logger) (*PersonaReport, error) {
	return runPersonas(ctx, set, bots, "perfect extractor", log, runPersonaPerfect)
}

// runPersonaPerfect stores p's gold memories in a fresh bot and asks the
// follow-ups.
func runPersonaPerfect(ctx context.Context, p *Persona, bots PersonaBots) (out PersonaOutcome, err error) {
	pb, err := bots.Open(ctx, p)
	if err != nil {
		return out, fmt.Errorf("open bot: %w", err)
	}
	defer func() { err = errors.Join(err, pb.Close(ctx)) }()
	b, ok := pb.(GoldWriter)
	if !ok {
		return out, fmt.Errorf("bot %T cannot be given memories directly", pb)
	}
	first, last := p.Sessions[0].Time, p.Sessions[len(p.Sessions)-1].Time
	replaces := make(map[string]string, len(p.Corrections))
	for _, c := range p.Corrections {
		replaces[c.New] = c.Old
	}
	ids := make(map[string]string, len(p.Gold))
	// Replaced memories first, so that each correction finds the memory
	// it supersedes; a later correction of a correction follows the one
	// before it.
	pending := make([]Gold, 0, len(p.Gold))
	for _, g := range p.Gold {
		if _, ok := replaces[g.ID]; !ok {
			if ids[g.ID], err = b.Remember(ctx, goldMemory(g), "", first); err != nil {
				return out, fmt.Errorf("store gold %s: %w", g.ID, err)
			}
			continue
		}
		pending = append(pending, g)
	}
	for len(pending) > 0 {
		next := pending[:0]
		for _, g := range pending {
			old, ok := ids[replaces[g.ID]]
			if !ok {
				next = append(next, g)
				continue
			}
			if ids[g.ID], err = b.Remember(ctx, goldMemory(g), old, last); err != nil {
				return out, fmt.Errorf("store gold %s: %w", g.ID, err)
			}
		}
		if len(next) == len(pending) {
			return out, fmt.Errorf("corrections of %s replace no stored gold memory", next[0].ID)
		}
		pending = next
	}
	if out.Memories, err = b.Memories(ctx); err != nil {
		return out, fmt.Errorf("read memories: %w", err)
	}
	out.Injected, err = askFollowUps(ctx, p, b)
	if err != nil {
		return out, err
	}
	out.Usage = b.Usage()
	return out, nil
}

// goldMemory is g as an extractor writes it: type and lifecycle from its
// kind, the subject as its normalised key.
func goldMemory(g Gold) memory.Memory {
	m := memory.Memory{
		Text: g.Text, Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Importance: 0.7, Confidence: 1, Status: memory.StatusActive,
	}
	switch g.Kind {
	case KindPreference:
		m.Type, m.Lifecycle = memory.TypePreference, memory.LifecycleLongTerm
	case KindTemporary:
		m.Type, m.Lifecycle, m.Importance = memory.TypeContext, memory.LifecycleTemporary, 0.5
	}
	if g.Subject != "" {
		m.Subject = subject.Key(g.Subject)
	}
	m.Tags = []string{string(m.Type)}
	return m
}
