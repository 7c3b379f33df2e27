package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// pattern is one regular expression and what its match means.
type pattern struct {
	re    *regexp.Regexp
	build func(m []string, sentence string, ref time.Time) (found, bool)
}

// firstMatch returns what the first matching pattern builds.
func firstMatch(ps []pattern, clause, sentence string, ref time.Time) (found, bool) {
	for _, p := range ps {
		m := p.re.FindStringSubmatch(clause)
		if m == nil {
			continue
		}
		if f, ok := p.build(m, sentence, ref); ok {
			return f, true
		}
	}
	return found{}, false
}

// enAdverbs are the words allowed between "I" and the verb.
const enAdverbs = `(?:(?:really|also|still|now|absolutely|totally|truly|actually|definitely|genuinely|mostly|generally|usually|do|just|kind of|kinda|honestly|personally|much|very much)\s+)*`

// enPreferenceVerbs turns the matched verb into the memory's verb.
var enPreferenceVerbs = map[string]string{
	"like": "Likes", "love": "Loves", "prefer": "Prefers", "enjoy": "Enjoys", "adore": "Adores",
}

// enPatterns are tried in order on each English clause.
var enPatterns = []pattern{
	{regexp.MustCompile(`(?i)\bI\s+` + enAdverbs + `(hate|dislike|detest|can'?t stand|cannot stand|can'?t abide|cannot abide|don'?t like|do not like|don'?t enjoy|do not enjoy|no longer like|no longer enjoy|don'?t care for)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enPreference(m[2], "Dislikes", true)
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:not|no longer)\s+(?:a\s+(?:big\s+)?fan\s+of|into)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enPreference(m[1], "Dislikes", true)
	}},
	{regexp.MustCompile(`(?i)\bmy\s+fav(?:ou?rite)?\s+([a-z][a-z ]{0,30}?)\s+(?:is|are)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[2])
		if !validObject(obj) {
			return found{}, false
		}
		subj := strings.ToLower(strings.TrimSpace(m[1]))
		return found{text: "Favourite " + subj + " is " + obj, subject: subj, typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.9, object: obj, terms: []string{subj, obj}}, true
	}},
	{regexp.MustCompile(`(?i)\bI\s+` + enAdverbs + `(like|love|prefer|enjoy|adore)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enPreference(m[2], enPreferenceVerbs[strings.ToLower(m[1])], false)
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:a\s+(?:big\s+|huge\s+)?fan\s+of|(?:really\s+)?into|obsessed\s+with|passionate\s+about)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enPreference(m[1], "Is a fan of", false)
	}},
	{regexp.MustCompile(`(?i)\b(?:my\s+name\s+is|my\s+name's|call\s+me)\s+([\p{L}][\p{L}\p{N}.' -]{0,39})`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := trimObject(enNameTail.ReplaceAllString(m[1], ""))
		return enFact("Name is "+name, "name", name)
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(\d{1,3})\s+years?\s+old\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Is "+m[1]+" years old", "age", m[1])
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+allergic\s+to\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Is allergic to "+trimObject(m[1]), subject.AllergyPrefix+strings.ToLower(trimObject(m[1])), trimObject(m[1]))
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:originally\s+)?from\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Is from "+trimObject(m[1]), "hometown", trimObject(m[1]))
	}},
	{regexp.MustCompile(`(?i)\b(?:I|we)\s+(?:now\s+|currently\s+|still\s+)?(?:live|am\s+living|'m\s+living|are\s+living|'re\s+living|(?:just\s+|recently\s+)?moved|relocated)\s+(?:in|to)\s+(.+)|\b(?:I(?:'m|\s+am)|we(?:'re|\s+are))\s+(?:(?:now|actually|currently|still)\s+)*based\s+in\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		place := trimObject(m[1] + m[2])
		if enNotPlace.MatchString(place) {
			return found{}, false
		}
		return enFact("Lives in "+place, "residence", place)
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:now|currently|also|still)\s+)*work\s+(?:(?:weekends|weekdays|nights|evenings|shifts|part[- ]time|full[- ]time|remotely)\s+)?(?:at|for|in)\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Works at "+trimObject(m[1]), "employer", trimObject(m[1]))
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:now|currently|also|still)\s+)*work\s+as\s+(?:an?\s+)?(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		role := trimObject(m[1])
		return enFact("Works as "+article(role), workKey(role), role)
	}},
	// A job said by what it is done ("I teach maths at a school") or by its
	// start ("I just started as a sous chef at a bistro").
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:now|currently|also|still)\s+)*teach\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(m[1])
		if strings.HasPrefix(strings.ToLower(what), "myself") {
			return found{}, false
		}
		f, ok := enFact("Teaches "+what, workKey(what), what)
		f.terms = append(f.terms, "teacher", "job")
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?started\s+(?:work\s+|working\s+)?as\s+(?:an?\s+)?(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		role := trimObject(m[1])
		return enFact("Works as "+article(role), workKey(role), role)
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:(?:good|great|fluent|proficient|experienced|skilled|an?\s+expert)\s+(?:at|in|with))\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enSkill("Is good at "+trimObject(m[1]), trimObject(m[1]))
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:can|know\s+how\s+to)\s+(speak|code|program|play|cook|drive|swim|draw|paint|sing|dance|ski|surf|knit)\b\s*(.*)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[2])
		return enSkill(strings.TrimSpace("Can "+strings.ToLower(m[1])+" "+obj), firstNonEmpty(obj, strings.ToLower(m[1])))
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:mainly|mostly|always|only|still|now|currently|usually)\s+)?use\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[1])
		key := subject.ToolOf(obj)
		if key == "" || !validObject(obj) {
			return found{}, false // only a known tool is a lasting choice
		}
		return found{text: "Uses " + obj, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj}, keyed: true}, true
	}},
	{regexp.MustCompile(`(?i)\bI\s+speak\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enSkill("Speaks "+trimObject(m[1]), "languages")
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:currently\s+|now\s+)?learning\s+(.+)|\bI\s+want\s+to\s+(?:learn|master|get\s+better\s+at)\s+(.+)|\bmy\s+goal\s+is\s+(?:to\s+)?(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(m[1] + m[2] + m[3])
		if !validObject(obj) {
			return found{}, false
		}
		text := "Is learning " + obj
		if m[3] != "" {
			text = "Goal: " + obj
		}
		return found{text: text, subject: enHead(obj), typ: memory.TypeObjective, lifecycle: memory.LifecycleFact,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj}}, true
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:an?)\s+(.+)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		obj := trimObject(m[1])
		if enNotIdentity.MatchString(obj) || enHearsaySelf.MatchString(sentence) {
			return found{}, false
		}
		key := subject.Identity
		if enWorkplace.MatchString(obj) && enRoleWord.MatchString(obj) {
			key = subject.Employer // "I'm an accountant at Northwind" says where they work
		}
		return enFact("Is "+article(obj), key, obj)
	}},
	// Plans, the household's too ("we're flying to Lima on May 3", "we go
	// on tour to Oslo from June 2", "I have my driving test next Friday").
	// A dated sign-up is a plan too ("I signed up for a 10k in mid-May").
	{regexp.MustCompile(`(?i)\b(?:I|we)(?:'ve|\s+have)?\s+(signed\s+up\s+for|registered\s+for|booked)\s+(.+)`), enPlan},
	{regexp.MustCompile(`(?i)\b(?:I(?:'m|\s+am)|we(?:'re|\s+are)|I\s+are)\s+(going\s+to|gonna|planning\s+to|about\s+to|flying\s+to|leaving\s+for|travell?ing\s+to|heading\s+to|visiting|meeting|moving\s+to|starting|planning\s+(?:a|our)\s+(?:trip|holiday|vacation|visit)\s+to|going\s+on\s+(?:a\s+|our\s+)?(?:trip|tour|holiday|vacation|honeymoon)\s+to|off\s+to|driving\s+to)\s+(.+)|\bI(?:'ll|\s+will|\s+have\s+to|'ve\s+got\s+to|\s+need\s+to|\s+must)\s+(.+)|\bI\s+(?:have|'ve\s+got)\s+((?:an?|my|the|our)\s+.+)|\bwe(?:'ll|\s+will)?\s+(?:go|fly|travel|head|leave)\s+(?:on\s+(?:a\s+|our\s+)?(tour|trip|holiday|vacation)\s+)?(?:to|for)\s+(.+)`), enPlan},
}

// enNameTail is what a name typed without a stop runs on into: "my name
// is dorothy I am eighty one".
var enNameTail = regexp.MustCompile(`(?i)\s+(?:I|I'm|im|and|but|from|here|btw|lol|I\s+am|aged?|who|the)\b.*$`)

// enNotPlace rejects what "live in" takes in an idiom ("we live in hope").
var enNotPlace = regexp.MustCompile(`(?i)^(?:hope|fear|denial|peace|the\s+(?:moment|past|present|now)|a\s+(?:bubble|dream))\b`)

// enWorkplace marks a role said together with where it is held ("at
// Northwind", "for the whole site").
var enWorkplace = regexp.MustCompile(`(?i)\s(?:at|for)\s+\S`)

// enRoleWord is a job title's head word: "I'm now operations manager"
// states a role even without an article.
var enRoleWord = regexp.MustCompile(`(?i)\b` + enRoleHead + `\b`)

// enRoleHead is the pattern of a job title's head word.
const enRoleHead = `(?:manager|engineer|lead|director|developer|designer|analyst|teacher|nurse|doctor|consultant|officer|head|chief|supervisor|assistant|accountant|lawyer|solicitor|architect|scientist|researcher|editor|writer|chef|cook|owner|founder|vp|president|ceo|cto|cfo|coo|coordinator|specialist|administrator|technician|programmer|intern|clerk|cashier|barista|waiter|waitress|driver|pilot|pharmacist|dentist|therapist|professor|lecturer|tutor|student|auditor|headmistress|headmaster|conductor|postmaster|miner|fisherman|soldier|policeman|` + enFragmentTrade + `)s?`

// workKey is the subject of a job statement: one that names where the
// job is held is about the employer (a change of employer ends it), a bare
// role is the occupation.
func workKey(role string) string {
	if enWorkplace.MatchString(role) {
		return subject.Employer
	}
	return subject.Occupation
}

// enHearsaySelf is someone else's word on what the writer is ("the
// instructor says I'm a natural", "my kids think I'm a dinosaur"): their
// opinion, not an identity.
var enHearsaySelf = regexp.MustCompile(`(?i)\b(?:says|said|say|thinks|think|thought|reckons|reckon|claims|jokes|told\s+me|tells\s+me|calls\s+me)\s+(?:that\s+)?I(?:'m|\s+am)\s+an?\b`)

// enNotIdentity rejects "I'm a bit tired" and similar non-identities.
var enNotIdentity = regexp.MustCompile(`(?i)^(?:bit|little|lot|fan|huge|big fan|bot|robot)\b`)

// enRule applies the English patterns.
func enRule(clause, sentence string, ref time.Time) (found, bool) {
	if hasHan(clause) {
		return found{}, false
	}
	return firstMatch(enPatterns, clause, sentence, ref)
}

// enPreference builds a like or dislike.
func enPreference(object, verb string, negative bool) (found, bool) {
	obj := trimObject(object)
	if !validObject(obj) || strings.HasPrefix(strings.ToLower(obj), "you ") {
		return found{}, false
	}
	key := subject.ToolOf(obj)
	return found{text: verb + " " + obj, subject: firstNonEmpty(key, enHead(obj)), typ: memory.TypePreference,
		lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.9,
		object: obj, negative: negative, terms: []string{obj}, keyed: key != ""}, true
}

// enFact builds a fact about the author.
func enFact(text, subject, object string) (found, bool) {
	if !validObject(object) {
		return found{}, false
	}
	return found{text: text, subject: subject, typ: memory.TypeFact, lifecycle: memory.LifecycleFact,
		importance: 0.7, confidence: 0.9, object: object, terms: []string{object}, keyed: true}, true
}

// enSkill builds a skill.
func enSkill(text, object string) (found, bool) {
	if !validObject(object) {
		return found{}, false
	}
	return found{text: text, subject: enHead(object), typ: memory.TypeSkill, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: object, terms: []string{object}}, true
}

// enPlanVerbs maps the matched plan verb to the memory's wording.
var enPlanVerbs = map[string]string{
	"going to": "Going to", "gonna": "Going to", "planning to": "Plans to", "about to": "About to",
	"flying to": "Flying to", "leaving for": "Leaving for", "traveling to": "Traveling to",
	"travelling to": "Travelling to", "heading to": "Heading to", "visiting": "Visiting",
	"meeting": "Meeting", "moving to": "Moving to", "starting": "Starting",
	"signed up for": "Signed up for", "registered for": "Registered for",
	"booked": "Booked",
}

// enPlan builds a dated plan; without a date a plan is too vague to keep.
func enPlan(m []string, sentence string, ref time.Time) (found, bool) {
	// The plan's own clause dates it before the rest of the sentence does:
	// "the twins turn 7 next month and we've booked the soft play for
	// Saturday 7th March".
	when, ok := text.ResolveDate(m[0], ref)
	if !ok {
		when, ok = text.ResolveDate(sentence, ref)
	}
	if !ok || when.Start.Before(dayStart(ref)) || enEvery.MatchString(m[0]) {
		return found{}, false // "I have the kids every other weekend" is a routine, not a plan
	}
	var verb, rest string
	typ := memory.TypeEvent
	switch {
	case m[1] != "":
		v := strings.ToLower(strings.Join(strings.Fields(m[1]), " "))
		verb = enPlanVerbs[v]
		switch {
		case verb != "":
		case strings.HasPrefix(v, "planning"):
			verb = "Planning a trip to"
		case strings.HasPrefix(v, "going on"):
			verb = "Going on a " + strings.Fields(v)[len(strings.Fields(v))-2] + " to"
		default:
			verb = "Going to"
		}
		rest = m[2]
	case m[3] != "":
		verb, rest, typ = "Will", m[3], memory.TypeTask
	case m[4] != "":
		verb, rest = "Has", article(enOwnLead.ReplaceAllString(m[4], ""))
	case m[5] != "":
		verb, rest = "Going on a "+strings.ToLower(m[5])+" to", m[6]
	default:
		verb, rest = "Going to", m[6]
	}
	span := false
	if i := strings.Index(rest, when.Phrase); i >= 0 {
		head, tail := rest[:i], rest[i+len(when.Phrase):]
		if loc := enWeekdayBefore.FindStringIndex(head); loc != nil {
			head = head[:loc[0]] + " on " // "on Saturday 7th March": the date says the day
		}
		switch loc := enSpanLead.FindStringIndex(head); {
		case enRangeLead.MatchString(head):
			span = true // "from 12 to 14 June": the range stays in the text
		case loc == nil && enTheLead.MatchString(head):
			rest = enTheLead.ReplaceAllString(head, "") + tail // "on the 3rd of May"
		case loc != nil && isSpan(head[loc[0]:]):
			// "Oslo from June 2 to June 9": the span stays in the text and
			// the event lasts until its end.
			span = true
			if end, ok := text.ResolveDate(tail, ref); ok && end.End.After(when.End) {
				when.End = end.End
			}
		case loc != nil:
			// "Lima on May 3 for a wedding": the date's preposition goes too.
			rest = head[:loc[0]] + tail
		default:
			rest = head + tail
		}
	}
	if enNotPlan.MatchString(rest) {
		return found{}, false
	}
	rest = trimObject(enPlanAside.ReplaceAllString(rest, ""))
	rest = strings.Join(strings.Fields(rest), " ")
	if !validObject(rest) {
		return found{}, false
	}
	text := verb + " " + rest + " " + enWhen(when)
	if span {
		text = verb + " " + rest
	}
	return found{text: text, subject: enHead(rest), typ: typ, lifecycle: memory.LifecycleTemporary,
		importance: 0.6, confidence: 0.9, event: when, object: rest, terms: []string{rest, "plan"}}, true
}

// enWeekdayBefore is a weekday said just before a plan's date.
var enWeekdayBefore = regexp.MustCompile(`(?i)\s+(?:on\s+|for\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun),?\s+(?:the\s+)?$`)

// enPlanAside is how the writer feels about a plan, said after it: "…
// on Saturday and I'm already stressed".
var enPlanAside = regexp.MustCompile(`(?i)\s+(?:and|but|so)\s+I(?:'m|\s+am|'ve|\s+have|\s+feel)\b.*$`)

// enEvery marks a routine ("every other weekend", "every Monday",
// "on Tuesday and Thursday mornings", "Saturday afternoons", "on
// Fridays"): a day named in it is when the routine comes round, not the
// date of a plan.
var enEvery = regexp.MustCompile(`(?i)\bevery\s+(?:other\s+|single\s+)?[\p{L}]+|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+(?:mornings|afternoons|evenings|nights|lunchtimes)\b|\b(?:on|most|some)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\s+and\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days\b`)

// enDay writes a plan's day as people write it, "June 20, 2026": the way
// the person reads it back in /memories and words a question about it.
func enDay(t time.Time) string { return t.Format("January 2, 2006") }

// enWhen dates a plan: its day, or the days of a part of a month
// ("between July 21, 2025 and July 31, 2025" for "the end of the month").
func enWhen(sp text.Span) string {
	last := sp.End.AddDate(0, 0, -1)
	if !last.After(sp.Start) || sp.End.After(sp.Start.AddDate(0, 0, 11)) {
		return "on " + enDay(sp.Start)
	}
	return "between " + enDay(sp.Start) + " and " + enDay(last)
}

// enOwnLead is "my", "the" or "our" before a planned thing: "I have my
// exam on Monday" is kept as "Has an exam on …".
var enOwnLead = regexp.MustCompile(`(?i)^(?:my|the|our)\s+`)

// enSpanLead is the preposition right before a date: "on", "in", … or
// "from"/"between", which start a span the event's date stands for.
var enSpanLead = regexp.MustCompile(`(?i)\s+(?:on|in|at|by|for|from|between)\s*$`)

// enRangeLead is the start of a range of days before the date that ends
// it: "from 12 to", "12-".
var enRangeLead = regexp.MustCompile(`(?i)\b(?:from\s+)?(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s*(?:to|until|till|-|–)\s*(?:the\s+)?$`)

// enTheLead is a date's preposition with its article: "on the".
var enTheLead = regexp.MustCompile(`(?i)\s+(?:on|in|at|by|for|from)\s+the\s*$`)

// isSpan reports whether a date's preposition starts a span.
func isSpan(lead string) bool {
	l := strings.ToLower(strings.TrimSpace(lead))
	return l == "from" || l == "between"
}

// enNotPlan rejects what "I have …" says that is no plan ("I have a
// feeling it will rain tomorrow").
var enNotPlan = regexp.MustCompile(`(?i)^(?:(?:an?|the|my)\s+)?(?:feeling|hunch|sense|impression|idea|question|headache|cold)\b`)

// enStop cuts a noun phrase before its modifiers.
var enStop = regexp.MustCompile(`(?i)\s+(?:in|on|at|for|with|over|than|when|because|if|from|by|during|instead)\s+.*$`)

// enHead is the head word of a noun phrase: its last word before any
// prepositional tail ("minimalist design in websites" → "design").
func enHead(s string) string {
	s = strings.ToLower(enStop.ReplaceAllString(s, ""))
	words := strings.Fields(s)
	if len(words) == 0 {
		return ""
	}
	return strings.Trim(words[len(words)-1], ".,!'\"")
}

// article prefixes a countable role with "a"/"an" unless it has one.
func article(s string) string {
	l := strings.ToLower(s)
	if strings.HasPrefix(l, "a ") || strings.HasPrefix(l, "an ") || strings.HasPrefix(l, "the ") {
		return s
	}
	if l != "" && strings.ContainsRune("aeiou", rune(l[0])) {
		return "an " + s
	}
	return "a " + s
}

// firstNonEmpty returns the first non-empty string.
func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// dayStart is midnight of t's day.
func dayStart(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}
