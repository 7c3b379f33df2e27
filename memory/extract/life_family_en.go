package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// The people of a life as English speakers bring them up: a relative
// named once and then "she"/"he" ("My niece Ella stayed over. She's mad
// about ponies."), a contraction for "is" ("my son Leo's into chess"),
// a birthday said without "my" ("mum's birthday is …"), an anniversary
// "on" a date, a friend's dated occasion ("my friend Sam's wedding is in
// York on 3 May") and a trip someone takes them on.

// enFemale and enMale are the relations "she" and "he" can stand for.
var (
	enFemale = regexp.MustCompile(`(?i)^(?:wife|girlfriend|daughter|granddaughter|mom|mum|mother|sister|niece|aunt|auntie|grandma|grandmother|stepdaughter|stepmum)$`)
	enMale   = regexp.MustCompile(`(?i)^(?:husband|boyfriend|son|grandson|dad|father|brother|nephew|uncle|grandpa|grandfather|stepson|stepdad)$`)
)

// enRelative is a mention of a relative, with the name when given: "my
// niece Ella", "mum's" opening a sentence.
var enRelative = regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?\b|^` + enFamily + `'s\b`)

// enPronounSubject is "she"/"he" opening a sentence or a clause, before a
// verb, as the one who is described.
var enPronounSubject = regexp.MustCompile(`(?i)(^|[.!;,]\s+|\s+and\s+)(she|he)('s|\s+is|\s+loves|\s+likes|\s+has|\s+hates|\s+works|\s+lives|\s+turns|\s+plays)\b`)

// enResolvePronouns replaces "she"/"he" in a line with the relative the
// line named before it, when the relation fits the pronoun: the rules
// about family members then see who is meant. A line that names no
// relative is returned as it is.
func enResolvePronouns(line string) string {
	if hasHan(line) {
		return line
	}
	var out strings.Builder
	rest, who, rel := line, "", ""
	for {
		p := enPronounSubject.FindStringSubmatchIndex(rest)
		if p == nil {
			out.WriteString(rest)
			return out.String()
		}
		for _, m := range enRelative.FindAllStringSubmatch(rest[:p[4]], -1) {
			rel, who = firstNonEmpty(m[1], m[3]), m[2]
		}
		pron := strings.ToLower(rest[p[4]:p[5]])
		fits := rel != "" && (pron == "she" && !enMale.MatchString(rel) || pron == "he" && !enFemale.MatchString(rel))
		out.WriteString(rest[:p[4]])
		if fits {
			out.WriteString(strings.TrimSpace("my " + strings.ToLower(rel) + " " + who))
		} else {
			out.WriteString(rest[p[4]:p[5]])
		}
		rest = rest[p[5]:]
	}
}

// enFamilyIs is a relative described with "'s" for "is": "my son Leo's
// into chess", "my sister's a nurse".
var enFamilyIs = regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]*)))?'s\s+((?:really\s+|so\s+|totally\s+|absolutely\s+)?(?:mad\s+about|crazy\s+about|obsessed\s+with|into|an?|the|allergic|getting|going|off|retired|vegan|vegetarian|\d{1,3})\b.+)`)

// enFamilyLife are the rules of this file.
var enFamilyLife = []lifeRule{
	{enFamilyIs, func(m []string, sentence string, ref time.Time) (found, bool) {
		return enFamilyFact([]string{m[0], m[1], m[2], "is " + m[3]}, sentence, ref)
	}},
	// "mum's birthday is 9 September".
	{regexp.MustCompile(`(?i)^` + enFamily + `'s\s+birthday\s+is\s+(?:on\s+)?(.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enDate([]string{m[0], m[1], strings.TrimSuffix(trimObject(m[2]), " as well"), "", ""}, sentence, ref)
	}},
	// "our anniversary is on 2 May", "my wedding anniversary on the 14th".
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+((?:wedding\s+)?anniversary)(?:\s+(?:is|was|falls|would\s+have\s+been))?\s+on\s+(.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		return enDate([]string{m[0], "", "", m[1], m[2]}, sentence, ref)
	}},
	// "my mate Sam's stag do is in York on 3 May".
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+(mate|friend|best\s+friend|pal|colleague|boss|neighbou?r|flatmate|housemate|` + strings.Trim(enFamily, "()") + `)\s+((?-i:\p{Lu}[\p{L}]+))'s\s+((?:[\p{L}-]+\s+){0,2}?(?:wedding|stag(?:\s+do|\s+party)?|hen(?:\s+do|\s+party)?|party|funeral|graduation|christening|leaving\s+do|retirement\s+do|housewarming|barbecue|bbq|gig|concert))\s+is\s+(.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		rest := enClauseEnd.ReplaceAllString(m[4], "")
		when, ok := text.ResolveDate(rest, ref)
		if !ok || when.Start.Before(dayStart(ref)) {
			return found{}, false
		}
		where := trimObject(enBeforeDate(rest, when.Phrase))
		what := strings.ToLower(strings.Join(strings.Fields(m[1]), " ")) + " " + m[2] + "'s " + strings.ToLower(strings.TrimSpace(m[3]))
		t := strings.Join(strings.Fields("Going to "+what+" "+where), " ") + " on " + when.Start.Format("2006-01-02")
		return found{text: t, subject: strings.ToLower(strings.TrimSpace(m[3])), typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
			importance: 0.6, confidence: 0.9, event: when, object: what, terms: []string{m[2], strings.TrimSpace(m[3]), "plan"}}, true
	}},
	// "our Jo is taking me to Skye for a week from 4 June".
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+(?:` + enFamily + `\s+)?((?-i:\p{Lu}[\p{L}]+))?\s*(?:is|'s|are)\s+taking\s+(?:me|us)\s+(?:to|on)\s+(.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		when, ok := text.ResolveDate(m[3], ref)
		if !ok || when.Start.Before(dayStart(ref)) {
			return found{}, false
		}
		where := trimObject(enBeforeDate(m[3], when.Phrase))
		who := strings.TrimSpace(strings.ToLower(m[1]) + " " + m[2])
		if !validObject(where) || who == "" {
			return found{}, false
		}
		t := "Going to " + where + " with " + who + " from " + when.Start.Format("2006-01-02")
		return found{text: t, subject: "trip", typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary,
			importance: 0.6, confidence: 0.9, event: when, object: where, terms: nonEmpty(m[1], m[2], "trip", "plan")}, true
	}},
}

// enDateLead is what comes before a date in a phrase: its preposition
// and article ("in York on the").
var enDateLead = regexp.MustCompile(`(?i)(?:\s+(?:on|in|at|by|for|from|between|of))?(?:\s+the)?\s*$`)

// enBeforeDate is s up to the date phrase, without the date's
// preposition ("in York on the 3rd of May" → "in York").
func enBeforeDate(s, phrase string) string {
	if i := strings.Index(s, phrase); i >= 0 {
		s = s[:i]
	}
	return enDateLead.ReplaceAllString(s, "")
}

// enFamilyFact builds what is said about a relative: m[1] the relation,
// m[2] the name, m[3] what is said. Dated, it is their plan: "my sister
// Jess is visiting next weekend" is kept until then.
func enFamilyFact(m []string, _ string, ref time.Time) (found, bool) {
	rest := trimObject(enClauseEnd.ReplaceAllString(m[3], ""))
	rel, _ := subject.Relation(strings.ToLower(m[1]))
	who := upperFirst(strings.ToLower(m[1]))
	if m[2] != "" {
		who += " " + m[2]
	}
	if when, ok := text.ResolveDate(rest, ref); ok {
		if when.Start.Before(dayStart(ref)) {
			return found{}, false // a past doing of theirs
		}
		i := strings.Index(rest, when.Phrase)
		what := strings.Join(strings.Fields(enBeforeDate(rest, when.Phrase)+" "+rest[i+len(when.Phrase):]), " ")
		if !validObject(what) {
			return found{}, false
		}
		return found{text: who + " " + what + " on " + when.Start.Format("2006-01-02"), subject: subject.FamilyPrefix + rel,
			typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.9, event: when,
			object: what, terms: nonEmpty(m[1], m[2], "plan")}, true
	}
	return lifeOf(who+" "+rest, subject.FamilyPrefix+rel, nonEmpty(m[1], m[2], rest)...)
}
