package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// Everyday English ways of saying what occupies someone, as people type
// them in chat: a hobby taken up or done ("I've taken up pottery", "I do
// a bit of woodturning"), a team or league played in, what they listen
// to, a named diet or calorie counting, a job got somewhere, a driving
// job, where they live said as "living in" after an introduction, a
// pregnancy and its due date.

// hobbySubject is the subject of a pastime someone took up, so a new one
// taken up "instead" replaces it.
const hobbySubject = "hobby"

// enPastimeTail is the rest of a pastime's clause, up to its end.
const enPastimeTail = `([^.;!?]{0,80})`

// enPastime are the rules of this file.
var enPastime = []lifeRule{
	// "I've taken up carving spoons", "I started bouldering with the club".
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+)?(?:taken\s+up|took\s+up|started|got\s+into|gotten\s+into|begun|began)\s+(\p{L}{3,}ing)\b` + enPastimeTail), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enTakenUp("Took up", m[1], m[2], sentence)
	}},
	// "I do a bit of woodturning in the shed, bowls mostly".
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+)?(?:do|practise|practice)\s+(?:a\s+(?:bit|lot)\s+of\s+|some\s+)?(\p{L}{3,}ing)\b` + enPastimeTail), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enTakenUp("Does", m[1], m[2], sentence)
	}},
	// "I play in a curling league on Tuesdays", "I sing with a choir".
	{regexp.MustCompile(`(?i)\bI\s+(?:also\s+)?(play|sing|swim|row|run|dance|bowl)\s+(in|with|for)\s+((?:a|an|the|my|our)\s+[^,.;!?]{2,60})`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(enMyTheir.ReplaceAllString(m[3], "their"))
		verb := strings.ToLower(m[1])
		return found{text: upperFirst(verb) + "s " + strings.ToLower(m[2]) + " " + what, subject: enHead(what), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: what, terms: []string{what, verb, "hobby"}}, true
	}},
	// "I listen to history podcasts on the long runs".
	{regexp.MustCompile(`(?i)\bI\s+(?:mostly\s+|usually\s+|always\s+)?listen\s+to\s+((?:a\s+lot\s+of\s+)?[^,.;!?]{2,60})`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := trimObject(enMyTheir.ReplaceAllString(m[1], "their"))
		return found{text: "Listens to " + what, subject: "listening", typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: what, terms: []string{what, "listen", "music", "podcast"}}, true
	}},
	// "I've been doing keto since new year", "I'm on a low-carb diet".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am|'ve\s+been|\s+have\s+been)\s+(?:doing|on|following|trying)\s+(?:the\s+|a\s+)?(keto|paleo|low[- ]carb|low[- ]fat|intermittent\s+fasting|whole30|atkins|carnivore|mediterranean|slimming\s+world|weight\s+watchers)(?:\s+diet)?\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enFact("Is doing "+strings.ToLower(m[1]), subject.Diet, strings.ToLower(m[1]))
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "eat")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "just counting calories, aiming for 2200 a day".
	{regexp.MustCompile(`(?i)\b(?:I(?:'m|\s+am|'ve\s+been)\s+)?(?:just\s+|now\s+)?counting\s+(calories|macros|carbs)\b` + enPastimeTail), func(m []string, sentence string, _ time.Time) (found, bool) {
		t := "Counts " + strings.ToLower(m[1])
		tail := strings.TrimSuffix(strings.TrimSpace(m[2]), "now")
		if tail := trimObject(strings.Trim(tail, " ,")); tail != "" {
			t += ", " + tail
		}
		f, ok := enFact(t, subject.Diet, strings.ToLower(m[1]))
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "eat", "calories")
		f.change = enChanged(sentence) || enGaveUp.MatchString(sentence)
		return f, ok
	}},
	// "I got a job at the bookshop on Main Street", "I've landed a
	// part-time job with Tesco".
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:got|landed|found)\s+(?:a\s+|myself\s+a\s+)?(?:new\s+)?((?:part[- ]time\s+|weekend\s+|summer\s+|evening\s+)?)job\s+(?:at|with|in)\s+(?:the\s+)?([\p{L}&'’-]+(?:\s+[\p{L}&'’-]+){0,3}?)(?:\s+(?:on|in|near|by|as|doing|for)\b|[,.;!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		where := trimObject(m[2])
		t := "Works at " + upperFirst(where)
		if p := strings.TrimSpace(strings.ToLower(m[1])); p != "" {
			t = "Works " + p + " at " + upperFirst(where)
		}
		f, ok := enFact(t, subject.Employer, where)
		f.terms = append(f.terms, "job", "work")
		f.change = true
		return f, ok
	}},
	// "I drive long haul for Bison Transport", "I drive a bus".
	{regexp.MustCompile(`(?i)\bI\s+(?:still\s+|now\s+)?drive\s+(long[- ]haul|a\s+truck|trucks|a\s+lorry|lorries|a\s+bus|buses|a\s+cab|a\s+taxi|taxis|a\s+forklift|deliveries|a\s+delivery\s+van|for\s+a\s+living)(?:\s+for\s+((?-i:\p{Lu})[^,.;!?]{1,40}?))?(?:\s+(?:out\s+of|from|in|around|between)\b|[,.;!]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		what := strings.ToLower(m[1])
		t := "Drives " + what
		if m[2] != "" {
			t += " for " + strings.TrimSpace(m[2])
		}
		f, ok := enFact(t, subject.Occupation, what)
		f.terms = append(f.terms, "job", "work", "driver", "drive")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I'm 34, living in Cork": where the writer lives, said after they
	// introduce themselves.
	{regexp.MustCompile(`\bI(?i:'m|\s+am)\b[^.;!?]*?,\s*(?i:and\s+)?(?i:living|based)\s+(?i:in|out\s+in)\s+((?:\p{Lu}[\p{L}'-]+)(?:\s+\p{Lu}[\p{L}'-]+)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enFact("Lives in "+m[1], subject.Residence, m[1])
		f.terms = append(f.terms, "live", "home", "city")
		f.change = enChanged(sentence)
		return f, ok
	}},
	// "I'm 14 weeks pregnant", "I'm pregnant with our first".
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:(\d{1,2})\s+weeks\s+)?pregnant\b(?:\s+with\s+(?:our|my)\s+(first|second|third))?`), func(m []string, _ string, _ time.Time) (found, bool) {
		t := "Is pregnant"
		if m[2] != "" {
			t += " with their " + strings.ToLower(m[2]) + " baby"
		}
		f, ok := enFact(t, "pregnancy", "pregnant")
		f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
		f.terms = append(f.terms, "pregnant", "pregnancy", "baby", "health", "健康")
		return f, ok
	}},
	// "Due date is 9 September", "they've moved my due date to 29 August".
	{regexp.MustCompile(`(?i)\bdue\s+date\s+(?:is\s+(?:now\s+)?|'s\s+|to\s+|was\s+moved\s+to\s+|now\s+)(?:on\s+|the\s+)?([^,;!?]+)`), func(m []string, sentence string, ref time.Time) (found, bool) {
		when, ok := text.ResolveDate(m[1], ref)
		if !ok || when.Start.Before(dayStart(ref)) {
			return found{}, false
		}
		return found{text: "Baby is due on " + when.Start.Format("2 January 2006"), subject: "due date", typ: memory.TypeObjective,
			lifecycle: memory.LifecycleTemporary, importance: 0.8, confidence: 0.85, event: when, object: "due date",
			terms: []string{"due", "baby", "pregnant", "birth"}, change: enChanged(sentence) || enMovedDate.MatchString(sentence)}, true
	}},
}

// enForNow is a time adverb that says when, not what ("I can't have
// cheese right now"), and a bracketed aside.
var enForNow = regexp.MustCompile(`(?i)\s*(?:\bright\s+now\b|\bfor\s+now\b|\bat\s+the\s+moment\b|\([^)]*\))`)

// enMovedDate is a date said to have moved ("bumped the due date to…").
var enMovedDate = regexp.MustCompile(`(?i)\b(?:moved|bumped|pushed|brought|changed|put)\b[^.;!?]*\bto\b`)

// enGaveUp is a sentence that drops what someone did before ("knocked the
// keto on the head", "gave up on it", "couldn't hack it").
var enGaveUp = regexp.MustCompile(`(?i)\b(?:knocked\s+\S+(?:\s+\S+)?\s+on\s+the\s+head|gave\s+up|given\s+up|couldn'?t\s+hack|packed\s+in|ditched|dropped|stopped|quit)\b`)

// enTakenUp builds a pastime memory from its verb and the rest of its clause.
func enTakenUp(lead, activity, tail, sentence string) (found, bool) {
	activity = strings.ToLower(activity)
	if enNotPastime[activity] {
		return found{}, false
	}
	t := lead + " " + activity
	tail, _, _ = strings.Cut(tail, ",")
	tail = strings.TrimSuffix(strings.TrimSpace(tail), " instead")
	if rest := trimObject(enMyTheir.ReplaceAllString(tail, "their")); rest != "" {
		t += " " + strings.TrimSpace(rest)
	}
	return found{text: t, subject: hobbySubject, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
		importance: 0.6, confidence: 0.85, object: activity, terms: []string{activity, "hobby"},
		change: enChanged(sentence)}, true
}

// enNotPastime are -ing words after "started" or "do" that name no
// pastime ("I started working", "I do nothing").
var enNotPastime = map[string]bool{
	"working": true, "nothing": true, "something": true, "anything": true, "everything": true,
	"thinking": true, "feeling": true, "getting": true, "going": true, "looking": true, "trying": true,
	"using": true, "taking": true, "having": true, "being": true, "doing": true, "making": true,
	"saying": true, "telling": true, "wondering": true, "seeing": true, "dating": true, "living": true,
	"eating": true, "drinking": true, "sleeping": true, "waking": true, "coming": true, "bring": true,
	"morning": true, "evening": true, "thing": true, "king": true, "spring": true, "during": true,
}
