package eval

import (
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

func TestGoldMatching(t *testing.T) {
	m := newMatcher()
	tests := []struct {
		name string
		mem  string
		gold Gold
		want bool
	}{
		{"paraphrase", "I'm vegetarian", Gold{Text: "Is vegetarian", Keys: []string{"vegetarian"}}, true},
		{"other employer", "Works at Globex", Gold{Text: "Works at Acme", Keys: []string{"acme"}}, false},
		{"avoid term", "Left Acme last week", Gold{Text: "Works at Acme", Keys: []string{"acme"}, Avoid: []string{"left"}}, false},
		{"alternatives", "Is a backend engineer", Gold{Text: "Is a backend engineer who writes Python", Keys: []string{"engineer|python"}}, true},
		{"every key", "Is allergic to cats", Gold{Text: "Is allergic to peanuts", Keys: []string{"peanut", "allerg"}}, false},
		{"terse chinese", "是厨师", Gold{Text: "是厨师，在广州开粤菜馆", Keys: []string{"厨师|粤菜馆"}}, true},
		{"chinese residence", "住在朝阳", Gold{Text: "搬到朝阳跟女儿住", Keys: []string{"朝阳"}}, true},
		{"key in passing", "Flew through Lisbon airport on the way to Brazil", Gold{Text: "Has a sister who lives in Lisbon", Keys: []string{"lisbon"}}, false},
		{"full width", "ＩＳ ＶＥＧＡＮ", Gold{Text: "Is vegan", Keys: []string{"vegan"}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := m.matchesGold(m.prepare(tt.mem), tt.gold); got != tt.want {
				t.Errorf("%q matches %q = %v, want %v", tt.mem, tt.gold.Text, got, tt.want)
			}
		})
	}
}

func TestScorePersona(t *testing.T) {
	p := &Persona{
		ID: "p", Language: "en", Name: "P",
		Sessions: []Session{{Turns: []Turn{{User: "a"}, {User: "b"}}}},
		Gold: []Gold{
			{ID: "acme", Text: "Works at Acme", Keys: []string{"acme"}},
			{ID: "globex", Text: "Works at Globex", Keys: []string{"globex"}},
			{ID: "veg", Text: "Is vegetarian", Keys: []string{"vegetarian"}},
			{ID: "dog", Text: "Has a dog named Pip", Keys: []string{"pip"}},
		},
		Corrections: []Correction{{Old: "acme", New: "globex"}},
		Traps:       []Trap{{Keys: []string{"pip"}, Owner: []string{"dog"}}},
		FollowUps:   []FollowUp{{Text: "dinner?", Gold: "veg"}, {Text: "work?", Gold: "globex"}},
	}
	mem := func(text string, st memory.Status) memory.Memory { return memory.Memory{Text: text, Status: st} }
	tests := []struct {
		name   string
		out    PersonaOutcome
		check  func(PersonaResult) bool
		expect string
	}{
		{"superseded", PersonaOutcome{Memories: []memory.Memory{mem("Works at Acme", memory.StatusSuperseded), mem("Works at Globex", memory.StatusActive)}},
			func(r PersonaResult) bool { return r.Corrected == 1 && r.GoldFound == 2 && r.Correct == 2 }, "corrected, two gold found"},
		{"both active", PersonaOutcome{Memories: []memory.Memory{mem("Works at Acme", memory.StatusActive), mem("Works at Globex", memory.StatusActive)}},
			func(r PersonaResult) bool { return r.Corrected == 0 }, "not corrected"},
		{"updated in place", PersonaOutcome{Memories: []memory.Memory{{Text: "Works at Globex", Status: memory.StatusActive, History: []memory.Version{{Text: "Works at Acme"}}}}},
			func(r PersonaResult) bool { return r.Corrected == 1 && r.GoldFound == 2 }, "corrected through history"},
		{"new only", PersonaOutcome{Memories: []memory.Memory{mem("Works at Globex", memory.StatusActive)}},
			func(r PersonaResult) bool { return r.Corrected == 0 }, "not corrected: the old version was never stored"},
		{"trap and junk", PersonaOutcome{Memories: []memory.Memory{mem("Name is Pip", memory.StatusActive), mem("Likes rain", memory.StatusActive)}},
			func(r PersonaResult) bool { return r.WrongOwner == 1 && r.Correct == 1 && r.Stored == 2 }, "one wrong owner, one unmatched"},
		{"duplicates", PersonaOutcome{Memories: []memory.Memory{mem("Is vegetarian", memory.StatusActive), mem("Vegetarian", memory.StatusActive), mem("I am vegetarian", memory.StatusSuperseded)}},
			func(r PersonaResult) bool { return r.Duplicates == 1 }, "one duplicate (the superseded one does not count)"},
		{"follow-ups", PersonaOutcome{Injected: [][]memory.Memory{{mem("Is vegetarian", memory.StatusActive)}, {mem("Works at Acme", memory.StatusActive)}}},
			func(r PersonaResult) bool { return r.Answered == 1 && strings.Join(r.Unanswered, ",") == "work?" }, "the first answered"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := ScorePersona(p, tt.out)
			if !tt.check(r) {
				t.Errorf("want %s, got %+v", tt.expect, r)
			}
			if r.UserMessages != 2 || r.Gold != 4 || r.FollowUps != 2 {
				t.Errorf("tallies = %+v", r.Counts)
			}
		})
	}
}

func TestLoadPersonasRejects(t *testing.T) {
	ok := `{"id":"p","language":"en","name":"P","sessions":[{"time":"2025-01-01T10:00:00Z","turns":[{"user":"hi"}]}],
"gold":[{"id":"g","text":"Is vegan","kind":"preference","keys":["vegan"]}],"followups":[{"text":"dinner?","gold":"g"}]`
	tests := []struct{ name, doc, want string }{
		{"format", `{"format":"x","personas":[]}`, "format"},
		{"kind", strings.Replace(ok, `"preference"`, `"habit"`, 1) + `}`, "kind"},
		{"no keys", strings.Replace(ok, `"keys":["vegan"]`, `"keys":[]`, 1) + `}`, "keys"},
		{"follow-up gold", strings.Replace(ok, `"gold":"g"`, `"gold":"x"`, 1) + `}`, "follow-up"},
		{"correction", ok + `,"corrections":[{"old":"g","new":"h"}]}`, "correction"},
		{"language", strings.Replace(ok, `"en"`, `"fr"`, 1) + `}`, "language"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := tt.doc
			if !strings.HasPrefix(doc, `{"format"`) {
				doc = `{"format":"membot-personas/1","name":"t","personas":[` + doc + `]}`
			}
			_, err := LoadPersonas(strings.NewReader(doc))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error = %v, want one naming %q", err, tt.want)
			}
		})
	}
	if _, err := LoadPersonas(strings.NewReader(`{"format":"membot-personas/1","name":"t","personas":[` + ok + `}]}`)); err != nil {
		t.Errorf("a valid set is rejected: %v", err)
	}
}
