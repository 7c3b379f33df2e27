package eval

import (
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// PersonaOutcome is what one persona's run left, as the scorer sees it.
type PersonaOutcome struct {
	// Memories are every memory the bot holds for the person once the
	// last session was extracted, whatever their status.
	Memories []memory.Memory
	// Injected holds, per follow-up question in order, the memories that
	// went into the reply.
	Injected [][]memory.Memory
	// Usage is what the model was asked for the persona, per purpose.
	Usage map[llm.Purpose]llm.Counts
}

// PersonaResult is one persona's figures.
type PersonaResult struct {
	ID       string `json:"id"`
	Language string `json:"language"`
	Counts
	// Missed lists the gold ids no stored memory matched; Unmatched the
	// stored memories matching no gold; Wrong the memories that took a
	// trap; Unanswered the follow-ups whose gold was not injected; and
	// NotCorrected the corrections not applied ("old→new").
	Missed       []string `json:"missed,omitempty"`
	Unmatched    []string `json:"unmatched,omitempty"`
	Wrong        []string `json:"wrong,omitempty"`
	Unanswered   []string `json:"unanswered,omitempty"`
	NotCorrected []string `json:"not_corrected,omitempty"`
}

// Counts are the raw tallies behind the persona figures; they add up over
// personas.
type Counts struct {
	// Stored memories, and how many match some gold memory.
	Stored  int `json:"stored"`
	Correct int `json:"correct"`
	// Gold memories, and how many some stored memory matches.
	Gold      int `json:"gold"`
	GoldFound int `json:"gold_found"`
	// Corrections, and how many were applied: some memory matched the old
	// gold, none matching it (and not the new one) is active, and one
	// matching the new gold is.
	Corrections int `json:"corrections"`
	Corrected   int `json:"corrected"`
	// WrongOwner counts stored memories that took an ownership trap.
	WrongOwner int `json:"wrong_owner"`
	// Duplicates counts active memories beyond the first matching one
	// gold memory.
	Duplicates int `json:"duplicates"`
	// FollowUps asked, and how many had their gold memory injected.
	FollowUps int `json:"followups"`
	Answered  int `json:"answered"`
	// UserMessages sent; ModelCalls and Tokens (prompt + completion) the
	// model was asked for, every purpose; ExtractionCalls those of
	// extraction and reconciliation.
	UserMessages    int   `json:"user_messages"`
	ModelCalls      int64 `json:"model_calls"`
	ExtractionCalls int64 `json:"extraction_calls"`
	Tokens          int64 `json:"tokens"`
}

func (c *Counts) add(o Counts) {
	c.Stored += o.Stored
	c.Correct += o.Correct
	c.Gold += o.Gold
	c.GoldFound += o.GoldFound
	c.Corrections += o.Corrections
	c.Corrected += o.Corrected
	c.WrongOwner += o.WrongOwner
	c.Duplicates += o.Duplicates
	c.FollowUps += o.FollowUps
	c.Answered += o.Answered
	c.UserMessages += o.UserMessages
	c.ModelCalls += o.ModelCalls
	c.ExtractionCalls += o.ExtractionCalls
	c.Tokens += o.Tokens
}

// ScorePersona scores what a run left for p.
func ScorePersona(p *Persona, o PersonaOutcome) PersonaResult {
	m := newMatcher()
	r := PersonaResult{ID: p.ID, Language: p.Language}
	r.Gold, r.FollowUps, r.UserMessages = len(p.Gold), len(p.FollowUps), p.UserMessages()
	mems := make([]normalised, len(o.Memories))
	for i, mem := range o.Memories {
		mems[i] = m.prepare(mem.Text)
	}
	// matches[g][i]: stored memory i matches gold g.
	matches := make(map[string][]bool, len(p.Gold))
	byID := make(map[string]Gold, len(p.Gold))
	for _, g := range p.Gold {
		byID[g.ID] = g
		row := make([]bool, len(mems))
		found, active := false, 0
		for i := range mems {
			row[i] = m.matchesGold(mems[i], g)
			found = found || row[i]
			if row[i] && o.Memories[i].Status == memory.StatusActive {
				active++
			}
		}
		matches[g.ID] = row
		if found || m.inHistory(o.Memories, g) {
			r.GoldFound++
		} else {
			r.Missed = append(r.Missed, g.ID)
		}
		r.Duplicates += max(0, active-1)
	}
	r.Stored = len(o.Memories)
	for i, mem := range o.Memories {
		hit := false
		for _, g := range p.Gold {
			hit = hit || matches[g.ID][i]
		}
		if hit {
			r.Correct++
		} else {
			r.Unmatched = append(r.Unmatched, mem.Text)
		}
		for _, t := range p.Traps {
			if m.fallsInto(mems[i], t) {
				r.WrongOwner++
				r.Wrong = append(r.Wrong, mem.Text)
				break
			}
		}
	}
	r.Corrections = len(p.Corrections)
	for _, c := range p.Corrections {
		if corrected(o.Memories, matches[c.Old], matches[c.New], m.inHistory(o.Memories, byID[c.Old])) {
			r.Corrected++
		} else {
			r.NotCorrected = append(r.NotCorrected, c.Old+"→"+c.New)
		}
	}
	for i, f := range p.FollowUps {
		if i < len(o.Injected) && injects(m, o.Injected[i], byID[f.Gold]) {
			r.Answered++
		} else {
			r.Unanswered = append(r.Unanswered, f.Text)
		}
	}
	for purpose, c := range o.Usage {
		r.ModelCalls += c.Calls
		r.Tokens += c.PromptTokens + c.CompletionTokens
		if purpose == llm.PurposeExtraction || purpose == llm.PurposeReconcile {
			r.ExtractionCalls += c.Calls
		}
	}
	return r
}

// corrected reports whether a correction took: the old version was
// stored (as a memory of its own or as an earlier text of one, inHistory),
// no memory holding only the old version is still active, and a memory
// holding the new one is.
func corrected(mems []memory.Memory, old, new []bool, inHistory bool) bool {
	sawOld, newActive := inHistory, false
	for i, mem := range mems {
		active := mem.Status == memory.StatusActive
		if old[i] && !new[i] {
			sawOld = true
			if active {
				return false
			}
		}
		if new[i] && active {
			newActive = true
		}
	}
	return sawOld && newActive
}

// inHistory reports whether an earlier text of some memory matches g: an
// update in place that kept the old version.
func (m matcher) inHistory(mems []memory.Memory, g Gold) bool {
	for _, mem := range mems {
		for _, v := range mem.History {
			if m.matchesGold(m.prepare(v.Text), g) {
				return true
			}
		}
	}
	return false
}

// injects reports whether some injected memory matches g.
func injects(m matcher, injected []memory.Memory, g Gold) bool {
	for _, mem := range injected {
		if m.matchesGold(m.prepare(mem.Text), g) {
			return true
		}
	}
	return false
}
