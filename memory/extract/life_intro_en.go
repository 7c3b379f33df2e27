package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// How people introduce themselves and what occupies them, in English:
// their name in a greeting, their age said bare, study, retirement,
// volunteering and what they are training for.

// enNotFirstName rejects capitalised words after "I'm" that are no name:
// nationalities and states ("I'm British", "I'm Fine").
var enNotFirstName = regexp.MustCompile(`(?i)^(?:fine|good|great|okay|ok|sorry|back|here|done|home|ready|new|old|sure|glad|tired|well|busy|free|off|out|in|up|not|so|just|also|still|now|\p{L}+(?:ish|ese|ian|can|ch))$`)

// enIntro are the rules of this file.
var enIntro = []lifeRule{
	// "Hi, I'm Jamie", "I'm Jamie by the way".
	{regexp.MustCompile(`^(?i:(?:hi|hello|hey|hiya|morning|evening)[,!.]?\s+)I(?i:'m|\s+am)\s+(\p{Lu}\p{Ll}+)\s*[.!,]?\s*$|\bI(?i:'m|\s+am)\s+(\p{Lu}\p{Ll}+)\s*,?\s+(?i:by\s+the\s+way|btw)\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		name := m[1] + m[2]
		if enNotFirstName.MatchString(name) {
			return found{}, false
		}
		return enFact("Name is "+name, subject.Name, name)
	}},
	// "I'm 34 and live in Cork", "I'm 71, a retired postman".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(\d{1,2})\s*(?:,|\band\b|$|\s+(?:now|this\s+year)\b)`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Is "+m[1]+" years old", subject.Age, m[1])
	}},
	// "I'm studying nursing at Leeds Beckett", "I'm doing a PhD in chemistry".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:currently\s+|now\s+)?(?:studying|doing\s+(?:a|an|my)\s+((?:phd|doctorate|degree|masters|master's|ba|bsc|msc|ma|diploma|apprenticeship|gcses|a-levels)(?:\s+in)?))\s+([\p{L}][\p{L} -]{1,40}?)(?:\s+at\s+((?-i:\p{Lu}[\p{L}']+(?:\s+\p{Lu}[\p{L}']+){0,3})))?\s*(?:[,.;!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := trimObject(m[2])
		if !validObject(what) {
			return found{}, false
		}
		t := "Studies " + what
		if m[1] != "" {
			t = "Is doing a " + strings.TrimSuffix(m[1], " in") + " in " + what
			if !strings.HasSuffix(strings.ToLower(m[1]), " in") {
				t = "Is doing a " + m[1] + " " + what
			}
		}
		if m[3] != "" {
			t += " at " + m[3]
		}
		f, ok := enFact(t, subject.School, what)
		f.terms = append(f.terms, "study", "student", "school")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I'm retired now, used to be a firefighter".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am|'ve\s+just|\s+have\s+just|\s+just)\s+(?:now\s+|recently\s+|finally\s+)?(retired|semi-retired)\b(?:[^.;!]*?\b(?:used\s+to\s+be|was)\s+(?:an?\s+)?([\p{L}][\p{L} -]{1,30}?))?\s*(?:[,.;!]|\s+for\s+|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		t := "Is " + strings.ToLower(m[1])
		if w := trimObject(m[2]); w != "" {
			t += ", used to be " + article(w)
		}
		f, ok := enFact(t, subject.Occupation, strings.ToLower(m[1]))
		f.terms = append(f.terms, "job", "work", "retired")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I volunteer at the food bank on Saturdays".
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+|still\s+|regularly\s+)?volunteer\s+((?:at|with|for|in)\s+[^,.;!]{3,60})`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(enMyTheir.ReplaceAllString(m[1], "their"))
		return found{text: "Volunteers " + what, subject: "volunteering", typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "volunteer", "hobby"}}, true
	}},
	// "I'm training for the Berlin marathon on 28 September".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:currently\s+|now\s+)?training\s+for\s+((?:an?|the|my)\s+[^,;!.]{2,60})`), func(m []string, _ string, ref time.Time) (found, bool) {
		what := trimObject(m[1])
		if when, ok := text.ResolveDate(what, ref); ok && !when.Start.Before(dayStart(ref)) {
			rest := strings.Join(strings.Fields(enBeforeDate(what, when.Phrase)), " ")
			return found{text: "Training for " + rest + " on " + enDay(when.Start), subject: enHead(rest), typ: memory.TypeObjective,
				lifecycle: memory.LifecycleTemporary, importance: 0.6, confidence: 0.85, event: when, object: rest, terms: []string{rest, "training", "goal"}}, true
		}
		if !validObject(what) {
			return found{}, false
		}
		return found{text: "Training for " + what, subject: enHead(what), typ: memory.TypeObjective, lifecycle: memory.LifecycleFact,
			importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "training", "goal"}}, true
	}},
}
