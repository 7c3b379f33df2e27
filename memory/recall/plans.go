package recall

import (
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
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
	var lifted []string
	for id, m := range e.mems {
		if !e.removed[id] && upcoming(m, now) {
			lifted = append(lifted, id)
		}
	}
	return lift(hits, lifted, w)
}

// lift raises the hits of ids to relevance and score w at least and
// marks them as plans, adding those not among hits (in id order, so that
// ties rank the same on every run).
func lift(hits []Hit, ids []string, w float64) []Hit {
	at := make(map[string]int, len(hits))
	for i, h := range hits {
		at[h.ID] = i
	}
	var added []Hit
	for _, id := range ids {
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

// longestPeriod bounds the period a question may name for its dated
// memories to be lifted: a week, a month, not a season or a year.
const longestPeriod = 32 * 24 * time.Hour

// asksPeriod returns the days ahead q's own words name ("this weekend",
// "下周", "on the 5th"), when memories dated in them are lifted at all.
func (c *Corpus) asksPeriod(q Query, now time.Time) (text.Span, bool) {
	if q.Literal || c.opts.PlanWeight <= 0 {
		return text.Span{}, false
	}
	sp, ok := text.QuerySpan(q.Text, now)
	if !ok || sp.End.Sub(sp.Start) > longestPeriod || sp.End.Before(now) {
		return text.Span{}, false
	}
	return sp, true
}

// calendarDays are the days of the year or month s names. Every day a
// text can name holds a digit or a Chinese numeral; most memories hold
// neither and skip the patterns.
func calendarDays(s string) []text.MonthDay {
	if !strings.ContainsAny(s, "0123456789一二三四五六七八九十") {
		return nil
	}
	return text.CalendarDays(s)
}

// datedIn reports whether m happens in sp: its event falls in it, or one
// of days, the days its text names (a birthday, an anniversary, a bill
// due on the 5th), does, whatever year it was said in.
func datedIn(m *memory.Memory, days []text.MonthDay, sp text.Span) bool {
	if !m.EventTime.IsZero() && !m.EventTime.Before(sp.Start) && m.EventTime.Before(sp.End) {
		return true
	}
	for _, d := range days {
		if d.In(sp.Start, sp.End) {
			return true
		}
	}
	return false
}

// liftDated raises the owner's memories dated in sp to relevance and
// score w at least, as liftPlans raises plans: "any ideas for this
// weekend?" is answered by the anniversary that falls on it. e.mu is
// read-locked.
func (e *ownerIndex) liftDated(hits []Hit, w float64, sp text.Span, now time.Time) []Hit {
	var lifted []string
	for id, days := range e.dated {
		if m := e.mems[id]; m != nil && !e.removed[id] && recallable(m, now) && datedIn(m, days, sp) {
			lifted = append(lifted, id)
		}
	}
	return lift(hits, lifted, w)
}
