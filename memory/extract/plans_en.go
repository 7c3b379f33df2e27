package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// A plan is often moved by someone else, and said so without "I": "the
// organisers moved my talk to June 18", "Specsavers have moved my
// appointment to the 28th", "party moved, it's sunday 15th now". The new
// date is the author's plan all the same, and a change of the plan it
// names: kept as "<plan> moved to <date>", it shares the plan's words,
// which is how reconciliation finds the plan it replaces.

// enPlanNouns are the words naming a plan that can be booked or moved.
const enPlanNouns = `talk|party|appointment|exam|test|interview|flight|fitting|operation|op|surgery|scan|concert|gig|match|meeting|wedding|trip|booking|class|lesson|viva|defen[cs]e|checkride|hearing|slot|session`

// enPlanMovedRules are the English rules of a plan moved to a new date.
var enPlanMovedRules = []lifeRule{
	{regexp.MustCompile(`(?i)\b(?:moved|pushed\s+back|put\s+back|brought\s+forward|rescheduled|shifted|bumped|changed)\s+(?:my|our|the)\s+((?:[\p{L}'’-]+\s+){0,3}?(?:` + enPlanNouns + `|date))\s+(?:to|till|until|for)\s+(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enMovedPlan(m[1], m[2], ref)
	}},
	{regexp.MustCompile(`(?i)^(?:(?:oh|so|and|also|update)[,:]?\s+)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}'’-]+\s+){0,3}?(?:` + enPlanNouns + `))\s+(?:has\s+been\s+|got\s+|was\s+|is\s+)?(?:moved|pushed\s+back|put\s+back|brought\s+forward|rescheduled|shifted|bumped)\b[^.;!]*?(?:\b(?:to|till|until)\s+|,\s*(?:it'?s|its)\s+|\bso\s+(?:it'?s|its)\s+)(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enMovedPlan(m[1], m[2], ref)
	}},
}

// enBookedPlan is a plan typed as a note, without "I": "R hip
// replacement booked 2 Dec, Odstock", "cataract op scheduled for 14
// March", "MOT booked in for the 9th".
var enBookedPlan = lifeRule{regexp.MustCompile(`(?i)^(?:(?:oh|so|and|also|update)[,:]?\s+)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}'’-]+\s+){0,3}?(?:` + enPlanNouns + `|appt|replacement|mri|x-ray|check-?up|mot|service|dentist|hospital|consultation|jab|vaccine|procedure|biopsy|transplant|[\p{L}]*scopy|[\p{L}]*ectomy|[\p{L}]*plasty))\s+(?:is\s+|was\s+|has\s+been\s+|now\s+)?(?:booked|scheduled|set|confirmed|arranged|fixed)\s+(?:in\s+)?(?:for\s+)?(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSpace(m[1])
	if enOthersPlan.MatchString(plan) {
		return found{}, false
	}
	when, ok := text.ResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) || !validObject(plan) {
		return found{}, false
	}
	t := upperFirst(strings.TrimRight(strings.TrimSpace(sentence), ". "))
	return found{text: t, typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.85,
		event: when, object: plan, terms: []string{plan, "plan"}}, true
}}

// enOthersPlan is a plan of someone else's ("sister's flight").
var enOthersPlan = regexp.MustCompile(`(?i)\b[\p{L}]+'s\b|\b(?:his|her|their|mum|mom|dad|sister|brother|wife|husband|son|daughter|friend|boss)\b`)

// enMovedPlan builds "<plan> moved to <date>" when the words after the
// plan name a date.
func enMovedPlan(plan, rest string, ref time.Time) (found, bool) {
	if enOthersPlan.MatchString(plan) {
		return found{}, false
	}
	when, ok := text.ResolveDate("to "+rest, ref)
	if !ok || when.Start.Before(dayStart(ref)) {
		return found{}, false
	}
	plan = strings.TrimSpace(plan)
	if !validObject(plan) {
		return found{}, false
	}
	phrase := strings.TrimSpace(strings.TrimPrefix(when.Phrase, "to "))
	t := upperFirst(strings.ToLower(plan)) + " moved to " + phrase
	return found{text: t, typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.85,
		event: when, object: plan, terms: []string{plan, "plan"}, change: true}, true
}
