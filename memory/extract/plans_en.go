package extract

import (
	"regexp"
	"strconv"
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

// enPlanOpeners are the words a chat note opens with before naming its
// plan ("update:", "WAIT", "anyway"), and the polite or familiar words set
// off by a comma ("Please, my exam is on 14 May", "Boss, …").
const enPlanOpeners = `(?:(?:oh|so|and|also|update|anyway|btw|wait|ok|okay|omg|right)[,:!]?|` + enAddressWords + `[,:!])\s+`

// enAddressWords open a message politely or by addressing the reader, in
// the English of West Africa, India and elsewhere; the memory leaves them
// out.
const enAddressWords = `(?:please|pls|boss|chale|oya|abeg|ei|eh|ah)`

// enAddressOpener is one of enAddressWords opening a sentence.
var enAddressOpener = regexp.MustCompile(`(?i)^` + enAddressWords + `[,:!]\s+`)

// enWeekdayWord is a weekday, written out or cut short ("thurs",
// "weds").
const enWeekdayWord = `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)`

// enPlanNouns are the words naming a plan that can be booked or moved.
const enPlanNouns = `talk|party|appointment|appt|physical|check-?up|exam|test|interview|flight|fitting|operation|op|surgery|scan|concert|gig|match|meeting|wedding|trip|booking|class|lesson|viva|defen[cs]e|checkride|hearing|slot|session|check|tournament|tourney|lan|christening|ceremony|recital|graduation|audition|conference|workshop|race|marathon|shoot|reunion|midterm|midterms|final|finals|quiz|presentation|dentist|doctor|gp|physio|optician|haircut|sat|ielts|toefl|gre|gmat|lsat|mcat|cruise|holiday|vacation|getaway`

// enPlanMovedRules are the English rules of a plan moved to a new date.
var enPlanMovedRules = []lifeRule{
	{regexp.MustCompile(`(?i)\b(?:move[ds]?|push(?:ed)?\s+back|put\s+back|br(?:ing|ought)\s+forward|rescheduled?|shift(?:ed)?|bump(?:ed)?|changed?)\s+(?:my|our|the)\s+((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `|date))\s+(?:to|till|until|for)\s+(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enMovedPlan(m[1], m[2], ref)
	}},
	// "they pushed my dot physical back a week to april twenty first".
	{regexp.MustCompile(`(?i)\b(?:push(?:ed)?|put|mov(?:e|ed)|bump(?:ed)?|br(?:ing|ought))\s+(?:my|our|the)\s+((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `))\s+(?:back|forward|up|on)\s+(?:(?:a|one|two|three|\d)\s+(?:days?|weeks?|fortnight|months?)\s+)?(?:to|till|until)\s+(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enMovedPlan(m[1], m[2], ref)
	}},
	{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `))\s+(?:has\s+been\s+|got\s+|was\s+|is\s+)?(?:moved|pushed(?:\s+back)?|put\s+back|brought\s+forward|rescheduled|shifted|bumped|changed|(?-i:move))\b[^.;!]*?(?:\b(?:to|till|until)\s+|,?\s+(?:now\s+)?(?:it'?s|its|is)\s+(?:in\s+|on\s+)?|\bso\s+(?:it'?s|its)\s+|,?\s+new\s+date(?:\s+is)?\s+)(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enMovedPlan(m[1], m[2], ref)
	}},
}

// enMovedItRule is a plan moved as "it", named earlier in the message:
// "A change of plans for the wedding. … they have moved it to the 12th
// of September instead".
var enMovedItRule = regexp.MustCompile(`(?i)\b(?:moved|pushed|put|bumped|changed|shifted|rescheduled)\s+(?:it|that)\s+(?:back\s+|forward\s+)?(?:to|till|until)\s+(.+)$`)

// enPlanNamed is a plan noun named in a message.
var enPlanNamed = regexp.MustCompile(`(?i)\b(?:the|my|our|this|her|his)\s+((?:[\p{L}\p{N}'’-]+\s+){0,2}?(?:` + enPlanNouns + `))\b`)

// enMovedIt reads a plan moved as "it" against the plan the line names
// before.
func enMovedIt(line string, ref time.Time) (found, bool) {
	loc := enMovedItRule.FindStringSubmatchIndex(line)
	if loc == nil {
		return found{}, false
	}
	named := enPlanNamed.FindAllStringSubmatch(line[:loc[0]], -1)
	if len(named) == 0 {
		return found{}, false
	}
	plan := named[len(named)-1][1]
	return enMovedPlan(plan, line[loc[2]:loc[3]], ref)
}

// enBookedPlan is a plan typed as a note, without "I": "R hip
// replacement booked 2 Dec, Odstock", "cataract op scheduled for 14
// March", "MOT booked in for the 9th".
var enBookedPlan = lifeRule{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `|appt|replacement|mri|x-ray|check-?up|mot|service|dentist|hospital|consultation|jab|vaccine|procedure|biopsy|transplant|[\p{L}]*scopy|[\p{L}]*ectomy|[\p{L}]*plasty))\s+(?:is\s+|was\s+|has\s+been\s+|now\s+)?(?:booked|scheduled|set|confirmed|arranged|fixed)[,:]?\s+(?:in\s+)?(?:for\s+)?(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSpace(m[1])
	if enOthersPlan.MatchString(plan) {
		return found{}, false
	}
	when, ok := text.ResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) || !validObject(plan) {
		return found{}, false
	}
	return enNotedPlan(sentence, plan, when, 0.85, ". "), true
}}

// enBookedFor is anything booked for a day, the people or the thing
// booked named as the note says it: "Shearers are booked for Monday 21
// September", "the sweep's booked in for the 9th".
var enBookedFor = lifeRule{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}'’-]+\s+){0,2}?[\p{L}'’-]+)(?:\s+(?:are|is|were|was|have\s+been|has\s+been|got)|'s|'re)\s+booked\s+(?:in\s+)?(?:for|on)\s+(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	what := strings.TrimSpace(m[1])
	when, ok := text.ResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) || !oneDay(when) || enOthersPlan.MatchString(what) || !validObject(what) || enAuthorIn.MatchString(what) {
		return found{}, false
	}
	return enNotedPlan(sentence, what, when, 0.8, ".!? "), true
}}

// enNotedPlan is the plan a note names, kept as the note says it without
// its opening filler ("btw", "anyway") and without the closing marks
// trailing.
func enNotedPlan(sentence, plan string, when text.Span, confidence float64, trailing string) found {
	t := upperFirst(strings.TrimRight(enLeadFiller.ReplaceAllString(enAddressOpener.ReplaceAllString(strings.TrimSpace(sentence), ""), ""), trailing))
	return found{text: t, typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: confidence,
		event: when, object: plan, terms: []string{plan, "plan"}}
}

// enPlanIsOn is a plan named and dated without "I": "school lan
// tournament is friday dec 5th!!", "the recital's on the 14th".
var enPlanIsOn = lifeRule{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `))(?:\s+is|'s|\s+will\s+be|\s+falls)\s+(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSpace(m[1])
	if enOthersPlan.MatchString(plan) || !validObject(plan) {
		return found{}, false
	}
	when, ok := text.ResolveDate(m[2], ref)
	at := strings.Index(m[2], when.Phrase)
	if !ok || when.Start.Before(dayStart(ref)) || at < 0 || !enPlanIsOnLead.MatchString(m[2][:at]) {
		return found{}, false
	}
	return enNotedPlan(sentence, plan, when, 0.8, ".!? "), true
}}

// enPlanIsOnLead is what may stand between "is" and the plan's date:

// enThereIsPlan is a plan said to be on, that the author is in: "theres a
// lan tourney at the rec center march 14 me and the squad signed up".
var enThereIsPlan = lifeRule{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*there(?:'s|’s|s|\s+is)\s+(?:a|an|the|this|my|our)\s+((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `))\b(.+)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSpace(m[1])
	when, ok := text.ResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) || !validObject(plan) || !enAuthorIn.MatchString(m[2]) {
		return found{}, false
	}
	return enNotedPlan(sentence, plan, when, 0.8, ".!? "), true
}}

// enAuthorIn is the author taking part in what a sentence names: "me and
// the squad signed up", "we're going", "I'm in".
var enAuthorIn = regexp.MustCompile(`(?i)\b(?:me|i|i'm|im|we|we're|were|us|my|our)\b`)

// "is now on", "is still", a weekday before the date; not "is not".
var enPlanIsOnLead = regexp.MustCompile(`(?i)^(?:now\s+|still\s+|also\s+)?(?:on\s+)?(?:` + enWeekdayWord + `\.?,?\s+(?:the\s+)?)?$`)

// enPlanNote is a plan typed as a note, its date right after it: "chem
// midterm oct 16 😭", "dentist appt tues 10th".
var enPlanNote = lifeRule{regexp.MustCompile(`(?i)^(?:` + enPlanOpeners + `)*(?:the\s+|my\s+|our\s+)?((?:[\p{L}\p{N}'’-]+\s+){0,3}?(?:` + enPlanNouns + `|appt|dentist|doctors?))\s+((?:on\s+)?(?:` + enWeekdayWord + `\.?,?\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|the\s+\d{1,2}(?:st|nd|rd|th)|next\s+\w+).*)$`), func(m []string, sentence string, ref time.Time) (found, bool) {
	plan := strings.TrimSpace(m[1])
	if enOthersPlan.MatchString(plan) || !validObject(plan) || enPlanOff.MatchString(m[2]) {
		return found{}, false
	}
	when, ok := text.ResolveDate(m[2], ref)
	if !ok || when.Start.Before(dayStart(ref)) {
		return found{}, false
	}
	return enNotedPlan(sentence, plan, when, 0.8, ".!? "), true
}}

// enPlanOff says a plan noted is off, not on ("exam 4th Oct nahi ho
// payega").
var enPlanOff = regexp.MustCompile(`(?i)\b(?:not|nahi|nahin|cancell?ed|off|won'?t|isn'?t|no\s+longer|postponed|moved|never)\b`)

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
	if i := strings.Index(strings.ToLower(rest), strings.ToLower(strings.TrimPrefix(when.Phrase, "to "))); i < 0 || !enBeforeNewDate.MatchString(rest[:i]) && !enNewDateLead.MatchString(rest[:i]) {
		return found{}, false // "the doctor moved to Leeds in March": a place, then a date
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

// enBeforeNewDate is what may come between a move and the new date:
// nothing, "the", "on", a weekday ("tue 21 apr").
var enBeforeNewDate = regexp.MustCompile(`(?i)^(?:(?:on|the|this|next|a)\s+)*(?:` + enWeekdayWord + `\.?,?\s+(?:the\s+)?)?$`)

// enNewDateLead ends the words before a new date said later in the
// sentence: "…, now its april 25", "… moved it to the 12th".
var enNewDateLead = regexp.MustCompile(`(?i)(?:\bto|\bits|\bit'?s|\bnow|\bis|\bon|\bfor)\s+(?:(?:on|the|this|next|a)\s+)*(?:` + enWeekdayWord + `\.?,?\s+(?:the\s+)?)?$`)

// digitRuns are the numbers written in figures in a text.
var digitRuns = regexp.MustCompile(`\d+`)

// withCalendarDate writes the day of an English plan into its text when
// the words do not say it in figures ("parkrun tomorrow", "my physical is
// april fourteenth"): the memory still reads right once "tomorrow" has
// passed, a search for "April 14" finds it, and a move of the plan
// rewrites the day (movedPlanText). Chinese plans are written
// with their date already.
func withCalendarDate(t string, f found) string {
	day := f.event.Start
	if f.typ != memory.TypeEvent || day.IsZero() || hasHan(t) || !f.event.End.Equal(day.AddDate(0, 0, 1)) {
		return t
	}
	for _, n := range digitRuns.FindAllString(t, -1) {
		if d, err := strconv.Atoi(n); err == nil && d == day.Day() {
			return t // "march 14", "the 14th": said in figures
		}
	}
	return strings.TrimRight(t, " .!") + " (" + enDay(day) + ")"
}
