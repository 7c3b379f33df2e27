package bot

import (
	"context"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// Profiler reads a person's profile: the few core facts (health and
// allergies, diet, name, family, work, city, how they like answers) a
// private reply carries whatever was asked, so that "what can I eat
// tonight?" is answered knowing they are vegetarian even when no word of
// the question matches. A Recaller that also implements it (the memory
// service's does) gets the profile injected into private replies.
type Profiler interface {
	// Profile returns owner's core facts, most important first, within
	// budget tokens.
	Profile(ctx context.Context, owner string, budget int) ([]memory.Memory, error)
}

// ProfileTokens is the most of the memory block a profile may take; the
// recalled memories fill the rest.
const ProfileTokens = 100

// profilePart marks, in a Recalled's Parts, a memory that went into the
// reply as part of the person's profile.
const profilePart = "profile"

// profileFor returns the person's profile for a private reply, as
// Recalled entries marked profilePart; nothing in a group, where the
// system prompt allows personal details only when the person raised them
// (recall, on the message's words, stays the only way in), nor when the
// recall layer keeps no profile. A failure degrades to no profile.
func (p *replier) profileFor(ctx context.Context, t turn) []Recalled {
	pr, ok := p.recall.(Profiler)
	if !ok || isGroup(t.msg) {
		return nil
	}
	ms, err := pr.Profile(ctx, t.person.ID, min(ProfileTokens, p.opts.TokenBudget))
	if err != nil {
		p.log.Warn("read profile; answering without it", "person", t.person.ID, "err", err)
		return nil
	}
	out := make([]Recalled, 0, len(ms))
	left := min(ProfileTokens, p.opts.TokenBudget)
	for _, m := range ms {
		// Scoping and the cap are enforced here too, whatever the
		// profile reader returns.
		if n := text.EstimateTokens(m.Text); m.Owner == t.person.ID && n <= left {
			out = append(out, Recalled{Memory: m, Parts: map[string]float64{profilePart: 1}})
			left -= n
		}
	}
	return out
}

// withProfile puts the profile before the recalled memories, each memory
// once: a recalled memory already in the profile keeps its recall score
// and parts, and the recalled ones beyond limit are dropped.
func withProfile(profile, recalled []Recalled, limit int) []Recalled {
	in := make(map[string]int, len(profile))
	out := make([]Recalled, 0, len(profile)+len(recalled))
	for _, r := range profile {
		in[r.Memory.ID] = len(out)
		out = append(out, r)
	}
	n := 0
	for _, r := range recalled {
		if i, ok := in[r.Memory.ID]; ok {
			r.Parts = withPart(r.Parts, profilePart)
			out[i] = r
			continue
		}
		if n < limit {
			out = append(out, r)
			n++
		}
	}
	return out
}

// withPart returns a copy of parts with key set to 1.
func withPart(parts map[string]float64, key string) map[string]float64 {
	c := make(map[string]float64, len(parts)+1)
	for k, v := range parts {
		c[k] = v
	}
	c[key] = 1
	return c
}

// onlyRecalled drops the memories injected only as the profile, which
// are there every time and so are not counted as used.
func onlyRecalled(rs []Recalled) []Recalled {
	var out []Recalled
	for _, r := range rs {
		if _, profile := r.Parts[profilePart]; !profile || len(r.Parts) > 1 {
			out = append(out, r)
		}
	}
	return out
}
