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
	// RecallWithProfile returns owner's core facts, most important first,
	// within profileBudget tokens, and what recall finds for q within the
	// rest of q's budget — both from one proof that the cache is current.
	RecallWithProfile(ctx context.Context, owner string, q RecallQuery, profileBudget int) ([]memory.Memory, []Recalled, error)
}

// ProfileTokens is the most of the memory block a profile may take; the
// recalled memories fill the rest.
const ProfileTokens = 100

// profilePart marks, in a Recalled's Parts, a memory that went into the
// reply as part of the person's profile.
const profilePart = "profile"

// recallWithProfile recalls for q and, in a private reply when the recall
// layer keeps profiles, reads the person's profile with it, as Recalled
// entries marked profilePart. In a group there is no profile: the system
// prompt allows personal details only when the person raised them, and
// recall, on the message's words, stays the only way in.
func (p *replier) recallWithProfile(ctx context.Context, t turn, q RecallQuery) (profile, got []Recalled, err error) {
	pr, ok := p.recall.(Profiler)
	if !ok || isGroup(t.msg) {
		got, err = p.recall.Recall(ctx, t.person.ID, q)
		return nil, got, err
	}
	limit := min(ProfileTokens, p.opts.TokenBudget)
	ms, got, err := pr.RecallWithProfile(ctx, t.person.ID, q, limit)
	return asProfile(t, ms, limit), got, err
}

// asProfile turns profile memories into Recalled entries, enforcing the
// person's scope and the token cap whatever the profile reader returned.
func asProfile(t turn, ms []memory.Memory, limit int) []Recalled {
	out := make([]Recalled, 0, len(ms))
	left := limit
	for _, m := range ms {
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
