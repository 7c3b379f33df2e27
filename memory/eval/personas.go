package eval

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// PersonaFormat is the format tag of a persona set (testdata/personas/FORMAT.md).
const PersonaFormat = "membot-personas/1"

// Kinds of gold memory.
const (
	// KindPreference is a lasting preference or habit.
	KindPreference = "preference"
	// KindFact is a lasting fact about the person or their life.
	KindFact = "fact"
	// KindTemporary is a plan or state that stops mattering after a while.
	KindTemporary = "temporary"
)

// PersonaSet is a scripted set of people talking to the bot over several
// days, with what a careful listener would have remembered about each.
type PersonaSet struct {
	Format   string    `json:"format"`
	Name     string    `json:"name"`
	Personas []Persona `json:"personas"`
}

// Persona is one person: their sessions with the bot, the gold memories,
// the corrections among them, the statements about others that must not
// become theirs, and the follow-up questions asked afterwards.
type Persona struct {
	ID string `json:"id"`
	// Language is "en" or "zh", what the person writes in.
	Language    string       `json:"language"`
	Name        string       `json:"name"`
	Sessions    []Session    `json:"sessions"`
	Gold        []Gold       `json:"gold"`
	Corrections []Correction `json:"corrections,omitempty"`
	Traps       []Trap       `json:"traps,omitempty"`
	FollowUps   []FollowUp   `json:"followups"`
}

// Session is one sitting (a day): the person's messages from Time on,
// a minute or two apart.
type Session struct {
	Time  time.Time `json:"time"`
	Turns []Turn    `json:"turns"`
}

// Turn is one message of the person and, optionally, the reply a human
// transcript would show. The engine run answers with its own replies; Bot
// is there for the reader and for runners replaying a fixed transcript.
type Turn struct {
	User string `json:"user"`
	Bot  string `json:"bot,omitempty"`
}

// Gold is one memory a careful listener keeps. A stored memory matches it
// when every key is present, no avoid term is, and enough of its words
// are (see Gold.Matches).
type Gold struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	// Kind is KindPreference, KindFact or KindTemporary.
	Kind string `json:"kind"`
	// Subject is the single-valued key the memory is the current value
	// of ("residence", "employer", "diet"), empty when it is one of many.
	Subject string `json:"subject,omitempty"`
	// Keys must all appear in a matching memory; each is a set of
	// alternatives separated by "|".
	Keys []string `json:"keys"`
	// Avoid terms (alternatives each) rule a memory out: they tell the
	// other side of a correction apart ("quit|stopped" for an old habit).
	Avoid []string `json:"avoid,omitempty"`
}

// Correction says that gold memory New replaces gold memory Old: after
// it, Old must be superseded (not active) and New active.
type Correction struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// Trap is a statement about someone else (a pet, partner, colleague).
// A stored memory falls into it when it holds every key but none of the
// owner terms: the other's name or job has become the person's own.
type Trap struct {
	// Text is the statement, for the reader.
	Text string   `json:"text"`
	Keys []string `json:"keys"`
	// Owner terms name whose it really is ("dog|Biscuit"); alternatives
	// separated by "|".
	Owner []string `json:"owner"`
}

// FollowUp is a question asked after the last session, addressed to the
// bot; Gold names the gold memory that should be injected to answer it.
type FollowUp struct {
	Text string `json:"text"`
	Gold string `json:"gold"`
}

// LoadPersonas reads and validates a persona set.
func LoadPersonas(r io.Reader) (*PersonaSet, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var s PersonaSet
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("read persona set: %w", err)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("read persona set: %w", err)
	}
	return &s, nil
}

// Validate checks the set's shape and cross references.
func (s *PersonaSet) Validate() error {
	if s.Format != PersonaFormat {
		return fmt.Errorf("format %q, want %q", s.Format, PersonaFormat)
	}
	if len(s.Personas) == 0 {
		return errors.New("no personas")
	}
	ids := map[string]bool{}
	for i := range s.Personas {
		p := &s.Personas[i]
		if ids[p.ID] {
			return fmt.Errorf("persona %q appears twice", p.ID)
		}
		ids[p.ID] = true
		if err := p.validate(); err != nil {
			return fmt.Errorf("persona %d (%q): %w", i, p.ID, err)
		}
	}
	return nil
}

func (p *Persona) validate() error {
	switch {
	case p.ID == "":
		return errors.New("no id")
	case p.Language != "en" && p.Language != "zh":
		return fmt.Errorf("language %q, want en or zh", p.Language)
	case p.Name == "":
		return errors.New("no name")
	case len(p.Sessions) == 0:
		return errors.New("no sessions")
	}
	var last time.Time
	for i, s := range p.Sessions {
		if s.Time.IsZero() || !s.Time.After(last) {
			return fmt.Errorf("session %d: time missing or not after the previous session", i)
		}
		last = s.Time
		if len(s.Turns) == 0 {
			return fmt.Errorf("session %d: no turns", i)
		}
		for j, t := range s.Turns {
			if strings.TrimSpace(t.User) == "" {
				return fmt.Errorf("session %d turn %d: no user text", i, j)
			}
		}
	}
	gold := map[string]bool{}
	for _, g := range p.Gold {
		switch {
		case g.ID == "" || gold[g.ID]:
			return fmt.Errorf("gold %q: id missing or repeated", g.ID)
		case g.Text == "":
			return fmt.Errorf("gold %q: no text", g.ID)
		case g.Kind != KindPreference && g.Kind != KindFact && g.Kind != KindTemporary:
			return fmt.Errorf("gold %q: kind %q, want preference, fact or temporary", g.ID, g.Kind)
		case !validTerms(g.Keys):
			return fmt.Errorf("gold %q: needs keys, none empty", g.ID)
		case len(g.Avoid) > 0 && !validTerms(g.Avoid):
			return fmt.Errorf("gold %q: an empty avoid term", g.ID)
		}
		gold[g.ID] = true
	}
	for _, c := range p.Corrections {
		if !gold[c.Old] || !gold[c.New] || c.Old == c.New {
			return fmt.Errorf("correction %s → %s: both must be distinct gold ids", c.Old, c.New)
		}
	}
	for i, t := range p.Traps {
		if !validTerms(t.Keys) || !validTerms(t.Owner) {
			return fmt.Errorf("trap %d: needs keys and owner terms, none empty", i)
		}
	}
	if len(p.FollowUps) == 0 {
		return errors.New("no follow-up questions")
	}
	for i, f := range p.FollowUps {
		if strings.TrimSpace(f.Text) == "" || !gold[f.Gold] {
			return fmt.Errorf("follow-up %d: needs text and a gold id", i)
		}
	}
	return nil
}

// validTerms reports whether terms is non-empty with no empty term.
func validTerms(terms []string) bool {
	if len(terms) == 0 {
		return false
	}
	for _, t := range terms {
		if strings.Trim(t, "| ") == "" {
			return false
		}
	}
	return true
}

// UserMessages counts the person's messages over every session.
func (p *Persona) UserMessages() int {
	n := 0
	for _, s := range p.Sessions {
		n += len(s.Turns)
	}
	return n
}
