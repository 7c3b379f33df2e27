package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// What people say about themselves in passing, in English, beside the
// rules of enLife and enRoutine: a trade said without an article ("I'm
// cabin crew with a regional airline", "electrician here"), a business
// they run, the home they rent, where they are based, an allergy said as
// a noun ("I have a bad nut allergy"), a condition with its qualifier
// ("red-green colourblind"), a named diet, not drinking, a pastime said
// with where it happens, animals they keep, and a spelling they want.

// enTrade are job nouns that name an occupation on their own.
const enTrade = `(?:cabin\s+crew|ground\s+crew|crew|bar\s+staff|kitchen\s+staff|staff|support\s+worker|care\s+worker|electrician|plumber|carpenter|joiner|builder|mechanic|postman|postwoman|postie|firefighter|paramedic|midwife|florist|vet|farmer|baker|butcher|hairdresser|barber|cleaner|carer|courier|journalist|photographer|translator|receptionist|gardener|landscaper|decorator|welder|surveyor|optician|physio|physiotherapist|radiographer|flight\s+attendant|stewardess|steward|police\s+officer|soldier|sailor|fisherman|roofer|locksmith|tailor|librarian|accountant|nurse|teacher|doctor|engineer|developer|designer|programmer|chef|barista|pharmacist|dentist|lawyer|solicitor|architect|bus\s+driver|lorry\s+driver|taxi\s+driver|truck\s+driver|social\s+worker|shop\s+assistant|web\s+developer)`

// enTradeRole is a trade with up to two words before it ("retired
// postman", "self-employed electrician").
const enTradeRole = `((?:[\p{L}-]+\s+){0,2}?` + enTrade + `)s?\b`

// enNotRoleLead rejects words before a trade that make it no statement
// of the author's job ("I'm glad the plumber", "I'm not a nurse").
var enNotRoleLead = regexp.MustCompile(`(?i)\b(?:the|my|your|his|her|our|their|not|no|glad|happy|sure|sorry|waiting|seeing|calling|meeting|like|with|for|to|about|married|engaged|dating)\b`)

// enMassRole are trades said without an article ("Works as cabin crew").
var enMassRole = regexp.MustCompile(`(?i)\b(?:crew|staff)$`)

// enSelf are the English rules of this file, run after enLife and
// enRoutine.
var enSelf = []lifeRule{
	// "I'm cabin crew with a regional airline", "I'm 71, a retired postman".
	// With an article and no age before it, the identity rule of
	// enPatterns reads it ("I'm a nurse" → "Is a nurse").
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:(\d{1,3})\s*,\s*)?(an?\s+)?` + enTradeRole + `(?:\s+(with|at|for|in)\s+(.+))?`), func(m []string, _ string, _ time.Time) (found, bool) {
		if m[2] != "" && m[1] == "" {
			return found{}, false
		}
		f, ok := enTradeJob(m[3], m[4], m[5])
		if m[2] != "" {
			f.text = "Is " + strings.TrimPrefix(f.text, "Works as ")
		}
		return f, ok
	}},
	// "electrician here, need a hand": a trade introducing the speaker.
	{regexp.MustCompile(`(?i)^(?:an?\s+)?` + enTradeRole + `\s+here\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enTradeJob(m[1], "", "")
	}},
	// "I run a little florist shop in North Hobart".
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:now|still|also)\s+)?(run|own|manage)\s+((?:an?|my\s+own|our\s+own|the)\s+(?:[\p{L}'&-]+\s+){0,3}?(?:shop|store|business|caf[eé]|restaurant|bakery|salon|studio|practice|pub|bar|farm|company|firm|agency|clinic|garage|gallery|stall|nursery|kennels|workshop|boutique|bookshop|hotel|b&b))\b((?:\s+(?:in|on|at)\s+(?-i:\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?))?)`), func(m []string, _ string, _ time.Time) (found, bool) {
		verb := map[string]string{"run": "Runs", "own": "Owns", "manage": "Manages"}[strings.ToLower(m[1])]
		f, ok := enFact(verb+" "+enMyTheir.ReplaceAllString(strings.TrimSpace(m[2]+m[3]), "their"), subject.Employer, strings.TrimSpace(m[2]))
		f.terms = append(f.terms, "job", "work")
		return f, ok
	}},
	// "I'm working at a garden centre now".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:(?:now|currently|still)\s+)?working\s+(?:at|for)\s+(.+)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		where := trimObject(enTimeTail.ReplaceAllString(enClauseEnd.ReplaceAllString(m[1], ""), ""))
		if !validObject(where) || enNotEmployer.MatchString(where) {
			return found{}, false
		}
		f, ok := enFact("Works at "+where, subject.Employer, where)
		f.terms = append(f.terms, "job", "work")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I rent a top floor flat in Dennistoun": the home names the town.
	{regexp.MustCompile(`(?i)\b(?:I|we)\s+(?:now\s+|still\s+|currently\s+)?(rent|own|share|live\s+in)\s+((?:an?|the|my|our)\s+(?:[\p{L}'-]+\s+){0,3}?(?:flat|house|apartment|cottage|bungalow|terrace|condo|place|houseboat|studio))\s+(in|near)\s+((?-i:\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		verb := map[string]string{"rent": "Rents", "own": "Owns", "share": "Shares", "live in": "Lives in"}[strings.Join(strings.Fields(strings.ToLower(m[1])), " ")]
		f, ok := enFact(verb+" "+m[2]+" "+strings.ToLower(m[3])+" "+m[4], subject.Residence, m[4])
		f.terms = append(f.terms, "home", "lives")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// Where a move led: "we've ended up in Shawlands", "settled near Hull".
	{regexp.MustCompile(`(?i)(?:^|\b(?:I|we)(?:'ve|\s+have)?\s+)(?:now\s+|finally\s+|just\s+|eventually\s+)?(?:ended\s+up|settled(?:\s+in)?|wound\s+up)\s+(in|near)\s+((?-i:\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if enVisit.MatchString(sentence) {
			return found{}, false // "we ended up in Bath for the weekend"
		}
		return changed(enFact("Lives "+strings.ToLower(m[1])+" "+m[2], subject.Residence, m[2]))
	}},
	// "based at Dublin airport", "I'm based out of the Leeds office".
	{regexp.MustCompile(`(?i)\b(?:based\s+(?:at|out\s+of)|(?:work|working|fly|flying|operate|operating)\s+out\s+of)\s+((?:the\s+)?(?-i:\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?)(?:\s+(?:airport|station|office|hospital|base|depot|branch|site|campus|store))?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enFact("Is based at "+m[1], subject.WorkBase, m[1])
		f.terms = append(f.terms, "work", "base")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I have a proper sesame allergy", "I'm severely allergic to nuts".
	{regexp.MustCompile(`(?i)\bI(?:\s+have|'ve\s+got|\s+have\s+got|\s+got)\s+(?:an?\s+|my\s+)?((?:(?:really|very|quite|pretty|proper|severe|serious|bad|mild|real|nasty|life[- ]threatening|deadly|slight|terrible|strong)\s+)*)((?:[\p{L}-]+\s+)?[\p{L}-]+)\s+allerg(?:y|ies)\b|\bI(?:'m|\s+am)\s+((?:severely|seriously|very|really|quite|badly|mildly|deathly|highly)\s+)allergic\s+to\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := strings.ToLower(trimObject(enClauseEnd.ReplaceAllString(m[2]+m[4], "")))
		if enNotAllergen.MatchString(what) {
			return found{}, false
		}
		t := "Is allergic to " + what
		if q := strings.TrimSpace(strings.ToLower(m[1])); q != "" {
			t = "Has a " + q + " " + what + " allergy"
		}
		if q := strings.TrimSpace(strings.ToLower(m[3])); q != "" {
			t = "Is " + q + " allergic to " + what
		}
		if enEpiPen.MatchString(sentence) {
			t += " and carries an EpiPen"
		}
		f, ok := enFact(t, subject.AllergyPrefix+what, what)
		f.terms = append(f.terms, "allergy", "allergic", "过敏")
		return f, ok
	}},
	// "I'm red-green colourblind", "I'm partially sighted".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+((?:red[- ]green\s+|partially\s+|totally\s+|slightly\s+|completely\s+)?(?:colou?r[- ]?blind|short[- ]sighted|long[- ]sighted|sighted|deaf|diabetic|asthmatic|epileptic|anaemic|anemic|dyslexic|coeliac|celiac))\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		cond := strings.ToLower(m[1])
		f, ok := enFact("Is "+cond, subject.HealthPrefix+enHead(cond), cond)
		f.terms = append(f.terms, "health", "健康")
		return f, ok
	}},
	// "I have the atrial fibrillation", "I was diagnosed with Crohn's".
	{regexp.MustCompile(`(?i)\bI(?:\s+have|'ve\s+got|\s+have\s+got|\s+suffer\s+from|\s+was\s+diagnosed\s+with|\s+live\s+with)\s+(?:the\s+)?(atrial\s+fibrillation|afib|a\s+pacemaker|copd|angina|psoriasis|crohn'?s(?:\s+disease)?|colitis|fibromyalgia|lupus|multiple\s+sclerosis|parkinson'?s|endometriosis|pcos|sleep\s+apno?ea|hay\s+fever|glaucoma|osteoporosis|high\s+cholesterol|an?\s+(?:underactive|overactive)\s+thyroid|an?\s+(?:kidney|lung|thyroid|skin)\s+condition|long\s+covid|chronic\s+fatigue)\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		cond := strings.Join(strings.Fields(strings.ToLower(m[1])), " ")
		f, ok := enFact("Has "+cond, subject.HealthPrefix+enHead(cond), cond)
		f.terms = append(f.terms, "health", "健康")
		return f, ok
	}},
	// "I eat meat again": a diet undone.
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)?\s+(?:now\s+)?(?:eat|eating|have|having)\s+` + enDietObject + `\s+again\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := strings.Join(strings.Fields(strings.ToLower(m[1])), " ")
		f, ok := changed(enFact("Eats "+obj+" again", subject.Diet, obj))
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		return f, ok
	}},
	// "I've got a girlfriend now, Mia": a relationship begun.
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:got|have|found)\s+(?:myself\s+)?an?\s+(?:new\s+)?(girlfriend|boyfriend|partner)(?:\s+now)?(?:,?\s+(?:called\s+|named\s+|she'?s\s+called\s+|he'?s\s+called\s+)?((?-i:\p{Lu}\p{Ll}+)))?`), func(m []string, sentence string, _ time.Time) (found, bool) {
		t := "Has a " + strings.ToLower(m[1])
		if m[2] != "" {
			t += ", " + m[2]
		}
		f, ok := enFact(t, subject.Relationship, strings.ToLower(m[1]))
		f.terms = append(f.terms, "partner", "relationship", m[2])
		f.change = enChanged(sentence) || strings.Contains(strings.ToLower(sentence), "new")
		return f, ok
	}},
	// "I'm on the low FODMAP diet".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+(?:now\s+|currently\s+|strictly\s+)?on\s+(?:an?|the|my)\s+((?:[\p{L}-]+\s+){0,2}?)diet\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := strings.TrimSpace(m[1])
		f, ok := enFact(strings.TrimSpace("Is on a "+what+" diet"), subject.Diet, firstNonEmpty(what, "diet"))
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "it's really just onion and garlic I can't have", "I can't eat gluten".
	{regexp.MustCompile(`(?i)\bit'?s\s+(?:really\s+|only\s+|actually\s+)?(?:just\s+)?([\p{L}][\p{L} ,-]{1,40}?)\s+(?:that\s+)?I\s+(?:can'?t|cannot)\s+(?:have|eat|tolerate)\b|\bI\s+(?:can'?t|cannot)\s+(?:have|eat|tolerate|digest)\s+(.+)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := trimObject(enClauseEnd.ReplaceAllString(enForNow.ReplaceAllString(m[1]+m[2], ""), ""))
		if !validObject(what) || enNotFood.MatchString(what) {
			return found{}, false
		}
		key := enHead(what)
		if enChanged(sentence) {
			key = subject.Diet // a correction of what they eat
		}
		f, ok := enFact("Can't have "+what, key, what)
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "been sober three years", "I'm teetotal", "I don't drink".
	{regexp.MustCompile(`(?i)(?:^|\bI(?:'ve|\s+have)\s+)been\s+sober\s+(?:for\s+)?((?:[\p{L}\d]+\s+){0,2}?(?:years?|months?|weeks?|days?))|\bI(?:'m|\s+am)\s+(?:now\s+)?(sober|teetotal|tee-?total|t-total|a\s+teetotaller)\b|\bI\s+(?:don'?t|do\s+not|never)\s+drink(?:\s+alcohol)?\s*(?:[,.;!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		t := "Does not drink alcohol"
		switch {
		case m[1] != "":
			t = "Has been sober for " + strings.ToLower(m[1]) + " and does not drink alcohol"
		case strings.EqualFold(m[2], "sober"):
			t = "Is sober and does not drink alcohol"
		case m[2] != "":
			t = "Is teetotal and does not drink alcohol"
		}
		f, ok := enFact(t, "alcohol", "alcohol")
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "drink", "alcohol", "sober", "酒")
		return f, ok
	}},
	// "I play bowls at the club on Wednesday nights".
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+|regularly\s+|usually\s+)?(play|practi[sc]e|do|sing)\s+((?:the\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?)\s+((?:at|in|with|for)\s+(?:the|a|an|my|our)\s+[\p{L}'-]+(?:\s+[\p{L}'-]+){0,2}?)(?:,\s*|\s+)((?:on\s+)?` + enWeekday + `s?(?:\s+(?:mornings?|afternoons?|evenings?|nights?))?|every\s+[\p{L}]+(?:\s+[\p{L}]+)?|(?:once|twice|\w+\s+times)\s+a\s+(?:week|month))\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		when := m[4]
		if !strings.HasPrefix(strings.ToLower(when), "on ") && enWeekdayStart.MatchString(when) {
			when = "on " + when
		}
		return enHobby([]string{m[0], m[1], m[2] + " " + m[3], when}, "", time.Time{})
	}},
	// "I play violin in the city orchestra": a pastime said by its group.
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+)?(play|sing)\s+((?:the\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?)\s+((?:in|with|for)\s+(?:the|a|an|my|our)\s+(?:[\p{L}'-]+\s+){0,3}?(?:orchestra|band|choir|team|club|group|league|ensemble|quartet|trio|side))\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enHobby([]string{m[0], m[1], m[2] + " " + m[3], ""}, "", time.Time{})
	}},
	// "I drink green tea, never coffee", "I only drink oat milk": a drink
	// said as a choice, not just drunk ("I drink water").
	{regexp.MustCompile(`(?i)\bI\s+(only\s+|mostly\s+|just\s+)?drink\s+([\p{L}][\p{L} -]{1,25}?)(?:,?\s+(never|not|no)\s+([\p{L}][\p{L} -]{1,20}?))?\s*(?:[.!;]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[2])
		if !validObject(obj) || enNotDrink.MatchString(obj) || m[1] == "" && m[3] == "" {
			return found{}, false
		}
		t := "Drinks " + obj
		if m[4] != "" {
			t += ", never " + trimObject(m[4])
		}
		return found{text: t, subject: firstNonEmpty(kindOf(obj), enHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj, "drink"}}, true
	}},
	// "these days I just swim lengths at the leisure centre".
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:now|just|mostly|usually|also|still|only|regularly)\s+)*(swim|run|cycle|jog|walk|row|climb|skate|surf)\s+((?:lengths|laps|miles|\d+\s*km?\s+)?\s*(?:at|in|on|along|around)\s+(?:the|a|my|our)\s+[\p{L}]+(?:\s+[\p{L}]+){0,2}|(?:lengths|laps)\b)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		verb := strings.ToLower(m[1])
		t := upperFirst(verb) + "s " + strings.Join(strings.Fields(m[2]), " ")
		return found{text: t, subject: exerciseKind, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: verb, terms: []string{verb, "exercise", "hobby", "爱好"}, change: enChanged(sentence)}, true
	}},
	// "we keep two beehives up the back of the garden".
	{regexp.MustCompile(`(?i)\b(?:I|we)\s+(?:also\s+|still\s+|now\s+)?keep\s+((?:\d+|a|an|two|three|four|five|six|a\s+few|some)\s+(?:[\p{L}-]+\s+)?(?:beehives|bee\s+hives|hives|bees|chickens|hens|ducks|goats|sheep|pigs|horses|ponies|alpacas|quail|rabbits|koi|an?\s+allotment))\b((?:\s+(?:in|at|on|up)\s+(?:the\s+|our\s+|my\s+)?[\p{L}]+(?:\s+(?:of\s+the\s+)?[\p{L}]+){0,2})?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := strings.TrimSpace(m[1])
		t := "Keeps " + what + enMyTheir.ReplaceAllString(m[2], "their")
		return found{text: t, subject: enHead(what), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "hobby", "爱好"}, change: enChanged(sentence)}, true
	}},
	// "Australian spelling please".
	{regexp.MustCompile(`(?i)\b(australian|british|uk|american|us|canadian|new\s+zealand|nz|indian|irish)\s+(?:english\s+)?spelling\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		v := m[1]
		if len(v) > 2 {
			v = upperFirst(strings.ToLower(v))
		} else {
			v = strings.ToUpper(v)
		}
		return styleFound("Wants "+v+" spelling", []string{"spelling"}, "spelling", "answers"), true
	}},
}

// enNotEmployer rejects what "I'm working at" takes that is no workplace
// ("working at it", "working at home").
var enNotEmployer = regexp.MustCompile(`(?i)^(?:it|this|that|home|my\s+desk|the\s+moment|a\s+loss)\b`)

// enNotDrink rejects what "I drink" takes that names no drink ("I drink
// a lot", "I drink too much").
var enNotDrink = regexp.MustCompile(`(?i)^(?:a\s+lot|too\s+much|lots|loads|more|less|socially|rarely|occasionally|sometimes|it|that|this|everything|anything)\b`)

// enWeekday is a day of the week.
const enWeekday = `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend)`

// enWeekdayStart is a time phrase that opens on a day of the week.
var enWeekdayStart = regexp.MustCompile(`(?i)^` + enWeekday)

// enVisit marks a stay, not a home ("for the weekend", "on holiday").
var enVisit = regexp.MustCompile(`(?i)\bfor\s+(?:the|a)\s+(?:night|weekend|day|week)\b|\bon\s+holiday\b|\bhospital\b|\bhotel\b`)

// enNotAllergen rejects what "I have a … allergy" takes that names no
// allergen ("I have an allergy").
var enNotAllergen = regexp.MustCompile(`(?i)^(?:an?|the|my|some|food|bad|real|this|that)$`)

// enNotFood rejects what "I can't have" takes that is no food ("I can't
// have that conversation", "I can't have it both ways").
var enNotFood = regexp.MustCompile(`(?i)^(?:it|that|this|them|one|any|another|kids|children|pets|a\s+dog|a\s+cat|visitors|guests|people|time|that\s+conversation|more|too\s+much)\b`)

// enEpiPen marks an allergy serious enough to carry adrenaline.
var enEpiPen = regexp.MustCompile(`(?i)\bepi-?pens?\b|\badrenaline\s+pen\b|\bauto-?injector\b`)

// enTradeJob builds the job of "I'm cabin crew with a regional airline".
func enTradeJob(role, prep, place string) (found, bool) {
	role = strings.Join(strings.Fields(role), " ")
	words := strings.Fields(role)
	if len(words) > 1 && enNotRoleLead.MatchString(strings.Join(words[:len(words)-1], " ")) {
		return found{}, false
	}
	t := "Works as " + article(role)
	if enMassRole.MatchString(role) {
		t = "Works as " + role
	}
	key := subject.Occupation
	if place = trimObject(enClauseEnd.ReplaceAllString(place, "")); place != "" && validObject(place) {
		t += " " + strings.ToLower(prep) + " " + place
		if !strings.EqualFold(prep, "in") {
			key = subject.Employer
		}
	}
	f, ok := enFact(t, key, role)
	f.terms = append(f.terms, "job", "work")
	return f, ok
}

// enLiveHere is "I live here", whose place another sentence of the
// message names ("Did my rounds around Hexham for years and I still live
// here").
var enLiveHere = regexp.MustCompile(`(?i)\bI\s+(?:still\s+|now\s+)?live\s+here\b|\bI(?:'ve|\s+have)\s+lived\s+here\b`)

// enHerePlace is a place named in a message, after its preposition.
var enHerePlace = regexp.MustCompile(`\b(in|around|near|at|from|to)\s+(\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?)`)

// enAlone is living on one's own.
var enAlone = regexp.MustCompile(`(?i)\b(?:on\s+my\s+own|alone|by\s+myself)\b`)

// enLivesHere reads where "I live here" is, from the place the message
// names before it.
func enLivesHere(line string) (found, bool) {
	loc := enLiveHere.FindStringIndex(line)
	if loc == nil || hasHan(line) {
		return found{}, false
	}
	// A place one came from is where one does not live ("I came from
	// Stuttgart in 2022… I live here"), unless no other is named.
	var place, from string
	for _, m := range enHerePlace.FindAllStringSubmatch(line[:loc[0]], -1) {
		switch {
		case enNotNewName.MatchString(m[2]):
		case m[1] == "from":
			from = m[2]
		default:
			place = m[2]
		}
	}
	if place == "" {
		place = from
	}
	if place == "" {
		return found{}, false
	}
	t := "Lives in " + place
	if enAlone.MatchString(line[loc[0]:]) {
		t = "Lives alone in " + place
	}
	f, ok := enFact(t, subject.Residence, place)
	f.terms = append(f.terms, "home", "lives")
	return f, ok
}
