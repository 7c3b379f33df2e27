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
// niece Ella", "mum's" opening a sentence, "and daughter Zosia" after
// another relative.
var enRelative = regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?\b|^` + enFamily + `'s\b|\band\s+` + enFamily + `\s+((?-i:\p{Lu}[\p{L}]+))\b`)

// enPronounSubject is "she"/"he" opening a sentence or a clause, before a
// verb, as the one who is described.
var enPronounSubject = regexp.MustCompile(`(?i)(?:^|[.!;,]\s+|\s+and\s+)(she|he)(?:'s|\s+is|\s+loves|\s+likes|\s+has|\s+hates|\s+works|\s+lives|\s+turns|\s+plays)\b`)

// enPronounOwner is "his"/"her" before a relation or a birthday: "his mum
// Magda", "her birthday".
var enPronounOwner = regexp.MustCompile(`(?i)\b(his|her)\s+(?:` + strings.Trim(enFamily, "()") + `|birthday)\b`)

// enPronounObject is "him"/"her" as the one a person has or looks after:
// "I have him every other weekend".
var enPronounObject = regexp.MustCompile(`(?i)\bI\s+(?:have|get|see|look\s+after|mind|pick\s+up)\s+(him|her)\b`)

// relative is a family member a pronoun may stand for.
type relative struct{ rel, name string }

// phrase is how the rules read the relative: "my son Leo".
func (r relative) phrase() string {
	return strings.TrimSpace("my " + strings.ToLower(r.rel) + " " + r.name)
}

// fits reports whether a pronoun can stand for r.
func (r relative) fits(pron string) bool {
	switch strings.ToLower(pron) {
	case "she", "her":
		return r.rel != "" && !enMale.MatchString(r.rel)
	case "he", "him", "his":
		return r.rel != "" && !enFemale.MatchString(r.rel)
	}
	return false
}

// enResolvePronouns replaces "she"/"he", "his"/"her" and "him" in a line
// with the relative named before it in the line, or else with before
// (the relative last spoken of), when the relation fits the pronoun: the
// rules about family members then see who is meant.
func enResolvePronouns(line string, before relative) string {
	if hasHan(line) {
		return line
	}
	for _, p := range []struct {
		re    *regexp.Regexp
		owner bool
	}{{enPronounSubject, false}, {enPronounOwner, true}, {enPronounObject, false}} {
		var out strings.Builder
		last := 0
		for _, loc := range p.re.FindAllStringSubmatchIndex(line, -1) {
			pron := line[loc[2]:loc[3]]
			r := lastRelative(line[:loc[2]], before)
			if !r.fits(pron) {
				continue
			}
			out.WriteString(line[last:loc[2]])
			out.WriteString(r.phrase())
			if p.owner {
				out.WriteString("'s")
			}
			last = loc[3]
		}
		out.WriteString(line[last:])
		line = out.String()
	}
	return line
}

// lastRelative is the last relative named in s, or before.
func lastRelative(s string, before relative) relative {
	r := before
	for _, m := range enRelative.FindAllStringSubmatch(s, -1) {
		r = relative{rel: firstNonEmpty(m[1], m[3], m[4]), name: firstNonEmpty(m[2], m[5])}
	}
	return r
}

// enRelativeText is the relative a family memory's text opens on ("Son
// Leo is into chess", "Has son Leo every other weekend").
var enRelativeText = regexp.MustCompile(`^(?:Has\s+)?(\p{L}+)(?:\s+(\p{Lu}\p{Ll}+))?\b`)

// relativeOf is the relative a memory on subject key with text t is about,
// when it is a family member's.
func relativeOf(key, t string) (relative, bool) {
	if !strings.HasPrefix(key, subject.FamilyPrefix) {
		return relative{}, false
	}
	m := enRelativeText.FindStringSubmatch(t)
	if m == nil {
		return relative{}, false
	}
	if _, ok := subject.Relation(strings.ToLower(m[1])); !ok {
		return relative{}, false
	}
	name := m[2]
	if enNotAName.MatchString(name) {
		name = ""
	}
	return relative{rel: strings.ToLower(m[1]), name: name}, true
}

// enFamilyIs is a relative described with "'s" for "is": "my son Leo's
// into chess", "my sister's a nurse".
var enFamilyIs = regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]*)))?'s\s+((?:really\s+|so\s+|totally\s+|absolutely\s+)?(?:mad\s+about|crazy\s+about|obsessed\s+with|into|an?|the|allergic|getting|going|off|retired|vegan|vegetarian|\d{1,3})\b.+)`)

// enFamilyLife are the rules of this file.
var enFamilyLife = []lifeRule{
	// "I have my son Leo every other weekend", "I look after the kids on
	// Wednesdays".
	{regexp.MustCompile(`(?i)\bI\s+(?:have|get|see|look\s+after|mind|pick\s+up)\s+(?:my|our|the)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?\s+(every\s+other\s+(?:weekend|week)|every\s+[\p{L}]+(?:\s+(?:morning|afternoon|evening|night)s?)?|on\s+[\p{L}]+days|alternate\s+weekends|(?:most|some)\s+weekends|half\s+the\s+week|during\s+the\s+(?:holidays|week))\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		rel, _ := subject.Relation(strings.ToLower(m[1]))
		who := strings.TrimSpace(strings.ToLower(m[1]) + " " + m[2])
		return lifeOf("Has "+who+" "+strings.ToLower(m[3]), subject.FamilyPrefix+rel, nonEmpty(m[1], m[2], "family")...)
	}},
	// "we have twin boys, Eli and Noah, they're 4", "the kids are Max, 9,
	// and Lily, 5".
	{regexp.MustCompile(`(?i)\b(?:I|we)\s+(?:have|'ve\s+got|have\s+got)\s+((?:twin|two|three|four)\s+(?:boys|girls|kids|children|sons|daughters)|twins|a\s+(?:son|daughter|boy|girl))(?:,\s*|\s+(?:called|named)\s+)((?-i:\p{Lu}\p{Ll}+)(?:,?\s+(?:and|&)\s+(?-i:\p{Lu}\p{Ll}+))?)(?:,?\s+(?:they'?re|they\s+are|aged|who\s+(?:are|is))\s+(\d{1,2}))?|\b(?:the|our|my)\s+(?:kids|children)\s+are\s+((?-i:\p{Lu}\p{Ll}+)(?:,\s*\d{1,2},?)?\s+(?:and|&)\s+(?-i:\p{Lu}\p{Ll}+)(?:,\s*\d{1,2})?)`), func(m []string, _ string, _ time.Time) (found, bool) {
		if m[4] != "" {
			kids := trimObject(m[4])
			return lifeOf("Kids are "+kids, subject.FamilyPrefix+"children", kids, "kids", "children")
		}
		t := "Has " + strings.ToLower(m[1]) + ", " + m[2]
		if m[3] != "" {
			t += ", aged " + m[3]
		}
		return lifeOf(t, subject.FamilyPrefix+"children", m[2], "kids", "children")
	}},
	// "my son Leo's mum Ana is a pharmacist": a relative's relative.
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?'s\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?(?:'s|\s+is)\s+(an?\s+.+|the\s+.+|into\s+.+|mad\s+about\s+.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		rel, _ := subject.Relation(strings.ToLower(m[1]))
		who := strings.TrimSpace(upperFirst(strings.ToLower(m[1])) + " " + m[2])
		other := strings.TrimSpace(strings.ToLower(m[3]) + " " + m[4])
		rest := trimObject(enClauseEnd.ReplaceAllString(m[5], ""))
		return lifeOf(who+"'s "+other+" is "+rest, subject.FamilyPrefix+rel, nonEmpty(m[1], m[2], m[3], m[4])...)
	}},
	// "my son Leo's birthday's 3 November".
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+((?-i:\p{Lu}[\p{L}]+)))?'s\s+birthday(?:'s|\s+is)\s+(?:on\s+)?(.+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		f, ok := enDate([]string{m[0], m[1], m[3], "", ""}, sentence, ref)
		if m[2] != "" {
			f.text = upperFirst(strings.ToLower(m[1])) + " " + m[2] + "'s" + strings.TrimPrefix(f.text, upperFirst(strings.ToLower(m[1]))+"'s")
			f.terms = append(f.terms, m[2])
		}
		return f, ok
	}},
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
		t := strings.Join(strings.Fields("Going to "+what+" "+where), " ") + " on " + enDay(when.Start)
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
		t := "Going to " + where + " with " + who + " from " + enDay(when.Start)
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

// enRelativeClauseEnd is enClauseEnd for what is said of a relative,
// where "as" names a job ("works as a translator") rather than a reason.
var enRelativeClauseEnd = regexp.MustCompile(`(?i)\s*(?:[,;(]|\s-\s|\s+(?:but|because|since|so|and\s+(?:I|it|now|he|she|they|we)|and\s+I'[a-z]+)\s).*$`)

// enFamilyFact builds what is said about a relative: m[1] the relation,
// m[2] the name, m[3] what is said. Dated, it is their plan: "my sister
// Jess is visiting next weekend" is kept until then.
func enFamilyFact(m []string, _ string, ref time.Time) (found, bool) {
	rest := trimObject(enRelativeClauseEnd.ReplaceAllString(m[3], ""))
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
		return found{text: who + " " + what + " on " + enDay(when.Start), subject: subject.FamilyPrefix + rel,
			typ: memory.TypeEvent, lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.9, event: when,
			object: what, terms: nonEmpty(m[1], m[2], "plan")}, true
	}
	if mv := enRelativeMoved.FindStringSubmatch(rest); mv != nil {
		// "my sister Jo moved to Rome": where she lives now.
		return changed(lifeOf(who+" lives in "+mv[1], subject.FamilyPrefix+rel, nonEmpty(m[1], m[2], mv[1])...))
	}
	return lifeOf(who+" "+rest, subject.FamilyPrefix+rel, nonEmpty(m[1], m[2], rest)...)
}

// enRelativeMoved is a relative's move: "moved to Rome", "has relocated
// to Oslo".
var enRelativeMoved = regexp.MustCompile(`(?i)^(?:has\s+|have\s+|just\s+|recently\s+)*(?:moved|relocated)\s+(?:from\s+\S+(?:\s+\S+)?\s+)?to\s+((?-i:\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)?))`)

// lastSpokenOf is the relative of the newest of subjects, when the person
// last spoke of a family member: "he's 10 now" in the next message is
// about them.
func lastSpokenOf(subjects []Subject) relative {
	if len(subjects) == 0 {
		return relative{}
	}
	r, _ := relativeOf(subject.Key(subjects[0].Key), subjects[0].Text)
	return r
}
