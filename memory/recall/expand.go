package recall

import (
	"slices"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// Expansion widens questions about one everyday topic to the words that
// memories about it use: "What should I order at the team dinner?" shares
// no word with "Is vegetarian", yet a careful friend would think of it.
// When a query's own text holds one of Triggers, the words of Terms join
// it, counting less than the query's own words (Options.ExpansionWeight).
type Expansion struct {
	// Topic names the expansion, for tests and diagnostics.
	Topic string
	// Triggers are words (English or Chinese) that raise it.
	Triggers []string
	// Terms are the words memories on the topic use.
	Terms []string
	// Plans marks a topic about what the person is about to do (packing,
	// getting ready, the weather where they are going): their upcoming
	// plans answer it whatever words those use, so recall lifts the
	// temporary memories whose event has not passed to
	// Options.PlanWeight.
	Plans bool
}

// expander is a compiled set of expansions: the trigger words, filed
// under their first index term, and the index terms each topic adds.
type expander struct {
	triggers map[string][]int
	words    []trigger
	terms    [][]string
	plans    []bool
}

// trigger is one trigger word as index terms, and the topic it raises.
type trigger struct {
	topic int
	terms []string
}

// newExpander compiles es with tok. A Chinese word is matched as its
// character pairs only (a single character is too loose a match), unless
// it is one character. A trigger raises its topic only when the query
// holds all its terms, so that "女朋友" is not raised by the 朋友 of
// every friend nor "送什么" by every 什么.
func newExpander(es []Expansion, tok text.Tokenizer) *expander {
	if len(es) == 0 {
		return nil
	}
	x := &expander{triggers: make(map[string][]int), terms: make([][]string, len(es)), plans: make([]bool, len(es))}
	terms := func(w string) []string {
		ts := tok.Tokens(w)
		if utf8.RuneCountInString(w) > 1 && len(ts) > 1 {
			ts = slices.DeleteFunc(ts, func(t string) bool {
				r, n := utf8.DecodeRuneInString(t)
				return n == len(t) && text.IsCJK(r)
			})
		}
		slices.Sort(ts)
		return slices.Compact(ts)
	}
	for i, e := range es {
		x.plans[i] = e.Plans
		for _, w := range e.Triggers {
			if ts := terms(w); len(ts) > 0 {
				x.triggers[ts[0]] = append(x.triggers[ts[0]], len(x.words))
				x.words = append(x.words, trigger{topic: i, terms: ts})
			}
		}
		for _, w := range e.Terms {
			for _, t := range terms(w) {
				if !slices.Contains(x.terms[i], t) {
					x.terms[i] = append(x.terms[i], t)
				}
			}
		}
	}
	return x
}

// topics returns the topics the terms of own raise, in order.
func (x *expander) topics(own map[string]float64) []int {
	var out []int
	for t := range own {
		for _, w := range x.triggers[t] {
			tr := x.words[w]
			if slices.Contains(out, tr.topic) {
				continue
			}
			all := true
			for _, u := range tr.terms[1:] {
				if _, ok := own[u]; !ok {
					all = false
					break
				}
			}
			if all {
				out = append(out, tr.topic)
			}
		}
	}
	slices.Sort(out)
	return out
}

// expand returns the terms the topics of own raise, less own's terms.
func (x *expander) expand(own map[string]float64) []string {
	if x == nil {
		return nil
	}
	var out []string
	for _, i := range x.topics(own) {
		for _, t := range x.terms[i] {
			if _, ok := own[t]; !ok && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// asksPlans reports whether the terms of own raise a topic about plans.
func (x *expander) asksPlans(own []string) bool {
	if x == nil {
		return false
	}
	set := make(map[string]float64, len(own))
	for _, t := range own {
		set[t] = 1
	}
	return slices.ContainsFunc(x.topics(set), func(i int) bool { return x.plans[i] })
}
