package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// Chat typed in a hurry drops everything but the noun: "icu nurse btw.
// salford royal", "lorry driver, on the road mon-fri", "veggie. always
// have been", "type 2 diabetic". A fragment that opens the sentence on a
// trade, a diet or a condition, and is no phrase of someone else's ("my
// nurse", "retired teacher"), is taken as the writer's own.

// enFragmentTrade is a trade a fragment may name, beside enTrade.
const enFragmentTrade = `(?:nurse|doctor|gp|driver|teacher|electrician|sparky|plumber|chef|cook|carer|midwife|paramedic|engineer|developer|programmer|accountant|auditor|lawyer|solicitor|cleaner|farmer|builder|joiner|chippy|mechanic|barista|receptionist|pharmacist|vet|firefighter|postman|postie|porter|cabbie|courier|welder|roofer|painter|decorator|hairdresser|butcher|baker)`

// enFragments are the rules of self-descriptions typed as fragments.
var enFragments = []lifeRule{
	enShiftFragment, enBookedPlan, enBookedFor, enPlanIsOn, enThereIsPlan, enPlanNote, enPetNote,
	{regexp.MustCompile(`(?i)^(?:(?:and|also|oh)\s+)?((?:[\p{L}&/-]+\s+){0,2}(?:` + enTrade + `|` + enFragmentTrade + `))(?:\s+(?:at|for|with)\s+(?-i:(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*){0,2})))?(?:\s+(?:btw|here|by\s+trade|tbh|fyi))?\s*(?:[,.;:]\s*(.*))?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		role := strings.ToLower(strings.TrimSpace(m[1]))
		if enNotTradeLead.MatchString(role) {
			return found{}, false
		}
		t := "Works as " + article(role)
		if m[2] != "" {
			t += " at " + m[2] // "embedded fw engineer at Hexwell, based in Rotterdam"
		}
		if rest := strings.TrimSpace(m[3]); rest != "" && len(rest) < 60 && !isQuestion(rest) {
			t += ", " + rest
		}
		f, ok := enFact(strings.TrimRight(t, ". "), subject.Occupation, role)
		f.confidence = 0.8
		return f, ok
	}},
	{regexp.MustCompile(`(?i)^(?:(?:and|also|oh|so)\s+)?(veggie|vegetarian|vegan|pescatarian|pescetarian)(?:\s+(?:era|now|life|gang|these\s+days|btw|lol|tho|tbh)\b)*\s*(?:[,.;:!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		diet := strings.ToLower(m[1])
		if diet == "veggie" {
			diet = "vegetarian"
		}
		return enFact("Is "+diet, subject.Diet, diet)
	}},
	{regexp.MustCompile(`(?i)^(?:(?:and|also|oh)\s+)?(lactose[\s-]+intolerant|coeliac|celiac|asthmatic|epileptic|(?:type\s+(?:1|2|one|two)\s+|pre-?)?diab\w*tic)(?:\s+(?:btw|fyi|lol|tbh|here|too|as\s+well))*\s*(?:[,.;:!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		cond := strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(m[1], "-", " ")), " "))
		cond = enDiabetic.ReplaceAllString(cond, "diabetic")
		f, ok := enFact("Is "+cond, subject.HealthPrefix+cond, cond)
		f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
		f.terms = append(f.terms, "health", "健康")
		return f, ok
	}},
	// A new employer said as joining it: "jumping ship, joining Grab's
	// finance team next month", "I'm starting at Lidl on Monday".
	{regexp.MustCompile(`(?:^|\b(?i:I'm|I\s+am|im)\s+|[,;]\s*)(?i:(?:(?:now|finally|officially)\s+)?(?:joining|starting\s+(?:at|with)|going\s+to\s+work\s+(?:at|for)|(?:got|accepted|took)\s+(?:a|the)\s+(?:job|offer|position|role)\s+(?:at|with)))\s+(\p{Lu}[\p{L}&.'’-]*(?:\s+\p{Lu}[\p{L}&.'’-]*){0,3})`), func(m []string, sentence string, _ time.Time) (found, bool) {
		org := strings.TrimSuffix(strings.TrimSuffix(m[1], "'s"), "’s")
		if !validObject(org) || enNotNewName.MatchString(org) {
			return found{}, false
		}
		return changed(enFact("Works at "+org, subject.Employer, org))
	}},
	// Where one studies, as a fragment: "freshman at ut austin", "2nd
	// year at Leeds", "pre-med bio major".
	{regexp.MustCompile(`(?i)^(?:(?:and|also|so|oh)\s+)?(?:I'm\s+|im\s+|I\s+am\s+)?(?:a\s+)?((?:freshman|sophomore|junior|senior|first[- ]year|second[- ]year|third[- ]year|final[- ]year|[1-4](?:st|nd|rd|th)[- ]year|grad\s+student|phd\s+student|undergrad|masters\s+student)\s+(?:at|in)\s+[\p{L}\p{N}&.' -]{2,40}?)\s*(?:[,.;:!]|$|\s+(?:and|but|so|lol|btw)\b)`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(m[1])
		return enFact("Is a "+what, subject.School, what)
	}},
	{regexp.MustCompile(`(?i)^(?:(?:and|also|so|oh)\s+)?(?:I'm\s+|im\s+|I\s+am\s+)?(?:an?\s+)?((?:[\p{L}-]+\s+){1,3})major\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := strings.TrimSpace(m[1])
		if enNotMajor.MatchString(what) {
			return found{}, false
		}
		return enFact("Is a "+what+" major", "major", what)
	}},
	// A working life told in the past: "I was a primary school teacher
	// for thirty-four years … Retired now".
	{regexp.MustCompile(`(?i)\bI\s+was\s+an?\s+((?:[\p{L}-]+\s+){0,3}?` + enRoleHead + `)\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		role, rest := strings.TrimSpace(m[1]), m[2]
		if !enRetiredSaid.MatchString(sentence) || enOthersPlan.MatchString(role) {
			return found{}, false
		}
		// Retired when the message says so (enRetiredLine), else a job
		// held for years, maybe before another.
		t := "Was " + article(strings.ToLower(role))
		if enRetired.MatchString(sentence) {
			t = "Retired " + strings.ToLower(role)
		}
		if y := enYearsFor.FindString(rest); y != "" {
			t += ", " + strings.TrimSpace(y)
		}
		f, ok := enFact(t, subject.Occupation, role)
		f.terms = append(f.terms, "job", "work", "retired")
		return f, ok
	}},
	// A faith that rules what one eats: "im muslim so like no pork".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:a\s+)?(?:practising\s+|practicing\s+)?(muslim|jewish|hindu|sikh|jain|buddhist|seventh[- ]day\s+adventist)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		faith := upperFirst(strings.ToLower(m[1]))
		t := "Is " + faith
		if no := enFaithNo.FindStringSubmatch(sentence); no != nil {
			t += ", does not eat " + strings.ToLower(no[1]+no[2])
		}
		f, ok := enFact(t, "religion", faith)
		f.terms = append(f.terms, "diet", "halal", "religion")
		return f, ok
	}},
	// Saving for something: "saving up for a 5070, got like 280 saved".
	{regexp.MustCompile(`(?i)\b(?:I'm\s+|I\s+am\s+|im\s+|we're\s+)?(?:still\s+)?saving\s+(?:up\s+)?for\s+(?:an?\s+|my\s+|our\s+|the\s+)?([\p{L}\p{N}' -]{2,40}?)(?:\s+(?:i|I|we|so|but|and|cos|because|now|rn)\b|[,.;!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := trimObject(m[1])
		if !validObject(what) || enOtherPronounLead.MatchString(sentence) {
			return found{}, false
		}
		return found{text: "Saving up for " + article(what), subject: "savings", typ: memory.TypeObjective, lifecycle: memory.LifecycleTemporary,
			importance: 0.6, confidence: 0.8, object: what, terms: []string{what, "money", "saving"}}, true
	}},
	// "allergic to penicillin. divvent let us forget that".
	{regexp.MustCompile(`(?i)^(?:(?:and|also|oh|but|btw)\s+)?(?:(?:severely|badly|very|really|deathly|seriously)\s+)?allergic\s+to\s+(.+)$`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(m[1])
		return enFact("Is allergic to "+what, subject.AllergyPrefix+strings.ToLower(what), what)
	}},
}

// enNotMajor are the words before "major" that make no field of study
// ("a major", "the major").
var enNotMajor = regexp.MustCompile(`(?i)^(?:the|a|an|this|that|my|his|her|no|any|some|very|really|so)\b|\b(?:is|was|are|a|the)\s*$`)

// enFaithNo is the food a faith's sentence says is not eaten.
var enFaithNo = regexp.MustCompile(`(?i)\bno\s+(pork|beef|meat|alcohol)\b|\b(?:don'?t|do\s+not|never)\s+eat\s+(?:any\s+)?(pork|beef|meat)\b`)

// enShiftFragment is the hours one works typed without "I work": "is
// night shift, 4 nights in week", "on earlies this month".
var enShiftFragment = lifeRule{regexp.MustCompile(`(?i)^(?:(?:and|also|now)\s+)?(?:it'?s\s+|it\s+is\s+|is\s+|on\s+|all\s+|mostly\s+)?((?:the\s+)?(?:night|day|early|late|evening|morning|graveyard|rotating|split)\s+shifts?|shift\s+work)\b(.*)`), func(m []string, sentence string, ref time.Time) (found, bool) {
	if enShiftWorker.MatchString(m[2]) || enSomeoneElse.MatchString(m[2]) {
		return found{}, false // "night shift nurse was lovely", "it's night shift for him"
	}
	return enWorkPattern(m, sentence, ref)
}}

// enShiftWorker is a person a shift names ("the night shift nurse").
var enShiftWorker = regexp.MustCompile(`(?i)^\s*(?:nurse|nurses|manager|worker|workers|staff|team|lead|supervisor|doctor|doctors|crew|guy|guys|girl|bloke|lot|porter|security)\b`)

// enNotTradeLead is a fragment whose trade word is not the writer's:
// "my nurse", "the driver", "a doctor said".
var enNotTradeLead = regexp.MustCompile(`(?i)(?:^|\s)(?:my|the|a|an|his|her|their|our|your|this|that|hes|shes|he's|she's|he|she|they|they're|is|was|i|retired|former|ex|not|no|bus|taxi|delivery)\s`)

// enDiabetic is "diabetic" as typed in a hurry ("diabeetic").
var enDiabetic = regexp.MustCompile(`diab\w*tic`)
