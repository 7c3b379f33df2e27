package recall

import (
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// planGrace is how long after its event a plan still answers questions
// about plans: "how did the trip go?" the day after is still about it.
const planGrace = 24 * time.Hour

// asksPlans reports whether q's own words raise a topic about plans
// (Expansion.Plans) and plans are lifted at all.
func (c *Corpus) asksPlans(q Query) bool {
	if q.Literal || c.expand == nil || c.opts.PlanWeight <= 0 {
		return false
	}
	return c.expand.asksPlans(c.opts.Tokenizer.Tokens(q.Text))
}

// upcoming reports whether m is a plan that has not passed at now: a
// temporary memory, unexpired, whose event (when it has one) is at most
// planGrace ago.
func upcoming(m *memory.Memory, now time.Time) bool {
	return m.Lifecycle == memory.LifecycleTemporary && recallable(m, now) &&
		(m.EventTime.IsZero() || !m.EventTime.Before(now.Add(-planGrace)))
}

// liftPlans raises the owner's upcoming plans to relevance and score w at
// least, adding those the query's words did not match, and marks them.
// e.mu is read-locked.
func (e *ownerIndex) liftPlans(hits []Hit, w float64, now time.Time) []Hit {
	at := make(map[string]int, len(hits))
	for i, h := range hits {
		at[h.ID] = i
	}
	var added []Hit
	for id, m := range e.mems {
		if e.removed[id] || !upcoming(m, now) {
			continue
		}
		i, ok := at[id]
		if !ok {
			added = append(added, Hit{ID: id, Score: w, Relevance: w, Plan: true})
			continue
		}
		h := &hits[i]
		h.Plan = true
		h.Relevance, h.Score = max(h.Relevance, w), max(h.Score, w)
	}
	slices.SortFunc(added, func(a, b Hit) int { return strings.Compare(a.ID, b.ID) })
	return append(hits, added...)
}
