package extract_test

import (
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

// Offline, a plan put off ends the plan it names, even by one word of it
// and with other dates than it, and not a memory that only mentions the
// plan's place; the plan's own words carry the new day. A chat particle
// shared with a memory ties nothing to it.
func TestOfflinePlanMovedEndsThePlan(t *testing.T) {
	tests := []struct {
		name        string
		first, then string
		active      []string // terms the plan's active memory holds
		gone        string   // a term no active memory may hold
		kept        string   // a term of a memory that must stay active
	}{
		{"a word of the plan", "our club tourney is saturday april 4th, the whole squad is going",
			"the tourney got moved cos of the floods, its saturday april 18th now",
			[]string{"tourney", "april 18th"}, "april 4th", ""},
		{"a weekday and a day alone", "the 12 week scan is booked, tues 7th april at the hospital",
			"the hospital rang, they have to move the 12 wk scan to thurs 9th instead of the 7th",
			[]string{"12 week scan is booked", "thurs 9th"}, "tues", ""},
		{"the trip, not the allergy naming its place", "我跟老婆要去槟城玩，4月28号去，三天两夜，坐巴士去||我对花生过敏，去到槟城沙爹都不能吃",
			"plan change。槟城不去28号了，改5月11号，因为我女儿要考试",
			[]string{"槟城", "5月11号", "三天两夜"}, "4月28号", "花生过敏"},
		{"a particle is no topic", "医生讲我糖尿病，不可以喝太甜，现在我都喝kopi kosong lor",
			"现在嘴巴痒就想吃糖… 哦不对，不能吃糖 haha 吃饼干 lor",
			nil, "", "糖尿病"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true, atT0: true})
			ann := e.person("Ann")
			e.conv("console:dm")
			for i, line := range strings.Split(tt.first, "||") {
				e.say("console:dm", ann, i, line)
			}
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("first run: %v", err)
			}
			e.say("console:dm", ann, 10, tt.then)
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("second run: %v", err)
			}
			var active []string
			for _, m := range e.memories(ann.ID) {
				if m.Status == memory.StatusActive {
					active = append(active, m.Text)
				}
			}
			if tt.active != nil && !anyHoldsAll(active, tt.active) {
				t.Errorf("no active memory holds %q: %q", tt.active, active)
			}
			if tt.gone != "" && anyHoldsAll(active, []string{tt.gone}) {
				t.Errorf("an active memory still holds %q: %q", tt.gone, active)
			}
			if tt.kept != "" && !anyHoldsAll(active, []string{tt.kept}) {
				t.Errorf("the memory holding %q was ended: %q", tt.kept, active)
			}
		})
	}
}

// anyHoldsAll reports whether one of texts holds every term.
func anyHoldsAll(texts, terms []string) bool {
	for _, s := range texts {
		all := true
		for _, term := range terms {
			all = all && strings.Contains(strings.ToLower(s), strings.ToLower(term))
		}
		if all {
			return true
		}
	}
	return false
}
